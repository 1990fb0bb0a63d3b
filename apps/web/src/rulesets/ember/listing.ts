/**
 * EMBER's listing in `GET /api/rulesets` (its scenarios and sample armies), read from the loose
 * entries of the answer (`RulesetsResponse`, ../../api.ts), as each ruleset reads its own
 * (../siege/listing.ts, ../sigmar/listing.ts, ../trpg/listing.ts). Its own module, so the pages
 * that never list rulesets (a table) do not build the army schema at load.
 */
import { z } from "zod";
import { ArmyList } from "@fogwar/ember";
import type { RulesetsResponse } from "../../api";

/** A scenario as `GET /api/rulesets` lists it. */
export const ScenarioInfo = z.object({
  id: z.string(),
  name: z.object({ en: z.string(), ko: z.string() }),
  battleSize: z.enum(["skirmish", "standard", "large"]),
  rounds: z.number(),
  /** How many sides its deployment zones host: 2 (1 v 1, 2 v 2) or 4 (also 1 v 1 v 1 and 1 v 1 v 1 v 1). */
  sides: z.number().optional(),
});
export type ScenarioInfo = z.output<typeof ScenarioInfo>;

/** A hosted ruleset with its scenarios and sample armies. */
export const RulesetInfo = z.object({
  id: z.string(),
  rulesVersion: z.string(),
  scenarios: z.array(ScenarioInfo),
  sampleArmies: z.array(ArmyList),
});
export type RulesetInfo = z.output<typeof RulesetInfo>;

/** The EMBER-shaped listings of a `GET /api/rulesets` answer. */
export function emberRulesets(listing: readonly RulesetsResponse["rulesets"][number][]): RulesetInfo[] {
  return listing.flatMap((r) => {
    const parsed = RulesetInfo.safeParse(r);
    return parsed.success ? [parsed.data] : [];
  });
}
