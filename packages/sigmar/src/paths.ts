/**
 * Each model's own path (project core rule C5, docs/rules/sigmar.md; seed 003 29 for flying units):
 * a model moves along a path of straight legs around terrain and the bases it may not cross, and
 * the distance it moves is measured along that path. The shortest such path is found by an A*
 * search over a visibility graph: the start, the goal, and waypoints just outside every obstacle
 * grown by the moving base's radius (three round each corner of a terrain box, eight round each
 * base). Every leg is checked with the exact integer predicates of geometry.ts, so a path found is
 * always clear; its length is the sum of its legs (IEEE 754 square roots, the same in every engine).
 * The waypoints lie on circumscribed polygons, so a found path is at most about 8% longer than the
 * true shortest path round a base and never shorter: the search never accepts a move the rules forbid.
 */
import { boxDist2, discInsideBox, segmentNear, sweepHitsBox, type Box, type Disc, type Pt } from "./geometry";

/** What a moving base must keep clear of: terrain boxes, and discs (bases, or bases grown by a range). */
export interface Obstacles {
  /** The battlefield: every waypoint keeps the whole base on it. */
  readonly field: Box;
  /** Impassable terrain (project core rule C3). */
  readonly terrain: readonly Box[];
  /** Discs the moving base may not come closer than its radius to (their own radius already grown by any range kept). */
  readonly discs: readonly Disc[];
}

/** A path: its points from start to end (fine units) and its length (fine units, fractional). */
export interface Path {
  readonly points: readonly Pt[];
  readonly length: number;
}

/** cos 22.5°: a chord of a circumscribed octagon stays this fraction of its radius from the centre. */
const COS_EIGHTH = 0.9238795325112867;
/** Eight directions (thousandths). */
const DIRS: readonly (readonly [number, number])[] = [[1000, 0], [707, 707], [0, 1000], [-707, 707], [-1000, 0], [-707, -707], [0, -1000], [707, -707]];

const dist = (a: Pt, b: Pt): number => Math.sqrt((a.x - b.x) ** 2 + (a.y - b.y) ** 2);

/** Whether a base of radius `r` moving straight from a to b keeps clear of every obstacle. */
export function legClear(a: Pt, b: Pt, r: number, o: Obstacles): boolean {
  // The leg's box grown by r: obstacles wholly outside it cannot be touched (a quick exact reject).
  const x0 = Math.min(a.x, b.x) - r;
  const x1 = Math.max(a.x, b.x) + r;
  const y0 = Math.min(a.y, b.y) - r;
  const y1 = Math.max(a.y, b.y) + r;
  for (const t of o.terrain) if (t.x1 > x0 && t.x0 < x1 && t.y1 > y0 && t.y0 < y1 && sweepHitsBox(a, b, r, t)) return false;
  for (const d of o.discs) if (d.x + d.r > x0 && d.x - d.r < x1 && d.y + d.r > y0 && d.y - d.r < y1 && segmentNear(a, b, d, r + d.r)) return false;
  return true;
}

/** Whether a base of radius `r` may stand (or pass) at p: on the field, off terrain, clear of the discs. */
export function spotClear(p: Pt, r: number, o: Obstacles): boolean {
  return discInsideBox({ ...p, r }, o.field) && o.terrain.every((t) => boxDist2(p, t) >= r * r) && o.discs.every((d) => (p.x - d.x) ** 2 + (p.y - d.y) ** 2 >= (r + d.r) ** 2);
}

/** Waypoints for a base of radius `r`: just outside each obstacle grown by `r`, where the base may stand. */
export function waypoints(r: number, o: Obstacles): Pt[] {
  return [...graphOf(r, o).points];
}

/**
 * The waypoints of one base radius among one set of obstacles, made once and kept while the
 * obstacles object lives (a search asks for them again for every model and every candidate
 * placement), with the clearance of each leg between two of them found at most once.
 */
interface Graph {
  readonly points: readonly Pt[];
  /** Leg u→v between waypoints u and v (row-major): 0 not yet checked, 1 clear, 2 blocked. */
  readonly legs: Uint8Array;
}

const graphs = new WeakMap<Obstacles, Map<number, Graph>>();

function graphOf(r: number, o: Obstacles): Graph {
  let byRadius = graphs.get(o);
  if (!byRadius) graphs.set(o, (byRadius = new Map()));
  let graph = byRadius.get(r);
  if (!graph) {
    const points = placeWaypoints(r, o);
    graph = { points, legs: new Uint8Array(points.length * points.length) };
    byRadius.set(r, graph);
  }
  return graph;
}

function placeWaypoints(r: number, o: Obstacles): Pt[] {
  const out: Pt[] = [];
  for (const t of o.terrain) {
    const R = Math.ceil((r + 3) / COS_EIGHTH) + 1;
    for (const [cx, cy, sx, sy] of [[t.x0, t.y0, -1, -1], [t.x1, t.y0, 1, -1], [t.x1, t.y1, 1, 1], [t.x0, t.y1, -1, 1]] as const) {
      out.push({ x: cx + sx * R, y: cy }, { x: cx + Math.trunc((sx * R * 708) / 1000), y: cy + Math.trunc((sy * R * 708) / 1000) }, { x: cx, y: cy + sy * R });
    }
  }
  for (const d of o.discs) {
    const R = Math.ceil((r + d.r + 3) / COS_EIGHTH) + 2;
    for (const [cx, cy] of DIRS) out.push({ x: d.x + Math.round((R * cx) / 1000), y: d.y + Math.round((R * cy) / 1000) });
  }
  return out.filter((p) => spotClear(p, r, o));
}

/**
 * The search's nodes: `ends` (the start, and the goal when there is one) then the waypoints kept
 * by `keep`, with each node's waypoint number (-1 for an end) so a leg between two waypoints is
 * checked once per graph.
 */
function nodesOf(r: number, o: Obstacles, ends: readonly Pt[], keep: (p: Pt) => boolean) {
  const graph = graphOf(r, o);
  const nodes: Pt[] = [...ends];
  const ids: number[] = ends.map(() => -1);
  graph.points.forEach((p, i) => {
    if (!keep(p)) return;
    nodes.push(p);
    ids.push(i);
  });
  const w = graph.points.length;
  const clear = (u: number, v: number): boolean => {
    const a = ids[u]!;
    const b = ids[v]!;
    if (a < 0 || b < 0) return legClear(nodes[u]!, nodes[v]!, r, o);
    const k = a * w + b;
    if (graph.legs[k] === 0) graph.legs[k] = legClear(nodes[u]!, nodes[v]!, r, o) ? 1 : 2;
    return graph.legs[k] === 1;
  };
  return { nodes, clear };
}

/**
 * The shortest clear path for a base of radius `r` from `from` to `to` no longer than `max` (fine
 * units), or null when there is none. A clear straight line is measured exactly (integers); a path
 * round obstacles is searched only when the straight line is blocked. `points` holds the start and
 * the end. Deterministic: ties are broken by waypoint order.
 */
export function shortestPath(from: Pt, to: Pt, r: number, o: Obstacles, max: number): Path | null {
  const straight2 = (to.x - from.x) ** 2 + (to.y - from.y) ** 2;
  if (max < 0 || straight2 > max * max) return null;
  if (legClear(from, to, r, o)) return { points: [from, to], length: Math.sqrt(straight2) };
  // Only waypoints inside the ellipse of paths no longer than max can help.
  const { nodes, clear } = nodesOf(r, o, [from, to], (p) => dist(from, p) + dist(p, to) <= max);
  const n = nodes.length;
  const g = new Array<number>(n).fill(Infinity);
  const prev = new Array<number>(n).fill(-1);
  const closed = new Array<boolean>(n).fill(false);
  const h = nodes.map((p) => dist(p, to));
  g[0] = 0;
  for (;;) {
    let u = -1;
    for (let i = 0; i < n; i++) if (!closed[i] && g[i]! < Infinity && (u < 0 || g[i]! + h[i]! < g[u]! + h[u]!)) u = i;
    if (u < 0 || g[u]! + h[u]! > max) return null;
    if (u === 1) break;
    closed[u] = true;
    for (let v = 1; v < n; v++) {
      if (closed[v]) continue;
      const cost = g[u]! + dist(nodes[u]!, nodes[v]!);
      if (cost < g[v]! && cost + h[v]! <= max && clear(u, v)) {
        g[v] = cost;
        prev[v] = u;
      }
    }
  }
  const points: Pt[] = [];
  for (let i = 1; i >= 0; i = prev[i]!) points.unshift(nodes[i]!);
  return { points, length: g[1]! };
}

/**
 * The point a model reaches walking its shortest path toward `to` for at most `budget` fine units
 * (the whole way when the path is short enough; else stopped on the path, rounded to whole units
 * and pulled back until it is within budget and clear). Searches the path with `searchMax` as the
 * longest path considered. Null when there is no path at all within `searchMax`.
 */
export function walkToward(from: Pt, to: Pt, r: number, o: Obstacles, budget: number, searchMax: number): Pt | null {
  const path = shortestPath(from, to, r, o, Math.max(searchMax, budget));
  if (!path) return null;
  if (path.length <= budget) return to;
  let left = budget;
  for (let i = 1; i < path.points.length; i++) {
    const a = path.points[i - 1]!;
    const b = path.points[i]!;
    const leg = dist(a, b);
    if (leg >= left) {
      for (let k = left; k > 0; k -= 5) {
        const p = { x: Math.round(a.x + ((b.x - a.x) * k) / leg), y: Math.round(a.y + ((b.y - a.y) * k) / leg) };
        const back = shortestPath(from, p, r, o, budget);
        if (back && spotClear(p, r, o)) return p;
      }
      return a;
    }
    left -= leg;
  }
  return to;
}

/**
 * Every point a base of radius `r` standing at `from` can reach within `max` (fine units): the
 * shortest distances from `from` to every waypoint are found once (Dijkstra), so asking about
 * many candidate spots costs one leg check per waypoint each. `length(p)` is the length of the
 * shortest clear path to p (as {@link shortestPath} finds it), or null when over `max`.
 */
export function reachFrom(from: Pt, r: number, o: Obstacles, max: number): { length(p: Pt): number | null } {
  const { nodes, clear } = nodesOf(r, o, [from], (p) => dist(from, p) <= max);
  const n = nodes.length;
  const g = new Array<number>(n).fill(Infinity);
  const closed = new Array<boolean>(n).fill(false);
  g[0] = 0;
  const settled: number[] = [];
  for (;;) {
    let u = -1;
    for (let i = 0; i < n; i++) if (!closed[i] && g[i]! <= max && (u < 0 || g[i]! < g[u]!)) u = i;
    if (u < 0) break;
    closed[u] = true;
    settled.push(u);
    for (let v = 1; v < n; v++) {
      if (closed[v]) continue;
      const cost = g[u]! + dist(nodes[u]!, nodes[v]!);
      if (cost < g[v]! && cost <= max && clear(u, v)) g[v] = cost;
    }
  }
  return {
    length(p: Pt): number | null {
      const via = settled.map((u) => ({ u, total: g[u]! + dist(nodes[u]!, p) })).filter((x) => x.total <= max).sort((a, b) => a.total - b.total || a.u - b.u);
      for (const { u, total } of via) if (legClear(nodes[u]!, p, r, o)) return total;
      return null;
    },
  };
}
