/**
 * Drones in combat, chain-target choices, the end phase, scoring and the end of the match
 * (seed 000 1.2.3, 1.2.4, 9.4; seed 001 4.2; mission rules in docs/rules/ember.md).
 */
import { ember, tieBreakScore, type EmberCommand, type EmberEvent, type EmberState } from "../../src";
import { arrange, deployed, edit, FACE, mech, must, skipCommands, lockPlans, toAction, unit, withDice } from "../helpers";

const DECLINE: EmberCommand = { type: "reroll", dice: [] };
const types = (events: EmberEvent[]) => events.map((e) => e.type);

/** Ends every remaining activation of the round. */
function endActivations(state: EmberState): { state: EmberState; events: EmberEvent[] } {
  const events: EmberEvent[] = [];
  while (state.phase === "action") {
    const id = state.activation!.unit;
    const r = must(state, mech(state, id).owner, { type: "end_activation", unit: id });
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

describe("seed 001 4.2 drones' command actions", () => {
  test("a commanded drone attacks at once; a drone has no hit part step and no link reroll (seed 000 1.2.1)", () => {
    // p1's drone (scrap tortoise: shoot range 4, 1 yellow + 1 red) against p2's mech Picket, facing it.
    const state = arrange(deployed(), { "p1-d1": { at: { x: 5, y: 8 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 5 }, facing: "S" } });
    const r = withDice({ yellow: FACE.light, red: FACE.heavy, white: FACE.blank, part: "right_arm" }, () => {
      let s = must(state, "p1", { type: "command_drone", mech: "p1-m1", drone: "p1-d1", order: { kind: "action", target: "p2-m1" } });
      // The drone's owner rolls the part die; a drone has no link, so no part or attack reroll.
      const events = [...s.events];
      expect(ember.pending(s.state)).toMatchObject({ seat: "p2", kind: "defence_reroll" });
      s = must(s.state, "p2", DECLINE);
      return { state: s.state, events: [...events, ...s.events] };
    });
    expect(types(r.events)).toEqual(expect.arrayContaining(["drone_commanded", "action_taken", "attack_declared", "part_rolled", "hit_part", "dice_rolled", "attack_resolved"]));
    // Volley carbine arm: armour 3, no structure: 2 damage destroys it; link 5 -> 4.
    expect(mech(r.state, "p2-m1").parts.right_arm.destroyed).toBe(true);
    expect(mech(r.state, "p2-m1").link).toBe(4);
    expect(r.state.phase).toBe("command");
    expect(r.state.turn).toBe("p2");
  });

  test("a drone defending: no hit part; a drone with structure takes a damage token first, then is destroyed and removed", () => {
    // p2-m1 Picket shoots p1's scrap tortoise (armour 3, structure 1).
    const base = toAction(deployed(), { "p2-m1": "shoot", "p1-m1": "tactical" });
    const placed = arrange(base, { "p2-m1": { at: { x: 5, y: 4 }, facing: "S" }, "p1-d1": { at: { x: 5, y: 8 }, facing: "N" } });
    const shoot: EmberCommand = { type: "act", unit: "p2-m1", part: "right_arm", action: "pin-down", target: "p1-d1" };
    const r = withDice({ yellow: FACE.light, white: FACE.blank }, () => {
      let s = must(placed, "p2", shoot).state;
      expect(ember.pending(s)).toMatchObject({ seat: "p2", kind: "attack_reroll" });
      const last = must(s, "p2", DECLINE);
      s = last.state;
      return { state: s, events: last.events };
    });
    expect(types(r.events)).not.toContain("hit_part");
    expect(unit(r.state, "p1-d1")).toMatchObject({ damaged: true, destroyed: false });
    // Second penetration: destroyed, removed from the board.
    const again = edit(placed, (s) => { const d = unit(s, "p1-d1"); if (d.kind === "drone") d.damaged = true; });
    const r2 = withDice({ yellow: FACE.light, white: FACE.blank }, () => must(must(again, "p2", shoot).state, "p2", DECLINE));
    expect(unit(r2.state, "p1-d1")).toMatchObject({ destroyed: true, at: null });
    expect(types(r2.events)).toContain("unit_destroyed");
  });
});

describe("seed 000 1.2.4 chain damage targets", () => {
  test("cleave: a penetration chains to an enemy adjacent to the attacker (never a high-altitude one); the defender may reroll", () => {
    // Smelter (p1-m2): cinder axe 'split' (melee M, 1 yellow + 2 red, cleave) against Picket (p2-m1).
    // Spotter (p2-m2) and the high-altitude Skylark drone (p2-d1) also stand next to Smelter.
    const base = toAction(deployed(), { "p1-m2": "melee", "p1-m1": "tactical" });
    const placed = arrange(base, {
      "p1-m2": { at: { x: 5, y: 6 }, facing: "N" },
      "p2-m1": { at: { x: 5, y: 5 }, facing: "S" },
      "p2-m2": { at: { x: 6, y: 6 }, facing: "W" },
      "p2-d1": { at: { x: 4, y: 6 }, facing: "E" },
    });
    expect(placed.activation?.unit).toBe("p1-m2");
    // All attack dice heavy: 3 heavy. Part die 'right_arm': Picket's volley carbine, armour 3, no
    // structure: 3 white blanks, 3 damage, destroyed (link 5 -> 4). Cleave chains the 3 heavy to
    // Spotter: part die 'right_arm' again, its longbow (armour 2, no structure) is destroyed (link 4 -> 3).
    const r = withDice({ yellow: FACE.heavy, red: FACE.heavy, white: FACE.blank, part: "right_arm" }, () => {
      const events: EmberEvent[] = [];
      let s = placed;
      for (const [seat, cmd] of [
        ["p1", { type: "act", unit: "p1-m2", part: "left_arm", action: "split", target: "p2-m1" }],
        // Picket's arc baton has a parry value: it declines to parry (seed 000 1.4.2).
        ["p2", { type: "declare_parry", part: null }],
        ["p1", DECLINE],
        ["p1", DECLINE],
        ["p2", DECLINE],
        // The attacker may reroll the chain's part die (seed 000 4, 1.2.4.1 B).
        ["p1", DECLINE],
      ] as [string, EmberCommand][]) {
        const step = must(s, seat, cmd);
        s = step.state;
        events.push(...step.events);
      }
      expect(ember.pending(s)).toMatchObject({ seat: "p2", kind: "defence_reroll" });
      const last = must(s, "p2", DECLINE);
      return { state: last.state, events: [...events, ...last.events] };
    });
    expect(r.events).toContainEqual({ type: "chain_damage", keyword: "cleave", target: "p2-m2", damage: 3 });
    const rolls = r.events.filter((e): e is Extract<EmberEvent, { type: "dice_rolled" }> => e.type === "dice_rolled");
    expect(rolls.map((e) => e.dice.length)).toEqual([3, 3, 2]);
    expect(mech(r.state, "p2-m1").parts.right_arm.destroyed).toBe(true);
    expect(mech(r.state, "p2-m2").parts.right_arm.destroyed).toBe(true);
    expect(mech(r.state, "p2-m2").link).toBe(3);
    expect(unit(r.state, "p2-d1").destroyed).toBe(false);
    expect(r.state.attack).toBeNull();
  });
});

describe("seed 000 1.2.3 and 9.4 the end phase", () => {
  test("a mech with two or fewer parts left acts normally in the round and is removed in the end phase", () => {
    let state = toAction(deployed(), {});
    state = edit(state, (s) => {
      const m = mech(s, "p1-m2");
      m.parts.left_arm.destroyed = true;
      m.parts.right_arm.destroyed = true;
    });
    expect(mech(state, "p1-m2").destroyed).toBe(false);
    const r = endActivations(state);
    expect(mech(r.state, "p1-m2")).toMatchObject({ destroyed: true, at: null });
    expect(r.events).toContainEqual({ type: "unit_destroyed", unit: "p1-m2", reason: "integrity" });
    expect(r.state.round).toBe(2);
  });

  test("unspent command tokens are removed in the end phase and regenerated next round", () => {
    const state = toAction(deployed(), {});
    expect(mech(state, "p1-m1").commandTokens).toBe(1);
    const r = endActivations(state);
    expect(r.events.filter((e) => e.type === "commands_generated")).toHaveLength(1);
    expect(mech(r.state, "p1-m1").commandTokens).toBe(1);
  });
});

describe("mission: victory points, round limit and tie-break", () => {
  test("a seat scores a zone's value when it has more mechs in it (crossroads: E = 3)", () => {
    const state = arrange(toAction(deployed(), {}), { "p1-m1": { at: { x: 5, y: 5 } }, "p1-m2": { at: { x: 6, y: 6 } }, "p2-m1": { at: { x: 4, y: 4 } } });
    const r = endActivations(state);
    const scored = r.events.filter((e): e is Extract<EmberEvent, { type: "vp_scored" }> => e.type === "vp_scored");
    expect(scored.find((e) => e.seat === "p1")).toMatchObject({ zones: ["E"], vp: 3, total: 3 });
    expect(r.state.vp.p1).toBe(3);
  });

  test("at the round limit the higher score wins; level scores go to remaining parts plus drones; else a draw", () => {
    const lastRound = (change: (s: EmberState) => void) => edit(toAction(deployed(), {}), (s) => { s.round = 5; change(s); });
    const byVp = endActivations(lastRound((s) => { s.vp.p2 = 4; })).state;
    expect(ember.result(byVp)).toMatchObject({ winner: "p2", reason: "round_limit: victory points" });
    const byParts = endActivations(lastRound((s) => { mech(s, "p2-m1").parts.left_arm.destroyed = true; })).state;
    expect(tieBreakScore(byParts, "p1")).toBe(9);
    expect(tieBreakScore(byParts, "p2")).toBe(8);
    expect(ember.result(byParts)).toMatchObject({ winner: "p1", reason: "round_limit: tie-break (parts and drones)" });
    const draw = endActivations(lastRound(() => {})).state;
    expect(ember.result(draw)).toMatchObject({ winner: null, reason: "round_limit: draw" });
    expect(ember.legalCommands(draw, "p1")).toEqual([]);
  });

  test("plans: the next round starts with a fresh command phase, and new dials are needed", () => {
    const r = endActivations(toAction(deployed(), {}));
    expect(r.state.phase).toBe("command");
    const plan = lockPlans(skipCommands(r.state), { "p1-m1": "quick" });
    expect(plan.state.revealed["p1-m1"]).toBe("quick");
  });
});
