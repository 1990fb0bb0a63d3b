/**
 * Automatic attacks and targeting logic (seed 000 1.2.1 "대상 지정": "드론의 오토마톤 액션과 같이
 * 공격이 자동으로 실행되는 경우, 공격할 대상을 선택하려면 표적 논리를 따라야 합니다"), worked by hand
 * on the Ashfall board: p1 GOF Hornet Nest, whose Wasp Drone (p1-d1) carries the sample automaton
 * action Sting Reflex (shoot, range 2, 1 yellow + 1 red; targeting logic: a drone first, then the
 * nearest; a tie to the unit listed first), against p2 UN Aegis Beacon Cell (Beacon Caller p2-m1,
 * Flak Picket p2-m2, Skylark Spotter p2-d1).
 */
import { catalog, ember, legalCommands, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState } from "../../src";
import { automatonTarget } from "../../src/targeting";
import { arrange, deployed, edit, FACE, must, rejected, unit, withDice } from "../helpers";

const army = (name: string) => catalog.data.armies.find((a) => a.name === name)!;
const GOF_UN: EmberSetup = { scenario: "ashfall", seats: ["p1", "p2"], armies: { p1: army("Hornet Nest"), p2: army("Aegis Beacon Cell") } };
const AUTOMATON: EmberCommand = { type: "command_drone", mech: "p1-m1", drone: "p1-d1", order: { kind: "automaton" } };
const types = (events: EmberEvent[]) => events.map((e) => e.type);
const droneOrders = (state: EmberState) =>
  legalCommands(state, "p1").filter((c): c is Extract<EmberCommand, { type: "command_drone" }> => c.type === "command_drone" && c.drone === "p1-d1" && c.order.kind !== "move");

describe("seed 000 1.2.1 automatic attacks: a drone's automaton action follows its targeting logic", () => {
  test("seed 000 1.2.1: the Wasp's automaton action takes the drone its targeting logic prefers over a nearer mech, then the attack process runs unchanged", () => {
    // Round 1's command phase, p1 on turn. The Wasp at (2,9) faces north. The Beacon Caller at
    // (3,8) is 1 square away (facing north, so the Wasp is in its rear arc: no lock-on); the
    // Skylark Spotter at (4,7) is 2 squares away; the Flak Picket far off at (8,0).
    const state = arrange(deployed("automaton-1", GOF_UN), {
      "p1-d1": { at: { x: 2, y: 9 }, facing: "N" },
      "p2-m1": { at: { x: 3, y: 8 }, facing: "N" },
      "p2-m2": { at: { x: 8, y: 0 } },
      "p2-d1": { at: { x: 4, y: 7 } },
    });
    expect(state.phase).toBe("command");
    expect(state.turn).toBe("p1");
    // Targeting logic: a drone first (the Skylark, even though the mech is nearer).
    expect(automatonTarget(state, unit(state, "p1-d1") as Parameters<typeof automatonTarget>[1])?.id).toBe("p2-d1");
    // The command action stays a free choice (Stinger Burst, range 3): both enemies are listed;
    // the automaton order names no target.
    expect(droneOrders(state)).toEqual([
      AUTOMATON,
      { type: "command_drone", mech: "p1-m1", drone: "p1-d1", order: { kind: "action", target: "p2-m1" } },
      { type: "command_drone", mech: "p1-m1", drone: "p1-d1", order: { kind: "action", target: "p2-d1" } },
      { type: "command_drone", mech: "p1-m2", drone: "p1-d1", order: { kind: "automaton" } },
      { type: "command_drone", mech: "p1-m2", drone: "p1-d1", order: { kind: "action", target: "p2-m1" } },
      { type: "command_drone", mech: "p1-m2", drone: "p1-d1", order: { kind: "action", target: "p2-d1" } },
    ]);
    // A player cannot name the automaton's target: that order is malformed.
    expect(rejected(state, "p1", { ...AUTOMATON, order: { kind: "automaton", target: "p2-m1" } })).toBe("malformed_command");
    // Sting Reflex: 1 yellow [light] + 1 red [heavy]. The Skylark (MOB, armour 1, evasion 2, no
    // structure): 1 white + 2 blue, all blank; high altitude, so no cover. 2 damage, nothing
    // cancelled: penetration, and with no structure the Skylark is destroyed (seed 000 1.2.2).
    const r = withDice({ yellow: FACE.light, red: FACE.heavy, white: FACE.blank, blue: FACE.blank }, () => must(state, "p1", AUTOMATON));
    expect(types(r.events)).toEqual([
      "drone_commanded",
      "action_taken",
      "attack_declared",
      "dice_rolled",
      "dice_rolled",
      "attack_resolved",
      "unit_destroyed",
      "phase_started",
    ]);
    expect(r.events[0]).toEqual({ type: "drone_commanded", mech: "p1-m1", drone: "p1-d1", order: "automaton" });
    expect(r.events[1]).toEqual({ type: "action_taken", unit: "p1-d1", part: null, action: "sting-reflex", target: "p2-d1" });
    expect(r.events[2]).toEqual({ type: "attack_declared", attacker: "p1-d1", defender: "p2-d1", mode: "shoot", rear: false, cover: { terrain: false, unit: false }, chain: false });
    const [attack, defence] = [r.events[3], r.events[4]] as Extract<EmberEvent, { type: "dice_rolled" }>[];
    expect(attack!.dice.map((d) => d.die)).toEqual(["yellow", "red"]);
    expect(defence!.dice.map((d) => d.die)).toEqual(["white", "blue", "blue"]);
    expect(r.events[5]).toMatchObject({ type: "attack_resolved", damage: 2, penetrated: true, hit: true });
    expect(r.events[6]).toEqual({ type: "unit_destroyed", unit: "p2-d1", reason: "penetrated" });
    // As after any drone command (seed 001 4.2) the phase goes on: with no drone left to command
    // on either side the command phase ends (seed 001 4.3) and the plan phase starts.
    expect(r.events[7]).toEqual({ type: "phase_started", phase: "plan" });
    expect(r.state.phase).toBe("plan");
  });

  test("seed 000 1.2.1: with no drone it may attack, the automaton action takes the nearest enemy; a tie goes to the unit listed first", () => {
    // The Skylark is far off at (11,0). The Beacon Caller (1,7) and the Flak Picket (3,7) are both
    // 2 squares from the Wasp at (2,9): a tie, broken by the match's unit order: p2-m1.
    const tie = arrange(deployed("automaton-2", GOF_UN), {
      "p1-d1": { at: { x: 2, y: 9 }, facing: "N" },
      "p2-m1": { at: { x: 1, y: 7 }, facing: "N" },
      "p2-m2": { at: { x: 3, y: 7 }, facing: "N" },
      "p2-d1": { at: { x: 11, y: 0 } },
    });
    const first = withDice({ yellow: FACE.blank, red: FACE.blank, white: FACE.blank, part: "torso" }, () => must(tie, "p1", AUTOMATON));
    expect(first.events[1]).toEqual({ type: "action_taken", unit: "p1-d1", part: null, action: "sting-reflex", target: "p2-m1" });
    // The Flak Picket one square nearer, at (3,8), facing north (the Wasp in its rear arc: no
    // lock-on): now it is the nearest and the automaton action takes it.
    const near = arrange(tie, { "p2-m2": { at: { x: 3, y: 8 }, facing: "N" } });
    const second = withDice({ yellow: FACE.blank, red: FACE.blank, white: FACE.blank, part: "torso" }, () => must(near, "p1", AUTOMATON));
    expect(second.events[1]).toEqual({ type: "action_taken", unit: "p1-d1", part: null, action: "sting-reflex", target: "p2-m2" });
    // The rest is the attack process of 1.2.1, unchanged: the Wasp stands in the Flak Picket's
    // rear arc, so it is a rear attack and the attacker's seat designates the hit part.
    expect(types(second.events).slice(2)).toEqual(["attack_declared"]);
    expect(second.events[2]).toMatchObject({ type: "attack_declared", attacker: "p1-d1", defender: "p2-m2", mode: "shoot", rear: true });
    expect(second.state.pending).toMatchObject({ seat: "p1", kind: "choose_hit_part", options: { defender: "p2-m2", by: "attacker" } });
  });

  test("seed 000 1.2.1, 6.2: the Wasp (EW '-') cannot target a camouflaged unit, so its targeting logic passes over a camouflaged Skylark; the choice is the same wherever the real square is", () => {
    // The first example's board, the Skylark camouflaged at its marker (4,7) (concealment 2).
    const base = arrange(deployed("automaton-4", GOF_UN), {
      "p1-d1": { at: { x: 2, y: 9 }, facing: "N" },
      "p2-m1": { at: { x: 3, y: 8 }, facing: "N" },
      "p2-m2": { at: { x: 8, y: 0 } },
      "p2-d1": { at: { x: 4, y: 7 } },
    });
    const cloaked = (hidden: { x: number; y: number }) =>
      edit(base, (s) => {
        s.units.find((u) => u.id === "p2-d1")!.camouflage = { concealment: 2, part: "left_arm" };
        s.concealed = { "p2-d1": hidden };
      });
    const wasp = (s: EmberState) => unit(s, "p1-d1") as Parameters<typeof automatonTarget>[1];
    for (const hidden of [{ x: 4, y: 7 }, { x: 3, y: 6 }, { x: 5, y: 5 }]) {
      const state = cloaked(hidden);
      // No drone it may attack: the nearest enemy, the Beacon Caller 1 square away.
      expect(automatonTarget(state, wasp(state))?.id).toBe("p2-m1");
      expect(droneOrders(state)).toContainEqual(AUTOMATON);
      const r = withDice({ yellow: FACE.blank, red: FACE.blank, white: FACE.blank }, () => must(state, "p1", AUTOMATON));
      expect(r.events[1]).toEqual({ type: "action_taken", unit: "p1-d1", part: null, action: "sting-reflex", target: "p2-m1" });
    }
  });

  test("seed 000 1.2.1: with no valid target (out of range, out of the front arc) the automaton action cannot be taken and is not listed", () => {
    // The Beacon Caller right behind the Wasp at (2,10), facing south (so it does not lock the
    // Wasp on): in the Wasp's rear arc. The Flak Picket at (3,6): 3 squares, beyond range 2.
    const state = arrange(deployed("automaton-3", GOF_UN), {
      "p1-d1": { at: { x: 2, y: 9 }, facing: "N" },
      "p2-m1": { at: { x: 2, y: 10 }, facing: "S" },
      "p2-m2": { at: { x: 3, y: 6 }, facing: "N" },
      "p2-d1": { at: { x: 11, y: 0 } },
    });
    expect(automatonTarget(state, unit(state, "p1-d1") as Parameters<typeof automatonTarget>[1])).toBeNull();
    expect(rejected(state, "p1", AUTOMATON)).toBe("invalid_target");
    // Stinger Burst (range 3) still reaches the Flak Picket by the player's free choice.
    expect(droneOrders(state)).toEqual([
      { type: "command_drone", mech: "p1-m1", drone: "p1-d1", order: { kind: "action", target: "p2-m2" } },
      { type: "command_drone", mech: "p1-m2", drone: "p1-d1", order: { kind: "action", target: "p2-m2" } },
    ]);
    // A drone whose card has no automaton action: the Skylark (p2's) is refused with unknown_action.
    const p2turn = must(state, "p1", { type: "end_commands" }).state;
    expect(ember.pending(p2turn)).toBeNull();
    expect(rejected(p2turn, "p2", { type: "command_drone", mech: "p2-m1", drone: "p2-d1", order: { kind: "automaton" } })).toBe("unknown_action");
  });
});
