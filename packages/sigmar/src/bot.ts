/**
 * Bots for the ruleset: the random bot's policy (still random among legal commands, but attacks,
 * charges and moves are favoured so bot battles reach combat), and a heuristic bot that decides
 * from its seat's projection only: it scores each legal command by the damage it expects to deal,
 * the objectives it approaches and the charges it can make, and plays the best.
 */
import type { BotPolicy, SeatId } from "@fogwar/engine";
import { catalog } from "./data";
import { meanValue } from "./dice";
import { inches } from "./geometry";
import { legalCommandsInView } from "./legal";
import { characteristic } from "./modifiers";
import { centreOf } from "./moves";
import { abilitiesOf, fieldUnits, inCombat, otherSeat, ws } from "./query";
import { modelsInReach } from "./attack";
import { stateFromView, type SigmarView } from "./view";
import type { SigmarCommand, SigmarState, UnitState } from "./types";

const WEIGHTS: Record<string, number> = {
  fight: 20,
  shoot: 16,
  charge: 10,
  place: 12,
  move: 8,
  set_up: 8,
  deploy: 4,
  run: 2,
  use_ability: 2,
  play_card: 1,
  command: 1,
  pass_fight: 1,
  end_phase: 1,
  decline: 1,
  order: 1,
  lock_army: 1,
  unlock_army: 0.05,
};

/** The random bot's policy. */
export const sigmarBotPolicy: BotPolicy<SigmarCommand> = {
  group: (command) => command.type,
  weight: (group) => WEIGHTS[group] ?? 1,
};

/** The damage `attacker` may expect to deal to `target` with its weapons of `kind` (a rough mean). */
export function expectedDamage(s: SigmarState, attacker: UnitState, target: UnitState, kind: "melee" | "ranged"): number {
  const save = ws(target).save;
  let total = 0;
  for (const w of ws(attacker).weapons) {
    if (w.kind !== kind) continue;
    const models = modelsInReach(attacker, target, w);
    if (models === 0) continue;
    const attacks = models * characteristic(s, attacker, "attacks", meanValue(w.attacks), { weapon: w }).value;
    const p = (n: number) => Math.max(0, Math.min(5, 7 - n)) / 6;
    total += attacks * p(w.hit) * p(w.wound) * (1 - p(save + w.rend) ) * meanValue(w.damage);
  }
  return total;
}

const dist2 = (a: { x: number; y: number }, b: { x: number; y: number }) => (a.x - b.x) ** 2 + (a.y - b.y) ** 2;

/** Whether an ability use changes anything (returning models to a full unit, healing an unhurt one do not). */
function useful(s: SigmarState, c: Extract<SigmarCommand, { type: "use_ability" }>): boolean {
  const unit = s.units[c.unit];
  const ability = unit && abilitiesOf(unit).find((a) => a.id === c.ability);
  if (!ability) return false;
  const picks = c.targets.length ? c.targets : [c.unit];
  return ability.effects.every((e) => {
    if (e.kind === "return_models") return picks.some((id) => (s.units[id]?.models.length ?? 0) < (s.units[id]?.size ?? 0));
    if (e.kind === "heal") return picks.some((id) => (s.units[id]?.damage ?? 0) > 0);
    return true;
  });
}

/** Whether a unit is in combat (a fight is coming) or may shoot now. */
const inCombatOrShooting = (s: SigmarState, id: string): boolean => {
  const u = s.units[id];
  return u !== undefined && (s.step === "shooting" ? !u.did.shot : inCombat(s, u));
};

/** How good a command looks to the heuristic bot (higher is better). */
function score(s: SigmarState, seat: SeatId, c: SigmarCommand): number {
  const enemies = fieldUnits(s, otherSeat(s, seat));
  const objectives = catalog.battleplan.objectives.map((o) => ({ x: inches(o.x), y: inches(o.y) }));
  switch (c.type) {
    case "shoot":
    case "fight": {
      const u = s.units[c.unit]!;
      const t = s.units[c.target]!;
      const dmg = expectedDamage(s, u, t, c.type === "shoot" ? "ranged" : "melee");
      const left = t.models.length * ws(t).health - t.damage;
      return 10 + dmg * 3 + (dmg >= left ? 10 : 0) + (c.type === "fight" && c.models ? 0.5 : 0);
    }
    case "charge": {
      const u = s.units[c.unit]!;
      const t = s.units[c.target]!;
      const gap = Math.sqrt(Math.min(...u.models.flatMap((m) => t.models.map((n) => dist2(m, n))))) / 100;
      return gap < 8 ? 9 - gap / 2 : 1;
    }
    case "move":
    case "set_up":
    case "deploy":
    case "place": {
      const to = centreOf(c.models);
      const near = Math.min(...objectives.map((o) => dist2(o, to)), ...enemies.map((e) => dist2(centreOf(e.models), to)));
      return 5 - Math.sqrt(near) / 1000;
    }
    case "use_ability":
      return useful(s, c) ? 4 : -2;
    case "play_card":
      return s.step === "hero" ? 3 : -1;
    case "command":
      return (s.step === "combat" || s.step === "shooting") && inCombatOrShooting(s, c.unit) ? 0.5 : -1;
    case "run":
      return 1;
    case "pass_fight":
      return -5;
    case "decline":
      return -1;
    case "lock_army":
      return c.army.units.length;
    case "unlock_army":
      return -10;
    default:
      return 0;
  }
}

/**
 * The heuristic bot's command for `seat` in the position its projection `view` shows: the legal
 * command with the best score (the first of equals), or null when there is none.
 */
export function heuristicChoice(view: SigmarView, seat: SeatId): SigmarCommand | null {
  const legal = legalCommandsInView(view, seat);
  if (legal.length === 0) return null;
  const s = stateFromView(view);
  let best = legal[0]!;
  let top = -Infinity;
  for (const c of legal) {
    const v = score(s, seat, c);
    if (v > top) [best, top] = [c, v];
  }
  return best;
}
