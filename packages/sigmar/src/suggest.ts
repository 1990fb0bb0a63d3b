/**
 * The table's placement helper: the best legal placement of a moving unit that the rules accept
 * (moves.ts `movementProblem`, the check `apply` makes), for a drag, a "suggest" button and bots.
 * Pure: it reads a board (the seat's own projection on the client), never hidden state.
 *
 * Models are placed one at a time (each on its own shortest path, paths.ts), nearest the goal
 * first, each at the best reachable spot that keeps it next to the models already placed
 * (coherency, project core rule C3), so a unit flows round terrain; the whole unit moved by one
 * offset is tried as well, and a search of offsets on a quarter-inch grid as a last resort. Of the
 * legal candidates the best wins: for a charge, the most models within 1" of the target, then the
 * most within combat range (engaged), then the shortest paths (core rule C6); for a pile-in, the
 * most models in combat range; for a move or run, the placement nearest the goal.
 */
import { inches, within, type Disc, type Pt } from "./geometry";
import { boardOf, movementLegal, type Board, type MoveKind, obstaclesFor, centreOf, type Placement } from "./moves";
import { radiusOf } from "./query";
import type { SigmarState, UnitState } from "./types";
import { reachFrom, spotClear, walkToward } from "./paths";

/** A moving placement: move, run, charge or pile-in. */
export type MovePlacement = Extract<Placement, { kind: MoveKind }>;

/** Twenty-four directions (thousandths), so every engine computes the same spots. */
const RING: readonly (readonly [number, number])[] = [0, 15, 30, 45, 60, 75, 90, 105, 120, 135, 150, 165, 180, 195, 210, 225, 240, 255, 270, 285, 300, 315, 330, 345].map((deg) => {
  const a = (deg * Math.PI) / 180;
  return [Math.round(Math.cos(a) * 1000), Math.round(Math.sin(a) * 1000)] as const;
});

const around = (c: Pt, d: number, step = 1): Pt[] => RING.filter((_, i) => i % step === 0).map(([x, y]) => ({ x: c.x + Math.trunc((d * x) / 1000), y: c.y + Math.trunc((d * y) / 1000) }));
const d2 = (a: Pt, b: Pt) => (a.x - b.x) ** 2 + (a.y - b.y) ** 2;
const gap = (p: Pt, r: number, e: Disc) => Math.max(0, Math.sqrt(d2(p, e)) - r - e.r);

/** How good a legal placement is (larger is better), as a tuple compared in order. */
function score(board: Board, r: number, from: readonly Pt[], to: readonly Pt[], how: MovePlacement, goal: Pt): number[] {
  const discs = to.map((p) => ({ ...p, r }));
  const moved = -to.reduce((s, p, i) => s + Math.sqrt(d2(p, from[i]!)), 0);
  if (how.kind === "charge") {
    const near = discs.filter((d) => board.target.some((t) => within(d, t, inches(1)))).length;
    const engaged = discs.filter((d) => board.target.some((t) => within(d, t, board.combatRange))).length;
    return [near, engaged, moved];
  }
  if (how.kind === "pile_in") return [discs.filter((d) => board.enemies.some((e) => within(d, e, board.combatRange))).length, moved];
  const c = centreOf(to);
  return [-Math.round(Math.sqrt(d2(c, goal))), moved];
}

const better = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
};

/** Places the models one at a time (see the module comment); null when a model finds no spot. */
function flow(board: Board, r: number, from: readonly Pt[], how: MovePlacement, goal: Pt): Pt[] | null {
  const n = from.length;
  const offset = { x: goal.x - centreOf(from).x, y: goal.y - centreOf(from).y };
  const wanted = from.map((p) => (how.kind === "move" || how.kind === "run" || how.kind === "retreat" ? { x: p.x + offset.x, y: p.y + offset.y } : goal));
  const foes = how.kind === "charge" ? board.target : board.enemies;
  // A spot's cost: for a charge or pile-in its gap to the nearest foe; for a move its distance to where it was wanted.
  const cost = (i: number, p: Pt) => (how.kind === "charge" || how.kind === "pile_in" ? Math.min(...foes.map((e) => gap(p, r, e))) : Math.sqrt(d2(p, wanted[i]!)));
  const o = obstaclesFor(board, how.kind);
  const stand = { ...o, discs: board.others };
  const order = [...from.keys()].sort((a, b) => cost(a, from[a]!) - cost(b, from[b]!) || a - b);
  const placed: Pt[] = new Array(n);
  const done: number[] = [];
  const need = (k: number) => Math.min(k, n >= board.coherencyLarge ? 2 : 1);
  const link = board.coherency;
  for (const i of order) {
    // Staying put is a spot too: a point, not the model itself (a command's positions carry x and y only).
    const spots: Pt[] = [{ x: from[i]!.x, y: from[i]!.y }];
    // A move walks each model toward where it was wanted; a charge or pile-in picks spots round the foes.
    const walked = how.kind === "move" || how.kind === "run" || how.kind === "retreat" ? walkToward(from[i]!, wanted[i]!, r, o, how.max, how.max + inches(6)) : null;
    if (walked) spots.push(walked, ...around(walked, inches(0.5), 3));
    if (how.kind === "charge" || how.kind === "pile_in") for (const e of foes) for (const g of [0.05, 0.5, 0.95, 1.9, 2.9]) spots.push(...around(e, e.r + r + inches(g)));
    for (const j of done) for (const g of [0.1, 0.5, 0.9]) spots.push(...around(placed[j]!, 2 * r + inches(g), 2));
    const ok = spots
      .filter((p) => {
        const d = { ...p, r };
        if (!spotClear(p, r, stand) || board.enemies.some((e) => d2(p, e) < (r + e.r) ** 2)) return false;
        if (done.some((j) => d2(p, placed[j]!) < (2 * r) ** 2)) return false;
        if ((how.kind === "move" || how.kind === "run" || how.kind === "retreat") && board.enemies.some((e) => within(d, e, board.combatRange))) return false;
        if (how.kind === "pile_in" && board.enemies.length && Math.min(...board.enemies.map((e) => d2(p, e))) > Math.min(...board.enemies.map((e) => d2(from[i]!, e)))) return false;
        return done.filter((j) => within(d, { ...placed[j]!, r }, link)).length >= need(done.length);
      })
      .map((p) => ({ p, c: cost(i, p), m: d2(p, from[i]!) }))
      .sort((a, b) => a.c - b.c || a.m - b.m || a.p.x - b.p.x || a.p.y - b.p.y);
    const reach = reachFrom(from[i]!, r, o, how.max);
    const pick = ok.find(({ p }) => (p.x === from[i]!.x && p.y === from[i]!.y) || reach.length(p) !== null);
    if (!pick) return null;
    placed[i] = pick.p;
    done.push(i);
  }
  return placed;
}

/** For a charge, the squared distance (fine units²) within which a model's centre is within 1" of each target model (core rule C6); else null. */
function chargeReach(board: Board, r: number, how: MovePlacement): number[] | null {
  return how.kind === "charge" ? board.target.map((t) => (inches(1) + r + t.r) ** 2) : null;
}

/**
 * Whether a charge can end with a model within 1" of its target at all: some model is within that
 * reach plus the charge's length of a target model in a straight line (a path is never shorter;
 * two units of slack). Not a charge: true.
 */
function inChargeReach(board: Board, r: number, from: readonly Pt[], how: MovePlacement): boolean {
  if (how.kind !== "charge") return true;
  return from.some((p) => board.target.some((t) => Math.sqrt(d2(p, t)) <= how.max + inches(1) + r + t.r + 2));
}

/** Whole-unit offsets toward the goal: the farthest for a move, each step for a charge or pile-in. */
function translations(from: readonly Pt[], how: MovePlacement, goal: Pt): Pt[][] {
  const c = centreOf(from);
  const len = Math.sqrt(d2(c, goal));
  if (len === 0) return [];
  const out: Pt[][] = [];
  for (let d = Math.min(how.max, Math.floor(len)); d > 0; d -= inches(0.25)) {
    const k = d / len;
    const off = { x: Math.trunc((goal.x - c.x) * k), y: Math.trunc((goal.y - c.y) * k) };
    out.push(from.map((p) => ({ x: p.x + off.x, y: p.y + off.y })));
  }
  return out;
}

/** Every whole-unit offset on a quarter-inch grid within `max`, nearest the goal first (the last resort), made as asked. */
function* grid(board: Board, r: number, from: readonly Pt[], how: MovePlacement, goal: Pt): Generator<Pt[]> {
  const step = inches(0.25);
  const c = centreOf(from);
  const offs: Pt[] = [];
  const lo = -Math.floor(how.max / step) * step;
  const reach = chargeReach(board, r, how);
  for (let x = lo; x <= how.max; x += step) {
    for (let y = lo; y <= how.max; y += step) {
      if (x * x + y * y > how.max * how.max || !(x || y)) continue;
      // A charge's offset must bring a model within 1" of the target (the check movementProblem makes), else it is not worth building.
      if (reach && !from.some((p) => board.target.some((t, k) => (p.x + x - t.x) ** 2 + (p.y + y - t.y) ** 2 <= reach[k]!))) continue;
      offs.push({ x, y });
    }
  }
  offs.sort((a, b) => d2({ x: c.x + a.x, y: c.y + a.y }, goal) - d2({ x: c.x + b.x, y: c.y + b.y }, goal) || a.x - b.x || a.y - b.y);
  for (const o of offs) yield from.map((p) => ({ x: p.x + o.x, y: p.y + o.y }));
}

/**
 * The best legal placement of models standing at `from` (radius `r`) for `how`, heading for
 * `goal` (a move's drag point or objective; a charge's or pile-in's target centre): see the module
 * comment. Null when no placement tried is legal. For a charge, every candidate must succeed
 * (a model within 1" of the target).
 */
export function suggestPlacement(board: Board, r: number, from: readonly Pt[], how: MovePlacement, goal: Pt): Pt[] | null {
  if (!inChargeReach(board, r, from, how)) return null;
  let best: Pt[] | null = null;
  let bestScore: number[] = [];
  const consider = (to: Pt[] | null) => {
    if (!to || !movementLegal(board, r, from, to, how)) return false;
    const s = score(board, r, from, to, how, goal);
    if (!best || better(s, bestScore)) {
      best = to;
      bestScore = s;
    }
    return true;
  };
  consider(flow(board, r, from, how, goal));
  for (const to of translations(from, how, goal)) if (consider(to) && how.kind !== "charge") break;
  if (best) return best;
  for (const to of grid(board, r, from, how, goal)) if (consider(to)) return best;
  return null;
}

/**
 * {@link suggestPlacement} for a unit in a state (or a seat's projection made a state): the board
 * from `boardOf`, the goal by default the charge target's centre, the nearest enemy for a pile-in.
 */
export function suggestFor(state: SigmarState, unit: UnitState, how: MovePlacement, goal?: Pt): Pt[] | null {
  const board = boardOf(state, unit, how);
  const foes = how.kind === "charge" ? board.target : board.enemies;
  const c = centreOf(unit.models);
  const to = goal ?? (foes.length ? centreOf(foes.filter((e) => d2(e, c) === Math.min(...foes.map((f) => d2(f, c))))) : c);
  return suggestPlacement(board, radiusOf(unit), unit.models, how, to);
}
