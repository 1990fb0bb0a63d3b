/**
 * Where models may stand and how far they may go (project core rules C3 and C5, seed 003 22, 24,
 * 29): every position is checked exactly in integer geometry. Each moving model takes its own
 * shortest clear path round terrain and the bases it may not cross (paths.ts), measured along the
 * path; positions are given for every model of the unit, in the unit's model order.
 */
import { catalog } from "./data";
import { coherent, discInBox, discInsideBox, inches, movedAtMost, overlaps, within, whollyWithinBox, type Box, type Disc, type Pt } from "./geometry";
import { shortestPath, type Obstacles } from "./paths";
import { hasFlag } from "./modifiers";
import { BATTLEFIELD, TERRAIN, combatRange, discs, fieldUnits, otherSeat, radiusOf, territory, edgeBox } from "./query";
import type { SigmarErrorCode, SigmarState, UnitState } from "./types";

/** How models are being placed. */
export type Placement =
  | { readonly kind: "move" | "run"; readonly max: number }
  /** Core C5: a retreat: through enemy combat range but not enemy bases, ending outside it. */
  | { readonly kind: "retreat"; readonly max: number }
  | { readonly kind: "charge"; readonly max: number; readonly target: string }
  | { readonly kind: "pile_in"; readonly max: number }
  | { readonly kind: "deploy" }
  | { readonly kind: "set_up"; readonly edge: "any" | "own"; readonly depth: number; readonly away: number };

const coherency = () => inches(catalog.rules.coherency);

/** Where reserves arrive (seed 003 24.1 and project core rule C5): wholly within 6" of any edge, more than 9" from enemies. */
export const reservePlacement = (): Extract<Placement, { kind: "set_up" }> => ({ kind: "set_up", edge: "any", depth: inches(catalog.rules.reserveEdge), away: inches(catalog.rules.reserveEnemyDistance) });

/** Whether a position list has the right length and whole numbers. */
export const wellFormed = (models: readonly Pt[], count: number): boolean =>
  models.length === count && models.every((p) => Number.isSafeInteger(p.x) && Number.isSafeInteger(p.y));

/** Bases of every other unit on the battlefield (both sides). */
function others(state: SigmarState, unit: UnitState): Disc[] {
  return fieldUnits(state).filter((u) => u.id !== unit.id).flatMap(discs);
}

/**
 * Everything a move, run, charge or pile-in is checked against, without the state: the battlefield,
 * the terrain, the other bases, the enemy bases, the charge target's bases and the numbers of the
 * core (fine units). Built from a state by {@link boardOf}; tests build random ones.
 */
export interface Board {
  readonly field: Box;
  readonly terrain: readonly Box[];
  /** Bases of every other unit on the battlefield (both sides). */
  readonly others: readonly Disc[];
  /** Enemy bases. */
  readonly enemies: readonly Disc[];
  /** The charge target's bases (a charge only). */
  readonly target: readonly Disc[];
  /** The unit flies (seed 003 29: it ignores enemy bases and combat range while moving). */
  readonly fly: boolean;
  readonly combatRange: number;
  readonly coherency: number;
  readonly coherencyLarge: number;
}

/** The board a unit's placement is checked on. */
export function boardOf(state: SigmarState, unit: UnitState, how: Placement): Board {
  const target = how.kind === "charge" ? state.units[how.target] : undefined;
  return {
    field: BATTLEFIELD,
    terrain: TERRAIN,
    others: others(state, unit),
    enemies: fieldUnits(state, otherSeat(state, unit.owner)).flatMap(discs),
    target: target ? discs(target) : [],
    fly: hasFlag(state, unit, "fly"),
    combatRange: combatRange(),
    coherency: coherency(),
    coherencyLarge: catalog.rules.coherencyLarge,
  };
}

/**
 * What a moving base must keep clear of on its path (core rule C5; seed 003 29): terrain always;
 * enemy bases unless the unit flies; for a normal move or run also enemy combat range, unless it flies.
 * `ranges` false leaves combat range out (to tell a path blocked by bases from one blocked by range).
 */
export function obstaclesFor(board: Board, kind: MoveKind, ranges = true): Obstacles {
  const keep = (kind === "move" || kind === "run") && ranges ? board.combatRange : 0;
  // One object per board and kept range, so the path search's waypoints and legs (paths.ts) are
  // found once per board rather than once per model and candidate placement.
  let byKeep = obstacleMemo.get(board);
  if (!byKeep) obstacleMemo.set(board, (byKeep = new Map()));
  let o = byKeep.get(keep);
  if (!o) byKeep.set(keep, (o = { field: board.field, terrain: board.terrain, discs: board.fly ? [] : board.enemies.map((e) => ({ ...e, r: e.r + keep })) }));
  return o;
}

const obstacleMemo = new WeakMap<Board, Map<number, Obstacles>>();

/** The kinds of placement that move models along paths. */
export type MoveKind = "move" | "run" | "charge" | "pile_in" | "retreat";

/** Why a placement of moving models is refused, and which model (its index) shows it; null model: the unit as a whole. */
export interface MoveProblem {
  readonly code: SigmarErrorCode;
  readonly model: number | null;
}

/**
 * Checks moving models from `from` to `to` (same order) on a board (core rules C3, C5, C6, C7;
 * seed 003 29): each end on the battlefield, off terrain, on no other base; the unit coherent;
 * each model's own shortest clear path (paths.ts) no longer than `max`; a move or run not ending in
 * enemy combat range; a charge with a model within 1" of the target; a pile-in with each model no
 * farther from the nearest enemy. Null when legal. The first offending model is reported.
 */
export function movementProblem(board: Board, r: number, from: readonly Pt[], to: readonly Pt[], how: Extract<Placement, { kind: MoveKind }>): MoveProblem | null {
  if (!wellFormed(to, from.length)) return { code: "bad_positions", model: null };
  const next: Disc[] = to.map((p) => ({ x: p.x, y: p.y, r }));
  return endProblem(board, next, how) ?? pathProblem(board, r, from, to, how) ?? coherencyProblem(board, next) ?? reachProblem(board, from, next, how);
}

/**
 * Whether {@link movementProblem} finds nothing wrong: the same checks, the path search last (a
 * placement helper weighs many candidates that fail a cheap check).
 */
export function movementLegal(board: Board, r: number, from: readonly Pt[], to: readonly Pt[], how: Extract<Placement, { kind: MoveKind }>): boolean {
  if (!wellFormed(to, from.length)) return false;
  const next: Disc[] = to.map((p) => ({ x: p.x, y: p.y, r }));
  return !reachProblem(board, from, next, how) && !endProblem(board, next, how) && !coherencyProblem(board, next) && !pathProblem(board, r, from, to, how);
}

/** Where the models end: on the battlefield, off terrain, on no other base; a move, run or retreat outside combat range. */
function endProblem(board: Board, next: readonly Disc[], how: Extract<Placement, { kind: MoveKind }>): MoveProblem | null {
  for (let i = 0; i < next.length; i++) {
    const d = next[i]!;
    if (!discInsideBox(d, board.field) || board.terrain.some((t) => discInBox(d, t))) return { code: "overlapping", model: i };
    if (board.others.some((o) => overlaps(d, o)) || next.some((e, j) => j < i && overlaps(d, e))) return { code: "overlapping", model: i };
  }
  if (how.kind === "move" || how.kind === "run" || how.kind === "retreat") {
    // Core rule C5: a normal move, a run or a retreat cannot end in combat range.
    const i = next.findIndex((d) => board.enemies.some((e) => within(d, e, board.combatRange)));
    if (i >= 0) return { code: "enters_combat_range", model: i };
  }
  return null;
}

/** Each model's own shortest clear path no longer than the move's maximum (core rule C5; seed 003 29). */
function pathProblem(board: Board, r: number, from: readonly Pt[], to: readonly Pt[], how: Extract<Placement, { kind: MoveKind }>): MoveProblem | null {
  const moving = how.kind === "move" || how.kind === "run";
  const o = obstaclesFor(board, how.kind);
  for (let i = 0; i < to.length; i++) {
    if (from[i]!.x === to[i]!.x && from[i]!.y === to[i]!.y) continue;
    if (shortestPath(from[i]!, to[i]!, r, o, how.max)) continue;
    // Tell why: too far even in a straight line; a path only through combat range; else blocked.
    if (!movedAtMost(from[i]!, to[i]!, how.max)) return { code: "too_far", model: i };
    if (moving && !board.fly && shortestPath(from[i]!, to[i]!, r, obstaclesFor(board, how.kind, false), how.max)) return { code: "enters_combat_range", model: i };
    return { code: "blocked_path", model: i };
  }
  return null;
}

/** The unit as it ends in coherency (core C3). */
function coherencyProblem(board: Board, next: readonly Disc[]): MoveProblem | null {
  return coherent(next, board.coherency, board.coherencyLarge) ? null : { code: "not_coherent", model: loneModel(next, board) };
}

/** A charge ends with a model within 1" of its target (core C6); a pile-in with each model no farther from the nearest enemy (C7). */
function reachProblem(board: Board, from: readonly Pt[], next: readonly Disc[], how: Extract<Placement, { kind: MoveKind }>): MoveProblem | null {
  if (how.kind === "charge" && !next.some((d) => board.target.some((e) => within(d, e, inches(1))))) return { code: "out_of_range", model: null };
  if (how.kind === "pile_in" && board.enemies.length) {
    // Each model ends no farther from the nearest enemy model than it started.
    const nearest = (p: Pt) => Math.min(...board.enemies.map((e) => (p.x - e.x) ** 2 + (p.y - e.y) ** 2));
    const i = next.findIndex((p, k) => nearest(p) > nearest(from[k]!));
    if (i >= 0) return { code: "too_far", model: i };
  }
  return null;
}

/** The model farthest from its unit's others when a group is out of coherency (the one to show). */
function loneModel(next: readonly Disc[], board: Board): number {
  const need = next.length >= board.coherencyLarge ? 2 : 1;
  const lonely = next.findIndex((a, i) => next.filter((b, j) => i !== j && within(a, b, board.coherency)).length < need);
  if (lonely >= 0) return lonely;
  const c = centreOf(next);
  let far = 0;
  next.forEach((d, i) => {
    if ((d.x - c.x) ** 2 + (d.y - c.y) ** 2 > (next[far]!.x - c.x) ** 2 + (next[far]!.y - c.y) ** 2) far = i;
  });
  return far;
}

/** Checks a placement of `unit`'s models at `to`; null when legal, else the error code. */
export function checkPlacement(state: SigmarState, unit: UnitState, to: readonly Pt[], how: Placement): SigmarErrorCode | null {
  if (how.kind !== "deploy" && how.kind !== "set_up") {
    if (!wellFormed(to, unit.models.length)) return "bad_positions";
    return movementProblem(boardOf(state, unit, how), radiusOf(unit), unit.models, to, how)?.code ?? null;
  }
  const r = radiusOf(unit);
  if (!wellFormed(to, unit.size)) return "bad_positions";
  const next: Disc[] = to.map((p) => ({ x: p.x, y: p.y, r }));
  // On the battlefield, off terrain, not on another base.
  if (next.some((d) => !discInsideBox(d, BATTLEFIELD) || TERRAIN.some((t) => discInBox(d, t)))) return "overlapping";
  const rest = others(state, unit);
  if (next.some((d, i) => rest.some((o) => overlaps(d, o)) || next.some((e, j) => j < i && overlaps(d, e)))) return "overlapping";
  if (!coherent(next, coherency(), catalog.rules.coherencyLarge)) return "not_coherent";
  const enemies = fieldUnits(state, otherSeat(state, unit.owner)).flatMap(discs);
  if (how.kind === "deploy") return next.every((d) => discInsideBox(d, territory(unit.owner))) ? null : "outside_area";
  const areas: Box[] = how.edge === "own" ? [edgeBox(unit.owner, how.depth)] : [edgeBox("p1", how.depth), edgeBox("p2", how.depth), { ...BATTLEFIELD, x1: how.depth }, { ...BATTLEFIELD, x0: BATTLEFIELD.x1 - how.depth }];
  if (!areas.some((a) => next.every((d) => discInsideBox(d, a)))) return "outside_area";
  return next.some((d) => enemies.some((e) => within(d, e, how.away))) ? "outside_area" : null;
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
