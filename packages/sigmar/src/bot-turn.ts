/**
 * The heuristic bot's decisions in a battle, phase by phase (project core rules C3-C12 and seed
 * 003 19-30), from its seat's projection only: where to deploy and set up, which unit moves or
 * runs where (objectives first, then enemies worth attacking), whom to shoot and charge, which unit
 * fights whom in what order, and the abilities, cards and command points that help most.
 */
import type { SeatId } from "@fogwar/engine";
import { catalog } from "./data";
import { inches, within, type Box, type Pt } from "./geometry";
import { centreOf, reservePlacement } from "./moves";
import { moveOf } from "./modifiers";
import { BATTLEFIELD, abilitiesOf, combatRange, combatants, discs, fieldUnits, inCombat, radiusOf, territory, ws } from "./query";
import { clearlyLosing } from "./retreat";
import { formationsIn, translations } from "./bot-field";
import { bestCrits, chargeOdds, damageValue, expectedAttack, woundsLeft } from "./bot-estimate";
import { OBJECTIVES, Judge, POSITION_BUDGET, controlOn, withUnitAt } from "./bot-position";
import { bestExtra, extraValue, type Intent } from "./bot-extras";
import type { SigmarCommand, SigmarState, UnitState } from "./types";

type Cmd<T extends SigmarCommand["type"]> = Extract<SigmarCommand, { type: T }>;

const END: SigmarCommand = { type: "end_phase" };

/** Thresholds (points) for the uses of abilities, cards and commands at a moment. */
const PLAY = { ability: 0.5, card: 6 };

/** The listed commands of one type. */
const ofType = <T extends SigmarCommand["type"]>(legal: readonly SigmarCommand[], type: T): Cmd<T>[] => legal.filter((c): c is Cmd<T> => c.type === type);

/**
 * The move lengths and fractions of the way toward a goal weighed (./bot-field.ts `translations`):
 * the default ones, or, for a judge with more than {@link POSITION_BUDGET} positions to judge (the
 * "hard" level), four lengths in every direction and five fractions toward each goal.
 */
function thorough(judge: Judge): [number[], boolean, number[]] {
  return judge.budget > POSITION_BUDGET ? [[1, 0.75, 0.5, 0.25], false, [1, 0.85, 0.7, 0.5, 0.3]] : [[1, 0.5], false, [1, 0.75, 0.5]];
}

/** The units named by listed commands, once each, in order. */
const unitsOf = (s: SigmarState, commands: readonly { unit: string }[]): UnitState[] => [...new Set(commands.map((c) => c.unit))].map((id) => s.units[id]!);

/** An ability, a card or a command worth playing now, before `intent`. */
function extra(s: SigmarState, seat: SeatId, legal: readonly SigmarCommand[], intent: Intent | null, card = PLAY.card): SigmarCommand | null {
  const abilities = legal.filter((c) => c.type === "use_ability" || c.type === "command");
  const cards = legal.filter((c) => c.type === "play_card");
  const a = bestExtra(s, seat, abilities, intent, PLAY.ability);
  const b = bestExtra(s, seat, cards, intent, card);
  if (a && b) return extraValue(s, seat, a, intent) >= extraValue(s, seat, b, intent) ? a : b;
  return a ?? b;
}

/** Where the bot heads: the objectives and the enemy units' centres. */
const goals = (s: SigmarState, judge: Judge): Pt[] => [...OBJECTIVES, ...fieldUnits(s, judge.enemy).map((e) => centreOf(e.models))];

/** The best of `options` by `score` (the first of equals), or null. */
function best<T>(options: readonly T[], score: (t: T) => number): { item: T; score: number } | null {
  let out: { item: T; score: number } | null = null;
  for (const item of options) {
    const v = score(item);
    if (!out || v > out.score) out = { item, score: v };
  }
  return out;
}

/** Deployment (core rule C3): the unit with the most Control first, at the front of the territory where the objectives need it. */
export function deployment(s: SigmarState, seat: SeatId, legal: readonly SigmarCommand[], judge: Judge): SigmarCommand | null {
  const deploys = ofType(legal, "deploy");
  const units = unitsOf(s, deploys).sort((a, b) => ws(b).control * b.size - ws(a).control * a.size || (a.id < b.id ? -1 : 1));
  const unit = units[0];
  if (!unit) return null;
  const t = territory(seat);
  const depth = inches(4);
  const front: Box = catalog.battleplan.edges[seat] === "south" ? { ...t, y0: t.y1 - depth } : { ...t, y1: t.y0 + depth };
  const options = [...formationsIn(s, unit, [front], { kind: "deploy" }, inches(2)), ...deploys.filter((c) => c.unit === unit.id).map((c) => c.models as Pt[])];
  const pick = best(options, (to) => judge.value(withUnitAt(s, unit, to), false));
  return pick ? { type: "deploy", unit: unit.id, models: pick.item } : deploys[0]!;
}

/** The four strips where reserves arrive (seed 003 24.1, core rule C5: wholly within 6" of an edge). */
function edgeStrips(): Box[] {
  const d = inches(catalog.rules.reserveEdge);
  const b = BATTLEFIELD;
  return [{ ...b, y1: d }, { ...b, y0: b.y1 - d }, { ...b, x1: d }, { ...b, x0: b.x1 - d }];
}

/** Movement phase: reserves arrive at once where they do most; then the move or run that improves the position most. */
function movement(s: SigmarState, seat: SeatId, legal: readonly SigmarCommand[], judge: Judge): SigmarCommand {
  const first = extra(s, seat, legal, null);
  if (first) return first;
  for (const unit of unitsOf(s, ofType(legal, "set_up"))) {
    const how = reservePlacement();
    const listed = ofType(legal, "set_up").filter((c) => c.unit === unit.id).map((c) => c.models as Pt[]);
    const pick = best([...formationsIn(s, unit, edgeStrips(), how, inches(2)), ...listed], (to) => judge.value(withUnitAt(s, unit, to, {}), true));
    if (pick) return { type: "set_up", unit: unit.id, models: pick.item };
  }
  // Core C5: a unit clearly losing its fight retreats (a simple estimate: retreat.ts `clearlyLosing`).
  const flee = ofType(legal, "retreat").find((c) => losing(s, s.units[c.unit]!));
  if (flee) return flee;
  // Units nearest an objective first; the first whose move or run improves the position moves.
  const now = judge.value(s, true);
  const targets = goals(s, judge);
  const runs = new Set(ofType(legal, "run").map((c) => c.unit));
  const order = unitsOf(s, ofType(legal, "move")).sort((a, b) => judge.nearest(a) - judge.nearest(b) || (a.id < b.id ? -1 : 1));
  for (const unit of order) {
    let top: { command: SigmarCommand; gain: number } | null = null;
    const max = moveOf(s, unit);
    const moved = { ...unit.did, moved: true };
    const pick = best(translations(s, unit, max, { kind: "move", max }, targets, ...thorough(judge)), (to) => judge.value(withUnitAt(s, unit, to, moved), true));
    if (pick && pick.score - now > 0.5) top = { command: { type: "move", unit: unit.id, models: pick.item }, gain: pick.score - now };
    if (runs.has(unit.id)) {
      // A run: an average dice more, but (unless a rule allows) no shooting or charge this turn.
      const far = max + inches(3);
      const ran = best(translations(s, unit, far, { kind: "run", max: far }, targets, [1], true), (to) => judge.value(withUnitAt(s, unit, to, { ...moved, ran: true }), true));
      if (ran && ran.score - 2 - now > Math.max(0.5, top?.gain ?? 0)) top = { command: { type: "run", unit: unit.id }, gain: ran.score - 2 - now };
    }
    if (top) return top.command;
  }
  return END;
}

/**
 * Whether `unit` is clearly losing the fight it is in (core C5): the enemies in combat with it
 * would deal at least its wounds left while it deals them less than a third of that, and it would
 * likely survive the retreat's D3 mortal damage (more than 3 wounds left).
 */
function losing(s: SigmarState, unit: UnitState): boolean {
  const foes = combatants(s, unit);
  const incoming = foes.reduce((n, e) => n + expectedAttack(s, e, unit, "fight", true), 0);
  const outgoing = Math.max(0, ...foes.map((e) => expectedAttack(s, unit, e, "fight", true)));
  return woundsLeft(unit) > 3 && clearlyLosing(woundsLeft(unit), incoming, outgoing);
}

/** Shooting phase: the shot that deals the most value (its crits chosen), after a command or card that helps it. */
function shooting(s: SigmarState, seat: SeatId, legal: readonly SigmarCommand[]): SigmarCommand {
  const pick = best(ofType(legal, "shoot"), (c) => attackValue(s, c.unit, c.target, "shoot"));
  if (!pick) return extra(s, seat, legal, null) ?? END;
  const c = pick.item;
  return extra(s, seat, legal, { kind: "shoot", unit: c.unit, target: c.target }) ?? withCrits(s, c);
}

/** The value of an attack, a little more against a unit that stands on an objective. */
function attackValue(s: SigmarState, unitId: string, targetId: string, kind: "shoot" | "fight", at?: readonly Pt[]): number {
  let u = s.units[unitId]!;
  let state = s;
  if (at) {
    state = withUnitAt(s, u, at);
    u = state.units[unitId]!;
  }
  const t = s.units[targetId]!;
  const v = damageValue(t, expectedAttack(state, u, t, kind, kind === "fight" || inCombat(state, u)));
  return OBJECTIVES.some((o) => controlOn(t, o) > 0) ? v * 1.3 : v;
}

/** A shoot or fight command with the crit choices that deal the most (seed 003 20). */
function withCrits<C extends Cmd<"shoot"> | Cmd<"fight">>(s: SigmarState, c: C): C {
  if (!c.crits) return c;
  const at = c.type === "fight" ? c.models : undefined;
  const u = at ? withUnitAt(s, s.units[c.unit]!, at).units[c.unit]! : s.units[c.unit]!;
  return { ...c, crits: bestCrits(s, u, s.units[c.target]!, c.type, c.type === "fight" || inCombat(s, u)) };
}

/** Charge phase: the charge with the best odds times the fight's worth, when that is worth the risk. */
function charging(s: SigmarState, seat: SeatId, legal: readonly SigmarCommand[], judge: Judge): SigmarCommand {
  const pick = best(ofType(legal, "charge"), (c) => {
    const u = s.units[c.unit]!;
    const t = s.units[c.target]!;
    const odds = chargeOdds(u, t);
    let v = odds * judge.fightGain(u, t);
    if (OBJECTIVES.some((o) => controlOn(t, o) > 0)) v += 8 * odds;
    // A unit that alone holds an objective risks it (the charge move may take it out of range).
    if (OBJECTIVES.some((o) => controlOn(u, o) > 0 && holds(s, seat, o) && !holds(withUnitAt(s, u, []), seat, o))) v -= 15;
    return v;
  });
  if (pick && pick.score > 4) return pick.item;
  return extra(s, seat, legal, null) ?? END;
}

/** Whether `seat` holds objective `o` in `s`. */
function holds(s: SigmarState, seat: SeatId, o: Pt): boolean {
  let mine = 0;
  let theirs = 0;
  for (const u of fieldUnits(s)) {
    if (u.owner === seat) mine += controlOn(u, o);
    else theirs += controlOn(u, o);
  }
  return mine > theirs;
}

/** Combat phase (seed 003 19): the fight worth most, sooner for a unit that may die before it fights; a command or card first when it helps. */
function combat(s: SigmarState, seat: SeatId, legal: readonly SigmarCommand[]): SigmarCommand | null {
  const pick = best(ofType(legal, "fight"), (c) => {
    const u = s.units[c.unit]!;
    const v = attackValue(s, c.unit, c.target, "fight", c.models);
    const danger = fieldUnits(s).filter((e) => e.owner !== seat && !s.combat?.fought.includes(e.id) && inCombat(s, e)).reduce((n, e) => n + expectedAttack(s, e, u, "fight", true), 0);
    return v * (1 + 0.5 * Math.min(1, danger / Math.max(1, woundsLeft(u))));
  });
  if (!pick) return extra(s, seat, legal, null) ?? ofType(legal, "pass_fight")[0] ?? legal[0] ?? null;
  const c = pick.item;
  return extra(s, seat, legal, { kind: "fight", unit: c.unit, target: c.target }, 4) ?? withCrits(s, c);
}

/** How the bot rates the cards it keeps, for the one it lets go when none helps now (higher: kept longer). */
const KEEP: Readonly<Record<string, number>> = { surge_of_fury: 8, sundering_strike: 7, iron_resolve: 6, double_time: 5, field_mending: 4, halved_stride: 3, reckless_surge: 1, pinning_volley: 1 };

/** End phase: a card that lasts into the next turn, or (none played this turn) the least useful card, so the hand draws again. */
function ending(s: SigmarState, seat: SeatId, legal: readonly SigmarCommand[]): SigmarCommand {
  const useful = extra(s, seat, legal, null, 2);
  if (useful) return useful;
  const cards = ofType(legal, "play_card");
  const dump = best(cards, (c) => -(KEEP[c.card] ?? 0) + extraValue(s, seat, c, null) / 100);
  return dump?.item ?? END;
}

/** A battle decision of the active seat (no decision pending). */
export function battle(s: SigmarState, seat: SeatId, legal: readonly SigmarCommand[], judge: Judge): SigmarCommand | null {
  switch (s.step) {
    case "hero":
      return extra(s, seat, legal, null, 10) ?? END;
    case "movement":
      return movement(s, seat, legal, judge);
    case "shooting":
      return shooting(s, seat, legal);
    case "charge":
      return charging(s, seat, legal, judge);
    case "combat":
      return combat(s, seat, legal);
    case "end":
      return ending(s, seat, legal);
  }
}

/** Models of `to` (a unit's positions) within combat range of `target`. */
const inReach = (unit: UnitState, to: readonly Pt[], target: UnitState): number => {
  const r = radiusOf(unit);
  return to.filter((p) => discs(target).some((d) => within({ x: p.x, y: p.y, r }, d, combatRange()))).length;
};

/** The answer to a decision pending for the bot's seat. */
export function answer(s: SigmarState, seat: SeatId, legal: readonly SigmarCommand[], judge: Judge): SigmarCommand | null {
  const p = s.pending!;
  const places = ofType(legal, "place").map((c) => c.models as Pt[]);
  const decline = legal.find((c) => c.type === "decline") ?? null;
  switch (p.kind) {
    case "run_move": {
      const unit = s.units[p.unit]!;
      const max = moveOf(s, unit) + inches(p.roll);
      const pick = best([...places, ...translations(s, unit, max, { kind: "run", max }, goals(s, judge), ...thorough(judge))], (to) => judge.value(withUnitAt(s, unit, to), true));
      return pick ? { type: "place", models: pick.item } : decline;
    }
    case "charge_move": {
      const unit = s.units[p.unit]!;
      const target = s.units[p.target]!;
      const max = inches(p.roll);
      const c = centreOf(unit.models);
      const aims = [centreOf(target.models), ...[...target.models].sort((a, b) => (a.x - c.x) ** 2 + (a.y - c.y) ** 2 - ((b.x - c.x) ** 2 + (b.y - c.y) ** 2)).slice(0, 3)];
      const pick = best([...places, ...translations(s, unit, max, { kind: "charge", max, target: target.id }, aims, ...thorough(judge))], (to) => 20 * inReach(unit, to, target) + judge.value(withUnitAt(s, unit, to), false));
      return pick ? { type: "place", models: pick.item } : decline;
    }
    case "replacement": {
      const unit = s.units[p.unit]!;
      const fresh = { ...unit, id: `${unit.id}x`, size: p.count, models: [], damage: 0 };
      const pick = best(places, (to) => judge.value(withUnitAt(s, fresh, to, {}), false));
      return pick ? { type: "place", models: pick.item } : decline;
    }
    case "place_models":
      return places[0] ? { type: "place", models: places[0] } : decline;
    case "retreat_move": {
      // Core C5: the retreat's place the bot judges best (listed places only: each checked as a retreat).
      const unit = s.units[p.unit]!;
      const pick = best(places, (to) => judge.value(withUnitAt(s, unit, to), true));
      return pick ? { type: "place", models: pick.item } : decline;
    }
    case "riposte": {
      const pick = best(ofType(legal, "fight"), (c) => attackValue(s, c.unit, c.target, "fight"));
      return pick ? withCrits(s, pick.item) : decline;
    }
    case "order_neutral": {
      // The active player's order of the standing stones: the one that gives its own units the most Move.
      const mine = fieldUnits(s, seat);
      const pick = best(ofType(legal, "order"), (c) => {
        const order = c.order.map((i) => p.items[i]!);
        return mine.reduce((n, u) => n + moveOf({ ...s, neutralOrder: order }, u), 0);
      });
      return pick?.item ?? legal[0] ?? null;
    }
    case "priority":
      // Core C4: the bot takes the first turn itself.
      return ofType(legal, "order").find((c) => p.items[c.order[0]!] === seat) ?? legal[0] ?? null;
    case "phase_window":
      // Core C13: an ability for this window when it does something now; then (core C14) a reaction worth its command point; else pass.
      return ofType(legal, "use_ability").find((c) => windowWorth(s, c)) ?? reactionPick(s, ofType(legal, "command")) ?? decline;
    case "rally":
      // Core C14: return as many slain models as fit (the rest heals), else heal with every point.
      return places[0] ? { type: "place", models: places[0] } : decline;
    default:
      return legal[0] ?? null;
  }
}

/**
 * Whether a window ability is worth using now: a heal on a unit with damage, a STRIKE-FIRST grant
 * to a unit in combat (the fight order is fixed after the window: seed 003 19), anything else always.
 */
function windowWorth(s: SigmarState, c: Cmd<"use_ability">): boolean {
  const unit = s.units[c.unit];
  const ability = unit && abilitiesOf(unit).find((a) => a.id === c.ability);
  if (!unit || !ability) return false;
  const picks = c.targets.length ? c.targets.map((id) => s.units[id]).filter((u): u is UnitState => u !== undefined) : [unit];
  return ability.effects.every((e) => {
    if (e.kind === "heal") return picks.some((u) => u.damage > 0);
    if (e.kind === "grant" && e.flag === "strike_first") return picks.some((u) => inCombat(s, u));
    return true;
  });
}

/**
 * The reaction the bot uses in a window (core C14), or null: a rally always when offered (it is only
 * offered when it would heal or return a model); a counter-charge when the charge succeeds at least
 * 58% of the time (2D6, the gap less 1") and the fight that follows is worth at least a wound.
 */
function reactionPick(s: SigmarState, offered: readonly Cmd<"command">[]): Cmd<"command"> | null {
  const rally = offered.find((c) => c.command === "rally");
  if (rally) return rally;
  const charges = offered.filter((c) => c.command === "counter_charge" && c.target !== undefined);
  const scored = charges.map((c) => ({ c, odds: chargeOdds(s.units[c.unit]!, s.units[c.target!]!), value: attackValue(s, c.unit, c.target!, "fight") }));
  const pick = best(scored.filter((x) => x.odds >= 0.58 && x.value >= 1), (x) => x.odds * x.value);
  return pick?.item.c ?? null;
}
