/**
 * The rules' own verdicts the table shows in words: why a drone cannot be given an attack order
 * (seed 001 4.2; seed 000 1.3, 1.4, 9.1-9.2), and how an attack's dice stand at a reroll
 * prompt (seed 000 1.2.1 damage calculation).
 */
import { seatViewer } from "@fogwar/engine";
import { attackStanding, ember, unavailableDroneOrders, type DroneState, type EmberCommand, type EmberState } from "../../src";
import { arrange, deployed, edit, FACE, must, toAction, unit, withDice } from "../helpers";

const viewOf = (state: EmberState, seat: string) => ember.viewFor(state, seatViewer(seat));

describe("seed 001 4.2, seed 000 1.3-1.4: why a drone has no attack order", () => {
  test("out of range: each enemy named with its reason, and no attack order in the legal list", () => {
    // p1's scrap tortoise (turret rivets, range 4) at (4,11); p2's units along the far edge.
    const state = deployed();
    expect(state.phase).toBe("command");
    expect(ember.legalCommands(state, "p1").some((c) => c.type === "command_drone" && c.drone === "p1-d1" && c.order.kind === "action")).toBe(false);
    const why = unavailableDroneOrders(viewOf(state, "p1"), "p1");
    expect(why).toHaveLength(1);
    expect(why[0]).toMatchObject({ drone: "p1-d1", order: "action", code: "no_target" });
    expect(why[0]!.targets!.map((t) => t.code)).toEqual(why[0]!.targets!.map(() => "out_of_range"));
    expect(why[0]!.targets!.length).toBeGreaterThan(0);
    // Not p2's command turn: nothing for p2.
    expect(unavailableDroneOrders(viewOf(state, "p2"), "p2")).toEqual([]);
  });

  test("in range but behind its own back: not in the front arc; once commanded: already commanded this phase", () => {
    const behind = arrange(deployed(), { "p1-d1": { at: { x: 5, y: 8 }, facing: "S" }, "p2-m1": { at: { x: 5, y: 6 }, facing: "S" } });
    const why = unavailableDroneOrders(viewOf(behind, "p1"), "p1");
    expect(why[0]!.targets!.find((t) => t.unit === "p2-m1")?.code).toBe("not_in_front_arc");
    // Facing the enemy: the order is there and nothing is listed.
    const facing = arrange(behind, { "p1-d1": { at: { x: 5, y: 8 }, facing: "N" } });
    expect(unavailableDroneOrders(viewOf(facing, "p1"), "p1")).toEqual([]);
    // One command per drone per phase: once it has its order, the drone has no attack order left.
    const back = edit(facing, (st) => { (unit(st, "p1-d1") as DroneState).commanded = true; });
    expect(back.turn).toBe("p1");
    expect(unavailableDroneOrders(viewOf(back, "p1"), "p1")).toEqual([{ drone: "p1-d1", order: "action", code: "drone_already_commanded" }]);
  });
});

describe("seed 000 1.2.1: how the dice stand at a reroll prompt", () => {
  test("1 light and 3 heavy against defends: 4 hits, 1 blocked (a defend cancels only a light), 3 get through", () => {
    const base = toAction(deployed(), { "p1-m1": "shoot" });
    const placed = arrange(base, { "p1-m1": { at: { x: 5, y: 9 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 4 }, facing: "S" } });
    const shoot: EmberCommand = { type: "act", unit: "p1-m1", part: "right_arm", action: "breach-shell", target: "p2-m1" };
    withDice({ part: "torso", yellow: FACE.light, red: FACE.heavy, white: FACE.defend }, () => {
      let s = must(placed, "p1", shoot).state;
      // Any earlier question (a part-die reroll) declined.
      while (s.pending && s.pending.kind !== "attack_reroll") s = must(s, s.pending.seat, { type: "reroll", dice: [] }).state;
      expect(s.pending?.kind).toBe("attack_reroll");
      expect(attackStanding(viewOf(s, "p1"))).toEqual({ hits: 4, blocked: 1, through: 3 });
      expect(attackStanding(viewOf(s, "p2"))).toEqual({ hits: 4, blocked: 1, through: 3 });
    });
    withDice({ part: "torso", yellow: FACE.light, red: FACE.light, white: FACE.evade }, () => {
      let s = must(placed, "p1", shoot).state;
      while (s.pending && s.pending.kind !== "attack_reroll") s = must(s, s.pending.seat, { type: "reroll", dice: [] }).state;
      // Every white die an evade (each cancels any one result): as many blocked as there are white dice, up to the 4 hits.
      const standing = attackStanding(viewOf(s, "p1"))!;
      const whites = s.attack!.defenceDice.length;
      expect(standing).toEqual({ hits: 4, blocked: Math.min(4, whites), through: Math.max(0, 4 - whites) });
    });
    expect(attackStanding(viewOf(placed, "p1"))).toBeNull();
  });
});
