/**
 * Age of Sigmar's battle log in words: a seat that scores holding no objective is said to hold
 * none, not to capture "no objective" (core C11, the end of turn scoring), in English and Korean.
 */
import i18next from "i18next";
import { setupI18n } from "../../i18n";
import { describeEvent } from "./words";

const i18n = setupI18n("en");

test("core C11: scoring with objectives names them; scoring with none says the seat holds none, in both languages", async () => {
  const say = (objectives: string[]) => describeEvent({ t: i18next.getFixedT(null, "sigmar"), language: i18next.language, name: () => "Ana" }, { type: "scored", seat: "p1", objectives, vp: 1 }, { units: {} }, null);
  await i18n.changeLanguage("en");
  expect(say([])).toBe("Ana holds no objective: 1 VP.");
  expect(say(["west"])).toMatch(/^Ana holds \S.*: 1 VP\.$/);
  await i18n.changeLanguage("ko");
  expect(say([])).toBe("Ana: 차지한 목표 없음, 승점 1.");
  await i18n.changeLanguage("en");
});
