/**
 * Odds before a roll (seed 002 3-4 "전투 판정"; 3-3 cover): `attackOdds` from the viewer's own
 * view gives the target number the roll's event then shows, each modifier with its source, the
 * chance to hit and the expected wounds; what the view hides (an enemy's stat block in GM mode,
 * the master's call on medium cover) is named as unknown and never read.
 */
import { seatViewer } from "@fogwar/engine";
import { attackOdds, overChance, trpg, type TrpgState } from "../src";
import { GM_SETUP, GONE, VERSUS_SETUP, eventsOf, ofType, position, withDice } from "./helpers";

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
