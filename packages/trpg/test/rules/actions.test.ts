/**
 * Seed 002 3-1 "라운드, 턴, 행동치와 액션": action points and the actions, each with a worked
 * example computed by hand. Positions on the Proving Ground (12 x 10, day, no field effect):
 * Ines Vale (scout: PRC 4, BRT 2, COG 4, TGH 3, SPD 5; carbine 24 squares, rate of fire 2, pen 1,
 * damage 1; supercharger) and Tomas Reed (gunner: PRC 3, BRT 4, SPD 3; hailer, heavy, 30 squares,
 * rate 3) against a raider (PRC 2, BRT 3, TGH 3, SPD 3, W 2; scattergun 8 squares).
 */
import { VERSUS_SETUP, GONE, SEEN, QUARRY_VERSUS, eventsOf, ofType, position, trpg, tryApply, withDice } from "../helpers";
import type { TrpgState } from "../../src";
import { answer } from "../../src/plan";

const sq = (x: number, y: number) => ({ x, y });
/** Vale's turn: Vale (0,0), the raider (5,0) in the open, Reed (0,9); the lookout out of the fight. */
const open = (extra: Parameters<typeof position>[1]["with"] = {}, turn = "vale"): TrpgState =>
  position(VERSUS_SETUP, { turn, at: { vale: sq(0, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE, ...extra } });

describe("seed 002 3-1 행동치: six action points a turn", () => {
  test("seed 002 3-1: a shooting action (4) and two steps (1 each) spend the 6 AP; a third step is refused with no_action_points", () => {
    let s = withDice(open(), "vale", [1]);
    s = eventsOf(s, "p1", { type: "shoot", targets: ["raider-1"], burst: false, called: false }).state;
    expect(s.turn!.ap).toBe(2);
    s = eventsOf(s, "p1", { type: "step", to: sq(1, 1) }).state;
    s = eventsOf(s, "p1", { type: "step", to: sq(2, 1) }).state;
    expect(s.turn!.ap).toBe(0);
    const r = tryApply(s, "p1", { type: "step", to: sq(3, 1) });
    expect(r.ok ? null : r.error.code).toBe("no_action_points");
  });

  test("seed 002 3-1: main actions cost 3 (a sprint), bonus actions 2 (a weapon swap), quick ones 1 (a step)", () => {
    let s = open();
    s = eventsOf(s, "p1", { type: "sprint", to: sq(0, 5) }).state;
    expect(s.turn!.ap).toBe(3);
    s = eventsOf(s, "p1", { type: "swap" }).state;
    expect(s.turn!.ap).toBe(1);
    expect(s.characters.vale!.weapon).toBe("knife");
    s = eventsOf(s, "p1", { type: "step", to: sq(1, 5) }).state;
    expect(s.turn!.ap).toBe(0);
  });
});

describe("seed 002 3-1 무브 액션: the move action", () => {
  test("seed 002 3-1: M is speed x 2 (Vale: 10 squares), free, and a diagonal step counts 1.5: (3,9) to (9,3) is 6 diagonals = 9, to (10,2) 7 diagonals = 10.5, too far", () => {
    const s = position(VERSUS_SETUP, { turn: "vale", at: { vale: sq(3, 9), "raider-1": sq(11, 0), reed: sq(0, 0) }, with: { lookout: GONE } });
    const moved = eventsOf(s, "p1", { type: "move", to: sq(9, 3) }).state;
    expect(moved.characters.vale!.at).toEqual(sq(9, 3));
    expect(moved.turn!.ap).toBe(6);
    expect(moved.turn!.moved).toBe(9);
    const far = tryApply(s, "p1", { type: "move", to: sq(10, 2) });
    expect(far.ok ? null : far.error.code).toBe("unreachable");
    expect(eventsOf(s, "p1", { type: "move", to: sq(3, 0) }).state.turn!.moved).toBe(9);
  });

  test("seed 002 3-1: the move action is taken once a turn; with a supercharger it may be split (Vale: 4 then 6 squares); Reed without one cannot move twice", () => {
    let s = open();
    s = eventsOf(s, "p1", { type: "move", to: sq(0, 4) }).state;
    s = eventsOf(s, "p1", { type: "move", to: sq(6, 4) }).state;
    expect(s.turn!.moved).toBe(10);
    const past = tryApply(s, "p1", { type: "move", to: sq(7, 4) });
    expect(past.ok ? null : past.error.code).toBe("unreachable");
    let r = position(VERSUS_SETUP, { turn: "reed", at: { reed: sq(0, 9), "raider-1": sq(11, 0), vale: sq(0, 0) }, with: { lookout: GONE } });
    r = eventsOf(r, "p1", { type: "move", to: sq(2, 9) }).state;
    const again = tryApply(r, "p1", { type: "move", to: sq(3, 9) });
    expect(again.ok ? null : again.error.code).toBe("move_used");
  });

  test("seed 002 3-1 메인 액션 질주: a sprint moves speed squares for 3 AP (Vale: 5, not 6)", () => {
    const s = open();
    expect(eventsOf(s, "p1", { type: "sprint", to: sq(0, 5) }).state.characters.vale!.at).toEqual(sq(0, 5));
    const far = tryApply(s, "p1", { type: "sprint", to: sq(0, 6) });
    expect(far.ok ? null : far.error.code).toBe("unreachable");
  });

  test("seed 002 3-1 퀵 액션 스텝: a step moves one square, diagonals too, for 1 AP", () => {
    const s = eventsOf(open(), "p1", { type: "step", to: sq(1, 1) }).state;
    expect(s.characters.vale!.at).toEqual(sq(1, 1));
    expect(s.turn!.ap).toBe(5);
    const two = tryApply(s, "p1", { type: "step", to: sq(3, 1) });
    expect(two.ok ? null : two.error.code).toBe("unreachable");
  });
});

describe("seed 002 3-1 엎드리기: prone", () => {
  test("seed 002 3-1: dropping prone is free, standing up costs 3; a prone character moves a third of M (10 / 3: 3 squares, not 4), steps for 2 AP and cannot strike in melee", () => {
    let s = open({ "raider-1": { at: sq(1, 0) } });
    s = eventsOf(s, "p1", { type: "prone" }).state;
    expect(s.turn!.ap).toBe(6);
    const melee = tryApply(s, "p1", { type: "melee", target: "raider-1", called: false });
    expect(melee.ok ? null : melee.error.code).toBe("prone");
    expect(tryApply(s, "p1", { type: "move", to: sq(0, 4) }).ok).toBe(false);
    const stepped = eventsOf(s, "p1", { type: "step", to: sq(0, 1) }).state;
    expect(stepped.turn!.ap).toBe(4);
    // Crawling away from the raider leaves its engagement: the raider's seat may strike (seed 002 3-1 접전); it lets her go.
    let crawled = eventsOf(stepped, "p1", { type: "move", to: sq(0, 4) }).state;
    expect(crawled.pending).toMatchObject({ kind: "free_strike", seat: "e1", attacker: "raider-1", target: "vale" });
    crawled = eventsOf(crawled, "e1", { type: "decide", choice: "spare" }).state;
    expect(crawled.characters.vale!.at).toEqual(sq(0, 4));
    const up = eventsOf(crawled, "p1", { type: "stand" }).state;
    expect(up.characters.vale!.prone).toBe(false);
    expect(up.turn!.ap).toBe(1);
  });

  test("seed 002 3-1: a melee attack on a prone target gets +1, a ranged one -1 (Vale's carbine at a prone raider: needs over 6 - 4 + 1 = 3)", () => {
    const s = withDice(open({ "raider-1": { prone: true } }), "vale", [3]);
    const [attack] = ofType(eventsOf(s, "p1", { type: "shoot", targets: ["raider-1"], burst: false, called: false }).events, "attack");
    expect(attack!.mods).toEqual([{ source: "prone_target", value: -1 }]);
    expect(attack!.need).toBe(3);
    expect(attack!.hit).toBe(false);
  });
});

describe("seed 002 3-1 슈팅 액션: aimed shot, burst, called shot", () => {
  test("seed 002 3-1, 3-4: an aimed shot (4 AP): Bs = 7 - PRC, Vale hits the raider in the open on more than 2; a 3 hits, penetration over TGH 3 - pen 1 = 2, a 3 wounds: W 2 to 1", () => {
    const s = withDice(open(), "vale", [3, 3]);
    const { state, events } = eventsOf(s, "p1", { type: "shoot", targets: ["raider-1"], burst: false, called: false });
    const [attack] = ofType(events, "attack");
    expect([attack!.need, attack!.die, attack!.hit]).toEqual([2, 3, true]);
    const [pen] = ofType(events, "penetration");
    expect([pen!.need, pen!.die, pen!.success]).toEqual([2, 3, true]);
    expect(state.characters["raider-1"]!.wounds).toBe(1);
  });

  test("seed 002 3-1 급소 조준: a called shot is -3 to hit and +1 damage: needs over 5; a 6 then a 3 take both wounds and the raider dies (an enemy dies at 0 W in versus)", () => {
    const s = withDice(open(), "vale", [6, 3]);
    const { state, events } = eventsOf(s, "p1", { type: "shoot", targets: ["raider-1"], burst: false, called: true });
    expect(ofType(events, "attack")[0]!.need).toBe(5);
    expect(ofType(events, "damaged")[0]).toMatchObject({ amount: 2, wounds: 0 });
    expect(state.characters["raider-1"]!.status).toBe("dead");
  });

  test("seed 002 3-1 연사: a burst fires the rate of fire (2) at different enemies, one shot each; a weapon of rate 1 cannot burst", () => {
    const s = withDice(open({ lookout: { ...SEEN, status: "active", at: sq(5, 2) } }), "vale", [1, 1]);
    const events = eventsOf(s, "p1", { type: "shoot", targets: ["lookout", "raider-1"], burst: true, called: false }).events;
    expect(ofType(events, "attack").map((a) => [a.target, a.via])).toEqual([["lookout", "burst"], ["raider-1", "burst"]]);
    const single = withDice(open(), "vale", [1, 1]);
    expect(ofType(eventsOf(single, "p1", { type: "shoot", targets: ["raider-1"], burst: true, called: false }).events, "attack")).toHaveLength(2);
    const raider = position(VERSUS_SETUP, { turn: "raider-1", at: { vale: sq(0, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE } });
    const burst = tryApply(raider, "e1", { type: "shoot", targets: ["vale"], burst: true, called: false });
    expect(burst.ok ? null : burst.error.code).toBe("wrong_weapon");
  });

  test("seed 002 3-1: a target beyond the weapon's range cannot be shot (the raider's scattergun reaches 8 squares)", () => {
    const s = position(VERSUS_SETUP, { turn: "raider-1", at: { vale: sq(0, 0), "raider-1": sq(9, 0), reed: sq(0, 9) }, with: { lookout: GONE } });
    const r = tryApply(s, "e1", { type: "shoot", targets: ["vale"], burst: false, called: false });
    expect(r.ok ? null : r.error.code).toBe("out_of_range");
  });
});

describe("seed 002 3-1 오버와치: overwatch", () => {
  test("seed 002 3-1: a 90-degree cone of 75 % of the range (carbine 24: 18 squares); the first enemy to enter it before Vale's next turn may be shot at once (a decision for her seat); the overwatch then ends", () => {
    let s = open();
    s = eventsOf(s, "p1", { type: "overwatch", dir: 2 }).state;
    expect(s.characters.vale!.overwatch).toEqual({ dir: 2, radius: 18, weapon: "carbine" });
    expect(s.turn!.ap).toBe(2);
    let e = position(VERSUS_SETUP, { turn: "raider-1", at: { vale: sq(0, 1), "raider-1": sq(9, 3), reed: sq(0, 9) }, with: { lookout: GONE, vale: { overwatch: { dir: 2, radius: 18, weapon: "carbine" } } } });
    e = withDice(e, "vale", [1]);
    e = eventsOf(e, "e1", { type: "move", to: sq(9, 1) }).state;
    expect(e.pending).toMatchObject({ kind: "overwatch", seat: "p1", overwatcher: "vale", target: "raider-1" });
    expect(e.characters["raider-1"]!.at).toEqual(sq(9, 2));
    const { state, events } = eventsOf(e, "p1", { type: "decide", choice: "fire" });
    expect(ofType(events, "attack")[0]).toMatchObject({ attacker: "vale", target: "raider-1", via: "overwatch" });
    expect(state.characters.vale!.overwatch).toBeNull();
    expect(state.characters["raider-1"]!.at).toEqual(sq(9, 1));
  });

  test("002_867c0cd57d46adf1.txt 3-1 오버와치 '사정거리의 75% 길이': the cone is not rounded down: Reed's hailer (30 squares) watches 22.5 squares, so a raider entering (21,4) on the quarry, 21 + 3 / 2 = 22.5 squares from him, meets it", () => {
    const quarry = (turn: string, extra: Parameters<typeof position>[1]["with"] = {}) =>
      position(QUARRY_VERSUS, { turn, at: { reed: sq(0, 1), "raider-4": sq(20, 4), vale: sq(1, 12), sato: sq(2, 13), harrow: sq(0, 11) }, with: { "raider-1": GONE, "raider-2": GONE, "raider-3": GONE, lookout: GONE, sharpshooter: GONE, warden: GONE, ...extra } });
    const set = eventsOf(quarry("reed"), "p1", { type: "overwatch", dir: 2 }).state;
    expect(set.characters.reed!.overwatch).toEqual({ dir: 2, radius: 22.5, weapon: "hailer" });
    const moved = eventsOf(quarry("raider-4", { reed: { overwatch: set.characters.reed!.overwatch } }), "e1", { type: "step", to: sq(21, 4) }).state;
    expect(moved.pending).toMatchObject({ kind: "overwatch", overwatcher: "reed", target: "raider-4" });
  });

  test("seed 002 3-1: holding fire lets the mover pass; an enemy outside the cone never triggers it", () => {
    let e = position(VERSUS_SETUP, { turn: "raider-1", at: { vale: sq(0, 1), "raider-1": sq(9, 3), reed: sq(0, 9) }, with: { lookout: GONE, vale: { overwatch: { dir: 2, radius: 18, weapon: "carbine" } } } });
    e = eventsOf(e, "e1", { type: "move", to: sq(9, 1) }).state;
    const held = eventsOf(e, "p1", { type: "decide", choice: "hold" }).state;
    expect(held.characters["raider-1"]!.at).toEqual(sq(9, 1));
    expect(held.pending).toBeNull();
    // (4,9) from (0,1): 4 east, 8 south, more than 45 degrees off east.
    const away = position(VERSUS_SETUP, { turn: "raider-1", at: { vale: sq(0, 1), "raider-1": sq(2, 9), reed: sq(0, 0) }, with: { lookout: GONE, vale: { overwatch: { dir: 2, radius: 18, weapon: "carbine" } } } });
    expect(eventsOf(away, "e1", { type: "move", to: sq(4, 9) }).state.pending).toBeNull();
  });
});

describe("seed 002 3-1 제압사격: suppressive fire", () => {
  const reedTurn = (extra = {}) => position(VERSUS_SETUP, { turn: "reed", at: { reed: sq(0, 0), "raider-1": sq(6, 0), vale: sq(0, 9) }, with: { lookout: GONE, ...extra } });

  test("seed 002 3-1: rate of fire 2+ only, a 2 x 2 area within 75 % of the range; the standing target may drop prone before the dice and is not shot", () => {
    const s = eventsOf(reedTurn(), "p1", { type: "suppress", at: sq(5, 0) }).state;
    expect(s.pending).toMatchObject({ kind: "drop", seat: "e1", target: "raider-1" });
    const { state, events } = eventsOf(s, "e1", { type: "decide", choice: "drop" });
    expect(state.characters["raider-1"]!.prone).toBe(true);
    expect(ofType(events, "attack")).toHaveLength(0);
  });

  test("seed 002 3-1: a target that stands is shot at -2 (Reed's unbraced hailer adds -2: needs over 6 - 3 + 2 + 2 = 7); suppressive fire once a turn", () => {
    const s = eventsOf(reedTurn(), "p1", { type: "suppress", at: sq(5, 0) }).state;
    const { state, events } = eventsOf(s, "e1", { type: "decide", choice: "stand" });
    const [attack] = ofType(events, "attack");
    expect(attack!.via).toBe("suppress");
    expect(attack!.mods).toEqual([{ source: "suppress", value: -2 }, { source: "unbraced", value: -2 }]);
    expect(attack!.need).toBe(7);
    const again = tryApply(state, "p1", { type: "suppress", at: sq(5, 0) });
    expect(again.ok ? null : again.error.code).toBe("once_per_turn");
  });
});

describe("seed 002 3-1 밀치기, 거치, 스냅샷", () => {
  test("seed 002 3-1 밀치기: a shove knocks an engaged target down on a d6 over 6 - own BRT + its BRT (Reed 4 on the raider 3: over 5); a 6 does", () => {
    const s = withDice(position(VERSUS_SETUP, { turn: "reed", at: { reed: sq(4, 0), "raider-1": sq(5, 0), vale: sq(0, 9) }, with: { lookout: GONE } }), "reed", [6]);
    const { state, events } = eventsOf(s, "p1", { type: "shove", target: "raider-1" });
    expect(ofType(events, "shove")[0]).toMatchObject({ need: 5, die: 6, success: true });
    expect(state.characters["raider-1"]!.prone).toBe(true);
  });

  test("seed 002 3-1 중화기 거치: bracing (2 AP) takes away the heavy weapon's -2; moving unbraces it", () => {
    let s = withDice(position(VERSUS_SETUP, { turn: "reed", at: { reed: sq(0, 0), "raider-1": sq(6, 0), vale: sq(0, 9) }, with: { lookout: GONE } }), "reed", [1]);
    s = eventsOf(s, "p1", { type: "brace" }).state;
    expect(s.characters.reed!.braced).toBe(true);
    const [attack] = ofType(eventsOf(s, "p1", { type: "shoot", targets: ["raider-1"], burst: false, called: false }).events, "attack");
    expect(attack!.mods).toEqual([]);
    expect(eventsOf(s, "p1", { type: "step", to: sq(0, 1) }).state.characters.reed!.braced).toBe(false);
  });

  test("seed 002 3-1 스냅샷: pistols only (a carbine is refused), once a turn, -1 to hit, within half the range (sidearm 12: 6 squares)", () => {
    const vale = tryApply(open(), "p1", { type: "snapshot", target: "raider-1", called: false });
    expect(vale.ok ? null : vale.error.code).toBe("wrong_weapon");
    const base = position(QUARRY_VERSUS, { turn: "sato", at: { sato: sq(0, 12), "raider-1": sq(6, 12), vale: sq(0, 0), reed: sq(1, 0), harrow: sq(2, 0) }, with: { "raider-2": GONE, lookout: GONE, sharpshooter: GONE } });
    let s = withDice(base, "sato", [1]);
    const { state, events } = eventsOf(s, "p1", { type: "snapshot", target: "raider-1", called: false });
    expect(ofType(events, "attack")[0]!.mods.find((m) => m.source === "snapshot")).toEqual({ source: "snapshot", value: -1 });
    const twice = tryApply(state, "p1", { type: "snapshot", target: "raider-1", called: false });
    expect(twice.ok ? null : twice.error.code).toBe("once_per_turn");
    s = structuredClone(base);
    s.characters["raider-1"]!.at = sq(7, 12);
    const far = tryApply(s, "p1", { type: "snapshot", target: "raider-1", called: false });
    expect(far.ok ? null : far.error.code).toBe("out_of_range");
  });
});

describe("seed 002 3-1 접전: engagement", () => {
  const engagedTurn = () => position(VERSUS_SETUP, { turn: "vale", at: { vale: sq(4, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE } });

  test("seed 002 3-1: leaving an engaged enemy without disengaging lets it strike once for free before the move (its seat chooses to), and only once until its next turn", () => {
    const s = withDice(engagedTurn(), "raider-1", [1, 1]);
    const asked = eventsOf(s, "p1", { type: "move", to: sq(2, 0) });
    expect(asked.state.pending).toMatchObject({ kind: "free_strike", seat: "e1", attacker: "raider-1", target: "vale" });
    expect(ofType(asked.events, "moved")).toEqual([]);
    const { state, events } = eventsOf(asked.state, "e1", { type: "decide", choice: "strike" });
    expect(ofType(events, "attack").map((a) => [a.attacker, a.via])).toEqual([["raider-1", "free_strike"]]);
    expect(events.findIndex((e) => e.type === "attack")).toBeLessThan(events.findIndex((e) => e.type === "moved"));
    expect(state.characters["raider-1"]!.spent).toContain("free_strike");
  });

  test("seed 002 3-1: shooting anything but a pistol while engaged provokes the free strike too; a disengage (3 AP) first lets her leave unstruck", () => {
    const shot = withDice(engagedTurn(), "raider-1", [1]);
    const asked = eventsOf(withDice(shot, "vale", [1]), "p1", { type: "shoot", targets: ["raider-1"], burst: false, called: false }).state;
    expect(asked.pending).toMatchObject({ kind: "free_strike", attacker: "raider-1", target: "vale" });
    const events = eventsOf(asked, "e1", { type: "decide", choice: "strike" }).events;
    expect(ofType(events, "attack")[0]).toMatchObject({ attacker: "raider-1", via: "free_strike" });
    let s = eventsOf(engagedTurn(), "p1", { type: "disengage" }).state;
    expect(s.turn!.ap).toBe(3);
    s = eventsOf(s, "p1", { type: "move", to: sq(2, 0) }).state;
    expect(s.pending).toBeNull();
    expect(s.characters["raider-1"]!.spent).not.toContain("free_strike");
  });

  test("002_867c0cd57d46adf1.txt 3-1 접전 '상대가 근접 공격을 1회 행동 소모 없이 가할 수 있습니다': the free strike is the opponent's choice: spared, Vale leaves unstruck and the raider keeps its strike; the default (a run-out clock) and the bot take it", () => {
    const asked = eventsOf(engagedTurn(), "p1", { type: "move", to: sq(2, 0) }).state;
    expect(trpg.legalCommands(asked, "e1")).toEqual([{ type: "decide", choice: "strike" }, { type: "decide", choice: "spare" }]);
    expect(trpg.legalCommands(asked, "p1")).toEqual([]);
    const { state, events } = eventsOf(asked, "e1", { type: "decide", choice: "spare" });
    expect(ofType(events, "attack")).toEqual([]);
    expect(state.characters.vale!.at).toEqual(sq(2, 0));
    expect(state.characters["raider-1"]!.spent).not.toContain("free_strike");
    expect(state.pending).toBeNull();
    const wrong = tryApply(asked, "e1", { type: "decide", choice: "fire" });
    expect(wrong.ok ? null : wrong.error.code).toBe("invalid_choice");
    expect(trpg.onTimeout!(asked, "e1")).toEqual({ type: "decide", choice: "strike" });
    expect(answer(trpg.viewFor(asked, { kind: "seat", seat: "e1" }))).toEqual({ type: "decide", choice: "strike" });
  });
});

describe("seed 002 3-1 라운드, 턴: rounds and turns", () => {
  test("seed 002 3-1: a round passes once every character has acted; the next begins with the first of the order again (after the enemies' round-end step)", () => {
    let s = trpg.setup({ ...VERSUS_SETUP, omit: ["lookout"] }, "rounds").state;
    const seen: string[] = [];
    for (let i = 0; i < 3 && s.phase === "turn"; i++) {
      seen.push(s.turn!.actor);
      s = eventsOf(s, trpg.awaiting(s)[0]!, { type: "end_turn" }).state;
    }
    expect(new Set(seen)).toEqual(new Set(["vale", "reed", "raider-1"]));
    expect(s.phase).toBe("round_end");
    expect(s.roundEnd).toEqual(["e1"]);
    s = eventsOf(s, "e1", { type: "end_round" }).state;
    expect(s.round).toBe(2);
    expect(s.turn!.actor).toBe(s.order[0]);
  });
});
