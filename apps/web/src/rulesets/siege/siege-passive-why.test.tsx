/**
 * Why an operator's special gadget is no action, on the Siege table (seed 004_cb264102299fbb71.txt
 * "특수 도구 사용": only gadgets with the action mark are actions; some have passive effects):
 * Bulwark's Brace is always on, and the list of missing actions says so, in English and Korean.
 * It once said "Brace has no uses left", as if a used-up gadget, to a player who had used none.
 */
import { deserialize, serialize } from "node:v8";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { legalCommandsInView, siege } from "@fogwar/siege";
import { whyMissing } from "./SiegeAids";
import { inEnglish } from "../../../test/english";
import { runSiege } from "../../../test/siege-play";
import { facing } from "../../../test/siege-table";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
inEnglish();
afterEach(() => i18next.changeLanguage("en"));

/** Why Bulwark, just activated, has no special gadget action, in `language`. */
async function whySpecial(language: string): Promise<string | undefined> {
  await i18next.changeLanguage(language);
  const view = siege.viewFor(runSiege(facing(), [["a1", { type: "activate", operator: "bulwark" }]]), seatViewer("a1"));
  const w = { t: i18next.getFixedT(language, "siege"), language };
  return whyMissing(view, legalCommandsInView(view, "a1"), w).find((m) => m.kind === "special")?.why;
}

test("seed 004 특수 도구 사용: a passive special gadget is said to be always on, not out of uses", async () => {
  expect(await whySpecial("en")).toBe("Brace is always on: it is no action to take.");
  expect(await whySpecial("ko")).toBe("버팀은 항상 적용되며, 따로 하는 액션이 아닙니다.");
});
