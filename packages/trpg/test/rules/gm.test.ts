/**
 * The game master's seat (GM mode; seed 002 3-4 "마스터는 ... 인지 판정등을 ... 수행하게 합니다",
 * 3-5 "비전투 판정"): non-combat checks the master calls (d6 + a stat, tools adding their bonus,
 * against 5, 7 or 9; social checks on COG), a check that studies an enemy and reveals its stat
 * block, resistance checks with the master's modifier; what the party may not see of enemies.
 */
import { spectator } from "@fogwar/engine";
import { MAX_GM_CHECKS } from "../../src/types";
import { GM_SETUP, GONE, QUARRY_GM, VERSUS_SETUP, eventsOf, ofType, position, trpg, tryApply, withDice } from "../helpers";

const sq = (x: number, y: number) => ({ x, y });
/** The raider's turn in GM mode (the master is awaited). */
const mastersTurn = (setup = GM_SETUP) => position(setup, { turn: "raider-1", at: { vale: sq(0, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE } });

describe("seed 002 3-5 비전투 판정: checks the master calls", () => {
  test("seed 002 3-5: d6 + the stat against 5 (normal), 7 (hard) or 9 (expert), tools adding their bonus: Sato (COG 5, toolkit +1) rolls a 1: 1 + 5 + 1 = 7 meets a hard check", () => {
    const s = withDice(position(QUARRY_GM, { turn: "raider-1", at: { "raider-1": sq(14, 9) }, with: { lookout: GONE, sharpshooter: GONE } }), "sato", [1]);
    const { events } = eventsOf(s, "gm", { type: "call_check", character: "sato", stat: "COG", difficulty: 7 });
    expect(ofType(events, "check")[0]).toMatchObject({ kind: "skill", die: 1, total: 7, need: 7, success: true, mods: [{ source: "COG", value: 5 }, { source: "equipment", value: 1 }] });
    const odd = tryApply(s, "gm", { type: "call_check", character: "sato", stat: "COG", difficulty: 6 });
    expect(odd.ok ? null : odd.error.code).toBe("invalid_check");
  });

  test("seed 002 3-4: the party does not see an enemy's stat block until a COG check studies it: Vale (COG 4) rolls a 3 against 7, then the raider's archetype and weapon reach the party", () => {
    const s = withDice(mastersTurn(), "vale", [3]);
    const before = trpg.viewFor(s, { kind: "seat", seat: "p1" }).characters["raider-1"]!;
    expect([before.archetype, before.weapon, before.wounds]).toEqual([null, null, -1]);
    const { state, events } = eventsOf(s, "gm", { type: "call_check", character: "vale", stat: "COG", difficulty: 7, study: "raider-1" });
    expect(ofType(events, "stats_revealed")).toEqual([{ type: "stats_revealed", character: "raider-1", archetype: "raider" }]);
    expect(trpg.viewFor(state, { kind: "seat", seat: "p1" }).characters["raider-1"]).toMatchObject({ archetype: "raider", weapon: "scattergun", wounds: 2 });
    expect(trpg.viewFor(state, spectator).characters["raider-1"]!.archetype).toBe("raider");
  });

  test("seed 002 3-4: an unrevealed enemy's rolls reach the party without their target number or its weapon", () => {
    const s = withDice(mastersTurn(), "raider-1", [1]);
    const r = trpg.apply(s, { type: "shoot", targets: ["vale"], burst: false, called: false }, "gm");
    if (!r.ok) throw new Error(r.error.code);
    const seen = r.events.map((e) => trpg.redact(e, { kind: "seat", seat: "p1" })).filter((e) => e?.type === "attack");
    expect(seen).toEqual([expect.objectContaining({ need: null, weapon: null, die: 1, hit: false })]);
    const master = r.events.map((e) => trpg.redact(e, { kind: "seat", seat: "gm" })).filter((e) => e?.type === "attack");
    expect(master).toEqual([expect.objectContaining({ need: 4, weapon: "scattergun" })]);
  });

  test("the master's console is the master's alone, and only while the master is awaited; versus has none", () => {
    const byPlayer = tryApply(mastersTurn(), "p1", { type: "call_check", character: "vale", stat: "COG", difficulty: 5 });
    expect(byPlayer.ok ? null : byPlayer.error.code).toBe("not_game_master");
    const partyTurn = position(GM_SETUP, { turn: "vale", at: { vale: sq(0, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE } });
    const early = tryApply(partyTurn, "gm", { type: "call_check", character: "vale", stat: "COG", difficulty: 5 });
    expect(early.ok ? null : early.error.code).toBe("not_your_turn");
    const versus = tryApply(mastersTurn(VERSUS_SETUP), "e1", { type: "call_check", character: "vale", stat: "COG", difficulty: 5 });
    expect(versus.ok ? null : versus.error.code).toBe("not_game_master");
  });

  test("seed 002 3-4, 3-5: the master calls at most MAX_GM_CHECKS checks and resistance rolls in one turn (the log stays bounded); the next refuses with too_many_checks and changes nothing; the count is the master's alone and starts again next turn", () => {
    let s = mastersTurn();
    const check = { type: "call_check", character: "vale", stat: "COG", difficulty: 5 } as const;
    for (let i = 0; i < MAX_GM_CHECKS; i++) s = eventsOf(s, "gm", i % 2 === 0 ? check : { type: "resist", character: "vale", stat: "TGH", modifier: 0 }).state;
    const refused = tryApply(s, "gm", check);
    expect(refused.ok ? null : refused.error.code).toBe("too_many_checks");
    expect(trpg.legalCommands(s, "gm").some((c) => c.type === "call_check" || c.type === "resist")).toBe(false);
    expect(trpg.viewFor(s, { kind: "seat", seat: "gm" }).gmChecks).toBe(MAX_GM_CHECKS);
    expect("gmChecks" in trpg.viewFor(s, { kind: "seat", seat: "p1" })).toBe(false);
    expect("gmChecks" in trpg.viewFor(s, spectator)).toBe(false);
    const next = eventsOf(s, "gm", { type: "end_turn" }).state;
    expect(next.gmChecks).toBeUndefined();
  });

  test("the game master sees everything but the dice: the ambush's hidden enemies, their squares and values, every side's secrets", () => {
    const s = trpg.setup(QUARRY_GM, "master-sees").state;
    const gm = trpg.viewFor(s, { kind: "seat", seat: "gm" });
    expect(gm.characters.sharpshooter).toMatchObject({ concealed: true, concealment: { value: 8, shots: 0 }, at: sq(20, 2) });
    expect(JSON.stringify(gm)).not.toContain("master-sees");
    expect(trpg.viewFor(s, { kind: "seat", seat: "p1" }).characters.sharpshooter).toBeUndefined();
  });
});
