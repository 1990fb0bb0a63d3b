/**
 * The heuristic bot's use of what is not a move or an attack: activated abilities (seed 003 28),
 * battle-tactic cards (project core rule C10) and command points (C9). Each listed use gets a
 * value in points for the moment (the phase, the unit about to shoot or fight); the bot plays the
 * best one worth its cost, so an ability is not spent where it changes nothing and a command
 * point goes where a +1 counts.
 */
import type { SeatId } from "@fogwar/engine";
import { catalog, type Effect } from "./data";
import { meanValue } from "./dice";
import { inches } from "./geometry";
import { abilitiesOf, combatants, fieldUnits, inCombat, unitsWithin, ws } from "./query";
import { damageValue, enemyOf, expectedAttack, meleeThreat, pointsPerWound, type Extra } from "./bot-estimate";
import { OBJECTIVES, controlOn, travelTo } from "./bot-position";
import { moveOf } from "./modifiers";
import type { SigmarCommand, SigmarState, UnitState } from "./types";

/** What the bot is about to do, which some uses help: shoot or fight with `unit`. */
export interface Intent {
  readonly kind: "shoot" | "fight";
  readonly unit: string;
  readonly target: string;
}

/** The damage value gained when `unit` attacks as intended with `extra`. */
function attackGain(s: SigmarState, intent: Intent | null, unitId: string, extra: Extra): number {
  if (!intent || intent.unit !== unitId) return 0;
  const u = s.units[intent.unit];
  const t = s.units[intent.target];
  if (!u || !t) return 0;
  const engaged = intent.kind === "fight" || inCombat(s, u);
  const before = expectedAttack(s, u, t, intent.kind, engaged);
  return damageValue(t, expectedAttack(s, u, t, intent.kind, engaged, extra)) - damageValue(t, before);
}

/** The damage value gained when the intended attack of `unitId` deals `factor` times its damage. */
function doubled(s: SigmarState, intent: Intent | null, unitId: string, factor: number): number {
  if (!intent || intent.unit !== unitId) return 0;
  const u = s.units[intent.unit];
  const t = s.units[intent.target];
  if (!u || !t) return 0;
  const dmg = expectedAttack(s, u, t, intent.kind, true);
  return damageValue(t, dmg * factor) - damageValue(t, dmg);
}

/** The enemy units in combat with `u` that have not fought yet this phase. */
const unfought = (s: SigmarState, u: UnitState): UnitState[] => (s.step === "combat" && s.combat ? combatants(s, u).filter((e) => !s.combat!.fought.includes(e.id)) : []);

/** The damage value `u` may lose this phase to the enemies in combat with it that have not fought, with `extra` on its saves. */
function incoming(s: SigmarState, u: UnitState, extra: Extra = {}): number {
  return unfought(s, u).reduce((n, e) => n + damageValue(u, expectedAttack(s, e, u, "fight", true, extra)), 0);
}

/** The value of protecting `u` with +1 to its saves this phase. */
const saveGain = (s: SigmarState, u: UnitState): number => incoming(s, u) - incoming(s, u, { save: 1 });

/** The value of one effect on one picked unit. */
function effectValue(s: SigmarState, seat: SeatId, e: Effect, target: UnitState, chance: number, intent: Intent | null): number {
  const enemy = target.owner !== seat;
  // At the end of the turn only what lasts into the next turn (or happens now) is worth anything.
  if (s.step === "end" && "duration" in e && e.duration !== "next_turn") return 0;
  switch (e.kind) {
    case "mortal":
      return enemy ? chance * damageValue(target, meanValue(e.amount)) : -chance * damageValue(target, meanValue(e.amount));
    case "heal":
      return enemy ? 0 : chance * Math.min(meanValue(e.amount), target.damage) * pointsPerWound(target);
    case "return_models":
      return enemy ? 0 : chance * Math.min(meanValue(e.count), target.size - target.models.length) * ws(target).health * pointsPerWound(target);
    case "token":
      // Minus to the enemy's saves: worth what our attacks on it this turn gain.
      return enemy ? 3 + 0.15 * attackPotential(s, seat, target) : 0;
    case "forbid":
      if (!enemy || e.action !== "charge" || inCombat(s, target)) return e.action === "run" && enemy ? 1 : 0;
      return fieldUnits(s, seat).some((u) => unitsWithin(u, target, inches(15))) ? 0.5 * meleeThreat(s, target, fieldUnits(s, seat)) : 0;
    case "modify": {
      if (enemy) return e.stat === "move" && e.op === "div" ? 4 + moveThreat(s, target) : 0;
      if (e.stat === "save_roll") return s.step === "combat" ? saveGain(s, target) : inCombat(s, target) || fieldUnits(s, enemyOf(s, seat)).some((x) => unitsWithin(x, target, inches(12))) ? 4 : 0.5;
      if (e.stat === "ward") return s.step === "combat" ? incoming(s, target) / 3 : 0;
      if (e.stat === "damage" && e.op === "mul") return doubled(s, intent, target.id, e.value);
      if (e.stat === "rend") return attackGain(s, intent, target.id, { rend: e.value });
      if (e.stat === "hit_roll") return attackGain(s, intent, target.id, { hit: e.value });
      if (e.stat === "move" && e.op === "set") return s.step === "hero" || s.step === "movement" ? paceGain(s, target, e.value) : 0;
      return 0;
    }
    case "grant":
      return e.flag === "crit_autowound" ? attackGain(s, intent, target.id, { autowound: true }) : 0;
    default:
      return 0;
  }
}

/** The best damage value `seat`'s units may deal `target` this turn (in combat or within a charge, or in range). */
function attackPotential(s: SigmarState, seat: SeatId, target: UnitState): number {
  let best = 0;
  for (const u of fieldUnits(s, seat)) {
    if (unitsWithin(u, target, inches(catalog.rules.chargeReach))) best = Math.max(best, damageValue(target, expectedAttack(s, u, target, "fight", true, { allInReach: true })));
    best = Math.max(best, damageValue(target, expectedAttack(s, u, target, "shoot", inCombat(s, u))));
  }
  return best;
}

/** How much an enemy unit's pace matters: its Control if it could reach an objective next turn. */
function moveThreat(s: SigmarState, target: UnitState): number {
  return OBJECTIVES.some((o) => controlOn(target, o) === 0 && travelTo(target, o) <= ws(target).move + 3) ? ws(target).control * target.models.length : 0;
}

/** What a new Move of `pace` inches gains a unit that still has to travel to an objective. */
function paceGain(s: SigmarState, u: UnitState, pace: number): number {
  if (u.did.moved || inCombat(s, u)) return 0;
  const now = moveOf(s, u) / 100;
  const trip = Math.min(...OBJECTIVES.map((o) => travelTo(u, o)));
  return trip > now ? 2.5 * (Math.min(trip, pace) - now) : 0;
}

/** The value of a listed use of an ability, a card or a command, for `seat` now. */
export function extraValue(s: SigmarState, seat: SeatId, c: SigmarCommand, intent: Intent | null): number {
  if (c.type === "command") {
    const u = s.units[c.unit];
    if (!u) return 0;
    const gain = c.command === "press_forward" ? attackGain(s, intent, c.unit, { hit: 1 }) : s.step === "combat" ? saveGain(s, u) : 0;
    // A command point is worth keeping for a better moment.
    return gain - ((s.cp[seat] ?? 0) >= 3 ? 4 : 8);
  }
  if (c.type === "play_card") {
    const card = catalog.tactics.get(c.card)!;
    const target = s.units[c.targets[0] ?? ""];
    if (!target) return 0;
    return card.effects.reduce((n, e) => n + effectValue(s, seat, e, target, 1, intent), 0);
  }
  if (c.type === "use_ability") {
    const unit = s.units[c.unit];
    const ability = unit && abilitiesOf(unit).find((a) => a.id === c.ability);
    if (!unit || !ability) return 0;
    const picks = c.targets.length ? c.targets : [c.unit];
    const roll = ability.roll;
    const chance = roll ? (roll.atMost ? roll.success : 7 - roll.success) / 6 : 1;
    let v = 0;
    for (const id of picks) {
      const t = s.units[id];
      if (t) for (const e of ability.effects) v += effectValue(s, seat, e, t, chance, intent);
    }
    return v;
  }
  return 0;
}

/** The listed uses worth playing now (value above `threshold`), best first. */
export function bestExtra(s: SigmarState, seat: SeatId, legal: readonly SigmarCommand[], intent: Intent | null, threshold: number): SigmarCommand | null {
  let best: SigmarCommand | null = null;
  let top = threshold;
  for (const c of legal) {
    if (c.type !== "use_ability" && c.type !== "play_card" && c.type !== "command") continue;
    const v = extraValue(s, seat, c, intent);
    if (v > top) [best, top] = [c, v];
  }
  return best;
}
