/**
 * Seed 002 3-4 "전투 판정": the hit checks (ranged Bs = 7 - PRC, melee Ws = 7 - BRT less the
 * target's evasion by speed), penetration, the dodge check (supercharger slots, 6 - speed, each
 * success a cumulative -1 until the dodger's turn, abilities that hinder dodging) and resistance
 * checks.
 */
import { board } from "../../src";
import { GM_SETUP, GONE, PUMPHOUSE_VERSUS, VERSUS_SETUP, eventsOf, ofType, position, tryApply, withDice } from "../helpers";
import type { TrpgState } from "../../src";

const sq = (x: number, y: number) => ({ x, y });

describe("seed 002 3-4 명중판정: hit checks", () => {
  test("seed 002 3-4: evasion by speed: 2-3 gives 1, 4-5 gives 2, 6-7 gives 3 (0-1: none)", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(board.evasionOf)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  test("seed 002 3-4: melee hits on a d6 over 6 - BRT less the target's evasion: Reed (BRT 4) on the raider (speed 3, evasion 1) needs over 3; a 4 hits, the cleaver's pen 1 against TGH 3 needs over 2", () => {
    const s = withDice(position(VERSUS_SETUP, { turn: "reed", at: { reed: sq(4, 0), "raider-1": sq(5, 0), vale: sq(0, 9) }, with: { lookout: GONE } }), "reed", [4, 3]);
    const events = eventsOf(s, "p1", { type: "melee", target: "raider-1", called: false }).events;
    expect(ofType(events, "attack")[0]).toMatchObject({ weapon: "cleaver", via: "melee", need: 3, die: 4, hit: true, mods: [{ source: "evasion", value: -1 }] });
    expect(ofType(events, "penetration")[0]).toMatchObject({ need: 2, success: true });
  });
});

describe("seed 002 3-4 회피 판정: dodging", () => {
  /** The raider (PRC 2: needs over 4 in the open) shoots Vale (speed 5, a supercharger with 2 slots). */
  const raiderShoots = (dice: number[], extra: Record<string, object> = {}): TrpgState =>
    withDice(position(VERSUS_SETUP, { turn: "raider-1", at: { vale: sq(0, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE, ...extra } }), "raider-1", dice);

  test("seed 002 3-4: a shot that would hit may be dodged (a decision for the target's seat) with a supercharger slot: d6 over 6 - speed (1); a 2 dodges, and the slot is spent", () => {
    const hit = eventsOf(raiderShoots([5, 2]), "e1", { type: "shoot", targets: ["vale"], burst: false, called: false }).state;
    expect(hit.pending).toMatchObject({ kind: "dodge", seat: "p1", target: "vale" });
    const { state, events } = eventsOf(hit, "p1", { type: "decide", choice: "dodge" });
    expect(ofType(events, "dodge")[0]).toMatchObject({ need: 1, die: 2, success: true, mods: [] });
    expect(ofType(events, "penetration")).toHaveLength(0);
    expect(state.characters.vale).toMatchObject({ dodges: 1, slots: { supercharger: 1 } });
  });

  test("seed 002 3-4: each dodge made adds -1 to the next until the dodger's turn: after one, a 2 is 2 - 1 = 1, not over 1, and the shot goes on to penetration", () => {
    const hit = eventsOf(raiderShoots([5, 2, 1], { vale: { dodges: 1, slots: { supercharger: 1 } } }), "e1", { type: "shoot", targets: ["vale"], burst: false, called: false }).state;
    const { events } = eventsOf(hit, "p1", { type: "decide", choice: "dodge" });
    expect(ofType(events, "dodge")[0]).toMatchObject({ mods: [{ source: "dodged", value: -1 }], success: false });
    expect(ofType(events, "penetration")).toHaveLength(1);
  });

  test("seed 002 3-4: taking the hit spends nothing; without a slot left no dodge is offered", () => {
    const hit = eventsOf(raiderShoots([5, 1]), "e1", { type: "shoot", targets: ["vale"], burst: false, called: false }).state;
    expect(eventsOf(hit, "p1", { type: "decide", choice: "take" }).state.characters.vale!.slots.supercharger).toBe(2);
    const empty = eventsOf(raiderShoots([5, 1], { vale: { slots: { supercharger: 0 } } }), "e1", { type: "shoot", targets: ["vale"], burst: false, called: false }).state;
    expect(empty.pending).toBeNull();
  });

  test("seed 002 3-4: some abilities hinder dodging: the Warden's pinning fire is -1 to dodge her shots", () => {
    let s = position(PUMPHOUSE_VERSUS, { turn: "warden", at: { warden: sq(12, 3), vale: sq(9, 3), reed: sq(1, 12), sato: sq(2, 12), harrow: sq(3, 12) }, with: { brute: GONE, "raider-1": GONE, lookout: GONE } });
    s = withDice(s, "warden", [6, 6, 6, 6]);
    s = eventsOf(s, "e1", { type: "brace" }).state;
    const hit = eventsOf(s, "e1", { type: "shoot", targets: ["vale"], burst: false, called: false }).state;
    expect(hit.pending?.kind).toBe("dodge");
    expect(ofType(eventsOf(hit, "p1", { type: "decide", choice: "dodge" }).events, "dodge")[0]!.mods).toEqual([{ source: "ability", value: -1 }]);
  });
});

describe("seed 002 3-4 관통, 저항 판정: penetration and resistance", () => {
  test("seed 002 3-4: a hit wounds when the attacker's d6 is over the target's TGH - the weapon's penetration: the scattergun (pen 0) on Vale (TGH 3) needs over 3; a 3 does not", () => {
    const s = withDice(position(VERSUS_SETUP, { turn: "raider-1", at: { vale: sq(0, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE, vale: { slots: { supercharger: 0 } } } }), "raider-1", [6, 3]);
    const { state, events } = eventsOf(s, "e1", { type: "shoot", targets: ["vale"], burst: false, called: false });
    expect(ofType(events, "penetration")[0]).toMatchObject({ need: 3, die: 3, success: false });
    expect(state.characters.vale!.wounds).toBe(3);
  });

  test("seed 002 3-4 저항 판정: a resistance check succeeds on a d6 plus modifiers over 6 - the stat: the master has Vale resist on TGH 3 at -1; a 5 (5 - 1 = 4 > 3) resists", () => {
    const s = withDice(position(GM_SETUP, { turn: "raider-1", at: { vale: sq(0, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE } }), "vale", [5]);
    const { events } = eventsOf(s, "gm", { type: "resist", character: "vale", stat: "TGH", modifier: -1 });
    expect(ofType(events, "check")[0]).toMatchObject({ kind: "resist", die: 5, total: 4, need: 3, success: true });
    const out = tryApply(s, "gm", { type: "resist", character: "vale", stat: "TGH", modifier: -3 });
    expect(out.ok ? null : out.error.code).toBe("invalid_check");
  });
});
