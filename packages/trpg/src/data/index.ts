/**
 * Loads and validates the tactical TRPG's sample data (JSON files under `packages/trpg/data`).
 * Validation runs once at import: a malformed file or a broken reference throws {@link DataError}
 * naming it (seed 002 leaves every number of characters, weapons and maps to the table).
 */
import { z } from "zod";
import { DataError, indexById } from "@fogwar/engine";
import rules from "../../data/rules.json";
import weapons from "../../data/weapons.json";
import equipment from "../../data/equipment.json";
import characters from "../../data/characters.json";
import fields from "../../data/fields.json";
import provingGround from "../../data/scenarios/proving_ground.json";
import quarry from "../../data/scenarios/quarry.json";
import pumphouse from "../../data/scenarios/pumphouse.json";
import { Archetype, Equipment, FieldsData, RulesData, Scenario, Weapon, type Field, type Placement } from "./schema";

export * from "./schema";

/** A sample-data file that does not match its schema or refers to something missing (the engine's). */
export { DataError };

/** Everything the rules read, validated and indexed by id. */
export interface TrpgCatalog {
  readonly rules: RulesData;
  readonly weapons: ReadonlyMap<string, Weapon>;
  readonly equipment: ReadonlyMap<string, Equipment>;
  readonly archetypes: ReadonlyMap<string, Archetype>;
  readonly fields: ReadonlyMap<string, Field>;
  readonly light: FieldsData["light"];
  readonly hazards: FieldsData["hazards"];
  readonly scenarios: ReadonlyMap<string, Scenario>;
  /** The raw files it was built from (a frozen build's sample data, for its replay fixture). */
  readonly data: RawData;
}

/** The raw files the catalog is built from (tests pass broken copies). */
export interface RawData {
  rules: unknown;
  weapons: unknown;
  equipment: unknown;
  characters: unknown;
  fields: unknown;
  scenarios: unknown[];
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DataError(`${what}: ${issue ? `${issue.path.join(".")}: ${issue.message}` : "invalid"}`);
  }
  return parsed.data;
}

/** The terrain letters a character may stand on. */
const STANDABLE = new Set([".", "h"]);

/**
 * The problem with placing `placements` of `side` on `scenario` beside `others` (already placed),
 * or null: known stat blocks, open squares on the map, one character a square, unique ids; the
 * party never starts hidden (docs/rules/trpg.md "Presence": its roster is always known), the
 * enemies need someone in view (a side nobody can see would be beaten at once).
 */
export function placementProblem(scenario: Scenario, side: "party" | "enemies", placements: readonly Placement[], others: readonly Placement[], archetypes: ReadonlyMap<string, Archetype>): string | null {
  const { map } = scenario;
  const ids = new Set(others.map((p) => p.id));
  const squares = new Set(others.map((p) => `${p.at[0]},${p.at[1]}`));
  for (const p of placements) {
    if (ids.has(p.id)) return `duplicate character "${p.id}"`;
    ids.add(p.id);
    const arch = archetypes.get(p.archetype);
    if (!arch) return `${p.id} has unknown archetype "${p.archetype}"`;
    if (p.at[0] >= map.width || p.at[1] >= map.height || !STANDABLE.has(map.rows[p.at[1]]![p.at[0]]!)) return `${p.id} does not stand on an open square`;
    const key = `${p.at[0]},${p.at[1]}`;
    if (squares.has(key)) return `two characters on ${key}`;
    squares.add(key);
    if (side === "party" && p.hidden !== undefined) return `party character ${p.id} cannot start hidden`;
    if (p.wounds !== undefined && p.wounds > arch.stats.W) return `${p.id} starts with more than its W`;
  }
  if (side === "enemies" && placements.every((p) => p.hidden !== undefined)) return "every enemy starts hidden";
  return null;
}

function checkScenario(s: Scenario, catalog: Omit<TrpgCatalog, "scenarios" | "data">): void {
  const where = `scenario ${s.id}`;
  const { map } = s;
  if (map.rows.length !== map.height) throw new DataError(`${where}: the map has ${map.rows.length} rows, not ${map.height}`);
  map.rows.forEach((row, y) => {
    if (row.length !== map.width) throw new DataError(`${where}: map row ${y} is not ${map.width} wide`);
  });
  const inside = ([x, y]: readonly [number, number]) => x < map.width && y < map.height;
  for (const light of map.lights) if (!inside(light.at)) throw new DataError(`${where}: a light is off the map`);
  for (const h of map.hazards) if (!inside(h.from) || !inside(h.to) || h.from[0] > h.to[0] || h.from[1] > h.to[1]) throw new DataError(`${where}: a hazard is not a rectangle on the map`);
  if (!catalog.fields.has(s.field)) throw new DataError(`${where}: unknown field "${s.field}"`);
  const problem = placementProblem(s, "party", s.party, [], catalog.archetypes);
  if (problem) throw new DataError(`${where}: ${problem}`);
  if (s.commander !== null && !s.party.some((p) => p.id === s.commander)) throw new DataError(`${where}: commander "${s.commander}" is not in the party`);
}

/** Validates raw data and builds the catalog. @throws DataError naming the first problem. */
export function buildCatalog(raw: RawData): TrpgCatalog {
  const rulesData = parse(RulesData, raw.rules, "rules.json");
  const weaponList = parse(z.strictObject({ note: z.string(), weapons: z.array(Weapon) }), raw.weapons, "weapons.json").weapons;
  const equipmentList = parse(z.strictObject({ note: z.string(), equipment: z.array(Equipment) }), raw.equipment, "equipment.json").equipment;
  const archetypeList = parse(z.strictObject({ note: z.string(), characters: z.array(Archetype) }), raw.characters, "characters.json").characters;
  const fieldsData = parse(FieldsData, raw.fields, "fields.json");
  const base = {
    rules: rulesData,
    weapons: indexById(weaponList, "weapon"),
    equipment: indexById(equipmentList, "equipment"),
    archetypes: indexById(archetypeList, "character"),
    fields: indexById(fieldsData.fields, "field"),
    light: fieldsData.light,
    hazards: fieldsData.hazards,
  };
  for (const e of equipmentList) {
    if ((e.kind === "supercharger" || e.kind === "repair" || e.kind === "medical") && e.slots === undefined) throw new DataError(`equipment ${e.id} needs slots`);
    if (e.kind === "lamp" && e.light === undefined) throw new DataError(`equipment ${e.id} needs a light radius`);
  }
  for (const a of archetypeList) {
    for (const w of a.weapons) if (!base.weapons.has(w)) throw new DataError(`character ${a.id}: unknown weapon "${w}"`);
    for (const e of a.equipment) if (!base.equipment.has(e)) throw new DataError(`character ${a.id}: unknown equipment "${e}"`);
  }
  const scenarioList = raw.scenarios.map((s, i) => parse(Scenario, s, `scenario file ${i + 1}`));
  for (const s of scenarioList) checkScenario(s, base);
  return { ...base, scenarios: indexById(scenarioList, "scenario"), data: raw };
}

/** The sample data, validated once at load. */
export const catalog: TrpgCatalog = buildCatalog({ rules, weapons, equipment, characters, fields, scenarios: [provingGround, quarry, pumphouse] });
