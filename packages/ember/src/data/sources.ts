/**
 * EMBER's sample data as written: the JSON files under `packages/ember/data`, gathered in the
 * shape of {@link EmberData} before the schema reads them (./schema.ts). Used by `pnpm data`
 * (../../scripts/write-validated-data.ts), which writes ./validated.json from them, and by the
 * data tests, which check that file is current; pages and the server load ./validated.json.
 */
import rules from "../../data/rules.json";
import dice from "../../data/dice.json";
import rdl from "../../data/factions/rdl.json";
import un from "../../data/factions/un.json";
import gof from "../../data/factions/gof.json";
import crossroads from "../../data/scenarios/crossroads.json";
import foundry from "../../data/scenarios/foundry.json";
import relayField from "../../data/scenarios/relay-field.json";
import ashfall from "../../data/scenarios/ashfall.json";
import armies from "../../data/armies.json";
import commonActions from "../../data/common-actions.json";

/** Each faction file; typed loosely here because the schema validates the contents. */
const factionFiles: Record<string, { parts: unknown[]; pilots: unknown[]; drones: unknown[]; loadouts: unknown[]; projectiles?: unknown[] }> = {
  rdl,
  un,
  gof,
};

/** The authored files, unvalidated, in one object: the input of `EmberData.parse` and `buildCatalog`. */
export function authoredData(): Record<string, unknown> {
  return {
    rules,
    dice,
    parts: Object.values(factionFiles).flatMap((f) => f.parts),
    pilots: Object.values(factionFiles).flatMap((f) => f.pilots),
    drones: Object.values(factionFiles).flatMap((f) => f.drones),
    projectiles: Object.values(factionFiles).flatMap((f) => f.projectiles ?? []),
    loadouts: Object.values(factionFiles).flatMap((f) => f.loadouts),
    scenarios: [crossroads, foundry, relayField, ashfall],
    armies,
    commonActions: commonActions.actions,
  };
}
