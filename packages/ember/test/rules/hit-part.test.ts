/**
 * Hit part designation abilities (seed 000_200ff4b7b5d3d570.txt 1.2.1 "부품 지정", 1.3), each used
 * only when its owner chooses to ("활성화할 수 있습니다"), and the part die reroll (4 note). Spotter (p2-m2: longbow rail 'long-rail', shoot M, range 8, 3 yellow +
 * 1 red, snipe; pilot Idris Vell, link 4) is the only mech on 'shoot', so it acts first. Its
 * targets: Smelter (p1-m2, no shield ability) or Bulwark (p1-m1, slab shield: the shield ability).
 */
import { ember, type EmberCommand, type EmberState } from "../../src";
import { arrange, deployed, edit, mech, must, rejected, toAction, withDice } from "../helpers";
import { DECLINE, find, NO_USE, play, USE } from "./steps";

/** Spotter at (5,3) facing S; `target` at (5,9) facing N. Column 5 holds no terrain. */
function stage(target: "p1-m1" | "p1-m2"): EmberState {
  const state = toAction(deployed(), { "p2-m2": "shoot" });
  expect(state.activation?.unit).toBe("p2-m2");
  return arrange(state, { "p2-m2": { at: { x: 5, y: 3 }, facing: "S" }, [target]: { at: { x: 5, y: 9 }, facing: "N" } });
}

const longRail = (target: string): EmberCommand => ({ type: "act", unit: "p2-m2", part: "right_arm", action: "long-rail", target });

describe("seed 000 1.2.1 hit part: designation abilities", () => {
  test("seed 000 1.2.1 hit part: when only the attacker has a designation ability (snipe), the attacker picks the part and no part die is rolled", () => {
    const asked = must(stage("p1-m2"), "p2", longRail("p1-m2"));
    expect(ember.pending(asked.state)).toEqual({
      seat: "p2",
      kind: "use_designation",
      rule: "000_200ff4b7b5d3d570.txt 1.2.1",
      options: { defender: "p1-m2", by: "attacker", ability: "snipe", other: "none" },
    });
    const r = must(asked.state, "p2", USE);
    expect(r.events).toEqual([{ type: "designation_used", unit: "p2-m2", by: "attacker", ability: "snipe", used: true }]);
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
    const r2 = play(noShield, [["p2", longRail("p1-m1")], ["p2", USE]]);
    expect(ember.pending(r2.state)).toMatchObject({ seat: "p2", kind: "choose_hit_part", options: { parts: ["torso", "chassis", "right_arm"], by: "attacker" } });
  });

  test("seed 000 1.2.1 hit part: when both sides have a designation ability (snipe against a shield) they cancel out and the attacker rolls the part die", () => {
    const r = withDice({ part: "left_arm" }, () => {
      const declared = play(stage("p1-m1"), [["p2", longRail("p1-m1")], ["p2", USE], ["p1", USE]]);
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
    const declared = withDice({ part: "left_arm" }, () => play(stage("p1-m1"), [["p2", longRail("p1-m1")], ["p2", USE], ["p1", USE]]));
    expect(mech(declared.state, "p2-m2").link).toBe(4);
    expect(rejected(declared.state, "p2", { type: "reroll", dice: [1] })).toBe("invalid_reroll");
    const r = withDice({ part: "torso" }, () => play(declared.state, [["p2", { type: "reroll", dice: [0] }]]));
    expect(mech(r.state, "p2-m2").link).toBe(3);
    expect(find(r.events, "link_changed")).toEqual([{ type: "link_changed", unit: "p2-m2", link: 3, reason: "reroll" }]);
    expect(find(r.events, "part_rolled")).toEqual([{ type: "part_rolled", defender: "p1-m1", roll: "torso", reroll: true }]);
    expect(find(r.events, "hit_part")[0]).toMatchObject({ part: "torso", how: "roll" });
  });
});

describe("seed 000 1.2.1 hit part: using a designation ability is its owner's choice", () => {
  test("seed 000 1.2.1 hit part: the attacker may leave its snipe unused: then neither side designates and the attacker rolls the part die", () => {
    const asked = must(stage("p1-m2"), "p2", longRail("p1-m2"));
    const r = withDice({ part: "chassis" }, () => must(asked.state, "p2", NO_USE));
    expect(find(r.events, "designation_used")).toEqual([{ type: "designation_used", unit: "p2-m2", by: "attacker", ability: "snipe", used: false }]);
    expect(find(r.events, "part_rolled")).toEqual([{ type: "part_rolled", defender: "p1-m2", roll: "chassis", reroll: false }]);
    expect(ember.pending(r.state)).toMatchObject({ seat: "p2", kind: "part_reroll" });
    // Against a mech in shutdown the attacker designates anyway (seed 000 1.1): nothing to ask.
    const shut = edit(stage("p1-m2"), (s) => { mech(s, "p1-m2").stance = "SHUTDOWN"; mech(s, "p1-m2").link = 0; });
    expect(ember.pending(must(shut, "p2", longRail("p1-m2")).state)).toMatchObject({ seat: "p2", kind: "choose_hit_part", options: { by: "attacker" } });
  });

  test("seed 000 1.2.1 hit part: the defender chooses whether to raise its shield: raised alone it designates; lowered, the part die is rolled; lowered against a used snipe, the attacker designates", () => {
    // The Spotter leaves its snipe unused; Bulwark is asked, knowing the attacker designates nothing.
    const unused = play(stage("p1-m1"), [["p2", longRail("p1-m1")], ["p2", NO_USE]]);
    expect(ember.pending(unused.state)).toEqual({
      seat: "p1",
      kind: "use_designation",
      rule: "000_200ff4b7b5d3d570.txt 1.2.1",
      options: { defender: "p1-m1", by: "defender", ability: "shield", other: "none" },
    });
    expect(ember.legalCommands(unused.state, "p1")).toEqual([USE, NO_USE]);
    expect(rejected(unused.state, "p2", USE)).toBe("decision_pending");
    expect(ember.pending(must(unused.state, "p1", USE).state)).toMatchObject({ seat: "p1", kind: "choose_hit_part", options: { by: "defender" } });
    const lowered = withDice({ part: "right_arm" }, () => must(unused.state, "p1", NO_USE));
    expect(find(lowered.events, "part_rolled")[0]).toMatchObject({ roll: "right_arm" });
    // The Spotter uses its snipe: Bulwark is told, and lowering the shield leaves the attacker to designate.
    const sniped = play(stage("p1-m1"), [["p2", longRail("p1-m1")], ["p2", USE]]);
    expect(ember.pending(sniped.state)).toMatchObject({ seat: "p1", kind: "use_designation", options: { ability: "shield", other: "uses" } });
    const yielded = must(sniped.state, "p1", NO_USE);
    expect(find(yielded.events, "designation_used")).toEqual([{ type: "designation_used", unit: "p1-m1", by: "defender", ability: "shield", used: false }]);
    expect(ember.pending(yielded.state)).toMatchObject({ seat: "p2", kind: "choose_hit_part", options: { by: "attacker", parts: ["torso", "chassis", "left_arm", "right_arm"] } });
  });
});
