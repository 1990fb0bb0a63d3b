/**
 * Where models may stand and how far they may go (project core rules C3 and C5, seed 003 22, 24,
 * 29): every position is checked exactly in integer geometry. A move is a straight line per model;
 * positions are given for every model of the unit, in the unit's model order.
 */
import { catalog } from "./data";
import { coherent, discInBox, discInsideBox, inches, movedAtMost, overlaps, segmentNear, sweepHitsBox, within, whollyWithinBox, type Box, type Disc, type Pt } from "./geometry";
import { hasFlag } from "./modifiers";
import { BATTLEFIELD, TERRAIN, combatRange, discs, fieldUnits, otherSeat, radiusOf, territory, edgeBox } from "./query";
import type { SigmarErrorCode, SigmarState, UnitState } from "./types";

/** How models are being placed. */
export type Placement =
  | { readonly kind: "move" | "run"; readonly max: number }
  | { readonly kind: "charge"; readonly max: number; readonly target: string }
  | { readonly kind: "pile_in"; readonly max: number }
  | { readonly kind: "deploy" }
  | { readonly kind: "set_up"; readonly edge: "any" | "own"; readonly depth: number; readonly away: number };

const coherency = () => inches(catalog.rules.coherency);

/** Whether a position list has the right length and whole numbers. */
export const wellFormed = (models: readonly Pt[], count: number): boolean =>
  models.length === count && models.every((p) => Number.isSafeInteger(p.x) && Number.isSafeInteger(p.y));

/** Bases of every other unit on the battlefield (both sides). */
function others(state: SigmarState, unit: UnitState): Disc[] {
  return fieldUnits(state).filter((u) => u.id !== unit.id).flatMap(discs);
}

/** Checks a placement of `unit`'s models at `to`; null when legal, else the error code. */
export function checkPlacement(state: SigmarState, unit: UnitState, to: readonly Pt[], how: Placement): SigmarErrorCode | null {
  const r = radiusOf(unit);
  const expected = how.kind === "deploy" || how.kind === "set_up" ? unit.size : unit.models.length;
  if (!wellFormed(to, expected)) return "bad_positions";
  const next: Disc[] = to.map((p) => ({ x: p.x, y: p.y, r }));
  // On the battlefield, off terrain, not on another base.
  if (next.some((d) => !discInsideBox(d, BATTLEFIELD) || TERRAIN.some((t) => discInBox(d, t)))) return "overlapping";
  const rest = others(state, unit);
  if (next.some((d, i) => rest.some((o) => overlaps(d, o)) || next.some((e, j) => j < i && overlaps(d, e)))) return "overlapping";
  if (!coherent(next, coherency(), catalog.rules.coherencyLarge)) return "not_coherent";
  const enemies = fieldUnits(state, otherSeat(state, unit.owner)).flatMap(discs);
  if (how.kind === "deploy") return next.every((d) => discInsideBox(d, territory(unit.owner))) ? null : "outside_area";
  if (how.kind === "set_up") {
    const areas: Box[] = how.edge === "own" ? [edgeBox(unit.owner, how.depth)] : [edgeBox("p1", how.depth), edgeBox("p2", how.depth), { ...BATTLEFIELD, x1: how.depth }, { ...BATTLEFIELD, x0: BATTLEFIELD.x1 - how.depth }];
    if (!areas.some((a) => next.every((d) => discInsideBox(d, a)))) return "outside_area";
    return next.some((d) => enemies.some((e) => within(d, e, how.away))) ? "outside_area" : null;
  }
  const from = unit.models;
  if (to.some((p, i) => !movedAtMost(from[i]!, p, how.max))) return "too_far";
  const fly = hasFlag(state, unit, "fly");
  // Paths: straight lines, clear of terrain; clear of enemy bases unless the unit flies.
  if (to.some((p, i) => TERRAIN.some((t) => sweepHitsBox(from[i]!, p, r, t)))) return "blocked_path";
  if (!fly && to.some((p, i) => enemies.some((e) => segmentNear(from[i]!, p, e, r + e.r)))) return "blocked_path";
  if (how.kind === "move" || how.kind === "run") {
    // Core rule C5: a normal move or run cannot end in combat range, nor pass through it (seed 003
    // 29: a flying unit's ability overrides the latter: it ignores combat range while moving).
    if (next.some((d) => enemies.some((e) => within(d, e, combatRange())))) return "enters_combat_range";
    if (!fly && to.some((p, i) => enemies.some((e) => segmentNear(from[i]!, p, e, r + e.r + combatRange())))) return "enters_combat_range";
  }
  if (how.kind === "charge") {
    const target = state.units[how.target];
    const reach = inches(1);
    if (!target || !next.some((d) => discs(target).some((e) => within(d, e, reach)))) return "out_of_range";
  }
  if (how.kind === "pile_in") {
    // Each model ends no farther from the nearest enemy model than it started.
    const nearest = (p: Pt) => Math.min(...enemies.map((e) => (p.x - e.x) ** 2 + (p.y - e.y) ** 2));
    if (enemies.length && to.some((p, i) => nearest(p) > nearest(from[i]!))) return "too_far";
  }
  return null;
}

/** The unit's models moved by one offset. */
export const translate = (unit: UnitState, dx: number, dy: number): Pt[] => unit.models.map((m) => ({ x: m.x + dx, y: m.y + dy }));

/** A compact formation of `count` bases of radius `r` around `centre`: rows of up to five, 0.25" apart. */
export function formation(count: number, r: number, centre: Pt): Pt[] {
  const gap = 2 * r + inches(0.25);
  const perRow = Math.min(5, count);
  const rows = Math.ceil(count / perRow);
  return Array.from({ length: count }, (_, i) => {
    const row = Math.floor(i / perRow);
    const inRow = row === rows - 1 ? count - row * perRow : perRow;
    const col = i - row * perRow;
    return { x: centre.x + Math.round((col - (inRow - 1) / 2) * gap), y: centre.y + Math.round((row - (rows - 1) / 2) * gap) };
  });
}

/** A whole-number offset of length `d` toward `to` from `from` (zero when they coincide). */
export function toward(from: Pt, to: Pt, d: number): Pt {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (len === 0) return { x: 0, y: 0 };
  const k = Math.min(d, len) / len;
  // Truncated toward zero, so the offset is never longer than d.
  return { x: Math.trunc(dx * k), y: Math.trunc(dy * k) };
}

/** The centre of a unit's models (rounded). */
export function centreOf(points: readonly Pt[]): Pt {
  const n = points.length || 1;
  return { x: Math.round(points.reduce((s, p) => s + p.x, 0) / n), y: Math.round(points.reduce((s, p) => s + p.y, 0) / n) };
}

/**
 * The farthest legal translation of the unit toward `goal`, up to `max`, by halving steps; null
 * when not even a small step is legal.
 */
export function furthestToward(state: SigmarState, unit: UnitState, goal: Pt, max: number, how: Placement): Pt[] | null {
  const c = centreOf(unit.models);
  let best: Pt[] | null = null;
  let lo = 0;
  let hi = max;
  for (let i = 0; i < 7 && hi - lo > 5; i++) {
    const mid = i === 0 ? hi : Math.floor((lo + hi) / 2);
    const off = toward(c, goal, mid);
    if (off.x === 0 && off.y === 0) break;
    const to = translate(unit, off.x, off.y);
    if (checkPlacement(state, unit, to, how) === null) {
      best = to;
      lo = mid;
      if (i === 0) break;
    } else hi = mid;
  }
  return best;
}

/** The shortest legal translation toward `goal` (up to `max`) that ends legally (charges), in quarter-inch steps. */
export function nearestToward(state: SigmarState, unit: UnitState, goal: Pt, max: number, how: Placement): Pt[] | null {
  const c = centreOf(unit.models);
  for (let d = inches(0.25); d <= max; d += inches(0.25)) {
    const off = toward(c, goal, d);
    const to = translate(unit, off.x, off.y);
    if (checkPlacement(state, unit, to, how) === null) return to;
  }
  return null;
}

/** Whether a point lies wholly within an area for a base of radius r. */
export const whollyNear = (d: Disc, box: Box, reach: number): boolean => whollyWithinBox(d, box, reach);
