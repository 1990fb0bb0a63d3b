/**
 * One parser of a Siege match's end reason (./end-reason.ts `parseSiegeEndReason`): the banner's
 * words (`siegeEndReason`) and the table's (./words.ts `reasonWords`, naming the room) read the
 * same parse, so every reason the rules or the referee write reads in words on the table too
 * (the referee's `time` included), never as the raw reason.
 */
import i18next from "i18next";
import { setupI18n } from "../../i18n";
import "../../i18n/siege-strings";
import { parseSiegeEndReason, siegeEndReason } from "./end-reason";
import { reasonWords, type SiegeWords } from "./words";

const i18n = setupI18n("en");
afterAll(() => i18n.changeLanguage("en"));

const REASONS = ["attack: every defender is dead", "defence: every attacker is dead", "attack: ledger_room secured", "defence: ledger_room held", "attack: conceded", "defence: conceded", "time", "abandoned", "abandoned_draw"];

test("the reason is parsed once: team, what happened, the room", () => {
  expect(parseSiegeEndReason("defence: ledger_room held")).toEqual({ kind: "held", winner: "defence", room: "ledger_room" });
  expect(parseSiegeEndReason("attack: conceded")).toEqual({ kind: "conceded", winner: "attack", loser: "defence" });
  expect(parseSiegeEndReason("time")).toEqual({ kind: "referee", cause: "time" });
  expect(parseSiegeEndReason("attack: something new")).toEqual({ kind: "other", winner: "attack", text: "something new" });
});

test.each(["en", "ko"])("the table's words (%s) read every reason in words, never the raw reason", async (language) => {
  await i18n.changeLanguage(language);
  const w: SiegeWords = { t: i18next.getFixedT(null, "siege"), language };
  for (const reason of REASONS) {
    const text = reasonWords(w, reason, "saltmarsh_cannery");
    expect(text).not.toBe(reason);
    expect(text).not.toMatch(/^(attack|defence):|_/);
    expect(text.length).toBeGreaterThan(0);
  }
  // The referee's reasons the table has no words of its own for are the banner's.
  expect(reasonWords(w, "time")).toBe(siegeEndReason(i18next.getFixedT(null, "common"), "time"));
});
