/**
 * Melee details and the common actions of seed 000_200ff4b7b5d3d570.txt: 1.4 (kick), 1.4.1 note
 * (lock-on reach), 1.4.2 (parry), 1.1 (shutdown: no lock-on), 1.3 (a locked unit cannot shoot),
 * 2.2 punch and kick, 2.2.1 crawl, 2.3 system stabilisation; seed 001_f556d9be58b12b7c.txt 6.3
 * notes (the common action names the part used; not with a destroyed part).
 *
 * Test armies (helpers): p1 RDL: Bulwark p1-m1 (bastion torso, crawler chassis, slab shield with
 * shield and parry 2, breaker cannon), Smelter p1-m2 (crucible torso, ironstep chassis, cinder axe
 * A3 parry 1, rivet repeater), scrap tortoise p1-d1. p2 UN: Picket p2-m1 (lattice core A4 S2,
 * gyro striders, arc baton A3 parry 1 'discharge' melee S 2 yellow + 1 red impact, volley carbine
 * A3), Spotter p2-m2 (relay spine A3 S2, gyro striders, signal lance A2 range-2 melee, longbow A2).
 */
import { catalog, ember, lockersOf, targetProblem, type AttackEffect, type EmberCommand, type EmberState, type PartSlot } from "../../src";
import { arrange, deployed, edit, FACE, mech, must, rejected, toAction, unit, withDice } from "../helpers";
import { DECLINE, find, NO_USE, play, USE } from "./steps";

const NO_PARRY: EmberCommand = { type: "declare_parry", part: null };
const act = (unit: string, part: PartSlot, action: string, target: string): EmberCommand => ({ type: "act", unit, part, action, target });
const defenceDice = (events: Parameters<typeof find>[0]) => find(events, "dice_rolled").find((e) => e.side === "defence")?.dice.length;

/** Smelter (p1-m2) alone on 'melee' at (5,6) facing N; Picket (p2-m1) at (5,5) facing S; Spotter at (8,6). */
function smelterStage(): EmberState {
  const state = toAction(deployed(), { "p1-m2": "melee" });
  expect(state.activation?.unit).toBe("p1-m2");
  return arrange(state, {
    "p1-m2": { at: { x: 5, y: 6 }, facing: "N" },
    "p2-m1": { at: { x: 5, y: 5 }, facing: "S" },
    "p2-m2": { at: { x: 8, y: 6 }, facing: "W" },
  });
}

/** Picket (p2-m1) alone on 'melee' at (5,5) facing S; Smelter (p1-m2) at (5,6) facing N. */
function picketStage(): EmberState {
  const state = toAction(deployed(), { "p2-m1": "melee" });
  expect(state.activation?.unit).toBe("p2-m1");
  return arrange(state, { "p2-m1": { at: { x: 5, y: 5 }, facing: "S" }, "p1-m2": { at: { x: 5, y: 6 }, facing: "N" } });
}

describe("seed 000 2.2 punch and kick, 1.4 kick", () => {
  test("seed 000 2.2: punch and kick is melee M with 2 red dice at range [---], taken with the chassis or an arm, never the torso (seed 001 6.3 note: the command names the part)", () => {
    const state = smelterStage();
    const legal = ember.legalCommands(state, "p1");
    for (const part of ["chassis", "left_arm", "right_arm"] as const) expect(legal).toContainEqual(act("p1-m2", part, "punch-kick", "p2-m1"));
    expect(legal).not.toContainEqual(act("p1-m2", "torso", "punch-kick", "p2-m1"));
    expect(rejected(state, "p1", act("p1-m2", "torso", "punch-kick", "p2-m1"))).toBe("unknown_action");
    // Spotter stands 3 squares away: out of the adjacent range.
    expect(rejected(state, "p1", act("p1-m2", "right_arm", "punch-kick", "p2-m2"))).toBe("out_of_range");
    // A punch with the right arm: Picket declines its parry, the part die shows the torso (armour
    // 4, structure 2). 2 red [heavy] against 4 white blanks: 2 damage, a damage token.
    const r = withDice({ red: FACE.heavy, white: FACE.blank, part: "torso" }, () =>
      play(state, [["p1", act("p1-m2", "right_arm", "punch-kick", "p2-m1")], ["p2", NO_PARRY], ["p1", DECLINE], ["p1", DECLINE], ["p2", DECLINE]]),
    );
    expect(find(r.events, "action_taken")[0]).toMatchObject({ unit: "p1-m2", part: "right_arm", action: "punch-kick", target: "p2-m1" });
    expect(find(r.events, "dice_rolled")[0]?.dice.map((d) => d.die)).toEqual(["red", "red"]);
    expect(defenceDice(r.events)).toBe(4);
    expect(find(r.events, "attack_resolved")[0]).toMatchObject({ damage: 2, penetrated: true });
    expect(mech(r.state, "p2-m1").parts.torso.damaged).toBe(true);
    // Medium length: 2 of the 3 ticks; a common action is taken once per activation.
    expect(r.state.activation?.ticks).toBe(1);
    expect(rejected(r.state, "p1", act("p1-m2", "left_arm", "punch-kick", "p2-m1"))).toBe("action_already_used");
  });

  test("seed 000 1.4: punch and kick with the chassis is a kick: the attacker designates the hit part; a punch with an arm rolls the part die", () => {
    // Spotter (no shield, no parry) next to Smelter.
    const state = arrange(smelterStage(), { "p2-m2": { at: { x: 6, y: 5 }, facing: "S" }, "p2-m1": { at: { x: 1, y: 5 } } });
    const kick = must(state, "p1", act("p1-m2", "chassis", "punch-kick", "p2-m2"));
    // A kick is a designation ability the attacker chooses to use (seed 000 1.2.1); the Spotter has none.
    expect(ember.pending(kick.state)).toMatchObject({ seat: "p1", kind: "use_designation", options: { by: "attacker", ability: "kick", other: "none" } });
    const used = must(kick.state, "p1", USE);
    expect(ember.pending(used.state)).toMatchObject({ seat: "p1", kind: "choose_hit_part", options: { by: "attacker" } });
    expect(find([...kick.events, ...used.events], "part_rolled")).toHaveLength(0);
    const punch = withDice({ part: "chassis" }, () => must(state, "p1", act("p1-m2", "left_arm", "punch-kick", "p2-m2")));
    expect(find(punch.events, "part_rolled")[0]).toMatchObject({ roll: "chassis" });
    expect(ember.pending(punch.state)).toMatchObject({ seat: "p1", kind: "part_reroll" });
  });

  test("seed 001 6.3 note: a common action cannot be taken with a destroyed part; another part still can", () => {
    const state = edit(smelterStage(), (s) => {
      mech(s, "p1-m2").parts.chassis.destroyed = true;
    });
    expect(rejected(state, "p1", act("p1-m2", "chassis", "punch-kick", "p2-m1"))).toBe("part_destroyed");
    expect(ember.legalCommands(state, "p1")).toContainEqual(act("p1-m2", "left_arm", "punch-kick", "p2-m1"));
  });
});

describe("seed 000 1.4.2 parry", () => {
  test("seed 000 1.4.2: a declared parry makes its part the hit part and adds its parry value in white dice; no penetration is a parry success", () => {
    const state = picketStage();
    const offer = must(state, "p2", act("p2-m1", "left_arm", "discharge", "p1-m2"));
    expect(ember.pending(offer.state)).toMatchObject({ seat: "p1", kind: "declare_parry", options: { parts: ["left_arm"], contested: false } });
    expect(ember.legalCommands(offer.state, "p1")).toEqual([{ type: "declare_parry", part: "left_arm" }, NO_PARRY]);
    // Parry with the cinder axe (armour 3, parry 1): 4 white [defend]. Attack: 2 yellow blanks,
    // 1 red [light]: 1 damage, cancelled by a [defend]: no penetration (a hit, so impact costs
    // Smelter 1 link: 3 -> 2), a parry success.
    const r = withDice({ yellow: FACE.blank, red: FACE.light, white: FACE.defend }, () =>
      play(offer.state, [["p1", { type: "declare_parry", part: "left_arm" }], ["p2", DECLINE], ["p1", DECLINE]]),
    );
    expect(find(r.events, "hit_part")[0]).toMatchObject({ part: "left_arm", how: "defender" });
    expect(find(r.events, "parry")[0]).toMatchObject({ unit: "p1-m2", part: "left_arm", white: 1 });
    expect(defenceDice(r.events)).toBe(3 + 1);
    expect(find(r.events, "attack_resolved")[0]).toMatchObject({ damage: 0, penetrated: false, hit: true, cancelledByDefend: 1 });
    expect(find(r.events, "parry_succeeded")).toEqual([{ type: "parry_succeeded", unit: "p1-m2", part: "left_arm" }]);
    expect(mech(r.state, "p1-m2").link).toBe(2);
    // Declined: the part die shows the same left arm, but without the parry only its armour rolls.
    const declined = withDice({ yellow: FACE.blank, red: FACE.light, white: FACE.defend, part: "left_arm" }, () =>
      play(offer.state, [["p1", NO_PARRY], ["p2", DECLINE], ["p2", DECLINE], ["p1", DECLINE]]),
    );
    expect(defenceDice(declined.events)).toBe(3);
    expect(find(declined.events, "parry")).toHaveLength(0);
    expect(find(declined.events, "parry_succeeded")).toHaveLength(0);
  });

  test("seed 000 1.4.2: a parry that is penetrated is no parry success", () => {
    const offer = must(picketStage(), "p2", act("p2-m1", "left_arm", "discharge", "p1-m2"));
    // 2 yellow [light] + 1 red [heavy] = 3 damage against 4 white [defend]: the heavy goes through
    // and destroys the axe (no structure).
    const r = withDice({ yellow: FACE.light, red: FACE.heavy, white: FACE.defend }, () =>
      play(offer.state, [["p1", { type: "declare_parry", part: "left_arm" }], ["p2", DECLINE], ["p1", DECLINE]]),
    );
    expect(find(r.events, "attack_resolved")[0]).toMatchObject({ damage: 1, penetrated: true });
    expect(find(r.events, "parry_succeeded")).toHaveLength(0);
    expect(mech(r.state, "p1-m2").parts.left_arm.destroyed).toBe(true);
  });

  test("seed 000 1.4.2: no parry for a defender in shutdown or against a rear attack: the attacker picks the part", () => {
    const shutdown = edit(picketStage(), (s) => {
      mech(s, "p1-m2").stance = "SHUTDOWN";
    });
    const a = must(shutdown, "p2", act("p2-m1", "left_arm", "discharge", "p1-m2"));
    expect(ember.pending(a.state)).toMatchObject({ seat: "p2", kind: "choose_hit_part", options: { by: "attacker" } });
    const r = withDice({ yellow: FACE.blank, red: FACE.blank, white: FACE.blank }, () =>
      play(a.state, [["p2", { type: "choose_hit_part", part: "left_arm" }], ["p2", DECLINE], ["p1", DECLINE]]),
    );
    expect(defenceDice(r.events)).toBe(3);
    expect(find(r.events, "parry")).toHaveLength(0);
    // Smelter facing S has Picket in its rear arc: a rear attack.
    const rear = arrange(picketStage(), { "p1-m2": { at: { x: 5, y: 6 }, facing: "S" } });
    const b = must(rear, "p2", act("p2-m1", "left_arm", "discharge", "p1-m2"));
    expect(find(b.events, "attack_declared")[0]).toMatchObject({ rear: true });
    expect(ember.pending(b.state)).toMatchObject({ seat: "p2", kind: "choose_hit_part", options: { by: "attacker" } });
  });

  test("seed 000 1.4.2 note: when both sides can designate, the defender may still declare a parry; it applies only if the part die shows that part", () => {
    // Smelter kicks Picket and uses the kick to designate; Picket's baton can parry: both sides can.
    const state = smelterStage();
    const kicked = must(state, "p1", act("p1-m2", "chassis", "punch-kick", "p2-m1"));
    expect(ember.pending(kicked.state)).toMatchObject({ seat: "p1", kind: "use_designation", options: { by: "attacker", ability: "kick", other: "may" } });
    const offer = must(kicked.state, "p1", USE);
    expect(ember.pending(offer.state)).toMatchObject({ seat: "p2", kind: "declare_parry", options: { parts: ["left_arm"], contested: true } });
    const steps = (): [string, EmberCommand][] => [["p2", { type: "declare_parry", part: "left_arm" }], ["p1", DECLINE], ["p1", DECLINE], ["p2", DECLINE]];
    // The part die shows the left arm: the parry applies, baton armour 3 + parry 1 = 4 white.
    const shown = withDice({ red: FACE.blank, white: FACE.blank, part: "left_arm" }, () => play(offer.state, steps()));
    expect(find(shown.events, "part_rolled")[0]).toMatchObject({ roll: "left_arm" });
    expect(defenceDice(shown.events)).toBe(4);
    expect(find(shown.events, "parry")[0]).toMatchObject({ part: "left_arm", white: 1 });
    // The part die shows the right arm (volley carbine, armour 3): no parry, 3 white.
    const other = withDice({ red: FACE.blank, white: FACE.blank, part: "right_arm" }, () => play(offer.state, steps()));
    expect(defenceDice(other.events)).toBe(3);
    expect(find(other.events, "parry")).toHaveLength(0);
  });

  test("seed 000 1.2.1, 1.4.2: a parry is the defender's designation ability, used only if declared: declined against a used kick, the attacker designates; against an unused kick, the part die is rolled", () => {
    const state = smelterStage();
    const kicked = must(state, "p1", act("p1-m2", "chassis", "punch-kick", "p2-m1"));
    // Smelter kicks Picket and uses the kick; Picket declines its parry: only the attacker designates.
    const used = play(kicked.state, [["p1", USE], ["p2", NO_PARRY]]);
    expect(find(used.events, "parry_declared")).toEqual([{ type: "parry_declared", unit: "p2-m1", part: null, contested: true }]);
    expect(ember.pending(used.state)).toMatchObject({ seat: "p1", kind: "choose_hit_part", options: { by: "attacker" } });
    // The kick left unused: Picket may parry uncontested; declining leaves nobody designating.
    const unused = must(kicked.state, "p1", NO_USE);
    expect(ember.pending(unused.state)).toMatchObject({ seat: "p2", kind: "declare_parry", options: { parts: ["left_arm"], contested: false } });
    const rolled = withDice({ part: "torso" }, () => must(unused.state, "p2", NO_PARRY));
    expect(find(rolled.events, "part_rolled")[0]).toMatchObject({ roll: "torso" });
  });

  test("seed 000 1.4.2 note: a drone's parry value adds its white dice by itself in melee, not against a rear attack", () => {
    // The scrap tortoise (DEF, armour 3, parry 1) next to Picket: no part step, 3 + 1 white.
    const state = arrange(picketStage(), { "p1-d1": { at: { x: 4, y: 6 }, facing: "N" }, "p1-m2": { at: { x: 9, y: 9 } } });
    const r = withDice({ yellow: FACE.blank, red: FACE.blank, white: FACE.blank }, () =>
      play(state, [["p2", act("p2-m1", "left_arm", "discharge", "p1-d1")], ["p2", DECLINE]]),
    );
    expect(find(r.events, "parry")[0]).toMatchObject({ unit: "p1-d1", part: null, white: 1 });
    expect(defenceDice(r.events)).toBe(4);
    expect(find(r.events, "parry_succeeded")).toHaveLength(1);
    // The tortoise facing S has Picket behind it: a rear attack, no parry.
    const rear = arrange(state, { "p1-d1": { at: { x: 4, y: 6 }, facing: "S" } });
    const r2 = withDice({ yellow: FACE.blank, red: FACE.blank, white: FACE.blank }, () =>
      play(rear, [["p2", act("p2-m1", "left_arm", "discharge", "p1-d1")], ["p2", DECLINE]]),
    );
    expect(find(r2.events, "attack_declared")[0]).toMatchObject({ rear: true });
    expect(defenceDice(r2.events)).toBe(3);
  });
});

describe("seed 000 1.3, 1.4.1 note, 1.1 lock-on", () => {
  /** Bulwark (p1-m1) alone on 'shoot' at (5,9) facing N; Spotter at (5,5), 4 squares away. */
  function bulwarkStage(dial: "shoot" | "move" = "shoot"): EmberState {
    const state = toAction(deployed(), { "p1-m1": dial });
    expect(state.activation?.unit).toBe("p1-m1");
    return arrange(state, { "p1-m1": { at: { x: 5, y: 9 }, facing: "N" }, "p2-m2": { at: { x: 5, y: 5 }, facing: "S" }, "p2-m1": { at: { x: 0, y: 3 } } });
  }
  const cannon = (target: string): EmberCommand => ({ type: "act", unit: "p1-m1", part: "right_arm", action: "breach-shell", target });

  test("seed 000 1.3: a unit under lock-on (an adjacent enemy with it in its front arc) cannot shoot", () => {
    const free = bulwarkStage();
    expect(ember.legalCommands(free, "p1")).toContainEqual(cannon("p2-m2"));
    // Picket stands next to Bulwark facing it: Bulwark is locked on and cannot shoot anyone.
    const locked = arrange(free, { "p2-m1": { at: { x: 5, y: 8 }, facing: "S" } });
    expect(rejected(locked, "p1", cannon("p2-m2"))).toBe("locked_on");
    expect(rejected(locked, "p1", cannon("p2-m1"))).toBe("locked_on");
    expect(ember.legalCommands(locked, "p1").filter((c) => c.type === "act" && c.action === "breach-shell")).toEqual([]);
    // Interception ignores lock-on (seed 000 3): the helper it uses lets the same shot through.
    const bulwark = mech(locked, "p1-m1");
    const shell = catalog.parts.get("rdl-breaker-cannon")!.actions[0]!.effect as AttackEffect;
    expect(targetProblem(locked, bulwark, shell, unit(locked, "p2-m2"))).toBe("locked_on");
    expect(targetProblem(locked, bulwark, shell, unit(locked, "p2-m2"), { ignoreLockOn: true })).toBeNull();
    expect(lockersOf(locked, bulwark).map((u) => u.id)).toEqual(["p2-m1"]);
    // Picket facing away (Bulwark in its rear arc) locks nothing.
    const away = arrange(free, { "p2-m1": { at: { x: 5, y: 8 }, facing: "N" } });
    expect(ember.legalCommands(away, "p1")).toContainEqual(cannon("p2-m2"));
  });

  test("seed 000 1.4.1 note: lock-on covers the adjacent squares only, even for a unit with long-range melee", () => {
    // Spotter's signal lance reaches 2 squares, but 2 squares away it does not lock Bulwark on.
    const state = arrange(bulwarkStage(), { "p2-m2": { at: { x: 5, y: 7 }, facing: "S" } });
    expect(ember.legalCommands(state, "p1")).toContainEqual(cannon("p2-m2"));
    const adjacent = arrange(state, { "p2-m2": { at: { x: 5, y: 8 }, facing: "S" } });
    expect(rejected(adjacent, "p1", cannon("p2-m2"))).toBe("locked_on");
  });

  test("seed 000 1.1: a mech in shutdown has no ongoing effects: it locks nothing on", () => {
    const state = edit(arrange(bulwarkStage(), { "p2-m1": { at: { x: 5, y: 8 }, facing: "S" } }), (s) => {
      mech(s, "p2-m1").stance = "SHUTDOWN";
    });
    expect(ember.legalCommands(state, "p1")).toContainEqual(cannon("p2-m2"));
  });

  test("seed 000 2.2.1: crawl is move M, 1 square, with the chassis or an arm, and cannot leave a lock-on", () => {
    const crawl = (to: { x: number; y: number }, part: "torso" | "chassis" | "left_arm" = "chassis"): EmberCommand => ({
      type: "act",
      unit: "p1-m1",
      part,
      action: "crawl",
      to,
      facing: "N",
    });
    const locked = arrange(bulwarkStage("move"), { "p2-m1": { at: { x: 5, y: 8 }, facing: "S" } });
    // (4,9) is still next to Picket and in its front arc: allowed; (5,10) leaves the lock-on.
    expect(rejected(locked, "p1", crawl({ x: 5, y: 10 }))).toBe("locked_on");
    expect(rejected(locked, "p1", crawl({ x: 4, y: 9 }, "torso"))).toBe("unknown_action");
    expect(rejected(locked, "p1", crawl({ x: 3, y: 9 }))).toBe("out_of_reach");
    const r = must(locked, "p1", crawl({ x: 4, y: 9 }, "left_arm"));
    expect(find(r.events, "unit_moved")[0]).toMatchObject({ unit: "p1-m1", from: { x: 5, y: 9 }, to: { x: 4, y: 9 } });
    expect(r.state.activation?.ticks).toBe(1);
    // Without a lock-on the same crawl backwards is fine.
    const free = bulwarkStage("move");
    expect(ember.legalCommands(free, "p1")).toContainEqual(crawl({ x: 5, y: 10 }));
  });
});

describe("seed 000 2.3 system stabilisation", () => {
  test("seed 000 2.3: system stabilisation is tactical S with the torso and recovers 1 link; refused at full link", () => {
    // Every dial on 'tactical': Picket (p2-m1, pilot initiative 3 for tactical, link 5) acts first.
    const state = toAction(deployed(), {});
    expect(state.activation?.unit).toBe("p2-m1");
    const stabilise = (part: "torso" | "chassis"): EmberCommand => ({ type: "act", unit: "p2-m1", part, action: "stabilise" });
    expect(rejected(state, "p2", stabilise("torso"))).toBe("link_full");
    const low = edit(state, (s) => {
      mech(s, "p2-m1").link = 1;
    });
    expect(rejected(low, "p2", stabilise("chassis"))).toBe("unknown_action");
    const r = must(low, "p2", stabilise("torso"));
    expect(find(r.events, "link_changed")).toEqual([{ type: "link_changed", unit: "p2-m1", link: 2, reason: "stabilise" }]);
    expect(r.state.activation?.ticks).toBe(2);
  });
});
