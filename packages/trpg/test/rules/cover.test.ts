/**
 * Seed 002 3-3 "엄폐, 피킹, 플랭킹": cover from the line between square centres, its levels and
 * their stacking, people as half cover, full cover's toughness, crossing half cover, peeking and
 * flanking. Worked examples on the Proving Ground: half cover at (2,2) and (2,3), three-quarter
 * cover at (5,5) and (6,5), hard full cover at (8,2) and (8,3), a plank wall (soft full) at (2,7),
 * full cover of medium strength at (8,7). Vale (PRC 4, carbine pen 1) shoots the raider (TGH 3).
 */
import { GM_SETUP, GONE, VERSUS_SETUP, eventsOf, ofType, position, tryApply, withDice } from "../helpers";
import type { TrpgSetup, TrpgState } from "../../src";

const sq = (x: number, y: number) => ({ x, y });
const shot = (vale: { x: number; y: number }, raider: { x: number; y: number }, extra: Record<string, object> = {}, setup: TrpgSetup = VERSUS_SETUP): TrpgState =>
  withDice(position(setup, { turn: "vale", at: { vale, "raider-1": raider, reed: sq(11, 9) }, with: { lookout: GONE, ...extra } }), "vale", [6, 6]);
const fire = (s: TrpgState) => eventsOf(s, "p1", { type: "shoot", targets: ["raider-1"], burst: false, called: false });

describe("seed 002 3-3 엄폐: cover", () => {
  test("seed 002 3-3: cover counts when the line from the shooter's square centre to the target's crosses it: half cover -1 (Vale needs over 6 - 4 + 1 = 3)", () => {
    const [attack] = ofType(fire(shot(sq(0, 2), sq(4, 2))).events, "attack");
    expect(attack!.mods).toEqual([{ source: "cover_half", value: -1 }]);
    expect(attack!.need).toBe(3);
  });

  test("seed 002 3-3: three-quarter cover is -2, and covers stack: two pieces on the line are -4 (needs over 6)", () => {
    const [attack] = ofType(fire(shot(sq(3, 5), sq(9, 5))).events, "attack");
    expect(attack!.mods).toEqual([{ source: "cover_three_quarter", value: -2 }, { source: "cover_three_quarter", value: -2 }]);
    expect(attack!.need).toBe(6);
  });

  test("seed 002 3-3: full cover is -2 to hit and, hard, TGH +3: penetration needs over 3 + 3 - 1 = 5", () => {
    const events = fire(shot(sq(7, 3), sq(9, 3))).events;
    expect(ofType(events, "attack")[0]!.mods).toEqual([{ source: "cover_full", value: -2 }]);
    expect(ofType(events, "penetration")[0]).toMatchObject({ cover: 3, need: 5 });
  });

  test("seed 002 3-3: soft full cover (planks) gives no toughness: penetration needs over 3 - 1 = 2", () => {
    expect(ofType(fire(shot(sq(1, 7), sq(3, 7))).events, "penetration")[0]).toMatchObject({ cover: 0, need: 2 });
  });

  test("seed 002 3-3: full cover in between is the master's call: in GM mode a decision for the game master within 1-2 (2: needs over 3 + 2 - 1 = 4); in versus the engine takes 1", () => {
    const versus = ofType(fire(shot(sq(7, 7), sq(9, 7))).events, "penetration")[0]!;
    expect([versus.cover, versus.need]).toEqual([1, 3]);
    const gm = fire(shot(sq(7, 7), sq(9, 7), {}, GM_SETUP)).state;
    expect(gm.pending).toMatchObject({ kind: "cover_strength", seat: "gm", options: ["1", "2"] });
    const [pen] = ofType(eventsOf(gm, "gm", { type: "decide", choice: "2" }).events, "penetration");
    expect([pen!.cover, pen!.need]).toEqual([2, 4]);
  });

  test("seed 002 3-3: a person on the line is half cover; a concealed one is not (nobody may know it is there)", () => {
    const open = fire(shot(sq(0, 0), sq(5, 0), { reed: { at: sq(2, 0) } }));
    expect(ofType(open.events, "attack")[0]!.mods).toEqual([{ source: "cover_person", value: -1 }]);
    const hidden = fire(shot(sq(0, 0), sq(5, 0), { reed: { at: sq(2, 0), concealed: true, concealment: { value: 6, shots: 0 } } }));
    expect(ofType(hidden.events, "attack")[0]!.mods).toEqual([]);
  });

  test("seed 002 3-3: crossing half cover costs 1 AP: Vale's move through (2,2) leaves her 5", () => {
    const s = position(VERSUS_SETUP, { turn: "vale", at: { vale: sq(1, 2), "raider-1": sq(11, 0), reed: sq(11, 9) }, with: { lookout: GONE } });
    const moved = eventsOf(s, "p1", { type: "move", to: sq(3, 2) });
    expect(ofType(moved.events, "moved")[0]!.path).toEqual([sq(2, 2), sq(3, 2)]);
    expect(moved.state.turn!.ap).toBe(5);
  });
});

describe("seed 002 3-3 피킹: peeking", () => {
  test("seed 002 3-3: next to cover, a peek (1 AP) lets the character's own shots ignore the adjacent half cover", () => {
    let s = shot(sq(3, 2), sq(0, 2));
    expect(ofType(fire(s).events, "attack")[0]!.mods).toEqual([{ source: "cover_half", value: -1 }]);
    s = eventsOf(s, "p1", { type: "peek" }).state;
    expect(s.turn!.ap).toBe(5);
    expect(ofType(fire(s).events, "attack")[0]!.mods).toEqual([]);
  });

  test("seed 002 3-3: while peeking, the cover next to the character is worth 1 less to it (half cover: nothing); a peek ends for 1 AP", () => {
    const raiderTurn = (peeking: boolean) =>
      withDice(position(VERSUS_SETUP, { turn: "raider-1", at: { vale: sq(3, 2), "raider-1": sq(0, 2), reed: sq(11, 9) }, with: { lookout: GONE, vale: { peeking } } }), "raider-1", [1]);
    const at = (s: TrpgState) => ofType(eventsOf(s, "e1", { type: "shoot", targets: ["vale"], burst: false, called: false }).events, "attack")[0]!.mods;
    expect(at(raiderTurn(false))).toEqual([{ source: "cover_half", value: -1 }]);
    expect(at(raiderTurn(true))).toEqual([]);
    const s = eventsOf(eventsOf(shot(sq(3, 2), sq(0, 2)), "p1", { type: "peek" }).state, "p1", { type: "unpeek" }).state;
    expect([s.characters.vale!.peeking, s.turn!.ap]).toEqual([false, 4]);
  });

  test("seed 002 3-3: a peek needs cover next to the character; beside full cover, only at its ends (the two-square wall at (8,2)-(8,3) is all ends)", () => {
    const none = tryApply(shot(sq(0, 0), sq(5, 0)), "p1", { type: "peek" });
    expect(none.ok ? null : none.error.code).toBe("no_cover");
    expect(tryApply(shot(sq(9, 2), sq(11, 0)), "p1", { type: "peek" }).ok).toBe(true);
  });
});

describe("seed 002 3-3 플랭킹: flanking", () => {
  test("seed 002 3-3: when the line from the attacker to an ally crosses the enemy's square, both flank it: +1 to hit (Vale at (0,0), the raider at (2,0), Reed at (4,0))", () => {
    const s = shot(sq(0, 0), sq(2, 0), { reed: { at: sq(4, 0) } });
    expect(ofType(fire(s).events, "attack")[0]!.mods).toEqual([{ source: "flanking", value: 1 }]);
    const melee = withDice(position(VERSUS_SETUP, { turn: "reed", at: { vale: sq(1, 0), "raider-1": sq(2, 0), reed: sq(3, 0) }, with: { lookout: GONE } }), "reed", [1]);
    expect(ofType(eventsOf(melee, "p1", { type: "melee", target: "raider-1", called: false }).events, "attack")[0]!.mods).toContainEqual({ source: "flanking", value: 1 });
  });

  test("seed 002 3-3 (project decision): an ally concealed from the target's side does not flank it: with Reed concealed at (4,0) Vale's shot has no +1, so the target's side learns nothing of Reed", () => {
    const s = shot(sq(0, 0), sq(2, 0), { reed: { at: sq(4, 0), concealed: true, concealment: { value: 8, shots: 0 } } });
    expect(ofType(fire(s).events, "attack")[0]!.mods).toEqual([]);
  });
});
