/**
 * Link spent by actions (seed 000_200ff4b7b5d3d570.txt 4), ammo and salvo X (7), charge (2.6, 8),
 * discard and armed/unarmed parts (2.1, 11), and commands (9.1-9.4), with worked examples on the
 * sample cards:
 * - RDL Smelter (p1-m2 in the helpers' army): crucible torso (`feed-belt`: resupply 2 rivets,
 *   range 1), cinder axe (armed; `split` chargeable; discarded: unarmed Bare Gauntlet), rivet
 *   repeater (`rivet-hail`: 3 rivets, two-handed +1 red);
 * - UN Spotter (p2-m2): relay spine (`relay-beam`: 1 link), signal lance (armed; `spark-dart`:
 *   2 darts, kept by its discarded Open Manipulator);
 * - GOF Raider (p1-m1 of GOF_VS_UN): unarmed sparrow shell, vibro machete (`machete-toss`: thrown);
 *   Warden (p1-m2): hive frame (command generation 2, `swarm-relay`: coordination 2, `hive-volley`:
 *   1 command token), swallow autogun (`snap-burst`: chargeable, +1 yellow).
 */
import { ember, resources, type Action, type EmberCommand, type EmberState, type PartSlot, type Timing } from "../../src";
import { activate, arrange, deployed, edit, lockPlans, mech, must, rejected, skipCommands, toAction, withDice } from "../helpers";
import { find, GOF_VS_UN } from "./steps";

const act = (unit: string, part: PartSlot, action: string, extra: Partial<Extract<EmberCommand, { type: "act" }>> = {}): EmberCommand => ({
  type: "act",
  unit,
  part,
  action,
  ...extra,
});

describe("seed 000 4 actions that spend link", () => {
  test("seed 000 4: an action that spends link spends it, and cannot be taken when it would leave the pilot at 0", () => {
    // Spotter (Idris, link 4) on 'shoot': the relay beam costs 1 link.
    const state = arrange(activate(toAction(deployed(), { "p2-m2": "shoot" }), "p2-m2"), {
      "p2-m2": { at: { x: 5, y: 4 }, facing: "S" },
      "p1-m2": { at: { x: 5, y: 7 }, facing: "N" },
    });
    const beam = act("p2-m2", "torso", "relay-beam", { target: "p1-m2" });
    expect(ember.legalCommands(state, "p2")).toContainEqual(beam);
    const r = must(state, "p2", beam);
    expect(find(r.events, "link_changed")[0]).toEqual({ type: "link_changed", unit: "p2-m2", link: 3, reason: "spend" });
    // With link 2 it may spend 1 (down to 1); with link 1 it may not.
    const two = edit(state, (s) => {
      mech(s, "p2-m2").link = 2;
    });
    expect(mech(must(two, "p2", beam).state, "p2-m2").link).toBe(1);
    const one = edit(state, (s) => {
      mech(s, "p2-m2").link = 1;
    });
    expect(rejected(one, "p2", beam)).toBe("not_enough_link");
    expect(ember.legalCommands(one, "p2")).not.toContainEqual(beam);
  });
});

describe("seed 000 7 ammo", () => {
  test("seed 000 7: an action with ammo icons starts with one token per icon, spends one per use, and cannot be taken without ammo", () => {
    const state = arrange(activate(toAction(deployed(), { "p1-m2": "shoot" }), "p1-m2"), {
      "p1-m2": { at: { x: 5, y: 8 }, facing: "N" },
      "p2-m1": { at: { x: 5, y: 4 }, facing: "S" },
    });
    expect(mech(state, "p1-m2").parts.right_arm.ammo).toEqual({ "rivet-hail": 3 });
    const hail = act("p1-m2", "right_arm", "rivet-hail", { target: "p2-m1" });
    const r = must(state, "p1", hail);
    expect(find(r.events, "ammo_spent")).toEqual([{ type: "ammo_spent", unit: "p1-m2", part: "right_arm", action: "rivet-hail", spent: 1, left: 2 }]);
    expect(mech(r.state, "p1-m2").parts.right_arm.ammo).toEqual({ "rivet-hail": 2 });
    const empty = edit(state, (s) => {
      mech(s, "p1-m2").parts.right_arm.ammo = { "rivet-hail": 0 };
    });
    expect(rejected(empty, "p1", hail)).toBe("no_ammo");
    expect(ember.legalCommands(empty, "p1").filter((c) => c.type === "act" && c.action === "rivet-hail")).toEqual([]);
  });

  test("seed 000 7: salvo X fires up to X projectiles at once for as many ammo tokens; without salvo one token per use", () => {
    const action = (salvo?: number): Action =>
      ({ id: "test", name: { en: "t", ko: "t" }, timing: "launch", length: "S", effect: { kind: "recover_link", amount: 1 }, ammo: { uses: 4, kind: "rockets" }, ...(salvo ? { salvo } : {}) }) as Action;
    expect(resources.ammoCost(action())).toBe(1);
    expect(resources.ammoCost(action(), 2)).toBeNull();
    expect(resources.ammoCost(action(3), 3)).toBe(3);
    expect(resources.ammoCost(action(3), 2)).toBe(2);
    expect(resources.ammoCost(action(3), 4)).toBeNull();
    expect(resources.ammoCost(action(3), 0)).toBeNull();
  });

  test("seed 000 7: resupply flips spent tokens back on a part that spent that kind of ammo, never above its icons", () => {
    const base = activate(toAction(deployed(), { "p1-m2": "tactical" }), "p1-m2");
    const feed = act("p1-m2", "torso", "feed-belt", { target: "p1-m2", targetPart: "right_arm" });
    // Nothing spent yet: nothing to resupply.
    expect(rejected(base, "p1", feed)).toBe("nothing_to_resupply");
    const withAmmo = (n: number) =>
      edit(base, (s) => {
        mech(s, "p1-m2").parts.right_arm.ammo = { "rivet-hail": n };
      });
    const fromZero = must(withAmmo(0), "p1", feed);
    expect(find(fromZero.events, "ammo_resupplied")).toEqual([{ type: "ammo_resupplied", unit: "p1-m2", part: "right_arm", action: "rivet-hail", restored: 2, left: 2 }]);
    // 2 of 3 left: only 1 more fits.
    expect(mech(must(withAmmo(2), "p1", feed).state, "p1-m2").parts.right_arm.ammo).toEqual({ "rivet-hail": 3 });
    // Bulwark next to Smelter has no rivet action; Bulwark 3 squares away is out of range.
    const near = arrange(withAmmo(0), { "p1-m1": { at: { x: 5, y: 5 } }, "p1-m2": { at: { x: 5, y: 6 } } });
    expect(rejected(near, "p1", act("p1-m2", "torso", "feed-belt", { target: "p1-m1", targetPart: "right_arm" }))).toBe("nothing_to_resupply");
    const far = arrange(near, { "p1-m1": { at: { x: 5, y: 9 } } });
    expect(rejected(far, "p1", act("p1-m2", "torso", "feed-belt", { target: "p1-m1", targetPart: "right_arm" }))).toBe("out_of_range");
    expect(ember.legalCommands(withAmmo(0), "p1")).toContainEqual(feed);
  });
});

describe("seed 000 2.6, 8 charge", () => {
  /** GOF against UN: Warden (p1-m2) on 'quick' at (5,8) facing N; Picket (p2-m1) at (5,6). */
  function wardenQuick(): EmberState {
    const state = activate(toAction(deployed("test-seed", GOF_VS_UN), { "p1-m2": "quick" }), "p1-m2");
    return arrange(state, { "p1-m2": { at: { x: 5, y: 8 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 6 }, facing: "S" } });
  }

  test("seed 000 2.6, 8: the charge action charges one part's chargeable action; it cannot be charged again; a part without one cannot be charged", () => {
    const state = wardenQuick();
    expect(mech(state, "p1-m2").parts.right_arm.charged).toBeUndefined();
    const charge = (part: PartSlot) => act("p1-m2", part, "charge");
    expect(rejected(state, "p1", charge("torso"))).toBe("not_chargeable");
    const r = must(state, "p1", charge("right_arm"));
    expect(find(r.events, "part_charged")).toEqual([{ type: "part_charged", unit: "p1-m2", part: "right_arm", action: "snap-burst" }]);
    expect(mech(r.state, "p1-m2").parts.right_arm.charged).toEqual(["snap-burst"]);
    // Already charged (and a common action once per activation, so try it next activation).
    const next = edit(state, (s) => {
      mech(s, "p1-m2").parts.right_arm.charged = ["snap-burst"];
    });
    expect(rejected(next, "p1", charge("right_arm"))).toBe("already_charged");
  });

  test("seed 000 8: taking a charged action may spend the charge for its charged effect (snap burst: +1 yellow); without the charge no bonus", () => {
    const charged = edit(wardenQuick(), (s) => {
      mech(s, "p1-m2").parts.right_arm.charged = ["snap-burst"];
    });
    const plain = act("p1-m2", "right_arm", "snap-burst", { target: "p2-m1" });
    const boosted = act("p1-m2", "right_arm", "snap-burst", { target: "p2-m1", useCharge: true });
    const legal = ember.legalCommands(charged, "p1");
    expect(legal).toContainEqual(plain);
    expect(legal).toContainEqual(boosted);
    // Not charged: the charge cannot be used.
    expect(rejected(wardenQuick(), "p1", boosted)).toBe("not_chargeable");
    const withCharge = withDice({ part: "torso" }, () => must(charged, "p1", boosted));
    expect(find(withCharge.events, "charge_spent")).toEqual([{ type: "charge_spent", unit: "p1-m2", part: "right_arm", action: "snap-burst" }]);
    expect(mech(withCharge.state, "p1-m2").parts.right_arm.charged).toBeUndefined();
    expect(withCharge.state.attack?.dice).toEqual({ yellow: 3, red: 0 });
    const without = withDice({ part: "torso" }, () => must(charged, "p1", plain));
    expect(without.state.attack?.dice).toBeUndefined();
    expect(mech(without.state, "p1-m2").parts.right_arm.charged).toEqual(["snap-burst"]);
  });
});

describe("seed 000 2.1, 11 armed and unarmed parts", () => {
  test("seed 000 2.1, 11: discarding an armed part switches it to its discarded card; round tokens whose action is gone are removed", () => {
    // Smelter on 'quick': charge the axe, discard it, then fire the rivet hail two-handed.
    const state = arrange(activate(toAction(deployed(), { "p1-m2": "quick" }), "p1-m2"), {
      "p1-m2": { at: { x: 5, y: 8 }, facing: "N" },
      "p2-m1": { at: { x: 5, y: 4 }, facing: "S" },
    });
    expect(rejected(state, "p1", act("p1-m2", "right_arm", "discard"))).toBe("not_armed");
    const charged = must(state, "p1", act("p1-m2", "left_arm", "charge")).state;
    expect(mech(charged, "p1-m2").parts.left_arm.charged).toEqual(["split"]);
    const r = must(charged, "p1", act("p1-m2", "left_arm", "discard"));
    expect(find(r.events, "part_discarded")).toEqual([{ type: "part_discarded", unit: "p1-m2", part: "left_arm", kept: [], removed: ["charge:split"] }]);
    const left = mech(r.state, "p1-m2").parts.left_arm;
    expect(left).toEqual({ partId: "rdl-cinder-axe", damaged: false, destroyed: false, discarded: true });
    // The Bare Gauntlet has no actions and no parry; it cannot be discarded again.
    const next = edit(r.state, (s) => {
      s.activation!.actionsTaken = [];
      s.activation!.ticks = 3;
    });
    expect(rejected(next, "p1", act("p1-m2", "left_arm", "split", { target: "p2-m1" }))).toBe("unknown_action");
    expect(rejected(next, "p1", act("p1-m2", "left_arm", "discard"))).toBe("not_armed");
  });

  test("seed 000 11: tokens of an action the discarded card also has stay (spark darts), the damage token stays", () => {
    const state = edit(activate(toAction(deployed(), { "p2-m2": "quick" }), "p2-m2"), (s) => {
      mech(s, "p2-m2").parts.left_arm.ammo = { "spark-dart": 1 };
      mech(s, "p2-m2").parts.left_arm.damaged = true;
    });
    const r = must(state, "p2", act("p2-m2", "left_arm", "discard"));
    expect(find(r.events, "part_discarded")[0]).toMatchObject({ kept: ["ammo:spark-dart"], removed: [] });
    expect(mech(r.state, "p2-m2").parts.left_arm).toMatchObject({ ammo: { "spark-dart": 1 }, damaged: true, discarded: true });
  });

  test("seed 000 11: an unarmed part designated to assist a two-handed action adds its dice; the discarded axe is unarmed", () => {
    const state = arrange(activate(toAction(deployed(), { "p1-m2": "shoot" }), "p1-m2"), {
      "p1-m2": { at: { x: 5, y: 8 }, facing: "N" },
      "p2-m1": { at: { x: 5, y: 4 }, facing: "S" },
    });
    const assisted = act("p1-m2", "right_arm", "rivet-hail", { target: "p2-m1", unarmed: "left_arm" });
    // The axe still in hand is not unarmed.
    expect(rejected(state, "p1", assisted)).toBe("unarmed_needed");
    const bare = edit(state, (s) => {
      mech(s, "p1-m2").parts.left_arm.discarded = true;
    });
    expect(ember.legalCommands(bare, "p1")).toContainEqual(assisted);
    const r = withDice({ part: "torso" }, () => must(bare, "p1", assisted));
    expect(r.state.attack?.dice).toEqual({ yellow: 2, red: 2 });
    // The acting part cannot assist itself.
    expect(rejected(bare, "p1", act("p1-m2", "right_arm", "rivet-hail", { target: "p2-m1", unarmed: "right_arm" }))).toBe("unarmed_needed");
  });

  test("seed 000 11: a thrown action can only be taken with an unarmed part designated (Raider's sparrow shell)", () => {
    const state = arrange(activate(toAction(deployed("test-seed", GOF_VS_UN), { "p1-m1": "quick" }), "p1-m1"), {
      "p1-m1": { at: { x: 5, y: 8 }, facing: "N" },
      "p2-m1": { at: { x: 5, y: 6 }, facing: "S" },
    });
    const toss = (unarmed?: PartSlot) => act("p1-m1", "left_arm", "machete-toss", { target: "p2-m1", ...(unarmed ? { unarmed } : {}) });
    expect(rejected(state, "p1", toss())).toBe("unarmed_needed");
    expect(rejected(state, "p1", toss("chassis"))).toBe("unarmed_needed");
    expect(ember.legalCommands(state, "p1").filter((c) => c.type === "act" && c.action === "machete-toss")).toEqual([toss("torso")]);
    expect(find(must(state, "p1", toss("torso")).events, "attack_declared")).toHaveLength(1);
  });
});

describe("seed 000 9 commands", () => {
  test("seed 000 9.1: a part with command generation X makes its mech generate X commands instead of 1 (GOF hive frame: 2)", () => {
    const state = deployed("test-seed", GOF_VS_UN);
    expect(mech(state, "p1-m1").commandTokens).toBe(1);
    expect(mech(state, "p1-m2").commandTokens).toBe(2);
  });

  test("seed 000 9.2, 9.4: unused command tokens may be kept after the command phase and spent (flipped) by an action until the end phase", () => {
    // p1 ends its commands at once: the Warden keeps both tokens into the action phase.
    const plan = skipCommands(deployed("test-seed", GOF_VS_UN));
    expect(mech(plan, "p1-m2").commandTokens).toBe(2);
    const state = arrange(activate(lockPlans(plan, { "p1-m2": "shoot" }).state, "p1-m2"), {
      "p1-m2": { at: { x: 5, y: 8 }, facing: "N" },
      "p2-m1": { at: { x: 5, y: 5 }, facing: "S" },
    });
    const volley = act("p1-m2", "torso", "hive-volley", { target: "p2-m1" });
    const r = withDice({ part: "torso" }, () => must(state, "p1", volley));
    expect(find(r.events, "command_tokens_spent")).toEqual([{ type: "command_tokens_spent", unit: "p1-m2", spent: 1, left: 1 }]);
    const none = edit(state, (s) => {
      mech(s, "p1-m2").commandTokens = 0;
    });
    expect(rejected(none, "p1", volley)).toBe("not_enough_command_tokens");
  });

  test("seed 000 9.3: command coordination X lets the mech command drones in its activation, one token each, one held token per drone", () => {
    const dials: Record<string, Timing> = { "p1-m2": "tactical" };
    const state = activate(toAction(deployed("test-seed", GOF_VS_UN), dials), "p1-m2");
    const wasp = state.units.find((u) => u.owner === "p1" && u.kind === "drone")!;
    const order = (to: { x: number; y: number }): EmberCommand => ({ type: "command_drone", mech: "p1-m2", drone: wasp.id, order: { kind: "move", to, facing: "N" } });
    const target = { x: wasp.at!.x, y: wasp.at!.y - 1 };
    expect(rejected(state, "p1", order(target))).toBe("not_enough_command_tokens");
    const relay = must(state, "p1", act("p1-m2", "torso", "swarm-relay"));
    expect(find(relay.events, "coordination_granted")).toEqual([{ type: "coordination_granted", unit: "p1-m2", commands: 2 }]);
    expect(ember.legalCommands(relay.state, "p1")).toContainEqual(order(target));
    const moved = must(relay.state, "p1", order(target));
    expect(find(moved.events, "unit_moved")[0]).toMatchObject({ unit: wasp.id, to: target });
    expect(mech(moved.state, "p1-m2").commandTokens).toBe(1);
    expect(moved.state.activation?.coordination).toBe(1);
    // The wasp holds a token now: no second command to it (seed 000 9.3 example).
    expect(rejected(moved.state, "p1", order({ x: target.x, y: target.y - 1 }))).toBe("drone_already_commanded");
  });
});
