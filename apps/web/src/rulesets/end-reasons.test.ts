/**
 * Why a match ended, in words, for Siege, the TRPG and Age of Sigmar (each ruleset's
 * `end-reason.ts`, the adapters' `endReason`): every reason their rules write (the formats of
 * packages/siege/src/victory.ts and round.ts, packages/trpg/src/flow.ts and ruleset.ts,
 * packages/sigmar/src/flow.ts and ruleset.ts) and the referee's, in English and Korean, with no
 * raw reason or seat code left; the match-end banner, the lobby's lists and the review read them.
 */
import i18next from "i18next";
import { setupI18n } from "../i18n";
import { rulesetAdapter } from "./registry";

const i18n = setupI18n("en");
const words = (ruleset: string, reason: string) => rulesetAdapter(ruleset)!.endReason!(i18next.getFixedT(null, "common"), reason);

const CASES: readonly (readonly [string, string, string, string])[] = [
  ["siege", "attack: every defender is dead", "every defender is down", "방어팀이 모두 쓰러짐"],
  ["siege", "defence: every attacker is dead", "every attacker is down", "공격팀이 모두 쓰러짐"],
  ["siege", "attack: kitchen secured", "the attack secured the objective room", "공격팀이 목표 방을 확보함"],
  ["siege", "defence: kitchen held", "the defence held the objective room", "방어팀이 목표 방을 지켜 냄"],
  ["siege", "attack: conceded", "the defence conceded", "방어팀이 기권함"],
  ["siege", "defence: conceded", "the attack conceded", "공격팀이 기권함"],
  ["siege", "abandoned", "the win was claimed after a player left", "한 플레이어가 떠난 뒤 승리가 청구되었습니다"],
  ["trpg", "party: no enemy left standing", "no enemy is left standing", "서 있는 적이 남지 않음"],
  ["trpg", "enemies: the party is down", "the party is down", "파티가 모두 쓰러짐"],
  ["trpg", "party: conceded", "the enemies conceded", "적 진영이 기권함"],
  ["trpg", "enemies: conceded", "the party conceded", "파티가 기권함"],
  ["trpg", "rounds", "the last round was played", "마지막 라운드 종료"],
  ["trpg", "time", "a player ran out of time", "한 플레이어의 시간이 다 되었습니다"],
  ["sigmar", "the last battle round is over: victory points 12-9", "the last battle round is over, victory points 12-9", "마지막 전투 라운드 종료, 승점 12-9"],
  ["sigmar", "the last battle round is over", "the last battle round is over", "마지막 전투 라운드 종료"],
  ["sigmar", "p2 conceded", "a player conceded", "한 플레이어가 기권함"],
  ["sigmar", "p1 has no units left", "an army has no units left", "한 군대에 남은 유닛이 없음"],
  ["sigmar", "both armies are destroyed", "both armies are destroyed", "두 군대가 모두 전멸함"],
  ["sigmar", "abandoned_draw", "a draw was claimed after a player left", "한 플레이어가 떠난 뒤 무승부가 청구되었습니다"],
];

afterAll(() => i18n.changeLanguage("en"));

test.each(CASES)("%s: the reason %j reads %j in English", async (ruleset, reason, en) => {
  await i18n.changeLanguage("en");
  expect(words(ruleset, reason)).toBe(en);
});

test.each(CASES)("%s: the reason %j reads in Korean, with its particle chosen", async (ruleset, reason, _en, ko) => {
  await i18n.changeLanguage("ko");
  expect(words(ruleset, reason)).toBe(ko);
});

test.each(CASES)("%s: the reason %j holds no brackets, so 'Ana won (…)' never nests them", async (ruleset, reason) => {
  for (const language of ["en", "ko"]) {
    await i18n.changeLanguage(language);
    expect(words(ruleset, reason)).not.toMatch(/[()]/);
  }
});

test("a reason no rules write is shown as given, not lost", async () => {
  await i18n.changeLanguage("en");
  expect(words("siege", "attack: something new")).toBe("something new");
  expect(words("sigmar", "a comet fell")).toBe("a comet fell");
});
