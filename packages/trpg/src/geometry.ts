/**
 * The TRPG's grid geometry (seed 002 3-1, 3-3): terrain, distances (a diagonal step is 1.5
 * squares), lines between square centres, the cover a line crosses, overwatch cones and paths.
 * Pure functions of the map and of the squares they are given.
 */
import { lineSteps, octile, type Square } from "@fogwar/engine";
import type { MapData } from "./data/schema";

/** A cover level (seed 002 3-3). */
export type CoverLevel = "half" | "three_quarter" | "full";
/** What full cover is made of (seed 002 3-3: hard gives TGH +3, soft nothing, in between the master decides). */
export type Material = "hard" | "medium" | "soft";

/** The terrain letter of a square (`#` off the map). */
export function terrainAt(map: MapData, s: Square): string {
  if (s.x < 0 || s.y < 0 || s.x >= map.width || s.y >= map.height) return "#";
  return map.rows[s.y]![s.x]!;
}

/** Terrain a character may stand on or cross: open ground and half cover. */
export const passable = (map: MapData, s: Square): boolean => {
  const t = terrainAt(map, s);
  return t === "." || t === "h";
};

/** The cover a terrain letter gives, if any. */
export function coverOf(letter: string): { level: CoverLevel; material?: Material } | null {
  switch (letter) {
    case "h":
      return { level: "half" };
    case "q":
      return { level: "three_quarter" };
    case "H":
      return { level: "full", material: "hard" };
    case "M":
      return { level: "full", material: "medium" };
    case "P":
      return { level: "full", material: "soft" };
    default:
      return null;
  }
}

/** Cover levels from least to most (seed 002 3-3): half, three-quarter, full. */
export const COVER_RANK: Record<CoverLevel, number> = { half: 1, three_quarter: 2, full: 3 };

/** The distance between two squares in squares, a diagonal step counting 1.5 (seed 002 3-1). */
export const distance = (a: Square, b: Square): number => octile(a, b);

/** Whether two different squares touch (the 8 squares around, seed 002 3-1 engagement). */
export const touching = (a: Square, b: Square): boolean => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y)) === 1;

export const key = (s: Square): string => `${s.x},${s.y}`;
export const same = (a: Square | null, b: Square | null): boolean => a !== null && b !== null && a.x === b.x && a.y === b.y;

/**
 * Whether a wall blocks the line between two square centres: a square the line passes through is
 * a wall, or, where the line runs exactly through a corner, both squares beside it are.
 */
export function wallBetween(map: MapData, from: Square, to: Square): boolean {
  return lineSteps(from, to).some((step) => step.every((s) => terrainAt(map, s) === "#"));
}

/** One piece of cover a line crosses. */
export interface CoverPiece {
  readonly level: CoverLevel;
  readonly material?: Material;
  readonly at: Square;
  /** A character standing there (seed 002 3-3: people are half cover). */
  readonly person?: boolean;
}

/**
 * The cover a line from `from` to `to` crosses (seed 002 3-3: drawn between the centres of the
 * two squares; the ends do not count). Where the line runs through a corner, the lesser cover of
 * the two squares beside it counts (none if either is open). `people` are the squares of the
 * characters the shooter's side can see, half cover each; `ignoreNear` drops cover next to the
 * shooter (peeking).
 */
export function coverOnLine(map: MapData, from: Square, to: Square, people: ReadonlySet<string>, ignoreNear?: (s: Square) => boolean): CoverPiece[] {
  const out: CoverPiece[] = [];
  const at = (s: Square): CoverPiece | null => {
    const terrain = coverOf(terrainAt(map, s));
    if (terrain) return { ...terrain, at: s };
    return people.has(key(s)) ? { level: "half", at: s, person: true } : null;
  };
  for (const step of lineSteps(from, to)) {
    const pieces = step.map(at);
    if (pieces.some((p) => p === null)) continue;
    const piece = (pieces as CoverPiece[]).reduce((a, b) => (COVER_RANK[b.level] < COVER_RANK[a.level] ? b : a));
    if (ignoreNear && touching(piece.at, from) && ignoreNear(piece.at)) continue;
    out.push(piece);
  }
  return out;
}

/** The unit vector of each of the 8 directions (0 north, clockwise). */
export const DIRECTIONS: readonly Square[] = [
  { x: 0, y: -1 },
  { x: 1, y: -1 },
  { x: 1, y: 0 },
  { x: 1, y: 1 },
  { x: 0, y: 1 },
  { x: -1, y: 1 },
  { x: -1, y: 0 },
  { x: -1, y: -1 },
];

/**
 * Whether `s` lies in the 90-degree cone of `radius` squares that a character at `origin` points
 * in direction `dir` (seed 002 3-1 overwatch): within the radius, at most 45 degrees off the
 * direction (integer arithmetic), and no wall in between. The origin itself is not in the cone.
 */
export function inCone(map: MapData, origin: Square, dir: number, radius: number, s: Square): boolean {
  const dx = s.x - origin.x;
  const dy = s.y - origin.y;
  if (dx === 0 && dy === 0) return false;
  if (distance(origin, s) > radius) return false;
  const d = DIRECTIONS[dir]!;
  const dot = dx * d.x + dy * d.y;
  if (dot <= 0) return false;
  // cos(angle) >= cos(45 deg)  <=>  2 * dot^2 >= |v|^2 * |d|^2
  if (2 * dot * dot < (dx * dx + dy * dy) * (d.x * d.x + d.y * d.y)) return false;
  return !wallBetween(map, origin, s);
}

/** A path and what it costs: squares of movement and AP for half cover crossed. */
export interface Route {
  readonly path: Square[];
  readonly cost: number;
  readonly ap: number;
}

/**
 * Every square reachable from `start` within `budget` squares of movement and `apBudget` AP for
 * crossing half cover (seed 002 3-1, 3-3), with a cheapest route to each (fewest squares, then
 * fewest AP, then the first found). `blocked(s)`: squares that cannot be entered (characters the
 * mover's side can see, except allies it may pass); `canEnd(s)`: squares it may stop on. A
 * diagonal step is refused when both squares beside it are impassable.
 */
export function routes(
  map: MapData,
  start: Square,
  budget: number,
  apBudget: number,
  apPerCrossing: number,
  blocked: (s: Square) => boolean,
  canEnd: (s: Square) => boolean,
): Map<string, Route> {
  const best = new Map<string, Route>();
  const frontier: Route[] = [{ path: [start], cost: 0, ap: 0 }];
  const seen = new Map<string, { cost: number; ap: number }>();
  while (frontier.length > 0) {
    let i = 0;
    for (let j = 1; j < frontier.length; j++) {
      const a = frontier[j]!;
      const b = frontier[i]!;
      if (a.cost < b.cost || (a.cost === b.cost && a.ap < b.ap)) i = j;
    }
    const route = frontier.splice(i, 1)[0]!;
    const here = route.path[route.path.length - 1]!;
    const k = key(here);
    const prior = seen.get(k);
    if (prior && prior.cost <= route.cost && prior.ap <= route.ap) continue;
    seen.set(k, { cost: route.cost, ap: route.ap });
    if (route.path.length > 1 && canEnd(here) && !best.has(k)) best.set(k, route);
    for (const d of DIRECTIONS) {
      const next = { x: here.x + d.x, y: here.y + d.y };
      if (!passable(map, next) || blocked(next)) continue;
      const diagonal = d.x !== 0 && d.y !== 0;
      if (diagonal && !passable(map, { x: here.x + d.x, y: here.y }) && !passable(map, { x: here.x, y: here.y + d.y })) continue;
      const cost = route.cost + (diagonal ? 1.5 : 1);
      const ap = route.ap + (terrainAt(map, next) === "h" ? apPerCrossing : 0);
      if (cost > budget || ap > apBudget) continue;
      if (route.path.some((p) => p.x === next.x && p.y === next.y)) continue;
      const known = seen.get(key(next));
      if (known && known.cost <= cost && known.ap <= ap) continue;
      frontier.push({ path: [...route.path, next], cost, ap });
    }
  }
  return best;
}

/** Whether a full-cover square is an end of its wall (at most one full-cover square beside it, orthogonally): seed 002 3-3 peeking. */
export function fullCoverEnd(map: MapData, s: Square): boolean {
  const full = (p: Square) => coverOf(terrainAt(map, p))?.level === "full";
  if (!full(s)) return false;
  const around = [DIRECTIONS[0]!, DIRECTIONS[2]!, DIRECTIONS[4]!, DIRECTIONS[6]!].filter((d) => full({ x: s.x + d.x, y: s.y + d.y }));
  return around.length <= 1;
}
