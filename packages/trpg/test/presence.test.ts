/**
 * The no-presence-leak property (docs/rules/trpg.md "Presence"; seed 002 3-3), side by side:
 * a match with a concealed enemy that stays concealed and the same match without it are the same
 * to every player and spectator (events received, views, awaited seats, decisions, legal
 * commands, the live history) until it is found. Here 24 seeded matches, GM mode and versus on the
 * three scenarios; `pnpm bench` runs 200 (apps/cli/bench/trpg.bench.ts).
 */
import { comparePresence, type TrpgSetup } from "../src";
import { GM_SETUP, PUMPHOUSE_VERSUS, QUARRY_GM, VERSUS_SETUP } from "./helpers";

const SETUPS: readonly [TrpgSetup, string][] = [
  [GM_SETUP, "lookout"],
  [VERSUS_SETUP, "lookout"],
  [QUARRY_GM, "lookout"],
  [QUARRY_GM, "sharpshooter"],
  [{ ...QUARRY_GM, mode: "versus", seats: { party: ["p1", "p2"], enemies: ["e1"] } }, "sharpshooter"],
  [PUMPHOUSE_VERSUS, "lookout"],
];

describe("seed 002 3-3 은폐: a concealed enemy that stays concealed tells nobody it is there", () => {
  const cases = Array.from({ length: 24 }, (_, i) => ({ i, setup: SETUPS[i % SETUPS.length]![0], hidden: SETUPS[i % SETUPS.length]![1] }));
  const reports = cases.map((c) => ({ ...c, report: comparePresence(c.setup, `presence-${c.i}`, `presence-bot-${c.i}`, c.hidden) }));

  test.each(reports)("match $i ($setup.scenario, $setup.mode, without $hidden): the same to every player and spectator until the enemy is found", ({ report }) => {
    expect(report.problems).toEqual([]);
  });

  test("the comparisons are long: over 1,500 commands compared in all, some matches to their end, some until the enemy is found", () => {
    const total = reports.reduce((n, r) => n + r.report.compared, 0);
    expect(total).toBeGreaterThan(1500);
    expect(reports.some((r) => r.report.stop === "found")).toBe(true);
    expect(reports.some((r) => r.report.stop === "over")).toBe(true);
  });
});
