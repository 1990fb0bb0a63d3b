/**
 * The table's own line for why a battle ended (./words.ts `endReason`) reads the rules' reason
 * the way the banner does (./end-reason.ts `parseSigmarEndReason`): the players named, the score
 * kept, and a referee's reason (time, a player who left) said as the banner says it rather than
 * as "both armies are destroyed".
 */
import i18next from "i18next";
import { setupI18n } from "../../i18n";
import { endReason } from "./words";
import { sigmarEndReason } from "./end-reason";
import "../../i18n/sigmar-strings";

const i18n = setupI18n("en");
const w = () => ({ t: i18next.getFixedT(null, "sigmar"), language: i18next.language, name: (s: string) => (s === "p1" ? "Ana" : "Bo") });

test.each([
  ["the last battle round is over: victory points 12-9", "the last battle round is over (12-9 VP)"],
  ["the last battle round is over", "the last battle round is over"],
  ["p2 conceded", "Bo conceded"],
  ["p1 has no units left", "Ana has no units left"],
  ["both armies are destroyed", "both armies are destroyed"],
])("the rules' reason %j reads %j, players named", async (reason, words) => {
  await i18n.changeLanguage("en");
  expect(endReason(w(), reason)).toBe(words);
});

test.each(["time", "abandoned", "abandoned_draw", "a comet fell"])("a referee's reason %j reads as the banner reads it", async (reason) => {
  await i18n.changeLanguage("en");
  expect(endReason(w(), reason)).toBe(sigmarEndReason(i18next.getFixedT(null, "common"), reason));
  expect(endReason(w(), reason)).not.toBe("both armies are destroyed");
});
