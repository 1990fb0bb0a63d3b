/**
 * Hit part designation abilities (seed 000_200ff4b7b5d3d570.txt 1.2.1 "부품 지정", 1.3) and the
 * part die reroll (4 note). Spotter (p2-m2: longbow rail 'long-rail', shoot M, range 8, 3 yellow +
 * 1 red, snipe; pilot Idris Vell, link 4) is the only mech on 'shoot', so it acts first. Its
 * targets: Smelter (p1-m2, no shield ability) or Bulwark (p1-m1, slab shield: the shield ability).
 */
import { ember, type EmberCommand, type EmberState } from "../../src";
import { arrange, deployed, edit, mech, must, rejected, toAction, withDice } from "../helpers";
import { DECLINE, find, play } from "./steps";

/** Spotter at (5,3) facing S; `target` at (5,9) facing N. Column 5 holds no terrain. */
function stage(target: "p1-m1" | "p1-m2"): EmberState {
  const state = toAction(deployed(), { "p2-m2": "shoot" });
  expect(state.activation?.unit).toBe("p2-m2");
  return arrange(state, { "p2-m2": { at: { x: 5, y: 3 }, facing: "S" }, [target]: { at: { x: 5, y: 9 }, facing: "N" } });
}

const longRail = (target: string): EmberCommand => ({ type: "act", unit: "p2-m2", part: "right_arm", action: "long-rail", target });

describe("seed 000 1.2.1 hit part: designation abilities", () => {
  test("seed 000 1.2.1 hit part: when only the attacker has a designation ability (snipe), the attacker picks the part and no part die is rolled", () => {
    const r = must(stage("p1-m2"), "p2", longRail("p1-m2"));
    expect(find(r.events, "part_rolled")).toEqual([]);
    expect(ember.pending(r.state)).toMatchObject({
      seat: "p2",
      kind: "choose_hit_part",
      options: { defender: "p1-m2", parts: ["torso", "chassis", "left_arm", "right_arm"], by: "attacker" },
    });
    expect(rejected(r.state, "p1", { type: "choose_hit_part", part: "torso" })).toBe("decision_pending");
    const chosen = must(r.state, "p2", { type: "choose_hit_part", part: "chassis" });
    expect(find(chosen.events, "hit_part")[0]).toMatchObject({ defender: "p1-m2", part: "chassis", how: "attacker" });
    expect(chosen.state.attack?.hitPart).toBe("chassis");

    // Bulwark whose shield arm is destroyed has no designation ability left: snipe alone decides.
    const noShield = edit(stage("p1-m1"), (s) => { mech(s, "p1-m1").parts.left_arm.destroyed = true; });
    const r2 = must(noShield, "p2", longRail("p1-m1"));
    expect(ember.pending(r2.state)).toMatchObject({ seat: "p2", kind: "choose_hit_part", options: { parts: ["torso", "chassis", "right_arm"], by: "attacker" } });
  });

  test("seed 000 1.2.1 hit part: when both sides have a designation ability (snipe against a shield) they cancel out and the attacker rolls the part die", () => {
    const r = withDice({ part: "left_arm" }, () => {
      const declared = must(stage("p1-m1"), "p2", longRail("p1-m1"));
      expect(find(declared.events, "part_rolled")).toEqual([{ type: "part_rolled", defender: "p1-m1", roll: "left_arm", reroll: false }]);
      // The attacker (link 4) may reroll the part die; nobody is asked to pick a part.
      expect(ember.pending(declared.state)).toMatchObject({ seat: "p2", kind: "part_reroll" });
      return must(declared.state, "p2", DECLINE);
    });
    expect(find(r.events, "hit_part")).toEqual([{ type: "hit_part", defender: "p1-m1", part: "left_arm", how: "roll", roll: "left_arm" }]);
    expect(ember.pending(r.state)).toMatchObject({ seat: "p2", kind: "attack_reroll" });
  });
});

describe("seed 000 4 link rerolls of the part die", () => {
  test("seed 000 4 note: the attacker may spend 1 link to reroll the part die; the new result decides the hit part", () => {
    const declared = withDice({ part: "left_arm" }, () => must(stage("p1-m1"), "p2", longRail("p1-m1")));
    expect(mech(declared.state, "p2-m2").link).toBe(4);
    expect(rejected(declared.state, "p2", { type: "reroll", dice: [1] })).toBe("invalid_reroll");
    const r = withDice({ part: "torso" }, () => play(declared.state, [["p2", { type: "reroll", dice: [0] }]]));
    expect(mech(r.state, "p2-m2").link).toBe(3);
    expect(find(r.events, "link_changed")).toEqual([{ type: "link_changed", unit: "p2-m2", link: 3, reason: "reroll" }]);
    expect(find(r.events, "part_rolled")).toEqual([{ type: "part_rolled", defender: "p1-m1", roll: "torso", reroll: true }]);
    expect(find(r.events, "hit_part")[0]).toMatchObject({ part: "torso", how: "roll" });
  });
});
