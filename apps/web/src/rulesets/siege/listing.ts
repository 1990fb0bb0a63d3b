/** Siege's listing in `GET /api/rulesets`, as the lobby's forms read it. */
import { z } from "zod";

/** Siege's listing in `GET /api/rulesets`: missions (with map and rounds), maps and team sizes. */
export const SiegeRulesetInfo = z.object({
  id: z.literal("siege"),
  rulesVersion: z.string(),
  missions: z.array(z.object({ id: z.string(), name: z.object({ en: z.string(), ko: z.string() }), map: z.string(), rounds: z.number(), overtime: z.boolean().optional() })),
  maps: z.array(z.object({ id: z.string(), name: z.object({ en: z.string(), ko: z.string() }), width: z.number(), height: z.number() })),
  teamSizes: z.array(z.number()),
});
export type SiegeRulesetInfo = z.output<typeof SiegeRulesetInfo>;
