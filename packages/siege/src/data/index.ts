/**
 * Loads and validates Siege's sample data (JSON files under `packages/siege/data`). Validation runs
 * once at import: a malformed file or a broken reference throws {@link DataError} naming it.
 */
import { z } from "zod";
import { DataError, indexById } from "@fogwar/engine";
import rules from "../../data/rules.json";
import dice from "../../data/dice.json";
import operators from "../../data/operators.json";
import gadgets from "../../data/gadgets.json";
import cannery from "../../data/maps/saltmarsh_cannery.json";
import missions from "../../data/missions.json";
import { SiegeData, type Gadget, type MapData, type Mission, type Operator } from "./schema";

export * from "./schema";

/** A sample-data file that does not match its schema or refers to something missing (the engine's). */
export { DataError };

/** Indexes over the validated data, by id. */
export interface SiegeCatalog {
  readonly data: SiegeData;
  readonly operators: ReadonlyMap<string, Operator>;
  readonly gadgets: ReadonlyMap<string, Gadget>;
  readonly maps: ReadonlyMap<string, MapData>;
  readonly missions: ReadonlyMap<string, Mission>;
}

function checkMap(map: MapData): void {
  const where = `map ${map.id}`;
  if (map.floor.length !== map.height) throw new DataError(`${where}: floor has ${map.floor.length} rows, not ${map.height}`);
  const letters = new Set(map.rooms.map((r) => r.letter));
  indexById(map.rooms, `${where} room`);
  map.floor.forEach((row, y) => {
    if (row.length !== map.width) throw new DataError(`${where}: floor row ${y} is not ${map.width} wide`);
    for (const ch of row) if (ch !== "~" && !letters.has(ch)) throw new DataError(`${where}: floor letter "${ch}" is no room`);
  });
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < map.width && y < map.height;
  const ids = new Set<string>();
  for (const p of map.partitions) {
    if (ids.has(p.id)) throw new DataError(`${where}: duplicate partition "${p.id}"`);
    ids.add(p.id);
    for (const [x, y, d] of p.edges) {
      const [x2, y2] = d === "E" ? [x + 1, y] : [x, y + 1];
      if (!inside(x, y) || !inside(x2, y2)) throw new DataError(`${where}: partition ${p.id} edge ${x},${y},${d} is off the map`);
    }
    if ((p.kind === "door" || p.kind === "window") !== (p.barricaded !== undefined)) {
      throw new DataError(`${where}: partition ${p.id}: doors and windows (only) say whether they are barricaded`);
    }
  }
  for (const [x, y] of map.obstacles) if (!inside(x, y)) throw new DataError(`${where}: obstacle ${x},${y} is off the map`);
  for (const area of map.upper) {
    for (const ap of area.accessPoints) {
      if (!inside(ap.at[0], ap.at[1])) throw new DataError(`${where}: access point ${ap.at.join(",")} is off the map`);
    }
  }
  const apSquares = new Set(map.upper.flatMap((a) => a.accessPoints.map((p) => p.at.join(","))));
  for (const c of map.components) {
    if (!inside(c.at[0], c.at[1]) || map.floor[c.at[1]]![c.at[0]] === "~") throw new DataError(`${where}: component ${c.id} is not inside`);
    if (c.kind === "reinforced_access" && !apSquares.has(c.at.join(","))) throw new DataError(`${where}: ${c.id} is not on an access point`);
  }
}

/**
 * Validates raw data and builds the catalog.
 * @throws DataError naming the first problem found.
 */
export function buildCatalog(raw: unknown): SiegeCatalog {
  const parsed = SiegeData.safeParse(raw);
  if (!parsed.success) throw new DataError(`invalid Siege data: ${z.prettifyError(parsed.error)}`);
  const data = parsed.data;
  const ops = indexById(data.operators, "operator");
  const gads = indexById(data.gadgets, "gadget");
  const maps = indexById(data.maps, "map");
  const mis = indexById(data.missions, "mission");
  for (const map of data.maps) checkMap(map);
  for (const m of data.missions) {
    const map = maps.get(m.map);
    if (!map) throw new DataError(`mission ${m.id}: unknown map "${m.map}"`);
    if (!map.rooms.some((r) => r.id === m.objectiveRoom)) throw new DataError(`mission ${m.id}: unknown room "${m.objectiveRoom}"`);
  }
  for (const team of ["attack", "defence"] as const) {
    const count = data.operators.filter((o) => o.team === team).length;
    if (count < data.rules.operatorsPerTeam) throw new DataError(`only ${count} ${team} operators; a team picks ${data.rules.operatorsPerTeam}`);
  }
  for (const op of data.operators) {
    const s = op.special;
    if ((s.kind === "throw" || s.kind === "vertical") && !(s.effect && gads.has(s.effect))) {
      throw new DataError(`operator ${op.id}: special ${s.id} needs a known gadget effect`);
    }
    if (s.kind === "throw" && !gads.get(s.effect!)!.traits.includes("throwable")) throw new DataError(`operator ${op.id}: ${s.effect} is not throwable`);
    if (s.kind === "breach_adjacent" && !s.power) throw new DataError(`operator ${op.id}: special ${s.id} needs a power`);
    if (s.kind === "snare" && !s.damage) throw new DataError(`operator ${op.id}: special ${s.id} needs damage`);
    const last = op.weapon.bands[op.weapon.bands.length - 1]!;
    if (last.upTo < 30) throw new DataError(`operator ${op.id}: the last weapon band must cover every range`);
    for (let i = 1; i < op.weapon.bands.length; i++) {
      if (op.weapon.bands[i]!.upTo <= op.weapon.bands[i - 1]!.upTo) throw new DataError(`operator ${op.id}: weapon bands must grow`);
    }
  }
  return { data, operators: ops, gadgets: gads, maps, missions: mis };
}

/** The project's sample data, validated. */
export const catalog: SiegeCatalog = buildCatalog({ rules, dice, operators, gadgets, maps: [cannery], missions });
