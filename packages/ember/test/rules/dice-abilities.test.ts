/**
 * Dice abilities in the attack process (seed 000_200ff4b7b5d3d570.txt 1.2.1): abilities that add
 * or remove yellow/red/white/blue dice, set dice to a result, the white-dice floor, "[eye]/
 * [lightning] deals 1 damage", effects triggered by uncancelled [eye]/[lightning], and the order of
 * effects (the attacker's first, then the defender's). Sample cards used:
 * - RDL Hammerfall: pile fist `piston-blow` (melee S, 3 red, impact; removes 1 white die);
 * - UN Overwatch: relay spine (A3 S2), bracing legs (sets 1 white die to [defend] when defending),
 *   mirror ward (A4 S1, shield, +1 white die when defending), longbow rail (`long-rail`: snipe,
 *   an uncancelled [eye] costs the target 1 link);
 * - UN Picket's arc baton `discharge` ([lightning] deals 1 damage);
 * - GOF Warden: swallow autogun `tracer-stream` (sets 1 yellow die to [light]), drift buckler
 *   (shield; [eye] on its mech's defence dice becomes [defend]);
 * - RDL Bulwark's breaker cannon `breach-shell` ([lightning] becomes [heavy]).
 */
import { ember, type ArmyList, type EmberCommand, type EmberState } from "../../src";
import { arrange, deployed, edit, FACE, mech, RDL, toAction, withDice } from "../helpers";
import { DECLINE, find, GOF, GOF_VS_UN, play, USE } from "./steps";

const HAMMERFALL: ArmyList = {
  name: "Test RDL Hammerfall",
  faction: "RDL",
  units: [
    { kind: "mech", name: "Hammerfall", parts: { torso: "rdl-bastion-torso", chassis: "rdl-ironstep-chassis", left_arm: "rdl-pile-fist", right_arm: "rdl-breaker-cannon" }, pilot: "rdl-han-dolseok" },
  ],
};
const OVERWATCH: ArmyList = {
  name: "Test UN Overwatch",
  faction: "UN",
  units: [
    { kind: "mech", name: "Overwatch", parts: { torso: "un-relay-spine", chassis: "un-bracing-legs", left_arm: "un-mirror-ward", right_arm: "un-longbow-rail" }, pilot: "un-yoon-seoha" },
  ],
};

const defence = (events: Parameters<typeof find>[0]) => find(events, "dice_rolled").find((e) => e.side === "defence")?.dice ?? [];

describe("seed 000 1.2.1 dice abilities", () => {
  /** Hammerfall (p1-m1) on 'melee' at (5,6) facing N; Overwatch (p2-m1) at (5,5) facing S. */
  function punchStage(): EmberState {
    const state = toAction(deployed("test-seed", { scenario: "crossroads", seats: ["p1", "p2"], armies: { p1: HAMMERFALL, p2: OVERWATCH } }), { "p1-m1": "melee" });
    expect(state.activation?.unit).toBe("p1-m1");
    return arrange(state, { "p1-m1": { at: { x: 5, y: 6 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 5 }, facing: "S" } });
  }
  const blow: EmberCommand = { type: "act", unit: "p1-m1", part: "left_arm", action: "piston-blow", target: "p2-m1" };
  const steps = (part: "torso" | "left_arm"): [string, EmberCommand][] => [
    ["p1", blow],
    ["p2", USE],
    ["p2", { type: "choose_hit_part", part }],
    ["p1", DECLINE],
    ["p2", DECLINE],
  ];

  test("seed 000 1.2.1 note: dice are added and removed attacker first, then defender; a set die takes its result unrolled", () => {
    // Overwatch's raised shield lets it pick the torso (armour 3): the blow removes 1 white (3 -> 2), then
    // the mirror ward adds 1 (2 -> 3); the bracing legs set 1 white to [defend].
    const r = withDice({ red: FACE.heavy, white: FACE.blank }, () => play(punchStage(), steps("torso")));
    expect(find(r.events, "dice_changed")).toEqual([
      { type: "dice_changed", side: "defence", by: "attacker", die: "white", change: -1 },
      { type: "dice_changed", side: "defence", by: "defender", die: "white", change: 1 },
    ]);
    expect(find(r.events, "dice_set")).toEqual([{ type: "dice_set", side: "defence", by: "defender", die: "white", count: 1, face: FACE.defend }]);
    expect(defence(r.events).map((d) => d.face.result)).toEqual(["defend", "blank", "blank"]);
    // 3 [heavy] against 1 [defend]: a defend cancels lights only, so 3 damage.
    expect(find(r.events, "attack_resolved")[0]).toMatchObject({ damage: 3, penetrated: true });
  });

  test("seed 000 1.2.1: white dice are never reduced to 0; the floor applies before the defender's own additions", () => {
    // The mirror ward carries a damage token: structure 1 gives 1 white. The blow's -1 stops at
    // the floor of 1 (no change), then the ward's own +1 makes 2.
    const damaged = edit(punchStage(), (s) => {
      mech(s, "p2-m1").parts.left_arm.damaged = true;
    });
    const r = withDice({ red: FACE.heavy, white: FACE.blank }, () => play(damaged, steps("left_arm")));
    expect(find(r.events, "dice_changed")).toEqual([{ type: "dice_changed", side: "defence", by: "defender", die: "white", change: 1 }]);
    expect(defence(r.events)).toHaveLength(2);
    // In shutdown the defender's passive abilities do not work (seed 000 1.1): the floor keeps 1.
    const shutdown = edit(damaged, (s) => {
      mech(s, "p2-m1").stance = "SHUTDOWN";
    });
    const r2 = withDice({ red: FACE.heavy, white: FACE.blank }, () =>
      play(shutdown, [["p1", blow], ["p1", { type: "choose_hit_part", part: "left_arm" }], ["p1", DECLINE], ["p2", DECLINE]]),
    );
    expect(find(r2.events, "dice_changed")).toEqual([]);
    expect(find(r2.events, "dice_set")).toEqual([]);
    expect(defence(r2.events)).toHaveLength(1);
  });

  test("seed 000 1.2.1: set dice of both sides, the attacker's first (tracer rounds set a yellow [light], bracing legs a white [defend])", () => {
    const setup = { scenario: "crossroads", seats: ["p1", "p2"] as const, armies: { p1: GOF, p2: OVERWATCH } };
    let state = toAction(deployed("test-seed", setup), { "p1-m2": "shoot" });
    expect(state.activation?.unit).toBe("p1-m2");
    state = arrange(state, { "p1-m2": { at: { x: 5, y: 8 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 5 }, facing: "S" } });
    const r = withDice({ yellow: FACE.blank, white: FACE.blank }, () =>
      play(state, [
        ["p1", { type: "act", unit: "p1-m2", part: "right_arm", action: "tracer-stream", target: "p2-m1" }],
        ["p2", USE],
        ["p2", { type: "choose_hit_part", part: "torso" }],
        ["p1", DECLINE],
        ["p2", DECLINE],
      ]),
    );
    expect(find(r.events, "dice_set").map((e) => [e.by, e.die, e.face.result])).toEqual([
      ["attacker", "yellow", "light"],
      ["defender", "white", "defend"],
    ]);
    expect(find(r.events, "dice_rolled")[0]?.dice.map((d) => d.face.result)).toEqual(["light", "blank", "blank"]);
    // Torso armour 3 + mirror ward 1 = 4 white; the [light] is cancelled by the set [defend].
    expect(defence(r.events)).toHaveLength(4);
    expect(find(r.events, "attack_resolved")[0]).toMatchObject({ damage: 0, hit: true, cancelledByDefend: 1 });
  });

  test("seed 000 1.2.1 note: replacements go attacker first, then defender ([lightning] to [heavy], then [eye] to [defend])", () => {
    const setup = { scenario: "crossroads", seats: ["p1", "p2"] as const, armies: { p1: RDL, p2: GOF } };
    let state = toAction(deployed("test-seed", setup), { "p1-m1": "shoot" });
    expect(state.activation?.unit).toBe("p1-m1");
    state = arrange(state, { "p1-m1": { at: { x: 5, y: 9 }, facing: "N" }, "p2-m2": { at: { x: 5, y: 5 }, facing: "S" }, "p2-m1": { at: { x: 0, y: 0 } } });
    const r = withDice({ yellow: FACE.lightning, red: FACE.blank, white: FACE.eye }, () =>
      play(state, [
        ["p1", { type: "act", unit: "p1-m1", part: "right_arm", action: "breach-shell", target: "p2-m2" }],
        ["p2", USE],
        ["p2", { type: "choose_hit_part", part: "torso" }],
        ["p1", DECLINE],
        ["p2", DECLINE],
      ]),
    );
    expect(find(r.events, "dice_replaced").map((e) => [e.side, e.from.result, e.to.result])).toEqual([
      ["attack", "lightning", "heavy"],
      ["defence", "eye", "defend"],
      ["defence", "eye", "defend"],
      ["defence", "eye", "defend"],
    ]);
    // 1 [heavy] against 3 [defend] (hive frame armour 3): defends cancel lights only, 1 damage.
    expect(find(r.events, "attack_resolved")[0]).toMatchObject({ damage: 1, penetrated: true });
  });

  test("seed 000 1.2.1 note: an ability saying [lightning] deals 1 damage makes each [lightning] damage that only an [evade] cancels", () => {
    let state = toAction(deployed(), { "p2-m1": "melee" });
    state = arrange(state, { "p2-m1": { at: { x: 5, y: 5 }, facing: "S" }, "p1-m2": { at: { x: 5, y: 6 }, facing: "N" } });
    // Arc baton: 2 yellow [lightning] + 1 red blank against Smelter's torso (armour 4, all [defend]).
    const r = withDice({ yellow: FACE.lightning, red: FACE.blank, white: FACE.defend, part: "torso" }, () =>
      play(state, [
        ["p2", { type: "act", unit: "p2-m1", part: "left_arm", action: "discharge", target: "p1-m2" }],
        ["p1", { type: "declare_parry", part: null }],
        ["p2", DECLINE],
        ["p2", DECLINE],
        ["p1", DECLINE],
      ]),
    );
    expect(find(r.events, "attack_resolved")[0]).toMatchObject({ damage: 2, penetrated: true, cancelledByDefend: 0 });
    expect(mech(r.state, "p1-m2").parts.torso.damaged).toBe(true);
  });

  test("seed 000 1.2.1: an effect triggered by [eye] fires when an [eye] is not cancelled by an [evade]", () => {
    // Spotter's longbow (snipe, eye: impact) at Smelter's torso: 3 yellow [eye], no damage.
    let state = toAction(deployed(), { "p2-m2": "shoot" });
    state = arrange(state, { "p2-m2": { at: { x: 5, y: 3 }, facing: "S" }, "p1-m2": { at: { x: 5, y: 8 }, facing: "N" }, "p2-m1": { at: { x: 0, y: 0 } } });
    const shoot: EmberCommand = { type: "act", unit: "p2-m2", part: "right_arm", action: "long-rail", target: "p1-m2" };
    const r = withDice({ yellow: FACE.eye, red: FACE.blank, white: FACE.blank }, () =>
      play(state, [["p2", shoot], ["p2", USE], ["p2", { type: "choose_hit_part", part: "torso" }], ["p2", DECLINE], ["p1", DECLINE]]),
    );
    expect(find(r.events, "attack_resolved")[0]).toMatchObject({ damage: 0, hit: false });
    expect(find(r.events, "result_triggered")).toEqual([{ type: "result_triggered", unit: "p1-m2", on: "eye", effect: "impact" }]);
    expect(mech(r.state, "p1-m2").link).toBe(2);
    // Against Raider in MOB (total evasion 6): 6 blue [evade] cancel the 3 [eye]: nothing fires.
    let gof = toAction(deployed("test-seed", GOF_VS_UN), { "p2-m2": "shoot" });
    gof = edit(arrange(gof, { "p2-m2": { at: { x: 5, y: 3 }, facing: "S" }, "p1-m1": { at: { x: 5, y: 8 }, facing: "N" }, "p2-m1": { at: { x: 0, y: 0 } } }), (s) => {
      mech(s, "p1-m1").stance = "MOB";
    });
    const r2 = withDice({ yellow: FACE.eye, red: FACE.blank, white: FACE.blank, blue: FACE.evade }, () =>
      play(gof, [
        ["p2", { ...shoot, target: "p1-m1" } as EmberCommand],
        ["p2", USE],
        ["p2", { type: "choose_hit_part", part: "torso" }],
        ["p2", DECLINE],
        ["p1", DECLINE],
      ]),
    );
    expect(defence(r2.events).filter((d) => d.die === "blue")).toHaveLength(6);
    expect(find(r2.events, "result_triggered")).toEqual([]);
    expect(mech(r2.state, "p1-m1").link).toBe(4);
    expect(ember.pending(r2.state)).toBeNull();
  });
});
