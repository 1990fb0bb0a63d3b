/**
 * The no-presence-leak property (docs/rules/trpg.md "Presence"; seed 002 3-3), side by side:
 * a match with a concealed enemy that stays concealed and the same match without it are the same
 * to every player and spectator (events received, views, awaited seats, decisions, legal
 * commands, the live history) until it is found; and a character of the other side a viewer sees
 * concealed looks the same to it until it is revealed (its wounds, status and items as last seen,
 * `unseenStill`). Here 24 seeded matches, GM mode and versus on the
 * three scenarios, the hidden enemies with random loadouts, wounds and squares (`presenceSetup`);
 * `pnpm bench` runs 200 (apps/cli/bench/trpg.bench.ts).
 */
import { comparePresence, presenceSetup, type TrpgSetup } from "../src";
import { GM_SETUP, PUMPHOUSE_VERSUS, QUARRY_GM, VERSUS_SETUP } from "./helpers";

const SETUPS: readonly [TrpgSetup, string][] = [
  [GM_SETUP, "lookout"],
  [VERSUS_SETUP, "lookout"],
  [QUARRY_GM, "lookout"],
  [QUARRY_GM, "sharpshooter"],
  [{ ...QUARRY_GM, mode: "versus", seats: { party: ["p1", "p2"], enemies: ["e1"] } }, "sharpshooter"],
  [PUMPHOUSE_VERSUS, "lookout"],
  [{ ...PUMPHOUSE_VERSUS, mode: "gm", seats: { party: ["p1", "p2"], enemies: ["gm"] } }, "lookout"],
];

describe("seed 002 3-3 은폐: a concealed enemy that stays concealed tells nobody it is there", () => {
  // The hidden enemies carry random loadouts, low wounds and stand in hazards (`presenceSetup`): they heal, stabilise and die unseen.
  const cases = Array.from({ length: 24 }, (_, i) => ({ i, setup: presenceSetup(SETUPS[i % SETUPS.length]![0], `presence-setup-${i}`), hidden: SETUPS[i % SETUPS.length]![1] }));
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

/**
 * Matches of the benchmark's 200 (apps/cli/bench/trpg.bench.ts: seeds `bench-presence-<i>`) that
 * once told the party of an unseen enemy, kept here: a concealed ally flanking (+1 on a seen
 * enemy's attack), a seen enemy delaying after the hidden one (the `delayed` event named it), and the
 * hidden one's reactive attempt finding a concealed party character (which the party sees: there
 * the comparison stops, as when it fires).
 */
describe("seed 002 3-3: the side-by-side matches that found leaks stay clean", () => {
  const QUARRY_VERSUS_2: TrpgSetup = { ...QUARRY_GM, mode: "versus", seats: { party: ["p1", "p2"], enemies: ["e1"] } };
  const cases: readonly [number, TrpgSetup, string, string][] = [
    [4, QUARRY_VERSUS_2, "sharpshooter", "a concealed ally flanks"],
    [18, QUARRY_VERSUS_2, "sharpshooter", "a delay after the hidden enemy"],
    [88, QUARRY_VERSUS_2, "sharpshooter", "a concealed ally flanks a free strike"],
    [126, GM_SETUP, "lookout", "the unseen lookout's reactive attempt finds a concealed party character: comparing stops there (its act shows by its effect)"],
    [148, VERSUS_SETUP, "lookout", "a concealed ally flanks a called shot"],
    [158, QUARRY_VERSUS_2, "sharpshooter", "a concealed ally flanks a melee attack"],
  ];
  test.each(cases.map(([i, setup, hidden, what]) => ({ i, setup, hidden, what, scenario: setup.scenario, mode: setup.mode })))("bench match $i ($scenario, $mode, without $hidden): $what", ({ i, setup, hidden }) => {
    const report = comparePresence(setup, `bench-presence-${i}`, `bench-presence-bot-${i}`, hidden);
    expect(report.problems).toEqual([]);
  });
});

/**
 * Side-by-side matches that told the party of an unseen enemy once the hidden enemies carried items
 * and could die (`presenceSetup`'s loadouts, kept here as placed): its heal in its round-end turn was
 * a public `healed` (seed 002 3-6 치료 판정); in GM mode its death by contamination opened the master's
 * decision, which cut the round-end step short and showed in the party's view (seed 002 3-6 "적은
 * 무력화되지 않고 즉시 사망하지만 예외를 마스터가 둘 수 있습니다", 3-7 오염); in versus that death was
 * announced as `revealed` and `died` (seed 002 3-6); an ally passing its square was spared the
 * party's overwatch there (seed 002 3-1 오버와치: overwatch meets a mover only where it may stop;
 * match 107 showed it under the earlier dice streams, `rules/unseen.test.ts` acts it out).
 */
describe("seed 002 3-6, 3-7: unseen enemies that heal and die in their round-end turns stay unseen", () => {
  const enemy = (id: string, archetype: string, at: [number, number], more: { hidden?: number; wounds?: number } = {}) => ({ id, archetype, at, ...more });
  const QUARRY_VERSUS_2: TrpgSetup = { ...QUARRY_GM, mode: "versus", seats: { party: ["p1", "p2"], enemies: ["e1"] } };
  const cases: readonly [number, TrpgSetup, string, string][] = [
    [
      16,
      { ...QUARRY_GM, enemies: [enemy("raider-1", "raider", [14, 9], { wounds: 2 }), enemy("raider-2", "raider", [7, 3]), enemy("lookout", "medic", [17, 12], { hidden: 8, wounds: 0 }), enemy("sharpshooter", "marksman", [16, 13], { hidden: 10, wounds: 1 })] },
      "lookout",
      "seed 002 3-6 치료 판정: the unseen lookout's medkit on itself was a public healed event",
    ],
    [
      113,
      { ...VERSUS_SETUP, field: "clear", night: 30, enemies: [enemy("raider-1", "raider", [9, 0], { wounds: 2 }), enemy("lookout", "gunner", [9, 1], { hidden: 11, wounds: 1 })] },
      "lookout",
      "seed 002 3-6 치료 판정 (versus): the unseen lookout's repair kit on itself was a public healed event",
    ],
    [
      10,
      { ...QUARRY_GM, night: 30, enemies: [enemy("raider-1", "raider", [14, 9]), enemy("raider-2", "raider", [7, 3]), enemy("lookout", "warden", [16, 12], { hidden: 10, wounds: 0 }), enemy("sharpshooter", "lookout", [18, 13], { hidden: 9, wounds: 1 })] },
      "sharpshooter",
      "seed 002 3-6, 3-7 오염 (GM mode): the unseen sharpshooter's death in the seep asked the master, cutting the round-end step short",
    ],
    [
      11,
      { ...QUARRY_VERSUS_2, enemies: [enemy("raider-1", "raider", [14, 9]), enemy("raider-2", "raider", [7, 3]), enemy("lookout", "marksman", [16, 6], { hidden: 7, wounds: 3 }), enemy("sharpshooter", "sharpshooter", [17, 13], { hidden: 11, wounds: 1 })] },
      "sharpshooter",
      "seed 002 3-6, 3-7 오염 (versus): the unseen sharpshooter's death in the seep was announced as revealed and died",
    ],
    [
      107,
      {
        ...QUARRY_VERSUS_2,
        field: "extreme_storm",
        enemies: [enemy("raider-1", "raider", [14, 9], { wounds: 2 }), enemy("raider-2", "raider", [7, 3]), enemy("lookout", "marksman", [8, 3], { hidden: 12, wounds: 1 }), enemy("sharpshooter", "medic", [16, 13], { hidden: 8, wounds: 1 })],
      },
      "lookout",
      "seed 002 3-1 오버와치: a raider passing the unseen lookout's square was not met by the party's overwatch there",
    ],
  ];
  test.each(cases.map(([i, setup, hidden, what]) => ({ i, setup, hidden, what })))("match $i: $what", ({ i, setup, hidden }) => {
    const report = comparePresence(setup, `presence-${i}`, `presence-bot-${i}`, hidden);
    expect(report.problems).toEqual([]);
  });
});
