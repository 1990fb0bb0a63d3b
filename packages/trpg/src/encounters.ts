/**
 * The sample encounters: each scenario's enemies (`data/encounters`), the game master's to know
 * (seed 002 3-4; docs/rules/trpg.md "Presence"). Only the server imports this module
 * (`@fogwar/trpg/encounters`): it puts the encounter into a match's setup, so the web client's
 * bundle never holds where an ambush waits. Validated at load against the scenarios.
 */
import provingGround from "../data/encounters/proving_ground.json";
import quarry from "../data/encounters/quarry.json";
import pumphouse from "../data/encounters/pumphouse.json";
import { catalog, DataError, Encounter, placementProblem, type Placement } from "./data";

/** Validates raw encounter files against the catalog's scenarios. @throws DataError naming the first problem. */
export function buildEncounters(raw: readonly unknown[]): ReadonlyMap<string, readonly Placement[]> {
  const out = new Map<string, readonly Placement[]>();
  raw.forEach((value, i) => {
    const parsed = Encounter.safeParse(value);
    if (!parsed.success) throw new DataError(`encounter file ${i + 1}: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`);
    const e = parsed.data;
    const scenario = catalog.scenarios.get(e.scenario);
    if (!scenario) throw new DataError(`encounter of unknown scenario "${e.scenario}"`);
    if (out.has(e.scenario)) throw new DataError(`two encounters for ${e.scenario}`);
    const problem = placementProblem(scenario, "enemies", e.enemies, scenario.party, catalog.archetypes);
    if (problem) throw new DataError(`encounter ${e.scenario}: ${problem}`);
    out.set(e.scenario, e.enemies);
  });
  for (const id of catalog.scenarios.keys()) if (!out.has(id)) throw new DataError(`scenario ${id} has no encounter`);
  return out;
}

/** The sample encounters by scenario id. */
export const encounters = buildEncounters([provingGround, quarry, pumphouse]);

/** The enemies of a scenario's sample encounter. @throws Error for an unknown scenario. */
export function encounter(scenario: string): readonly Placement[] {
  const found = encounters.get(scenario);
  if (!found) throw new Error(`no encounter for scenario ${scenario}`);
  return found;
}
