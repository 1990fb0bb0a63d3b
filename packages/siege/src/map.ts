/**
 * The map of a Siege match (seed 004 "지형"): spaces, rooms, the outside area, partitions (walls,
 * doors, windows), obstacles, the upper floor and its access points; movement costs and
 * adjacency. Pure functions over the map data and the match state.
 */
import { catalog, COLOUR_RANK, type Colour, type MapData } from "./data";
import type { PartitionKind, PartitionState, Place, SiegeState } from "./types";

/** A lower-floor space as numbers. */
export interface Sq {
  readonly x: number;
  readonly y: number;
}

/** The place key of a lower-floor space. */
export const sq = (x: number, y: number): Place => `${x},${y}`;
/** The place key of an upper-floor area. */
export const up = (area: string): Place => `up:${area}`;
/** Whether a place is on the upper floor. */
export const isUpper = (p: Place): boolean => p.startsWith("up:");
/** The area id of an upper-floor place. */
export const areaOf = (p: Place): string => p.slice(3);
/** The coordinates of a lower-floor place. */
export function coords(p: Place): Sq {
  let known = parsed.get(p);
  if (!known) {
    const [x, y] = p.split(",").map(Number);
    known = { x: x!, y: y! };
    if (parsed.size > 10_000) parsed.clear();
    parsed.set(p, known);
  }
  return known;
}
const parsed = new Map<Place, Sq>();
/** Chebyshev distance in squares between two lower-floor places. */
export function distance(a: Place, b: Place): number {
  const p = coords(a);
  const q = coords(b);
  return Math.max(Math.abs(p.x - q.x), Math.abs(p.y - q.y));
}

/** The static partition of the map: its edges (`"x,y|x2,y2"` keys) and its initial state. */
export interface PartitionDef {
  readonly id: string;
  readonly edges: readonly string[];
  readonly initial: PartitionState;
}

/** Precomputed facts of a map. */
export interface Geometry {
  readonly map: MapData;
  /** Every lower-floor place, row by row. */
  readonly spaces: readonly Place[];
  /** The same, as a set. */
  readonly spaceSet: ReadonlySet<Place>;
  /** Room id of each inside space (outside spaces are absent: the outside area is no room, seed 004 "방"). */
  readonly roomOf: ReadonlyMap<Place, string>;
  readonly vertical: ReadonlySet<string>;
  readonly obstacles: ReadonlySet<Place>;
  readonly partitions: ReadonlyMap<string, PartitionDef>;
  /** Edge key to partition id. */
  readonly edgeIndex: ReadonlyMap<string, string>;
  /**
   * The same partition ids by space (index `y * width + x`): on the edge to the east neighbour
   * and to the south neighbour, for lookups without building an edge key.
   */
  readonly eastEdges: readonly (string | undefined)[];
  readonly southEdges: readonly (string | undefined)[];
  /** Access points: space to area and colour. */
  readonly accessPoints: ReadonlyMap<Place, { readonly area: string; readonly colour: "grey" | "blue" }>;
  readonly areas: readonly string[];
}

/** The key of the edge between two orthogonally adjacent spaces (order-free). */
export function edgeKey(a: Sq, b: Sq): string {
  const [p, q] = a.y < b.y || (a.y === b.y && a.x < b.x) ? [a, b] : [b, a];
  return `${p.x},${p.y}|${q.x},${q.y}`;
}

const geometries = new Map<string, Geometry>();

/** The geometry of a map id (computed once). */
export function geometry(mapId: string): Geometry {
  const known = geometries.get(mapId);
  if (known) return known;
  const map = catalog.maps.get(mapId);
  if (!map) throw new Error(`unknown map ${mapId}`);
  const letterRoom = new Map(map.rooms.map((r) => [r.letter, r.id]));
  const spaces: Place[] = [];
  const roomOf = new Map<Place, string>();
  const letter = (x: number, y: number) => map.floor[y]![x]!;
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      spaces.push(sq(x, y));
      const room = letterRoom.get(letter(x, y));
      if (room) roomOf.set(sq(x, y), room);
    }
  }
  const partitions = new Map<string, PartitionDef>();
  const edgeIndex = new Map<string, string>();
  for (const p of map.partitions) {
    const edges = p.edges.map(([x, y, d]) => edgeKey({ x, y }, d === "E" ? { x: x + 1, y } : { x, y: y + 1 }));
    partitions.set(p.id, { id: p.id, edges, initial: { kind: p.kind, barricaded: p.barricaded ?? false, broken: false } });
    for (const e of edges) edgeIndex.set(e, p.id);
  }
  // Default walls between different rooms and between a room and the outside area.
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      for (const [dx, dy, d] of [[1, 0, "E"], [0, 1, "S"]] as const) {
        const x2 = x + dx;
        const y2 = y + dy;
        if (x2 >= map.width || y2 >= map.height) continue;
        const a = letter(x, y);
        const b = letter(x2, y2);
        if (a === b) continue;
        const key = edgeKey({ x, y }, { x: x2, y: y2 });
        if (edgeIndex.has(key)) continue;
        const kind: PartitionKind = a === "~" || b === "~" ? map.defaultWalls.exterior : map.defaultWalls.between;
        const id = `wall_${x}_${y}_${d}`;
        partitions.set(id, { id, edges: [key], initial: { kind, barricaded: false, broken: false } });
        edgeIndex.set(key, id);
      }
    }
  }
  const accessPoints = new Map<Place, { area: string; colour: "grey" | "blue" }>();
  for (const area of map.upper) for (const ap of area.accessPoints) accessPoints.set(sq(ap.at[0], ap.at[1]), { area: area.id, colour: ap.colour });
  const eastEdges: (string | undefined)[] = new Array<string | undefined>(map.width * map.height).fill(undefined);
  const southEdges: (string | undefined)[] = new Array<string | undefined>(map.width * map.height).fill(undefined);
  for (const [key, id] of edgeIndex) {
    const [x, y, x2, y2] = key.split(/[,|]/).map(Number) as [number, number, number, number];
    if (!onGrid(map, x, y)) continue;
    if (x2 === x + 1 && y2 === y) eastEdges[y * map.width + x] = id;
    else if (x2 === x && y2 === y + 1) southEdges[y * map.width + x] = id;
  }
  const geo: Geometry = {
    map,
    eastEdges,
    southEdges,
    spaces,
    spaceSet: new Set(spaces),
    roomOf,
    vertical: new Set(map.rooms.filter((r) => r.vertical).map((r) => r.id)),
    obstacles: new Set(map.obstacles.map(([x, y]) => sq(x, y))),
    partitions,
    edgeIndex,
    accessPoints,
    areas: map.upper.map((a) => a.id),
  };
  geometries.set(mapId, geo);
  return geo;
}

/** Whether a place is a space of the lower floor of this map. */
export function onMap(geo: Geometry, p: Place): boolean {
  if (isUpper(p)) return geo.areas.includes(areaOf(p));
  return geo.spaceSet.has(p);
}

/** Whether a lower-floor space is in the outside area (seed 004 "방": the green outside area is no room). */
export const isOutside = (geo: Geometry, p: Place): boolean => !isUpper(p) && !geo.roomOf.has(p);

/** The state of the partition on the edge between two orthogonal spaces, or null. */
export function partitionOn(state: Pick<SiegeState, "map" | "partitions">, a: Sq, b: Sq): { id: string; s: PartitionState } | null {
  const id = edgeId(geometry(state.map), a, b);
  if (!id) return null;
  const s = state.partitions[id]!;
  return s.kind === "open" ? null : { id, s };
}

const onGrid = (map: Pick<MapData, "width" | "height">, x: number, y: number): boolean =>
  Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < map.width && y < map.height;

/** The partition id on the edge between two spaces: `edgeIndex.get(edgeKey(a, b))`, by table where it can. */
function edgeId(geo: Geometry, a: Sq, b: Sq): string | undefined {
  const first = a.y < b.y || (a.y === b.y && a.x < b.x);
  const p = first ? a : b;
  const q = first ? b : a;
  if (onGrid(geo.map, p.x, p.y)) {
    if (q.y === p.y && q.x === p.x + 1) return geo.eastEdges[p.y * geo.map.width + p.x];
    if (q.x === p.x && q.y === p.y + 1) return geo.southEdges[p.y * geo.map.width + p.x];
  }
  return geo.edgeIndex.get(edgeKey(a, b));
}

const WALLS: readonly PartitionKind[] = ["thick", "reinforced", "thin", "holed"];

/** Seed 004 "벽", "문", "창문": every intact wall and every barricade stops movement. */
export function blocksMovement(s: PartitionState): boolean {
  if (WALLS.includes(s.kind)) return !s.broken;
  return s.barricaded;
}

/** Seed 004 "벽", "파괴된 벽", "문", "창문": walls (not holed) and barricades block sight; broken walls do not. */
export function blocksSight(s: PartitionState): boolean {
  if (s.kind === "holed") return false;
  if (WALLS.includes(s.kind)) return !s.broken;
  return s.barricaded;
}

/** Seed 004 "파괴된 벽", "창문": +1 movement to cross a broken wall or an open window. */
export function crossingCost(s: PartitionState | undefined): number {
  if (!s) return 0;
  if (WALLS.includes(s.kind) && s.broken) return 1;
  if (s.kind === "window" && !s.barricaded) return 1;
  return 0;
}

/** Seed 004 "보호": the protection a partition gives to a line of fire crossing it (0, weak 2, strong 3). */
export function partitionProtection(s: PartitionState): number {
  const { weak, strong } = catalog.data.rules.protection;
  if (WALLS.includes(s.kind)) {
    if (s.broken) return 0;
    return s.kind === "thick" || s.kind === "reinforced" ? strong : weak;
  }
  return s.barricaded ? weak : 0;
}

/** Seed 004 "벽", "문": the durability a breach must reach (null: indestructible or nothing to break). */
export function durability(s: PartitionState): Colour | null {
  if (s.kind === "thick" || s.kind === "open") return null;
  if (WALLS.includes(s.kind)) return s.broken ? null : s.kind === "reinforced" ? "red" : "orange";
  return s.barricaded ? "yellow" : null;
}

/** Whether a breach of `power` destroys something of `durability`. */
export const breaks = (power: Colour, dur: Colour): boolean => COLOUR_RANK[power] >= COLOUR_RANK[dur];

/** An edge is free when nothing is on it but an open door (or nothing at all). */
function edgeFree(state: Pick<SiegeState, "map" | "partitions">, a: Sq, b: Sq): boolean {
  const p = partitionOn(state, a, b);
  return !p || (p.s.kind === "door" && !p.s.barricaded);
}

/** The four edges around the corner between two diagonal spaces. */
export function cornerEdges(a: Sq, b: Sq): [Sq, Sq][] {
  const c = { x: b.x, y: a.y };
  const d = { x: a.x, y: b.y };
  return [[a, c], [c, b], [a, d], [d, b]];
}

/** The lower-floor spaces around a space (8 neighbours) inside the map. */
export function neighbours8(geo: Geometry, p: Place): Place[] {
  const { x, y } = coords(p);
  const out: Place[] = [];
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      const nx = x + dx;
      const ny = y + dy;
      if (nx >= 0 && ny >= 0 && nx < geo.map.width && ny < geo.map.height) out.push(sq(nx, ny));
    }
  }
  return out;
}

/**
 * Seed 004 "인접판정": two lower-floor spaces are adjacent when they touch (8 neighbours) and the
 * sight between them is not blocked by terrain. Across a corner, any sight-blocking partition on
 * the four edges around it blocks (protruding walls block diagonal sight; project decision).
 */
export function terrainAdjacent(state: Pick<SiegeState, "map" | "partitions">, a: Place, b: Place): boolean {
  const p = coords(a);
  const q = coords(b);
  const dx = Math.abs(p.x - q.x);
  const dy = Math.abs(p.y - q.y);
  if (Math.max(dx, dy) !== 1) return false;
  if (dx + dy === 1) {
    const part = partitionOn(state, p, q);
    return !part || !blocksSight(part.s);
  }
  return cornerEdges(p, q).every(([m, n]) => {
    const part = partitionOn(state, m, n);
    return !part || !blocksSight(part.s);
  });
}

/**
 * The movement cost of one step between touching lower-floor spaces (seed 004 "이동"), ignoring
 * occupants: 1, +1 across a broken wall or an open window, or null when a wall or barricade is in
 * the way. A diagonal step needs all four edges around the corner free (project decision).
 */
export function stepCost(state: Pick<SiegeState, "map" | "partitions">, a: Place, b: Place): number | null {
  const p = coords(a);
  const q = coords(b);
  const dx = Math.abs(p.x - q.x);
  const dy = Math.abs(p.y - q.y);
  if (Math.max(dx, dy) !== 1) return null;
  if (dx + dy === 1) {
    const part = partitionOn(state, p, q);
    if (part && blocksMovement(part.s)) return null;
    return 1 + crossingCost(part?.s);
  }
  // The four edges around the corner, as `cornerEdges` lists them, without building them.
  const c = { x: q.x, y: p.y };
  const d = { x: p.x, y: q.y };
  return edgeFree(state, p, c) && edgeFree(state, c, q) && edgeFree(state, p, d) && edgeFree(state, d, q) ? 1 : null;
}
