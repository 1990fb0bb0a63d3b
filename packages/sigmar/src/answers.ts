/**
 * The answers to pending decisions (project core rules C4-C8, C13; seed 003 22, 24.2, 30): placing
 * the models of a run, a charge, a retreat, returned models or a replacement unit; declining; and
 * ordering. Each returns null when done (the context holds the changes) or the error code (the
 * caller drops the context).
 */
import type { SeatId } from "@fogwar/engine";
import { catalog } from "./data";
import { discInBox, discInsideBox, inches, overlaps, within, type Pt } from "./geometry";
import { markUsed } from "./abilities";
import { addModels, place, type Cmd } from "./actions";
import { checkPlacement } from "./moves";
import { placeRetreat } from "./retreat";
import { moveOf } from "./modifiers";
import { BATTLEFIELD, TERRAIN, combatRange, discs, inCombat, onField, radiusOf, ws } from "./query";
import { chooseFirst, endPhase, enterPhase, passWindow } from "./flow";
import type { Ctx } from "./context";
import type { SigmarErrorCode, SigmarState, UnitState } from "./types";

/** The answer that places models for a pending run, charge, return of models or replacement. */
export function placeAnswer(ctx: Ctx, seat: SeatId, c: Cmd<"place">): SigmarErrorCode | null {
  const s = ctx.state;
  const p = s.pending;
  if (!p || p.seat !== seat) return "no_decision_pending";
  if (p.kind === "run_move" || p.kind === "charge_move") {
    const unit = s.units[p.unit]!;
    const how = p.kind === "run_move" ? { kind: "run" as const, max: moveOf(s, unit) + inches(p.roll) } : { kind: "charge" as const, max: inches(p.roll), target: p.target };
    const problem = checkPlacement(s, unit, c.models, how);
    if (problem) return problem;
    s.pending = null;
    place(s, unit, c.models);
    if (p.kind === "charge_move") unit.did.charged = true;
    ctx.emit({ type: "moved", unit: unit.id, models: c.models, kind: p.kind === "run_move" ? "run" : "charge" });
    return null;
  }
  if (p.kind === "retreat_move") return placeRetreat(ctx, s.units[p.unit]!, c.models);
  if (p.kind === "place_models") return returnModels(ctx, seat, p.unit, p.count, c.models);
  if (p.kind === "replacement") return replacement(ctx, seat, p.unit, p.count, c.models);
  return "no_decision_pending";
}

/**
 * Seed 003 22: returned models are set up one at a time, each in coherency with models of the unit
 * that were not returned or added this turn (with two of them when the unit, counting the returned
 * models, has 7 or more), and in combat range of an enemy only if the unit already is in combat.
 */
export function returnProblem(s: SigmarState, unit: UnitState, to: readonly Pt[], count: number): SigmarErrorCode | null {
  if (to.length > count || !to.every((p) => Number.isSafeInteger(p.x) && Number.isSafeInteger(p.y))) return "bad_positions";
  const r = radiusOf(unit);
  const earlier = unit.returned?.turn === s.turn ? unit.returned.models : [];
  const old = discs(unit).filter((_, i) => !earlier.includes(unit.models[i]!.id));
  const engaged = inCombat(s, unit);
  const link = inches(catalog.rules.coherency);
  const need = unit.models.length + to.length >= catalog.rules.coherencyLarge ? 2 : 1;
  const bases = Object.values(s.units).filter(onField).flatMap(discs);
  const enemies = Object.values(s.units).filter((e) => onField(e) && e.owner !== unit.owner).flatMap(discs);
  for (const p of to) {
    const d = { x: p.x, y: p.y, r };
    if (!discInsideBox(d, BATTLEFIELD) || TERRAIN.some((t) => discInBox(d, t)) || bases.some((b) => overlaps(d, b))) return "overlapping";
    if (old.filter((o) => within(d, o, link)).length < need) return "not_coherent";
    if (!engaged && enemies.some((e) => within(d, e, combatRange()))) return "enters_combat_range";
    bases.push(d);
  }
  return null;
}

/** Sets up the `count` returned models of a pending `place_models` at `to` (seed 003 22, 26; checked by `returnProblem`). */
function returnModels(ctx: Ctx, seat: SeatId, id: string, count: number, to: readonly Pt[]): SigmarErrorCode | null {
  const s = ctx.state;
  const unit = s.units[id]!;
  const problem = returnProblem(s, unit, to, count);
  if (problem) return problem;
  s.pending = null;
  const ids = addModels(unit, to);
  unit.returned = { turn: s.turn, models: [...(unit.returned?.turn === s.turn ? unit.returned.models : []), ...ids] };
  ctx.emit({ type: "models_returned", unit: id, rolled: count, models: [...to] });
  return null;
}

/**
 * Seed 003 24.2: a replacement unit is a new unit: the same warscroll, half the models (the
 * ability's fraction, rounding down), none of the old unit's gained abilities, effects or uses,
 * set up wholly within 6" of its owner's edge and more than 9" from enemies, and never replaced itself.
 */
function replacement(ctx: Ctx, seat: SeatId, id: string, count: number, to: readonly Pt[]): SigmarErrorCode | null {
  const s = ctx.state;
  const old = s.units[id]!;
  const fresh: UnitState = { id: `${id}x`, owner: seat, warscroll: old.warscroll, size: count, models: [], damage: 0, where: "reserve", did: {}, next: 1, replacementOf: id };
  const ability = ws(old).abilities.find((a) => a.trigger === "destroyed")!;
  const effect = ability.effects.find((e) => e.kind === "replacement");
  const problem = checkPlacement(s, fresh, to, { kind: "set_up", edge: "own", depth: inches(effect?.kind === "replacement" ? effect.edge : 6), away: inches(catalog.rules.reserveEnemyDistance) });
  if (problem) return problem;
  s.pending = null;
  markUsed(s, ability, seat, old);
  old.replaced = true;
  fresh.where = "field";
  fresh.setUpTurn = s.turn;
  addModels(fresh, to);
  s.units[fresh.id] = fresh;
  ctx.emit({ type: "ability_used", unit: null, seat, ability: ability.id, targets: [fresh.id] });
  ctx.emit({ type: "set_up", unit: fresh.id, warscroll: fresh.warscroll, models: [...to], replacementOf: id });
  endPhase(ctx);
  return null;
}

/**
 * Declines a pending decision: no run move (the unit stays; it has still run), no charge move (the
 * charge fails), no models returned, no replacement, no riposte, or (core C13) nothing more in
 * this start- or end-of-phase window (the other seat's go, or the window closes).
 */
export function decline(ctx: Ctx, seat: SeatId): SigmarErrorCode | null {
  const s = ctx.state;
  const p = s.pending;
  if (!p || p.seat !== seat) return "no_decision_pending";
  if (p.kind === "charge_move") ctx.emit({ type: "charge_failed", unit: p.unit });
  else if (p.kind === "place_models" || p.kind === "replacement" || p.kind === "riposte" || p.kind === "run_move" || p.kind === "phase_window" || p.kind === "retreat_move") ctx.emit({ type: "declined", seat, what: p.kind });
  else return "invalid_choice";
  s.pending = null;
  if (p.kind === "replacement") endPhase(ctx);
  if (p.kind === "phase_window") passWindow(ctx);
  return null;
}

/**
 * Orders the neutral passives (seed 003 30, the active player), the player's simultaneous delayed
 * effects, or (core C4) the two seats' turns this round: the priority roll's winner puts first
 * the seat that takes the first turn.
 */
export function order(ctx: Ctx, seat: SeatId, c: Cmd<"order">): SigmarErrorCode | null {
  const s = ctx.state;
  const p = s.pending;
  if (!p || p.seat !== seat || (p.kind !== "order_neutral" && p.kind !== "order_effects" && p.kind !== "priority")) return "no_decision_pending";
  const n = p.items.length;
  if (c.order.length !== n || new Set(c.order).size !== n || c.order.some((i) => !Number.isInteger(i) || i < 0 || i >= n)) return "invalid_choice";
  s.pending = null;
  if (p.kind === "priority") {
    chooseFirst(ctx, seat, p.items[c.order[0]!]!, p.rolls);
    return null;
  }
  if (p.kind === "order_neutral") {
    s.neutralOrder = c.order.map((i) => p.items[i]!);
    ctx.emit({ type: "neutral_order", seat, order: s.neutralOrder });
    enterPhase(ctx, "hero");
    return null;
  }
  const items = c.order.map((i) => ({ ...p.items[i]!, ordered: true }));
  s.delayed.splice(0, n, ...items);
  ctx.emit({ type: "effects_ordered", seat, order: items.map((e) => `${e.unit}:${e.ability}`) });
  return null;
}
