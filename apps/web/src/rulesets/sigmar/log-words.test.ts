/**
 * Age of Sigmar's battle log in words: a seat that scores holding no objective is said to hold
 * none, not to capture "no objective" (core C11, the end of turn scoring), and a declined decision
 * says what was declined, in English and Korean.
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

test("a declined decision says what was declined (a phase's moment passed, a riposte, a run or a retreat kept in place, no returning model, no replacement), not a bare 'declines', in both languages", async () => {
  const say = (what: string) => describeEvent({ t: i18next.getFixedT(null, "sigmar"), language: i18next.language, name: () => "Ana" }, { type: "declined", seat: "p1", what }, { units: {} }, null) ?? "";
  const kinds = ["phase_window", "riposte", "run_move", "retreat_move", "place_models", "replacement"];
  for (const language of ["en", "ko"]) {
    await i18n.changeLanguage(language);
    const lines = kinds.map(say);
    expect(new Set(lines).size).toBe(kinds.length);
    for (const line of lines) expect([line, /declines\.|거절했습니다/.test(line), line.includes("{{")]).toEqual([line, false, false]);
  }
  await i18n.changeLanguage("en");
  expect(say("phase_window")).toBe("Ana passes: no ability or reaction used at this moment.");
  expect(say("something_new")).toBe("Ana declines.");
  await i18n.changeLanguage("ko");
  expect(say("phase_window")).toBe("Ana가 넘겼습니다: 이때 능력이나 반응을 쓰지 않았습니다.");
  await i18n.changeLanguage("en");
});

test("core C2 (sigmar-0.6.0): the reveal's line names each army's units and reserve count, no list name; an older match's reveal still names its lists", async () => {
  const say = (armies: Record<string, unknown>) => describeEvent({ t: i18next.getFixedT(null, "sigmar"), language: i18next.language, name: () => "Ana" }, { type: "armies_revealed", armies } as never, { units: {} }, null);
  const army = { faction: "verdant", units: [{ id: "p1-u1", warscroll: "briar_guard" }], reserves: 1, reserveCommitments: ["c"] };
  await i18n.changeLanguage("en");
  const line = String(say({ p1: army }));
  expect(line).toContain("Ana: Briar Guard; 1 in reserve.");
  expect(line).not.toContain("Grove vanguard");
  expect(String(say({ p1: { ...army, name: "Grove vanguard" } }))).toContain("Ana: Grove vanguard with Briar Guard; 1 in reserve.");
  await i18n.changeLanguage("ko");
  expect(String(say({ p1: army }))).toMatch(/Ana: \S.*; 예비 전력 1개\./);
  await i18n.changeLanguage("en");
});
