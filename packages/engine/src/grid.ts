/**
 * Square-grid geometry shared by the rulesets. Squares are integer coordinates: `x` is the column
 * (0 at the left), `y` the row (0 at the top, the "north" edge). Distances are in squares.
 */

/** A square of the grid. */
export interface Square {
  readonly x: number;
  readonly y: number;
}

/** The four facings a unit may have; north is towards row 0. */
export type Facing = "N" | "E" | "S" | "W";
export const FACINGS: readonly Facing[] = ["N", "E", "S", "W"];

/** Unit vector of each facing, in grid coordinates. */
export const FACING_VECTOR: Readonly<Record<Facing, Square>> = {
  N: { x: 0, y: -1 },
  E: { x: 1, y: 0 },
  S: { x: 0, y: 1 },
  W: { x: -1, y: 0 },
};

/** Board bounds: `width` columns by `height` rows. */
export interface GridSize {
  readonly width: number;
  readonly height: number;
}

export const squareKey = (s: Square): string => `${s.x},${s.y}`;
export const sameSquare = (a: Square, b: Square): boolean => a.x === b.x && a.y === b.y;
export const inBounds = (size: GridSize, s: Square): boolean =>
  s.x >= 0 && s.y >= 0 && s.x < size.width && s.y < size.height;

/** Chebyshev distance: a diagonal step costs 1 (king moves). In squares. */
export const chebyshev = (a: Square, b: Square): number =>
  Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

/** Manhattan distance: orthogonal steps only. In squares. */
export const manhattan = (a: Square, b: Square): number =>
  Math.abs(a.x - b.x) + Math.abs(a.y - b.y);

/** Octile distance: a diagonal step costs 1.5 (as in seed 002's grid). In squares. */
export const octile = (a: Square, b: Square): number => {
  const dx = Math.abs(a.x - b.x);
  const dy = Math.abs(a.y - b.y);
  return Math.max(dx, dy) + 0.5 * Math.min(dx, dy);
};

/** The 8 (or, with `diagonal` false, 4) neighbours of a square that lie inside the board. */
export function neighbours(size: GridSize, s: Square, diagonal = true): Square[] {
  const out: Square[] = [];
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      if (!diagonal && dx !== 0 && dy !== 0) continue;
      const n = { x: s.x + dx, y: s.y + dy };
      if (inBounds(size, n)) out.push(n);
    }
  }
  return out;
}

/** True when two different squares touch by an edge or a corner. */
export const adjacent = (a: Square, b: Square): boolean => chebyshev(a, b) === 1;

/**
 * The steps of a straight line between the centres of `from` and `to`, in order, excluding both
 * ends. A step is one square the line passes through, or two squares where the line runs exactly
 * through a grid corner (the two squares beside that corner); callers decide how corners count.
 */
export function lineSteps(from: Square, to: Square): Square[][] {
  const steps: Square[][] = [];
  const nx = Math.abs(to.x - from.x);
  const ny = Math.abs(to.y - from.y);
  const sx = Math.sign(to.x - from.x);
  const sy = Math.sign(to.y - from.y);
  let x = from.x;
  let y = from.y;
  let ix = 0;
  let iy = 0;
  while (ix < nx || iy < ny) {
    // Compare (0.5 + ix) / nx with (0.5 + iy) / ny without division.
    const decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
    if (decision === 0) {
      steps.push([{ x: x + sx, y }, { x, y: y + sy }]);
      x += sx;
      y += sy;
      ix++;
      iy++;
    } else if (decision < 0) {
      x += sx;
      ix++;
    } else {
      y += sy;
      iy++;
    }
    if (x !== to.x || y !== to.y) steps.push([{ x, y }]);
  }
  return steps;
}

/** Every square a straight line between the centres of two squares passes through (ends excluded). */
export function lineSquares(from: Square, to: Square): Square[] {
  return lineSteps(from, to).flat();
}

/**
 * Line of sight between two squares against blocking terrain.
 * A line is blocked when any square it passes through blocks; where it passes exactly through a
 * corner, it is blocked only when both squares beside that corner block (a unit can see past the
 * corner of a single obstacle).
 */
export function hasLineOfSight(from: Square, to: Square, blocks: (s: Square) => boolean): boolean {
  return lineSteps(from, to).every((step) => !step.every(blocks));
}

/** Which arc of a unit at `origin` facing `facing` the square `target` lies in. */
export type Arc = "front" | "rear";

/**
 * The arc of `target` relative to a unit at `origin` facing `facing`: the 180-degree half-plane
 * ahead of the unit (including squares exactly level with it, left and right) is the front; the
 * half-plane behind is the rear. The unit's own square counts as front.
 */
export function arcOf(origin: Square, facing: Facing, target: Square): Arc {
  const v = FACING_VECTOR[facing];
  const forward = (target.x - origin.x) * v.x + (target.y - origin.y) * v.y;
  return forward >= 0 ? "front" : "rear";
}

/** The facing that points most directly from `from` towards `to` (ties prefer N/S). */
export function facingTowards(from: Square, to: Square): Facing {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (Math.abs(dy) >= Math.abs(dx)) return dy <= 0 ? "N" : "S";
  return dx > 0 ? "E" : "W";
}

/**
 * Every square reachable from `start` with at most `budget` movement, and its cost, by
 * Dijkstra over 8-neighbour (or 4-neighbour) steps. Squares are settled cheapest first, ties in
 * the order they were reached; the returned map lists squares in the order they were first
 * reached (callers enumerate it, so that order is part of the contract).
 * @param stepCost cost of entering `to` from `from` in movement points, or `null` when the step is
 *   not allowed (impassable, occupied, off the board...). Called once per step examined, in a
 *   fixed order.
 * @param canEnd whether a unit may stop on a square (some squares may be crossed but not ended on).
 * @returns a map from {@link squareKey} to the cheapest cost, including `start` at cost 0.
 */
export function reachable(
  size: GridSize,
  start: Square,
  budget: number,
  stepCost: (from: Square, to: Square) => number | null,
  options: { diagonal?: boolean; canEnd?: (s: Square) => boolean } = {},
): Map<string, { square: Square; cost: number }> {
  if (!onGrid(size, start)) return reachableByKeys(size, start, budget, stepCost, options);
  const { squares, costs } = reachableInOrder(size, start, budget, stepCost, options);
  const out = new Map<string, { square: Square; cost: number }>();
  for (let i = 0; i < squares.length; i++) {
    const square = squares[i] as Square;
    out.set(squareKey(square), { square, cost: costs[i] as number });
  }
  return out;
}

const onGrid = (size: GridSize, s: Square): boolean => inBounds(size, s) && Number.isInteger(s.x) && Number.isInteger(s.y);

/**
 * {@link reachable} as two parallel lists, without building square keys: the squares in the
 * order the map would list them, and their costs. Same step questions, in the same order.
 */
export function reachableInOrder(
  size: GridSize,
  start: Square,
  budget: number,
  stepCost: (from: Square, to: Square) => number | null,
  options: { diagonal?: boolean; canEnd?: (s: Square) => boolean } = {},
): { squares: Square[]; costs: number[] } {
  if (!onGrid(size, start)) {
    const entries = [...reachableByKeys(size, start, budget, stepCost, options).values()];
    return { squares: entries.map((e) => e.square), costs: entries.map((e) => e.cost) };
  }
  const { width, height } = size;
  const diagonal = options.diagonal ?? true;
  const cells = width * height;
  // Per square (index y * width + x): the cheapest cost found and the square object holding it.
  const best: number[] = new Array<number>(cells).fill(Infinity);
  const held: (Square | undefined)[] = new Array<Square | undefined>(cells).fill(undefined);
  const order: number[] = [];
  const startIndex = start.y * width + start.x;
  best[startIndex] = 0;
  held[startIndex] = start;
  order.push(startIndex);
  const heap = new FrontierHeap();
  heap.push(0, start);
  while (heap.size > 0) {
    const cost0 = heap.topCost();
    const from = heap.pop();
    if (cost0 > best[from.y * width + from.x]!) continue;
    for (let dy = -1; dy <= 1; dy++) {
      const y = from.y + dy;
      for (let dx = -1; dx <= 1; dx++) {
        if (dx === 0 && dy === 0) continue;
        if (!diagonal && dx !== 0 && dy !== 0) continue;
        const x = from.x + dx;
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const next = { x, y };
        const step = stepCost(from, next);
        if (step === null) continue;
        const cost = cost0 + step;
        if (cost > budget) continue;
        const index = y * width + x;
        if (cost < best[index]!) {
          if (held[index] === undefined) order.push(index);
          best[index] = cost;
          held[index] = next;
          heap.push(cost, next);
        }
      }
    }
  }
  const squares: Square[] = [];
  const costs: number[] = [];
  for (const index of order) {
    const square = held[index] as Square;
    if (index !== startIndex && options.canEnd && !options.canEnd(square)) continue;
    squares.push(square);
    costs.push(best[index]!);
  }
  return { squares, costs };
}

/**
 * The frontier of {@link reachable}: a binary min-heap ordered by cost, then by the order of
 * insertion, which settles squares in exactly the order a stably sorted list would.
 */
class FrontierHeap {
  private readonly costs: number[] = [];
  private readonly seqs: number[] = [];
  private readonly items: Square[] = [];
  private seq = 0;

  get size(): number {
    return this.items.length;
  }

  topCost(): number {
    return this.costs[0]!;
  }

  push(cost: number, square: Square): void {
    let i = this.items.length;
    this.costs.push(cost);
    this.seqs.push(this.seq++);
    this.items.push(square);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  pop(): Square {
    const top = this.items[0]!;
    const last = this.items.length - 1;
    this.swap(0, last);
    this.costs.pop();
    this.seqs.pop();
    this.items.pop();
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < last && this.before(l, m)) m = l;
      if (r < last && this.before(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
    return top;
  }

  private before(a: number, b: number): boolean {
    const ca = this.costs[a]!;
    const cb = this.costs[b]!;
    return ca < cb || (ca === cb && this.seqs[a]! < this.seqs[b]!);
  }

  private swap(a: number, b: number): void {
    [this.costs[a], this.costs[b]] = [this.costs[b]!, this.costs[a]!];
    [this.seqs[a], this.seqs[b]] = [this.seqs[b]!, this.seqs[a]!];
    [this.items[a], this.items[b]] = [this.items[b]!, this.items[a]!];
  }
}

/**
 * {@link reachable} keyed by square keys: the general form, for a start square off the board's
 * integer grid. Same results and the same order of steps examined.
 */
export function reachableByKeys(
  size: GridSize,
  start: Square,
  budget: number,
  stepCost: (from: Square, to: Square) => number | null,
  options: { diagonal?: boolean; canEnd?: (s: Square) => boolean } = {},
): Map<string, { square: Square; cost: number }> {
  const best = new Map<string, { square: Square; cost: number }>();
  best.set(squareKey(start), { square: start, cost: 0 });
  // The boards are small (at most a few hundred squares): a sorted frontier is plenty.
  const frontier: { square: Square; cost: number }[] = [{ square: start, cost: 0 }];
  while (frontier.length > 0) {
    frontier.sort((a, b) => a.cost - b.cost);
    const current = frontier.shift() as { square: Square; cost: number };
    if (current.cost > (best.get(squareKey(current.square))?.cost ?? Infinity)) continue;
    for (const next of neighbours(size, current.square, options.diagonal ?? true)) {
      const step = stepCost(current.square, next);
      if (step === null) continue;
      const cost = current.cost + step;
      if (cost > budget) continue;
      const key = squareKey(next);
      if (cost < (best.get(key)?.cost ?? Infinity)) {
        best.set(key, { square: next, cost });
        frontier.push({ square: next, cost });
      }
    }
  }
  if (options.canEnd) {
    for (const [key, entry] of best) {
      if (key !== squareKey(start) && !options.canEnd(entry.square)) best.delete(key);
    }
  }
  return best;
}

/**
 * A cheapest path from `start` to `goal` (both included), or `null` when none is within `budget`.
 * Same step rules as {@link reachable}.
 */
export function findPath(
  size: GridSize,
  start: Square,
  goal: Square,
  budget: number,
  stepCost: (from: Square, to: Square) => number | null,
  diagonal = true,
): Square[] | null {
  const best = new Map<string, number>([[squareKey(start), 0]]);
  const previous = new Map<string, Square>();
  const frontier: { square: Square; cost: number }[] = [{ square: start, cost: 0 }];
  while (frontier.length > 0) {
    frontier.sort((a, b) => a.cost - b.cost);
    const current = frontier.shift() as { square: Square; cost: number };
    if (sameSquare(current.square, goal)) break;
    for (const next of neighbours(size, current.square, diagonal)) {
      const step = stepCost(current.square, next);
      if (step === null) continue;
      const cost = current.cost + step;
      if (cost > budget) continue;
      const key = squareKey(next);
      if (cost < (best.get(key) ?? Infinity)) {
        best.set(key, cost);
        previous.set(key, current.square);
        frontier.push({ square: next, cost });
      }
    }
  }
  if (!best.has(squareKey(goal))) return null;
  const path: Square[] = [goal];
  let cursor = goal;
  while (!sameSquare(cursor, start)) {
    cursor = previous.get(squareKey(cursor)) as Square;
    path.unshift(cursor);
  }
  return path;
}
