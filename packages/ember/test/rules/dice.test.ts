/**
 * Worked examples of the damage calculation, computed by hand (seed 000 1.1, 1.2.1).
 */
import { applyReplacements, firstPlayerLights, resolveDamage, type DieResult, type Face } from "../../src";
import { FACE } from "../helpers";

const y = (face: Face): DieResult => ({ die: "yellow", face: { ...face } });
const r = (face: Face): DieResult => ({ die: "red", face: { ...face } });
const w = (face: Face): DieResult => ({ die: "white", face: { ...face } });
const b = (face: Face): DieResult => ({ die: "blue", face: { ...face } });

describe("seed 000 1.2.1 damage calculation (worked examples)", () => {
  test("[defend] cancels only [light], [evade] cancels any result; each uncancelled light/heavy is 1 damage", () => {
    // Attack: heavy, light, double light = 1 heavy + 3 lights. Defence: defend, evade.
    // defend cancels 1 light (2 lights left); evade cancels the heavy; 2 damage, penetration.
    const out = resolveDamage([r(FACE.heavy), y(FACE.light), r(FACE.doubleLight)], [w(FACE.defend), b(FACE.evade)], "DEF", "MOB");
    expect(out).toMatchObject({ damage: 2, penetrated: true, hit: true, cancelledByDefend: 1, cancelledByEvade: 1 });
    expect(out.uncancelled).toEqual(["light", "light"]);
  });

  test("a [double light] is two results: one [defend] cancels only one of them", () => {
    const out = resolveDamage([r(FACE.doubleLight)], [w(FACE.defend)], "DEF", "OFF");
    expect(out.damage).toBe(1);
    expect(out.cancelledByDefend).toBe(1);
  });

  test("[defend] never cancels [heavy]", () => {
    const out = resolveDamage([r(FACE.heavy), r(FACE.heavy)], [w(FACE.defend), w(FACE.doubleDefend)], "DEF", "DEF");
    expect(out).toMatchObject({ damage: 2, penetrated: true, cancelledByDefend: 0 });
  });

  test("damage cancelled by [defend] still counts as a hit; all cancelled by [evade] is no hit", () => {
    const byDefend = resolveDamage([y(FACE.light)], [w(FACE.defend)], "DEF", "OFF");
    expect(byDefend).toMatchObject({ damage: 0, penetrated: false, hit: true });
    const byEvade = resolveDamage([y(FACE.light), r(FACE.heavy)], [b(FACE.evade), b(FACE.evade)], "DEF", "MOB");
    expect(byEvade).toMatchObject({ damage: 0, penetrated: false, hit: false, cancelledByEvade: 2 });
  });

  test("eyes, lightning and blanks deal no damage", () => {
    const out = resolveDamage([y(FACE.eye), y(FACE.lightning), r(FACE.blank)], [], "OFF", "OFF");
    expect(out).toMatchObject({ damage: 0, penetrated: false, hit: false });
  });

  test("seed 000 1.1 OFF: hollow yellow/red faces count for the attacker only in OFF", () => {
    const attack = [y(FACE.hollowLight), r(FACE.hollowHeavy)];
    expect(resolveDamage(attack, [], "OFF", "OFF").damage).toBe(2);
    expect(resolveDamage(attack, [], "DEF", "OFF").damage).toBe(0);
    expect(resolveDamage(attack, [], "MOB", "OFF").damage).toBe(0);
  });

  test("seed 000 1.1 DEF: hollow white faces count for the defender only in DEF (a hollow double defend is 2)", () => {
    const attack = [y(FACE.light), y(FACE.light), y(FACE.light)];
    const defence = [w(FACE.hollowDoubleDefend), w(FACE.hollowDefend)];
    expect(resolveDamage(attack, defence, "OFF", "DEF").damage).toBe(0);
    expect(resolveDamage(attack, defence, "OFF", "OFF").damage).toBe(3);
  });

  test("the defender's best cancellation: evades take heavies before lights", () => {
    // 2 heavy + 2 light vs 2 defend + 1 evade: defends take both lights, the evade one heavy: 1 damage.
    const out = resolveDamage([r(FACE.heavy), r(FACE.heavy), y(FACE.light), y(FACE.light)], [w(FACE.defend), w(FACE.defend), b(FACE.evade)], "OFF", "MOB");
    expect(out).toMatchObject({ damage: 1, cancelledByDefend: 2, cancelledByEvade: 1 });
    expect(out.uncancelled).toEqual(["heavy"]);
  });
});

describe("seed 000 1.2.1 replacements", () => {
  test("a die is replaced at most once and rules apply in order", () => {
    const dice = [y(FACE.lightning), y(FACE.eye), y(FACE.light)];
    const changes = applyReplacements(dice, [
      { from: "lightning", to: "heavy" },
      { from: "heavy", to: "light" },
    ]);
    expect(changes.map((c) => c.index)).toEqual([0]);
    expect(dice[0]?.face.result).toBe("heavy");
    expect(applyReplacements(dice, [{ from: "heavy", to: "light" }])).toEqual([]);
    expect(dice[0]?.face.result).toBe("heavy");
  });
});

describe("seed 001 3.2 first-player roll", () => {
  test("counts [light] results; hollow lights do not count without a stance; a double light counts 2", () => {
    expect(firstPlayerLights([FACE.light, FACE.hollowLight])).toBe(1);
    expect(firstPlayerLights([FACE.doubleLight, FACE.eye])).toBe(2);
  });
});
