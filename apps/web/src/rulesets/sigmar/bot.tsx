/** Age of Sigmar in the lobby's "play against the bot" form: both lists are mustered in secret in the battle (the bot locks a sample list). */
import { SigmarRulesetInfo } from "./listing";
import { readListing } from "../../lobby/create-form";
import type { BotFormPart } from "../adapter";

export const bot: BotFormPart<SigmarRulesetInfo, null> = {
  id: "sigmar",
  read: readListing(SigmarRulesetInfo),
  initial: () => null,
  request: (listing, _state, me, { name, level }) => {
    const plan = listing.battleplans[0];
    return plan ? { ruleset: "sigmar", scenario: plan.id, players: [{ name: me }, { name, bot: level }] } : null;
  },
};
