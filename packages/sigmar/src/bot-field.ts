/**
 * Where the heuristic bot may put a unit: path distances around the battlefield's terrain (project
 * core rule C3: terrain is impassable), and candidate positions for a move, a run, a charge, a
 * deployment or a set-up, each checked with the rules' own placement check (moves.ts), so every
 * candidate is a position `apply` accepts.
 */
import { discInBox, discInsideBox, inches, type Box, type Pt } from "./geometry";
import { centreOf, checkPlacement, formation, toward, type Placement } from "./moves";
import { BATTLEFIELD, TERRAIN, radiusOf } from "./query";
import type { SigmarState, UnitState } from "./types";

/** The grid of path distances: one-inch cells. */
const CELL = inches(1);
const COLS = Math.ceil(BATTLEFIELD.x1 / CELL);
const ROWS = Math.ceil(BATTLEFIELD.y1 / CELL);
const DIAGONAL = Math.round(CELL * Math.SQRT2);

const fields = new Map<string, Float64Array>();

const centre = (i: number): Pt => ({ x: (i % COLS) * CELL + CELL / 2, y: Math.floor(i / COLS) * CELL + CELL / 2 });

/** Whether a base of radius `r` centred in cell `i` would stand on terrain or off the battlefield. */
const blocked = (i: number, r: number): boolean => {
  const d = { ...centre(i), r };
  return !discInsideBox(d, BATTLEFIELD) || TERRAIN.some((t) => discInBox(d, t));
};

/** Path distances (fine units) from `goal` to every cell, for bases of radius `r`, around terrain (Dijkstra, 8 neighbours). */
function fieldFor(goal: Pt, r: number): Float64Array {
  const key = `${goal.x},${goal.y},${r}`;
  const known = fields.get(key);
  if (known) return known;
  const dist = new Float64Array(COLS * ROWS).fill(Infinity);
  const wall = new Uint8Array(COLS * ROWS);
  for (let i = 0; i < wall.length; i++) wall[i] = blocked(i, r) ? 1 : 0;
  const start = Math.min(ROWS - 1, Math.floor(goal.y / CELL)) * COLS + Math.min(COLS - 1, Math.floor(goal.x / CELL));
  // A binary heap of [distance, cell].
  const heap: [number, number][] = [[0, start]];
  dist[start] = 0;
  const push = (item: [number, number]) => {
    heap.push(item);
    for (let k = heap.length - 1; k > 0; ) {
      const p = (k - 1) >> 1;
      if (heap[p]![0] <= heap[k]![0]) break;
      [heap[p], heap[k]] = [heap[k]!, heap[p]!];
      k = p;
    }
  };
  const pop = (): [number, number] => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      for (let k = 0; ; ) {
        const l = 2 * k + 1;
        const m = l + 1 < heap.length && heap[l + 1]![0] < heap[l]![0] ? l + 1 : l;
        if (l >= heap.length || heap[k]![0] <= heap[m]![0]) break;
        [heap[k], heap[m]] = [heap[m]!, heap[k]!];
        k = m;
      }
    }
    return top;
  };
  while (heap.length > 0) {
    const [d, i] = pop();
    if (d > dist[i]!) continue;
    const cx = i % COLS;
    const cy = Math.floor(i / COLS);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = cx + dx;
        const ny = cy + dy;
        if ((dx === 0 && dy === 0) || nx < 0 || ny < 0 || nx >= COLS || ny >= ROWS) continue;
        const n = ny * COLS + nx;
        if (wall[n]) continue;
        const nd = d + (dx !== 0 && dy !== 0 ? DIAGONAL : CELL);
        if (nd < dist[n]!) {
          dist[n] = nd;
          push([nd, n]);
        }
      }
    }
  }
  fields.set(key, dist);
  return dist;
}

/**
 * The length (fine units) of the shortest way for a base of radius `r` from `from` to `goal`
 * around terrain, to the grid's precision (an inch); the straight distance when the grid has no
 * way.
 */
export function pathLength(goal: Pt, r: number, from: Pt): number {
  const field = fieldFor(goal, r);
  const cx = Math.floor(from.x / CELL);
  const cy = Math.floor(from.y / CELL);
  let best = Infinity;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const x = cx + dx;
      const y = cy + dy;
      if (x < 0 || y < 0 || x >= COLS || y >= ROWS) continue;
      const i = y * COLS + x;
      const v = field[i]!;
      if (v === Infinity) continue;
      const c = centre(i);
      best = Math.min(best, v + Math.sqrt((c.x - from.x) ** 2 + (c.y - from.y) ** 2));
    }
  }
  return best === Infinity ? Math.sqrt((goal.x - from.x) ** 2 + (goal.y - from.y) ** 2) * 1.5 : best;
}

/** Sixteen directions, as thousandths (integers, so every machine computes the same positions). */
const DIRECTIONS: readonly Pt[] = [
  [1000, 0], [924, 383], [707, 707], [383, 924], [0, 1000], [-383, 924], [-707, 707], [-924, 383],
  [-1000, 0], [-924, -383], [-707, -707], [-383, -924], [0, -1000], [383, -924], [707, -707], [924, -383],
].map(([x, y]) => ({ x: x!, y: y! }));

const keyOf = (to: readonly Pt[]) => to.map((p) => `${p.x},${p.y}`).join(";");

/**
 * Legal translations of a unit's models for a move, a run or a charge up to `max` fine units: in
 * sixteen directions at `lengths` (fractions of `max`; every other direction when `coarse`), and
 * toward each of `goals` at `towards` (fractions of `max`: all the way, three quarters and half
 * by default; the "hard" level weighs more of both).
 */
export function translations(s: SigmarState, unit: UnitState, max: number, how: Placement, goals: readonly Pt[], lengths: readonly number[] = [1, 0.5], coarse = false, towards: readonly number[] = [1, 0.75, 0.5]): Pt[][] {
  const out = new Map<string, Pt[]>();
  const add = (to: Pt[] | null) => {
    if (to && checkPlacement(s, unit, to, how) === null) out.set(keyOf(to), to);
  };
  for (const f of lengths) {
    const d = max * f;
    for (const [k, dir] of DIRECTIONS.entries()) {
      if (coarse && k % 2 === 1) continue;
      const dx = Math.trunc((dir.x * d) / 1000);
      const dy = Math.trunc((dir.y * d) / 1000);
      add(unit.models.map((m) => ({ x: m.x + dx, y: m.y + dy })));
    }
  }
  const c = centreOf(unit.models);
  for (const g of goals) {
    for (const f of towards) {
      const off = toward(c, g, Math.trunc(max * f));
      if (off.x !== 0 || off.y !== 0) add(unit.models.map((m) => ({ x: m.x + off.x, y: m.y + off.y })));
    }
  }
  return [...out.values()];
}

/** The same formation turned a quarter (rows become columns) around `at`. */
const turned = (points: readonly Pt[], at: Pt): Pt[] => points.map((p) => ({ x: at.x + (p.y - at.y), y: at.y + (p.x - at.x) }));

/**
 * Legal formations of `unit` (its full size for a deployment or a set-up, or `count` models) in
 * `boxes`: compact blocks and the same turned, centred on a grid of `step` fine units.
 */
export function formationsIn(s: SigmarState, unit: UnitState, boxes: readonly Box[], how: Placement, step: number, count = unit.size): Pt[][] {
  const r = radiusOf(unit);
  const out = new Map<string, Pt[]>();
  const probe = { ...unit, size: count };
  for (const b of boxes) {
    for (let y = b.y0 + r; y <= b.y1 - r; y += step) {
      for (let x = b.x0 + r; x <= b.x1 - r; x += step) {
        const at = { x, y };
        const block = formation(count, r, at);
        for (const to of [block, turned(block, at)]) if (checkPlacement(s, probe, to, how) === null) out.set(keyOf(to), to);
      }
    }
  }
  return [...out.values()];
}
