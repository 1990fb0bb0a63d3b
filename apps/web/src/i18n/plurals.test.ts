/**
 * Counts read as sentences: one square is "1 square", not "1 squares" (the Siege odds at one
 * square, EMBER's line of sight to an adjacent unit, a manoeuvre with one square to reach); in
 * Korean the counter word does not change.
 */
import i18next from "i18next";
import { setupI18n, setLanguage } from "./index";

beforeAll(() => setupI18n());

test("English takes the singular for one and the plural otherwise", async () => {
  await setLanguage("en", i18next);
  expect(i18next.t("siege:odds.band", { count: 1, weapon: "Carbine", distance: 1, dice: "orange" })).toBe("Carbine at 1 square rolls orange");
  expect(i18next.t("siege:odds.band", { count: 3, weapon: "Carbine", distance: 3, dice: "orange" })).toBe("Carbine at 3 squares rolls orange");
  expect(i18next.t("table:board.sightClear", { count: 1, distance: 1 })).toBe("line of sight, 1 square");
  expect(i18next.t("table:board.sightClear", { count: 4, distance: 4 })).toBe("line of sight, 4 squares");
  expect(i18next.t("table:actions.manoeuvre", { count: 1 })).toBe("Manoeuvre · 1 square in reach");
  expect(i18next.t("table:actions.manoeuvre", { count: 29 })).toBe("Manoeuvre · 29 squares in reach");
  expect(i18next.t("table:help.manoeuvre", { count: 1, cost: 1 })).toMatch(/1 square is reachable now/);
  expect(i18next.t("table:actions.activation", { count: 1, unit: "Smelter", timing: "3" })).toBe("Smelter is active · dial 3 · 1 tick point left");
  expect(i18next.t("table:actions.activation", { count: 3, unit: "Smelter", timing: "3" })).toBe("Smelter is active · dial 3 · 3 tick points left");
  expect(i18next.t("table:log.dice_rerolled", { count: 1, side: "Attack", dice: "hollow" })).toBe("Attack link reroll of 1 die: hollow.");
  expect(i18next.t("table:log.dice_rerolled", { count: 2, side: "Attack", dice: "hollow, solid" })).toBe("Attack link reroll of 2 dice: hollow, solid.");
  expect(i18next.t("trpg:roster.fails", { count: 1 })).toBe("1 failed death save");
  expect(i18next.t("trpg:roster.fails", { count: 2 })).toBe("2 failed death saves");
});

test("Korean keeps one form", async () => {
  await setLanguage("ko", i18next);
  expect(i18next.t("siege:odds.band", { count: 1, weapon: "카빈", distance: 1, dice: "주황" })).toBe("카빈, 거리 1칸: 주황");
  expect(i18next.t("table:board.sightClear", { count: 1, distance: 1 })).toBe("시야 확보, 1칸");
  expect(i18next.t("table:actions.manoeuvre", { count: 1 })).toBe("기동 · 갈 수 있는 칸 1곳");
  expect(i18next.t("table:actions.activation", { count: 1, unit: "스멜터", timing: "3" })).toBe("스멜터 액션 기회 · 다이얼 3 · 남은 틱 포인트 1");
  await setLanguage("en", i18next);
});
