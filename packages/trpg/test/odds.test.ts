/**
 * Odds before a roll (seed 002 3-4 "전투 판정"; 3-3 cover): `attackOdds` from the viewer's own
 * view gives the target number the roll's event then shows, each modifier with its source, the
 * chance to hit and the expected wounds; what the view hides (an enemy's stat block in GM mode,
 * the master's call on medium cover) is named as unknown and never read.
 */
import { seatViewer } from "@fogwar/engine";
import { attackOdds, dodgeOdds, healOdds, overChance, reactionOdds, trpg, type TrpgState } from "../src";
import { GM_SETUP, GONE, PUMPHOUSE_VERSUS, VERSUS_SETUP, eventsOf, ofType, position, withDice } from "./helpers";

const sq = (x: number, y: number) => ({ x, y });
const SHOT = { type: "shoot", targets: ["raider-1"], burst: false, called: false } as const;
const at = (setup = VERSUS_SETUP, vale = sq(0, 2), raider = sq(4, 2)): TrpgState =>
  withDice(position(setup, { turn: "vale", at: { vale, "raider-1": raider, reed: sq(11, 9) }, with: { lookout: GONE } }), "vale", [6, 6]);

describe("seed 002 3-4 전투 판정: odds before the roll, from the viewer's view", () => {
  test("seed 002 3-4, 3-3: half cover -1: Vale (PRC 4) needs over 3, a 1 in 2 chance; the odds equal the roll's target number and modifiers", () => {
    const s = at();
    const [odds] = attackOdds(trpg.viewFor(s, seatViewer("p1")), "vale", SHOT)!;
    expect(odds).toMatchObject({ target: "raider-1", attacks: 1, stat: { name: "PRC", value: 4 }, mods: [{ source: "cover_half", value: -1 }], need: 3, hit: 0.5, unknown: [] });
    const [attack] = ofType(eventsOf(s, "p1", SHOT).events, "attack");
    expect(attack!.need).toBe(odds!.need);
    expect(attack!.mods).toEqual(odds!.mods);
    // Seed 002 3-4: hit 1/2, the raider (TGH 3) penetrated by the carbine (pen 1) over 2: 4/6, damage 1.
    expect(odds!.expected).toBeCloseTo(0.5 * (4 / 6) * odds!.damage);
  });

  test("seed 002 3-4: a d6 over 9 never comes: the chance is 0; over 0 always: 1", () => {
    expect(overChance(9)).toBe(0);
    expect(overChance(0)).toBe(1);
    expect(overChance(-2)).toBe(1);
    expect(overChance(4)).toBeCloseTo(2 / 6);
  });

  test("seed 002 3-4: in GM mode the party's odds name the raider's unknown stat block and give no expected wounds; the target number (no stat of the raider in it) stays", () => {
    const s = at(GM_SETUP);
    const [odds] = attackOdds(trpg.viewFor(s, seatViewer("p1")), "vale", SHOT)!;
    expect(odds).toMatchObject({ need: 3, hit: 0.5, expected: null, unknown: ["target_stats"] });
    // The master sees the stat block: exact odds.
    const [master] = attackOdds(trpg.viewFor(s, seatViewer("gm")), "vale", SHOT)!;
    expect(master!.unknown).toEqual([]);
    expect(master!.expected).not.toBeNull();
  });

  test("seed 002 3-4: melee against an unknown enemy: its evasion (its SPD) is hidden, so no target number is given, and the party's odds are the same whatever the raider's stats are", () => {
    const s = at(GM_SETUP, sq(3, 2), sq(4, 2));
    const melee = { type: "melee", target: "raider-1", called: false } as const;
    const [odds] = attackOdds(trpg.viewFor(s, seatViewer("p1")), "vale", melee)!;
    expect(odds).toMatchObject({ stat: { name: "BRT" }, need: null, hit: null, expected: null, unknown: ["target_stats"] });
    const other = structuredClone(s);
    other.characters["raider-1"]!.archetype = "scout";
    expect(attackOdds(trpg.viewFor(other, seatViewer("p1")), "vale", melee)).toEqual(attackOdds(trpg.viewFor(s, seatViewer("p1")), "vale", melee));
  });

  test("a command that is no attack, or an attacker off the map, has no odds", () => {
    const view = trpg.viewFor(at(), seatViewer("p1"));
    expect(attackOdds(view, "vale", { type: "end_turn" })).toBeNull();
    expect(attackOdds(view, "lookout", SHOT)).toBeNull();
  });
});

describe("seed 002 3-1, 3-4: the odds of a reaction before its seat answers, the numbers its roll then uses", () => {
  test("002_867c0cd57d46adf1.txt 3-1 오버와치 '한 번 그 범위에 들어온 적에게 조준사격': the overwatch decision's odds are Vale's aimed shot at the raider; firing rolls that number with those modifiers", () => {
    let e = position(VERSUS_SETUP, { turn: "raider-1", at: { vale: sq(0, 1), "raider-1": sq(9, 3), reed: sq(0, 9) }, with: { lookout: GONE, vale: { overwatch: { dir: 2, radius: 18, weapon: "carbine" } } } });
    e = eventsOf(withDice(e, "vale", [1]), "e1", { type: "move", to: sq(9, 1) }).state;
    const view = trpg.viewFor(e, seatViewer("p1"));
    const odds = reactionOdds(view, view.pending!)!;
    expect(odds).toMatchObject({ target: "raider-1", stat: { name: "PRC", value: 4 }, unknown: [] });
    const [attack] = ofType(eventsOf(e, "p1", { type: "decide", choice: "fire" }).events, "attack");
    expect(attack!.need).toBe(odds.need);
    expect(attack!.mods).toEqual(odds.mods);
    expect(odds.hit).toBe(overChance(odds.need!));
  });

  test("002_867c0cd57d46adf1.txt 3-1 접전 '근접 공격을 1회 행동 소모 없이': the free strike decision's odds are the raider's melee blow (BRT, Vale's evasion) the strike then rolls", () => {
    const s = withDice(position(VERSUS_SETUP, { turn: "vale", at: { vale: sq(4, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE } }), "raider-1", [1, 1]);
    const asked = eventsOf(s, "p1", { type: "move", to: sq(2, 0) }).state;
    const view = trpg.viewFor(asked, seatViewer("e1"));
    const odds = reactionOdds(view, view.pending!)!;
    expect(odds.stat.name).toBe("BRT");
    expect(odds.mods).toContainEqual({ source: "evasion", value: -2 });
    const [attack] = ofType(eventsOf(asked, "e1", { type: "decide", choice: "strike" }).events, "attack");
    expect([attack!.need, attack!.mods]).toEqual([odds.need, odds.mods]);
  });

  test("002_867c0cd57d46adf1.txt 3-4 회피 판정 '6-자신의 신속성을 넘기면': Vale (SPD 5) dodges over 1 with her earlier dodge's -1, 4 in 6; the Warden's ability -1 more, named only when the dodger's side knows her stat block", () => {
    const hit = eventsOf(withDice(position(VERSUS_SETUP, { turn: "raider-1", at: { vale: sq(0, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE, vale: { dodges: 1, slots: { supercharger: 1 } } } }), "raider-1", [5, 2, 1]), "e1", { type: "shoot", targets: ["vale"], burst: false, called: false }).state;
    const view = trpg.viewFor(hit, seatViewer("p1"));
    const odds = dodgeOdds(view, "vale", "raider-1")!;
    expect(odds).toEqual({ stat: { name: "SPD", value: 5 }, mods: [{ source: "dodged", value: -1 }], need: 1, over: 2, chance: 4 / 6, unknown: [] });
    const [dodge] = ofType(eventsOf(hit, "p1", { type: "decide", choice: "dodge" }).events, "dodge");
    expect([dodge!.need, dodge!.mods]).toEqual([odds.need, odds.mods]);
    const warden = position(PUMPHOUSE_VERSUS, { turn: "warden", at: { warden: sq(12, 3), vale: sq(9, 3), reed: sq(1, 12), sato: sq(2, 12), harrow: sq(3, 12) }, with: { brute: GONE, "raider-1": GONE, lookout: GONE } });
    expect(dodgeOdds(trpg.viewFor(warden, seatViewer("p1")), "vale", "warden")!.mods).toEqual([{ source: "ability", value: -1 }]);
    const gm = trpg.viewFor(position(GM_SETUP, { turn: "raider-1", at: { vale: sq(0, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE } }), seatViewer("p1"));
    expect(dodgeOdds(gm, "vale", "raider-1")!.unknown).toEqual(["attacker_abilities"]);
  });

  test("002_867c0cd57d46adf1.txt 3-6 치료 판정 '6- 정밀을 넘기면 성공': a healer of PRC 4 needs over 2, 4 in 6", () => {
    const s = position(VERSUS_SETUP, { turn: "vale", at: { vale: sq(0, 0), reed: sq(1, 0), "raider-1": sq(11, 9) }, with: { lookout: GONE } });
    expect(healOdds(trpg.viewFor(s, seatViewer("p1")), "vale")).toEqual({ stat: { name: "PRC", value: 4 }, need: 2, chance: 4 / 6 });
  });
});
