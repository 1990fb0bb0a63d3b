/**
 * Stances (seed 000_200ff4b7b5d3d570.txt 1.1; seed 001_f556d9be58b12b7c.txt 6.2): the fixed
 * stance of a drone card, a mech in shutdown rolling without any enhancement, and a chosen stance
 * lasting until the mech's next action opportunity. Dice are forced with `withDice`, so every
 * count below is worked out by hand from the seed and the sample cards.
 */
import { ember, type EmberCommand, type EmberState } from "../../src";
import { arrange, deployed, edit, FACE, fresh, lockPlans, mech, must, rejected, skipCommands, toAction, unit, withDice } from "../helpers";
import { DECLINE, endActivations, find, play, USE } from "./steps";

/** Bulwark (p1-m1) on 'shoot' at (5,9) facing N; Picket (p2-m1) at (5,4) facing S. Column 5 holds no terrain. */
function stage(): EmberState {
  const state = toAction(deployed(), { "p1-m1": "shoot" });
  return arrange(state, { "p1-m1": { at: { x: 5, y: 9 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 4 }, facing: "S" } });
}

/** Bulwark's breaker cannon: shoot M, range 6, 1 yellow + 3 red, impact, [lightning] -> [heavy]. */
const SHOOT: EmberCommand = { type: "act", unit: "p1-m1", part: "right_arm", action: "breach-shell", target: "p2-m1" };

describe("seed 000 1.1 stances of drones and of mechs in shutdown", () => {
  test("seed 000 1.1: a drone has the fixed stance of its card: it is deployed without a stance token and shows its card's stance", () => {
    let state = fresh();
    state = edit(state, (s) => { s.firstPlayer = "p1"; s.turn = "p1"; s.pending = { ...s.pending!, seat: "p1" }; });
    state = must(state, "p1", { type: "choose_side", side: "white" }).state;
    // A mech's pilot chooses a stance at deployment; a drone may not be given one.
    expect(rejected(state, "p1", { type: "deploy", unit: "p1-d1", at: { x: 4, y: 11 }, facing: "N", stance: "OFF" })).toBe("malformed_command");
    const r = must(state, "p1", { type: "deploy", unit: "p1-d1", at: { x: 4, y: 11 }, facing: "N" });
    // rdl-scrap-tortoise: card stance DEF.
    expect(find(r.events, "unit_deployed")[0]).toMatchObject({ unit: "p1-d1", stance: "DEF" });
  });

  test("seed 000 1.1: a drone defends in its card's stance: the DEF tortoise counts hollow white faces, the MOB skylark adds blue dice", () => {
    // Picket (p2-m1, 'pin-down': 3 yellow, suppress) shoots the scrap tortoise (DEF, armour 3, structure 1).
    const base = toAction(deployed(), { "p2-m1": "shoot" });
    const placed = arrange(base, { "p2-m1": { at: { x: 5, y: 4 }, facing: "S" }, "p1-d1": { at: { x: 5, y: 8 }, facing: "N" } });
    expect(placed.activation?.unit).toBe("p2-m1");
    const pin: EmberCommand = { type: "act", unit: "p2-m1", part: "right_arm", action: "pin-down", target: "p1-d1" };
    // 3 [light] against 3 white dice, all [hollow defend]: in DEF each counts, so 3 defends cancel 3 lights:
    // no damage, but a hit (damage cancelled by [defend]). Suppress does not touch a drone.
    const r = withDice({ yellow: FACE.light, white: FACE.hollowDefend }, () => play(placed, [["p2", pin], ["p2", DECLINE]]));
    expect(find(r.events, "dice_rolled")[1]?.dice.map((d) => d.die)).toEqual(["white", "white", "white"]);
    expect(find(r.events, "attack_resolved")[0]).toEqual({ type: "attack_resolved", damage: 0, penetrated: false, hit: true, cancelledByEvade: 0, cancelledByDefend: 3 });
    expect(find(r.events, "stance_changed")).toEqual([]);
    expect(unit(r.state, "p1-d1")).toMatchObject({ damaged: false, destroyed: false });

    // Bulwark shoots the skylark (p2-d1: MOB, armour 1, evasion 2): 1 white + 2 blue. 3 [heavy]
    // against 2 [evade]: 1 damage, a penetration; the skylark has no structure and is destroyed.
    const sky = arrange(stage(), { "p2-d1": { at: { x: 5, y: 4 }, facing: "S" }, "p2-m1": { at: { x: 0, y: 4 }, facing: "S" } });
    const r2 = withDice({ yellow: FACE.blank, red: FACE.heavy, white: FACE.blank, blue: FACE.evade }, () =>
      play(sky, [["p1", { ...SHOOT, target: "p2-d1" }], ["p1", DECLINE]]),
    );
    expect(find(r2.events, "dice_rolled")[1]?.dice.map((d) => d.die)).toEqual(["white", "blue", "blue"]);
    expect(find(r2.events, "attack_resolved")[0]).toMatchObject({ damage: 1, penetrated: true, cancelledByEvade: 2 });
    expect(unit(r2.state, "p2-d1")).toMatchObject({ destroyed: true, at: null });
  });

  test("seed 000 1.1: a drone attacks in its card's stance: the DEF tortoise's hollow yellow and red faces do not count", () => {
    // Command phase, p1 first: the tortoise's 'turret-rivets' (1 yellow + 1 red, range 4) at Picket.
    // Hollow [light] and hollow [heavy] count only in OFF (a mech in OFF would deal 2 damage).
    const state = arrange(deployed(), { "p1-d1": { at: { x: 5, y: 8 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 5 }, facing: "S" } });
    const r = withDice({ yellow: FACE.hollowLight, red: FACE.hollowHeavy, white: FACE.blank, part: "torso" }, () =>
      play(state, [["p1", { type: "command_drone", mech: "p1-m1", drone: "p1-d1", order: { kind: "action", target: "p2-m1" } }], ["p2", DECLINE]]),
    );
    expect(find(r.events, "dice_rolled")[0]?.dice.map((d) => d.die)).toEqual(["yellow", "red"]);
    expect(find(r.events, "attack_resolved")[0]).toEqual({ type: "attack_resolved", damage: 0, penetrated: false, hit: false, cancelledByEvade: 0, cancelledByDefend: 0 });
    expect(mech(r.state, "p2-m1").parts.torso).toMatchObject({ damaged: false, destroyed: false });
  });

  test("seed 000 1.1 shutdown: no dice enhancement: hollow white faces do not count and no blue dice are added", () => {
    // Picket in shutdown (link 0): the attacker picks the hit part (torso, armour 4, structure 2).
    // Attack: 1 [light] + 3 [heavy] = 4 results. Defence: 4 white, all [hollow double defend],
    // which count as 8 defends only in DEF; in shutdown none counts, and Picket's evasion 1 adds no
    // blue die. 4 damage: the torso takes a damage token.
    const shut = edit(stage(), (s) => { mech(s, "p2-m1").stance = "SHUTDOWN"; mech(s, "p2-m1").link = 0; });
    const r = withDice({ yellow: FACE.light, red: FACE.heavy, white: FACE.hollowDoubleDefend }, () => {
      const first = must(shut, "p1", SHOOT);
      expect(ember.pending(first.state)).toMatchObject({ seat: "p1", kind: "choose_hit_part", options: { by: "attacker" } });
      const rest = play(first.state, [["p1", { type: "choose_hit_part", part: "torso" }], ["p1", DECLINE]]);
      return { state: rest.state, events: [...first.events, ...rest.events] };
    });
    expect(find(r.events, "dice_rolled")[1]?.dice.map((d) => d.die)).toEqual(["white", "white", "white", "white"]);
    expect(find(r.events, "attack_resolved")[0]).toEqual({ type: "attack_resolved", damage: 4, penetrated: true, hit: true, cancelledByEvade: 0, cancelledByDefend: 0 });
    expect(mech(r.state, "p2-m1").parts.torso).toMatchObject({ damaged: true, destroyed: false });

    // The same roll against Picket in DEF: the 8 hollow defends count and cancel the 1 [light]; 3 [heavy] remain.
    const def = edit(stage(), (s) => { mech(s, "p2-m1").stance = "DEF"; });
    const d = withDice({ yellow: FACE.light, red: FACE.heavy, white: FACE.hollowDoubleDefend, part: "torso" }, () =>
      play(def, [["p1", SHOOT], ["p1", DECLINE], ["p1", DECLINE], ["p2", DECLINE]]),
    );
    expect(find(d.events, "attack_resolved")[0]).toMatchObject({ damage: 3, cancelledByDefend: 1 });
  });
});

describe("seed 001 6.2 stance change", () => {
  test("seed 001 6.2: the chosen stance lasts until the mech's next action opportunity, across the end of the round", () => {
    // Round 1: Bulwark (p1-m1) acts first on 'quick' and switches to DEF; every activation ends.
    let state = toAction(deployed(), { "p1-m1": "quick" });
    expect(state.activation?.unit).toBe("p1-m1");
    state = play(state, [["p1", { type: "set_stance", unit: "p1-m1", stance: "DEF" }], ["p1", { type: "end_activation", unit: "p1-m1" }]]).state;
    state = endActivations(state).state;
    expect(state.round).toBe(2);
    expect(mech(state, "p1-m1").stance).toBe("DEF");
    state = skipCommands(state);
    expect(mech(state, "p1-m1").stance).toBe("DEF");
    // Round 2: Picket (p2-m1) acts first on 'quick' (Bulwark's dial is 'tactical') and fires its
    // 'snapshot' (quick S, 2 yellow, range 3) at Bulwark, still in DEF. Bulwark's shield lets p1
    // raise it and pick the torso (armour 5): 5 white, all [hollow defend], count in DEF and cancel both [light].
    state = lockPlans(state, { "p2-m1": "quick" }).state;
    expect(state.activation?.unit).toBe("p2-m1");
    state = arrange(state, { "p2-m1": { at: { x: 5, y: 6 }, facing: "S" }, "p1-m1": { at: { x: 5, y: 8 }, facing: "N" } });
    const r = withDice({ yellow: FACE.light, white: FACE.hollowDefend }, () =>
      play(state, [
        ["p2", { type: "act", unit: "p2-m1", part: "right_arm", action: "snapshot", target: "p1-m1" }],
        ["p1", USE],
        ["p1", { type: "choose_hit_part", part: "torso" }],
        ["p2", DECLINE],
        ["p1", DECLINE],
      ]),
    );
    expect(find(r.events, "dice_rolled")[1]?.dice).toHaveLength(5);
    expect(find(r.events, "attack_resolved")[0]).toMatchObject({ damage: 0, hit: true, cancelledByDefend: 2 });
    expect(mech(r.state, "p1-m1").parts.torso.damaged).toBe(false);
    // Bulwark's own next opportunity (tactical: initiative 5, before Spotter's 6 and Smelter's 7) may change it.
    state = must(r.state, "p2", { type: "end_activation", unit: "p2-m1" }).state;
    expect(state.activation?.unit).toBe("p1-m1");
    state = must(state, "p1", { type: "set_stance", unit: "p1-m1", stance: "MOB" }).state;
    expect(mech(state, "p1-m1").stance).toBe("MOB");
  });
});
