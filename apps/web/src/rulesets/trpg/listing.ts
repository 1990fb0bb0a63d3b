/** The TRPG's listing in `GET /api/rulesets`, as the lobby's forms read it. */
import { z } from "zod";

const Bilingual = z.object({ en: z.string(), ko: z.string() });

/** The TRPG's listing in `GET /api/rulesets`: its scenarios (with their party, never their enemies), fields and modes. */
export const TrpgRulesetInfo = z.object({
  id: z.literal("trpg"),
  rulesVersion: z.string(),
  modes: z.array(z.string()),
  partyPlayers: z.tuple([z.number(), z.number()]),
  scenarios: z.array(
    z.object({
      id: z.string(),
      name: Bilingual,
      summary: Bilingual,
      field: z.string(),
      night: z.number(),
      rounds: z.number(),
      width: z.number(),
      height: z.number(),
      commander: z.string().nullable(),
      party: z.array(z.object({ id: z.string(), name: Bilingual, archetype: z.string() })),
    }),
  ),
  fields: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TrpgRulesetInfo = z.output<typeof TrpgRulesetInfo>;
