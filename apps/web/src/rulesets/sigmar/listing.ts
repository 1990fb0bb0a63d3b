/** Age of Sigmar's listing in `GET /api/rulesets`, as the lobby's forms read it. */
import { z } from "zod";

/** Age of Sigmar's listing in `GET /api/rulesets`: its battleplan and sample lists (army lists are checked by the server). */
export const SigmarRulesetInfo = z.object({
  id: z.literal("sigmar"),
  rulesVersion: z.string(),
  battleplans: z.array(z.object({ id: z.string(), name: z.object({ en: z.string(), ko: z.string() }), rounds: z.number() })),
  pointsLimit: z.number(),
  sampleArmies: z.array(z.object({ name: z.string(), faction: z.string(), units: z.array(z.object({ warscroll: z.string(), reserve: z.boolean().optional(), enhancement: z.string().optional() })) })),
  /** The sample lists' names in both languages. */
  armyLabels: z.record(z.string(), z.object({ en: z.string(), ko: z.string() })).optional(),
});
export type SigmarRulesetInfo = z.output<typeof SigmarRulesetInfo>;
