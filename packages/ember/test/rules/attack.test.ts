/**
 * The attack process (seed 000_200ff4b7b5d3d570.txt 1.2-1.4, 4) through real commands. Dice are
 * forced with `withDice`, so each example's pools, cancellations and damage are computed by hand.
 *
 * The stage: crossroads, column F (x 5) is clear of terrain. p1-m1 "Bulwark" (RDL: bastion torso
 * armour 5 structure 3, slab shield with the shield ability, breaker cannon: shoot M, range 6,
 * 1 yellow + 3 red, impact, [lightning] -> [heavy]) stands at (5,9) facing N and acts first on
 * 'shoot'. p2-m1 "Picket" (UN: lattice core torso armour 4 structure 2; gyro striders chassis
 * armour 3 no structure evasion 1; no shield; pilot link 5) stands at (5,4) facing S, in OFF.
 */
import { seatViewer } from "@fogwar/engine";
import { ember, type EmberCommand, type EmberEvent, type EmberState, type Timing } from "../../src";
import { arrange, deployed, edit, FACE, mech, must, rejected, toAction, unit, withDice } from "../helpers";

function stage(dials: Record<string, Timing> = { "p1-m1": "shoot" }, places: Parameters<typeof arrange>[1] = {}): EmberState {
  const state = toAction(deployed(), dials);
  return arrange(state, { "p1-m1": { at: { x: 5, y: 9 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 4 }, facing: "S" }, ...places });
}

const SHOOT: EmberCommand = { type: "act", unit: "p1-m1", part: "right_arm", action: "breach-shell", target: "p2-m1" };
const DECLINE: EmberCommand = { type: "reroll", dice: [] };
const USE: EmberCommand = { type: "use_designation", use: true };

/** Sends commands in order (each must be accepted) and gathers the events. */
function play(state: EmberState, steps: [string, EmberCommand][]): { state: EmberState; events: EmberEvent[] } {
  const events: EmberEvent[] = [];
  for (const [seat, command] of steps) {
    const r = must(state, seat, command);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

const find = <T extends EmberEvent["type"]>(events: EmberEvent[], type: T) =>
  events.filter((e): e is Extract<EmberEvent, { type: T }> => e.type === type);

describe("seed 000 1.2.1 attack process: target, hit part, pools, rerolls, damage", () => {
  test("worked example: 1 yellow + 3 red vs 4 white (torso armour 4); 3 heavy uncancelled = penetration; structure takes a damage token", () => {
    const start = stage();
    const result = withDice({ yellow: FACE.blank, red: FACE.heavy, white: FACE.blank, part: "torso" }, () =>
      play(start, [
        ["p1", SHOOT],
        ["p1", DECLINE], // part reroll (seed 000 4 note: the part die can be rerolled too)
        ["p1", DECLINE], // attacker's link reroll first
        ["p2", DECLINE], // then the defender's
      ]),
    );
    const rolled = find(result.events, "dice_rolled");
    expect(rolled.map((e) => [e.side, e.dice.map((d) => d.die)])).toEqual([
      ["attack", ["yellow", "red", "red", "red"]],
      ["defence", ["white", "white", "white", "white"]],
    ]);
    expect(find(result.events, "hit_part")[0]).toMatchObject({ part: "torso", how: "roll" });
    expect(find(result.events, "attack_resolved")[0]).toMatchObject({ damage: 3, penetrated: true, hit: true });
    expect(mech(result.state, "p2-m1").parts.torso).toMatchObject({ damaged: true, destroyed: false });
    // impact: a hit costs the target 1 link (seed 000 4).
    expect(mech(result.state, "p2-m1").link).toBe(4);
    expect(result.state.attack).toBeNull();
    expect(result.state.activation?.ticks).toBe(1);
  });

  test("seed 000 1.2.2: a damaged part defends with its structure, and the next penetration destroys it; a destroyed torso destroys the mech", () => {
    const damaged = edit(stage(), (s) => { mech(s, "p2-m1").parts.torso.damaged = true; });
    const result = withDice({ yellow: FACE.blank, red: FACE.heavy, white: FACE.blank, part: "torso" }, () =>
      play(damaged, [["p1", SHOOT], ["p1", DECLINE], ["p1", DECLINE], ["p2", DECLINE]]),
    );
    expect(find(result.events, "dice_rolled")[1]?.dice).toHaveLength(2); // structure 2
    expect(find(result.events, "part_destroyed")[0]).toMatchObject({ unit: "p2-m1", part: "torso" });
    expect(find(result.events, "unit_destroyed")[0]).toMatchObject({ unit: "p2-m1", reason: "torso_destroyed" });
    expect(unit(result.state, "p2-m1")).toMatchObject({ destroyed: true, at: null });
  });

  test("seed 000 1.2.3: a part without structure is destroyed at once: link -1; at link 0 the mech shuts down", () => {
    const lowLink = edit(stage(), (s) => { mech(s, "p2-m1").link = 1; });
    const result = withDice({ yellow: FACE.blank, red: FACE.heavy, white: FACE.blank, part: "chassis" }, () =>
      play(lowLink, [["p1", SHOOT], ["p1", DECLINE], ["p1", DECLINE]]), // link 1: the defender is not offered a reroll
    );
    expect(find(result.events, "part_destroyed")[0]).toMatchObject({ part: "chassis" });
    const defender = mech(result.state, "p2-m1");
    expect(defender.parts.chassis.destroyed).toBe(true);
    expect(defender.link).toBe(0);
    expect(defender.stance).toBe("SHUTDOWN");
    expect(find(result.events, "stance_changed").at(-1)).toMatchObject({ unit: "p2-m1", stance: "SHUTDOWN", reason: "link_zero" });
  });

  test("seed 000 1.2.1: a part die result on a destroyed part hits the torso", () => {
    const noChassis = edit(stage(), (s) => { mech(s, "p2-m1").parts.chassis.destroyed = true; });
    const result = withDice({ part: "chassis", yellow: FACE.blank, red: FACE.blank, white: FACE.blank }, () =>
      play(noChassis, [["p1", SHOOT], ["p1", DECLINE], ["p1", DECLINE], ["p2", DECLINE]]),
    );
    expect(find(result.events, "hit_part")[0]).toMatchObject({ part: "torso", how: "torso_fallback", roll: "chassis" });
  });

  test("seed 000 1.2.1: 'choice' on the part die lets the attacker pick the hit part", () => {
    const start = stage();
    const result = withDice({ part: "choice", yellow: FACE.blank, red: FACE.blank, white: FACE.blank }, () => {
      let s = play(start, [["p1", SHOOT], ["p1", DECLINE]]).state;
      expect(ember.pending(s)).toMatchObject({ seat: "p1", kind: "choose_hit_part", options: { by: "attacker" } });
      expect(rejected(s, "p2", { type: "choose_hit_part", part: "torso" })).toBe("decision_pending");
      s = must(s, "p1", { type: "choose_hit_part", part: "left_arm" }).state;
      return s;
    });
    expect(result.attack?.hitPart).toBe("left_arm");
  });

  test("seed 000 1.2.1: a rear attack or a defender in shutdown lets the attacker pick the hit part", () => {
    const rear = stage({ "p1-m1": "shoot" }, { "p2-m1": { at: { x: 5, y: 4 }, facing: "N" } });
    const s1 = must(rear, "p1", SHOOT).state;
    expect(s1.attack?.rear).toBe(true);
    expect(ember.pending(s1)).toMatchObject({ seat: "p1", kind: "choose_hit_part", options: { by: "attacker" } });
    const shut = edit(stage(), (s) => { mech(s, "p2-m1").stance = "SHUTDOWN"; mech(s, "p2-m1").link = 0; });
    const s2 = must(shut, "p1", SHOOT).state;
    expect(ember.pending(s2)).toMatchObject({ seat: "p1", kind: "choose_hit_part" });
  });

  test("seed 000 1.2.1: the defender's shield ability lets the defender pick; snipe lets the attacker; both cancel out to a roll", () => {
    // p2-m2 Spotter (longbow: shoot M range 8, snipe) and p2-m1 Picket (volley carbine, no snipe) attack p1-m1 Bulwark (shield).
    const base = toAction(deployed(), { "p2-m1": "shoot", "p2-m2": "shoot", "p1-m1": "tactical" });
    const placed = arrange(base, { "p1-m1": { at: { x: 5, y: 9 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 4 }, facing: "S" }, "p2-m2": { at: { x: 6, y: 3 }, facing: "S" } });
    const first = placed.activation!.unit;
    const shooter = first === "p2-m1"
      ? { type: "act" as const, unit: "p2-m1", part: "right_arm" as const, action: "pin-down", target: "p1-m1" }
      : { type: "act" as const, unit: "p2-m2", part: "right_arm" as const, action: "long-rail", target: "p1-m1" };
    const after = must(placed, "p2", shooter).state;
    // Each ability is used when its owner chooses to (the attacker first): here both use theirs.
    if (first === "p2-m1") {
      expect(ember.pending(after)).toMatchObject({ seat: "p1", kind: "use_designation", options: { by: "defender", ability: "shield", other: "none" } });
      expect(ember.pending(must(after, "p1", USE).state)).toMatchObject({ seat: "p1", kind: "choose_hit_part", options: { by: "defender" } });
    } else {
      expect(ember.pending(after)).toMatchObject({ seat: "p2", kind: "use_designation", options: { by: "attacker", ability: "snipe", other: "may" } });
      const sniped = must(after, "p2", USE).state;
      expect(ember.pending(sniped)).toMatchObject({ seat: "p1", kind: "use_designation", options: { by: "defender", ability: "shield", other: "uses" } });
      // Snipe against a raised shield: both, so the part die is rolled.
      expect(ember.pending(must(sniped, "p1", USE).state)).toMatchObject({ seat: "p2", kind: "part_reroll" });
    }
  });

  test("seed 000 1.3: shooting needs range, line of sight and the front arc", () => {
    expect(rejected(stage({ "p1-m1": "shoot" }, { "p1-m1": { at: { x: 5, y: 11 }, facing: "N" } }), "p1", SHOOT)).toBe("out_of_range");
    expect(rejected(stage({ "p1-m1": "shoot" }, { "p1-m1": { at: { x: 5, y: 9 }, facing: "S" } }), "p1", SHOOT)).toBe("not_in_front_arc");
    // depot-south (blocking) at (7,8),(8,8),(8,7): from (9,9) to (6,6) the line crosses it.
    const blocked = stage({ "p1-m1": "shoot" }, { "p1-m1": { at: { x: 9, y: 9 }, facing: "N" }, "p2-m1": { at: { x: 6, y: 6 }, facing: "S" } });
    expect(rejected(blocked, "p1", SHOOT)).toBe("no_line_of_sight");
    expect(rejected(stage(), "p1", { ...SHOOT, target: "p1-m2" })).toBe("invalid_target");
  });

  test("seed 000 1.3.1 terrain cover: +2 white behind terrain 2 inches or higher, not when the attacker touches it", () => {
    // wall-east (height 2) at (10,5),(10,6). Attacker at (10,9), defender at (10,3): the wall is between.
    const covered = stage({ "p1-m1": "shoot" }, { "p1-m1": { at: { x: 10, y: 9 }, facing: "N" }, "p2-m1": { at: { x: 10, y: 3 }, facing: "S" } });
    const r1 = withDice({ part: "torso", yellow: FACE.blank, red: FACE.blank, white: FACE.blank }, () => play(covered, [["p1", SHOOT], ["p1", DECLINE], ["p1", DECLINE]]));
    expect(find(r1.events, "attack_declared")[0]?.cover).toEqual({ terrain: true, unit: false });
    expect(find(r1.events, "dice_rolled")[1]?.dice).toHaveLength(4 + 2);
    const touching = stage({ "p1-m1": "shoot" }, { "p1-m1": { at: { x: 10, y: 7 }, facing: "N" }, "p2-m1": { at: { x: 10, y: 3 }, facing: "S" } });
    const r2 = must(touching, "p1", SHOOT);
    expect(find(r2.events, "attack_declared")[0]?.cover).toEqual({ terrain: false, unit: false });
  });

  test("seed 000 1.3.2 unit cover: +2 white when a large unit stands between; stacks with terrain cover to 4", () => {
    const screened = stage({ "p1-m1": "shoot" }, { "p1-m2": { at: { x: 5, y: 6 }, facing: "N" } });
    const r = withDice({ part: "torso", yellow: FACE.blank, red: FACE.blank, white: FACE.blank }, () => play(screened, [["p1", SHOOT], ["p1", DECLINE], ["p1", DECLINE]]));
    expect(find(r.events, "attack_declared")[0]?.cover).toEqual({ terrain: false, unit: true });
    expect(find(r.events, "dice_rolled")[1]?.dice).toHaveLength(6);
    const both = stage({ "p1-m1": "shoot" }, { "p1-m1": { at: { x: 10, y: 9 }, facing: "N" }, "p2-m1": { at: { x: 10, y: 3 }, facing: "S" }, "p1-m2": { at: { x: 10, y: 8 } } });
    const rb = withDice({ part: "torso", yellow: FACE.blank, red: FACE.blank, white: FACE.blank }, () => play(both, [["p1", SHOOT], ["p1", DECLINE], ["p1", DECLINE]]));
    expect(find(rb.events, "dice_rolled")[1]?.dice).toHaveLength(4 + 4);
  });

  test("seed 000 1.1 MOB: the defender adds blue dice equal to its total evasion (destroyed parts excluded)", () => {
    // Picket evasion: lattice 0 + gyro striders 1 + arc baton 0 + volley carbine 0 = 1.
    const mob = edit(stage(), (s) => { mech(s, "p2-m1").stance = "MOB"; });
    const r = withDice({ part: "torso", yellow: FACE.blank, red: FACE.blank, white: FACE.blank }, () => play(mob, [["p1", SHOOT], ["p1", DECLINE], ["p1", DECLINE], ["p2", DECLINE]]));
    expect(find(r.events, "dice_rolled")[1]?.dice.map((d) => d.die)).toEqual(["white", "white", "white", "white", "blue"]);
    const noChassis = edit(mob, (s) => { mech(s, "p2-m1").parts.chassis.destroyed = true; });
    const r2 = withDice({ part: "torso", yellow: FACE.blank, red: FACE.blank, white: FACE.blank }, () => play(noChassis, [["p1", SHOOT], ["p1", DECLINE], ["p1", DECLINE], ["p2", DECLINE]]));
    expect(find(r2.events, "dice_rolled")[1]?.dice.map((d) => d.die)).toEqual(["white", "white", "white", "white"]);
  });

  test("seed 000 1.1 note 1-2: suppress switches the target to DEF before the roll, but not a mech in shutdown", () => {
    const base = toAction(deployed(), { "p2-m1": "shoot", "p1-m1": "tactical" });
    const placed = arrange(base, { "p1-m1": { at: { x: 5, y: 9 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 4 }, facing: "S" } });
    expect(placed.activation?.unit).toBe("p2-m1");
    const pin: EmberCommand = { type: "act", unit: "p2-m1", part: "right_arm", action: "pin-down", target: "p1-m1" };
    const r = must(placed, "p2", pin);
    expect(r.events.map((e) => e.type)).toContain("stance_changed");
    expect(mech(r.state, "p1-m1").stance).toBe("DEF");
    const shut = must(edit(placed, (s) => { mech(s, "p1-m1").stance = "SHUTDOWN"; mech(s, "p1-m1").link = 0; }), "p2", pin);
    expect(mech(shut.state, "p1-m1").stance).toBe("SHUTDOWN");
  });

  test("seed 000 1.4: melee needs an adjacent target in the front arc and never targets a high-altitude unit", () => {
    const base = toAction(deployed(), { "p1-m1": "melee" });
    const adjacent = arrange(base, { "p1-m1": { at: { x: 5, y: 6 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 5 }, facing: "S" }, "p2-d1": { at: { x: 4, y: 5 } } });
    expect(rejected(adjacent, "p1", { type: "act", unit: "p1-m1", part: "left_arm", action: "shield-ram", target: "p2-d1" })).toBe("invalid_target");
    const r = must(adjacent, "p1", { type: "act", unit: "p1-m1", part: "left_arm", action: "shield-ram", target: "p2-m1" });
    expect(find(r.events, "attack_declared")[0]).toMatchObject({ mode: "melee", cover: { terrain: false, unit: false } });
    const apart = arrange(base, { "p1-m1": { at: { x: 5, y: 7 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 5 }, facing: "S" } });
    expect(rejected(apart, "p1", { type: "act", unit: "p1-m1", part: "left_arm", action: "shield-ram", target: "p2-m1" })).toBe("out_of_range");
  });
});

describe("seed 000 4 link and link rerolls", () => {
  test("the attacker rerolls first, then the defender; each reroll costs 1 link and rerolls only the chosen dice", () => {
    const start = stage();
    const r = withDice({ part: "torso", yellow: FACE.blank, red: FACE.blank, white: FACE.blank }, () => {
      let s = play(start, [["p1", SHOOT], ["p1", DECLINE]]).state;
      expect(ember.pending(s)).toMatchObject({ seat: "p1", kind: "attack_reroll", options: { dice: 4 } });
      expect(rejected(s, "p1", { type: "reroll", dice: [4] })).toBe("invalid_reroll");
      expect(rejected(s, "p1", { type: "reroll", dice: [1, 1] })).toBe("invalid_reroll");
      const a = must(s, "p1", { type: "reroll", dice: [0, 2] });
      s = a.state;
      expect(find(a.events, "dice_rerolled")[0]).toMatchObject({ side: "attack", indices: [0, 2] });
      expect(mech(s, "p1-m1").link).toBe(3);
      expect(ember.pending(s)).toMatchObject({ seat: "p2", kind: "defence_reroll" });
      s = must(s, "p2", { type: "reroll", dice: [3] }).state;
      expect(mech(s, "p2-m1").link).toBe(4);
      return s;
    });
    expect(r.attack).toBeNull();
  });

  test("link is never spent to 0: with link 1 no reroll is offered", () => {
    const low = edit(stage(), (s) => { mech(s, "p1-m1").link = 1; mech(s, "p2-m1").link = 1; });
    const r = withDice({ part: "torso", yellow: FACE.blank, red: FACE.blank, white: FACE.blank }, () => must(low, "p1", SHOOT));
    expect(r.state.attack).toBeNull();
    expect(find(r.events, "attack_resolved")).toHaveLength(1);
    expect(mech(r.state, "p1-m1").link).toBe(1);
  });
});

describe("seed 000 1.2.4 chain damage", () => {
  test("rupture: after a penetration the uncancelled damage hits the same mech again, with no cover and no further chain", () => {
    // Smelter (p1-m2): rivet hail, shoot S range 5, 2 yellow + 1 red, rupture. Its pilot acts first on 'shoot' (initiative 2).
    const base = toAction(deployed(), { "p1-m2": "shoot", "p1-m1": "tactical" });
    const placed = arrange(base, { "p1-m2": { at: { x: 10, y: 9 }, facing: "N" }, "p2-m1": { at: { x: 10, y: 4 }, facing: "S" } });
    expect(placed.activation?.unit).toBe("p1-m2");
    const r = withDice({ part: "chassis", yellow: FACE.light, red: FACE.heavy, white: FACE.blank }, () =>
      play(placed, [
        ["p1", { type: "act", unit: "p1-m2", part: "right_arm", action: "rivet-hail", target: "p2-m1" }],
        ["p1", DECLINE],
        ["p1", DECLINE],
        ["p2", DECLINE],
        ["p1", DECLINE], // the attacker may reroll the chain's part die (seed 000 4)
        ["p2", DECLINE], // the defender may reroll in chain damage too
      ]),
    );
    // Main attack: 2 light + 1 heavy (OFF) vs the gyro chassis: 3 white (armour 3) + 2 terrain cover
    // (wall-east between) = 5 blanks. 3 damage: the chassis has no structure and is destroyed.
    const rolls = find(r.events, "dice_rolled");
    expect(rolls.map((e) => e.dice.length)).toEqual([3, 5, 4]);
    expect(find(r.events, "part_destroyed")[0]).toMatchObject({ unit: "p2-m1", part: "chassis" });
    // Chain: the 3 uncancelled results are the attack; a new part roll ('chassis', now destroyed)
    // falls back to the torso; the torso defends with its armour 4 only, no cover; no new attack roll.
    expect(find(r.events, "chain_damage")[0]).toMatchObject({ keyword: "rupture", target: "p2-m1", damage: 3 });
    expect(find(r.events, "hit_part").map((e) => [e.part, e.how])).toEqual([["chassis", "roll"], ["torso", "torso_fallback"]]);
    expect(rolls[2]).toMatchObject({ side: "defence" });
    expect(find(r.events, "attack_resolved").map((e) => e.damage)).toEqual([3, 3]);
    expect(mech(r.state, "p2-m1").parts.torso).toMatchObject({ damaged: true, destroyed: false });
    // No further chain from the chain damage itself.
    expect(find(r.events, "chain_damage")).toHaveLength(1);
    expect(r.state.attack).toBeNull();
  });
});

describe("seed 000 1.1.1 reboot", () => {
  test("a mech in shutdown may only reboot: choose a stance, +1 link, then 1 tick for a short action of the dial's timing", () => {
    let state = edit(toAction(deployed(), { "p1-m1": "move" }), (s) => { mech(s, "p1-m1").stance = "SHUTDOWN"; mech(s, "p1-m1").link = 0; });
    expect(state.activation?.unit).toBe("p1-m1");
    expect(rejected(state, "p1", { type: "set_stance", unit: "p1-m1", stance: "DEF" })).toBe("unit_shutdown");
    expect(rejected(state, "p1", { type: "manoeuvre", unit: "p1-m1", to: mech(state, "p1-m1").at!, facing: "E" })).toBe("unit_shutdown");
    expect(ember.legalCommands(state, "p1").map((c) => c.type).sort()).toEqual(["end_activation", "reboot", "reboot", "reboot"]);
    state = must(state, "p1", { type: "reboot", unit: "p1-m1", stance: "MOB" }).state;
    expect(mech(state, "p1-m1")).toMatchObject({ stance: "MOB", link: 1 });
    expect(state.activation?.ticks).toBe(1);
    expect(rejected(state, "p1", { type: "manoeuvre", unit: "p1-m1", to: mech(state, "p1-m1").at!, facing: "E" })).toBe("already_manoeuvred");
    expect(rejected(state, "p1", { type: "act", unit: "p1-m1", part: "torso", action: "reroute" })).toBe("timing_mismatch");
    const at = mech(state, "p1-m1").at!;
    state = must(state, "p1", { type: "act", unit: "p1-m1", part: "chassis", action: "grind", to: { x: at.x + 1, y: at.y - 1 }, facing: "N" }).state;
    expect(state.activated).toContain("p1-m1");
  });
});

describe("victory", () => {
  test("a side with no mechs left loses at once, and the dice seed is revealed", () => {
    const last = edit(stage(), (s) => {
      mech(s, "p2-m2").destroyed = true;
      mech(s, "p2-m2").at = null;
      mech(s, "p2-m1").parts.torso.damaged = true;
    });
    const r = withDice({ yellow: FACE.blank, red: FACE.heavy, white: FACE.blank, part: "torso" }, () =>
      play(last, [["p1", SHOOT], ["p1", DECLINE], ["p1", DECLINE], ["p2", DECLINE]]),
    );
    expect(r.state.phase).toBe("finished");
    expect(ember.result(r.state)).toMatchObject({ winner: "p1", reason: "elimination" });
    expect(find(r.events, "match_ended")[0]?.seed).toBe("test-seed");
    expect(ember.viewFor(r.state, seatViewer("p2")).seed).toBe("test-seed");
    expect(rejected(r.state, "p2", { type: "concede" })).toBe("match_over");
  });

  test("a player may concede at any time", () => {
    const r = must(stage(), "p2", { type: "concede" });
    expect(ember.result(r.state)).toMatchObject({ winner: "p1", reason: "concession" });
  });
});
