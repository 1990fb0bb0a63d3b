/**
 * Game flow (seed 001_f556d9be58b12b7c.txt): first player and sides, deployment, command phase,
 * plan phase with committed secret dials, action order and activations.
 */
import { verifyCommitment, seatViewer, spectator } from "@fogwar/engine";
import { activationOrder, catalog, ember, planSalt, type EmberState } from "../../src";
import { arrange, deployed, edit, fresh, lockPlans, mech, must, rejected, skipCommands, SETUP, toAction, unit } from "../helpers";

describe("seed 001 3.2 first player and sides", () => {
  test("each seat rolls 2 yellow dice, more [light] wins, ties are rolled again", () => {
    for (let i = 0; i < 30; i++) {
      const { events } = ember.setup(SETUP, `roll-${i}`);
      const rolls = events.map((e) => e.event).filter((e) => e.type === "first_player_roll");
      expect(rolls.length).toBeGreaterThan(0);
      rolls.forEach((roll, index) => {
        if (roll.type !== "first_player_roll") throw new Error();
        expect(Object.values(roll.rolls).every((faces) => faces.length === 2)).toBe(true);
        const last = index === rolls.length - 1;
        if (!last) {
          expect(roll.winner).toBeNull();
          expect(roll.lights.p1).toBe(roll.lights.p2);
        } else {
          expect(roll.winner).not.toBeNull();
          const other = roll.winner === "p1" ? "p2" : "p1";
          expect(roll.lights[roll.winner!]!).toBeGreaterThan(roll.lights[other]!);
        }
      });
    }
  });

  test("the first player chooses black or white; the other seat may not answer", () => {
    const state = fresh("sides");
    const first = state.firstPlayer;
    const other = first === "p1" ? "p2" : "p1";
    expect(ember.pending(state)).toMatchObject({ seat: first, kind: "choose_side" });
    expect(rejected(state, other, { type: "choose_side", side: "black" })).toBe("decision_pending");
    const next = must(state, first, { type: "choose_side", side: "black" }).state;
    expect(next.sides).toEqual({ [first]: "black", [other]: "white" });
    expect(next.phase).toBe("deployment");
    expect(next.turn).toBe(first);
  });
});

describe("seed 001 3.4 deployment", () => {
  const start = () => {
    const s = fresh("deploy");
    return must(edit(s, (x) => { x.firstPlayer = "p1"; x.turn = "p1"; x.pending = { ...x.pending!, seat: "p1" }; }), "p1", { type: "choose_side", side: "white" }).state;
  };

  test("units deploy one at a time, alternating from the first player, in their own zone", () => {
    let state = start();
    expect(rejected(state, "p2", { type: "deploy", unit: "p2-m1", at: { x: 0, y: 0 }, facing: "S", stance: "DEF" })).toBe("not_your_turn");
    expect(rejected(state, "p1", { type: "deploy", unit: "p1-m1", at: { x: 0, y: 0 }, facing: "N", stance: "DEF" })).toBe("outside_deployment_zone");
    expect(rejected(state, "p1", { type: "deploy", unit: "p2-m1", at: { x: 0, y: 11 }, facing: "N", stance: "DEF" })).toBe("not_your_unit");
    state = must(state, "p1", { type: "deploy", unit: "p1-m1", at: { x: 0, y: 11 }, facing: "N", stance: "DEF" }).state;
    expect(state.turn).toBe("p2");
    expect(rejected(state, "p2", { type: "deploy", unit: "p2-m1", at: { x: 3, y: 9 }, facing: "S" })).toBe("outside_deployment_zone");
    state = must(state, "p2", { type: "deploy", unit: "p2-m1", at: { x: 0, y: 0 }, facing: "S", stance: "MOB" }).state;
    expect(state.turn).toBe("p1");
    expect(rejected(state, "p1", { type: "deploy", unit: "p1-m2", at: { x: 0, y: 11 }, facing: "N" })).toBe("square_unavailable");
    expect(mech(state, "p1-m1").stance).toBe("DEF");
    expect(mech(state, "p2-m1").stance).toBe("MOB");
  });

  test("a mech deployed without a stance counts as OFF (seed 001 3.4)", () => {
    const state = must(start(), "p1", { type: "deploy", unit: "p1-m1", at: { x: 5, y: 10 }, facing: "N" }).state;
    expect(mech(state, "p1-m1").stance).toBe("OFF");
  });

  test("when one player has deployed everything, the other deploys the rest; then round 1 begins", () => {
    const small = { ...SETUP, armies: { ...SETUP.armies, p2: { ...SETUP.armies.p2, units: [SETUP.armies.p2.units[0]!] } } };
    let state = ember.setup(small, "deploy-rest").state;
    state = edit(state, (x) => { x.firstPlayer = "p1"; x.turn = "p1"; x.pending = { ...x.pending!, seat: "p1" }; });
    state = must(state, "p1", { type: "choose_side", side: "white" }).state;
    const order: string[] = [];
    let n = 0;
    while (state.phase === "deployment") {
      const seat = state.turn!;
      order.push(seat);
      const u = state.units.find((x) => x.owner === seat && !x.deployed)!;
      state = must(state, seat, { type: "deploy", unit: u.id, at: { x: n++, y: seat === "p1" ? 10 : 1 }, facing: "N" }).state;
    }
    expect(order).toEqual(["p1", "p2", "p1", "p1"]);
    expect(state.phase).toBe("command");
    expect(state.round).toBe(1);
  });
});

describe("seed 001 4 command phase (seed 000 9)", () => {
  test("4.1: each mech not in shutdown generates 1 command token", () => {
    const state = deployed();
    expect(mech(state, "p1-m1").commandTokens).toBe(1);
    expect(mech(state, "p2-m2").commandTokens).toBe(1);
  });

  test("4.2: a command spends the mech's token and the drone acts at once; a drone takes one command per phase", () => {
    const twoDrones = { ...SETUP, armies: { ...SETUP.armies, p1: { ...SETUP.armies.p1, units: [...SETUP.armies.p1.units, { kind: "drone" as const, drone: "rdl-scrap-tortoise" }] } } };
    let state = deployed("two-drones", twoDrones);
    expect(state.turn).toBe("p1");
    const drone = unit(state, "p1-d1");
    const to = { x: drone.at!.x, y: drone.at!.y - 2 };
    const r = must(state, "p1", { type: "command_drone", mech: "p1-m1", drone: "p1-d1", order: { kind: "move", to, facing: "N" } });
    state = r.state;
    expect(r.events.map((e) => e.type)).toEqual(["drone_commanded", "unit_moved"]);
    expect(unit(state, "p1-d1").at).toEqual(to);
    expect(mech(state, "p1-m1").commandTokens).toBe(0);
    expect(state.turn).toBe("p2");
    state = must(state, "p2", { type: "end_commands" }).state;
    expect(state.turn).toBe("p1");
    expect(rejected(state, "p1", { type: "command_drone", mech: "p1-m2", drone: "p1-d1", order: { kind: "move", to: drone.at!, facing: "N" } })).toBe("drone_already_commanded");
    expect(rejected(state, "p1", { type: "command_drone", mech: "p1-m1", drone: "p1-d2", order: { kind: "move", to: unit(state, "p1-d2").at!, facing: "E" } })).toBe("no_command_tokens");
    state = must(state, "p1", { type: "command_drone", mech: "p1-m2", drone: "p1-d2", order: { kind: "move", to: unit(state, "p1-d2").at!, facing: "E" } }).state;
    expect(state.phase).toBe("plan");
    expect(state.units.filter((u) => u.kind === "drone").every((u) => u.kind === "drone" && !u.commanded)).toBe(true);
  });

  test("4.2: a drone moves at most its movement (ground drones go around units)", () => {
    const state = deployed();
    const far = { x: 11, y: 5 };
    expect(rejected(state, "p1", { type: "command_drone", mech: "p1-m1", drone: "p1-d1", order: { kind: "move", to: far, facing: "N" } })).toBe("out_of_reach");
  });

  test("4.3: once one player stops, the other may go on; the phase ends when both have stopped", () => {
    let state = deployed();
    state = must(state, "p1", { type: "end_commands" }).state;
    expect(state.turn).toBe("p2");
    state = must(state, "p2", { type: "end_commands" }).state;
    expect(state.phase).toBe("plan");
  });

  test("seed 000 9.1: a mech in shutdown generates no command", () => {
    let state = deployed();
    state = skipCommands(state);
    state = edit(state, (s) => { mech(s, "p1-m1").stance = "SHUTDOWN"; mech(s, "p1-m1").link = 0; });
    // Play round 1 out with every activation ended at once.
    state = lockPlans(state, {}).state;
    while (state.phase === "action") {
      const a = state.activation!;
      const m = mech(state, a.unit);
      state = must(state, m.owner, { type: "end_activation", unit: m.id }).state;
    }
    expect(state.round).toBe(2);
    expect(mech(state, "p1-m1").commandTokens).toBe(0);
    expect(mech(state, "p1-m2").commandTokens).toBe(1);
  });
});

describe("seed 001 5 plan phase: secret timing dials", () => {
  test("a plan sets one dial per mech in play, is locked once, and is committed", () => {
    let state = skipCommands(deployed());
    expect(state.phase).toBe("plan");
    expect(rejected(state, "p1", { type: "lock_plan", dials: { "p1-m1": "shoot" } })).toBe("incomplete_plan");
    expect(rejected(state, "p1", { type: "lock_plan", dials: { "p1-m1": "shoot", "p2-m1": "melee" } })).toBe("incomplete_plan");
    const r = must(state, "p1", { type: "lock_plan", dials: { "p1-m1": "shoot", "p1-m2": "melee" } });
    state = r.state;
    expect(rejected(state, "p1", { type: "lock_plan", dials: { "p1-m1": "quick", "p1-m2": "quick" } })).toBe("plan_already_locked");
    expect(state.plans.p1?.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyCommitment(state.plans.p1!.commitment!, { "p1-m1": "shoot", "p1-m2": "melee" }, planSalt(state, "p1"))).toBe(true);
  });

  test("before the reveal the opponent and spectators see the lock, not the dials; the owner sees them", () => {
    let state = skipCommands(deployed());
    const locked = ember.apply(state, { type: "lock_plan", dials: { "p1-m1": "shoot", "p1-m2": "melee" } }, "p1");
    if (!locked.ok) throw new Error();
    state = locked.state;
    const envelope = locked.events[0]!;
    expect(ember.redact(envelope, seatViewer("p1"))).toMatchObject({ type: "plan_locked", dials: { "p1-m1": "shoot" } });
    expect(ember.redact(envelope, seatViewer("p2"))).toEqual({ type: "plan_locked", seat: "p1", commitment: state.plans.p1!.commitment });
    expect(ember.redact(envelope, spectator)).not.toHaveProperty("dials");
    expect(ember.viewFor(state, seatViewer("p2")).plans.p1).toEqual({ locked: true, commitment: state.plans.p1!.commitment });
    expect(ember.viewFor(state, seatViewer("p1")).plans.p1?.dials).toEqual({ "p1-m1": "shoot", "p1-m2": "melee" });
    expect(JSON.stringify(ember.viewFor(state, spectator))).not.toContain('"melee"');
  });

  test("when both plans are locked, all dials are revealed with the salts that open the commitments", () => {
    const { state, events } = lockPlans(skipCommands(deployed()), { "p1-m1": "shoot", "p2-m1": "quick" });
    expect(state.revealed).toEqual({ "p1-m1": "shoot", "p1-m2": "tactical", "p2-m1": "quick", "p2-m2": "tactical" });
    const opened = events.filter((e) => e.type === "plan_opened");
    expect(opened).toHaveLength(2);
    for (const e of opened) {
      if (e.type !== "plan_opened") throw new Error();
      expect(verifyCommitment(state.plans[e.seat]!.commitment!, e.dials, e.salt)).toBe(true);
    }
  });

  test("progressive reveal: a dial is revealed only when its timing is called", () => {
    const setup = { ...SETUP, options: { progressiveReveal: true } };
    let state = lockPlans(skipCommands(deployed("progressive", setup)), { "p1-m1": "quick", "p1-m2": "tactical", "p2-m1": "move", "p2-m2": "tactical" }).state;
    expect(state.revealed).toEqual({ "p1-m1": "quick" });
    expect(ember.viewFor(state, spectator).plans.p2).not.toHaveProperty("dials");
    state = must(state, "p1", { type: "end_activation", unit: "p1-m1" }).state;
    expect(state.revealed).toEqual({ "p1-m1": "quick", "p2-m1": "move" });
    state = must(state, "p2", { type: "end_activation", unit: "p2-m1" }).state;
    expect(Object.keys(state.revealed).sort()).toEqual(["p1-m1", "p1-m2", "p2-m1", "p2-m2"]);
  });
});

describe("seed 001 6.1 action order", () => {
  const withDials = (state: EmberState, dials: Record<string, "quick" | "melee" | "launch" | "shoot" | "move" | "tactical">) =>
    edit(state, (s) => {
      for (const seat of s.seats) {
        s.plans[seat] = { commitment: "x", dials: Object.fromEntries(Object.entries(dials).filter(([id]) => id.startsWith(seat))) };
      }
    });

  test("by timing first (1 quick ... 6 tactical)", () => {
    const state = withDials(deployed(), { "p1-m1": "tactical", "p1-m2": "quick", "p2-m1": "shoot", "p2-m2": "melee" });
    expect(activationOrder(state).map((m) => m.id)).toEqual(["p1-m2", "p2-m2", "p2-m1", "p1-m1"]);
  });

  test("same timing: the pilot's initiative number for that timing, lower first", () => {
    // shoot initiative: rdl-han-dolseok 5, rdl-greta-marrow 2, un-yoon-seoha 2, un-idris-vell 5.
    const state = withDials(deployed(), { "p1-m1": "shoot", "p1-m2": "shoot", "p2-m1": "shoot", "p2-m2": "shoot" });
    const order = activationOrder(state).map((m) => `${m.id}:${catalog.pilots.get(m.pilotId)!.initiative[3]}`);
    expect(order).toEqual(["p1-m2:2", "p2-m1:2", "p1-m1:5", "p2-m2:5"]);
  });

  test("same timing and initiative: the first player's mech first, then alternately", () => {
    const base = withDials(deployed(), { "p1-m1": "shoot", "p1-m2": "shoot", "p2-m1": "shoot", "p2-m2": "shoot" });
    const p2First = edit(base, (s) => { s.firstPlayer = "p2"; });
    expect(activationOrder(p2First).map((m) => m.id)).toEqual(["p2-m1", "p1-m2", "p2-m2", "p1-m1"]);
  });
});

describe("seed 001 6.2-6.3 activations", () => {
  test("6.2: the stance changes only at the start of the activation", () => {
    let state = toAction(deployed(), { "p1-m1": "quick" });
    expect(state.activation?.unit).toBe("p1-m1");
    state = must(state, "p1", { type: "set_stance", unit: "p1-m1", stance: "MOB" }).state;
    expect(mech(state, "p1-m1").stance).toBe("MOB");
    expect(rejected(state, "p1", { type: "set_stance", unit: "p1-m1", stance: "DEF" })).toBe("stance_step_over");
  });

  test("6.3: manoeuvre up to the chassis mobility, doubled in MOB", () => {
    // Bulwark: crawler chassis, mobility 2.
    const state = arrange(toAction(deployed(), { "p1-m1": "quick" }), { "p1-m1": { at: { x: 6, y: 11 } } });
    expect(rejected(state, "p1", { type: "manoeuvre", unit: "p1-m1", to: { x: 6, y: 8 }, facing: "N" })).toBe("out_of_reach");
    const moved = must(state, "p1", { type: "manoeuvre", unit: "p1-m1", to: { x: 6, y: 9 }, facing: "N" }).state;
    expect(mech(moved, "p1-m1").at).toEqual({ x: 6, y: 9 });
    const mob = must(state, "p1", { type: "set_stance", unit: "p1-m1", stance: "MOB" }).state;
    const far = must(mob, "p1", { type: "manoeuvre", unit: "p1-m1", to: { x: 6, y: 7 }, facing: "N" }).state;
    expect(mech(far, "p1-m1").at).toEqual({ x: 6, y: 7 });
    expect(rejected(far, "p1", { type: "manoeuvre", unit: "p1-m1", to: { x: 6, y: 6 }, facing: "N" })).toBe("already_manoeuvred");
  });

  test("6.3 note: with its chassis destroyed a mech may only turn on the spot", () => {
    let state = toAction(deployed(), { "p1-m1": "quick" });
    state = edit(state, (s) => { mech(s, "p1-m1").parts.chassis.destroyed = true; });
    const at = mech(state, "p1-m1").at!;
    expect(rejected(state, "p1", { type: "manoeuvre", unit: "p1-m1", to: { x: at.x, y: at.y - 1 }, facing: "N" })).toBe("out_of_reach");
    const turned = must(state, "p1", { type: "manoeuvre", unit: "p1-m1", to: at, facing: "E" }).state;
    expect(mech(turned, "p1-m1").facing).toBe("E");
  });

  test("6.3: the starting action must match the dial; later ones need not; each part action once; tick points", () => {
    // Bulwark (p1-m1) on 'move' acts first. Its parts: bastion torso 'reroute' (tactical S, recover
    // 1 link), crawler chassis 'grind' (move S, 2 squares), breaker cannon 'breach-shell' (shoot M).
    let state = toAction(deployed(), { "p1-m1": "move" });
    state = edit(arrange(state, { "p1-m1": { at: { x: 6, y: 11 } } }), (s) => { mech(s, "p1-m1").link = 2; });
    expect(state.activation).toMatchObject({ unit: "p1-m1", timing: "move", ticks: 3 });
    expect(rejected(state, "p1", { type: "act", unit: "p1-m1", part: "torso", action: "reroute" })).toBe("timing_mismatch");
    state = must(state, "p1", { type: "act", unit: "p1-m1", part: "chassis", action: "grind", to: { x: 6, y: 9 }, facing: "N" }).state;
    expect(state.activation?.ticks).toBe(2);
    expect(rejected(state, "p1", { type: "act", unit: "p1-m1", part: "chassis", action: "grind", to: { x: 6, y: 8 }, facing: "N" })).toBe("action_already_used");
    expect(rejected(state, "p1", { type: "manoeuvre", unit: "p1-m1", to: { x: 6, y: 8 }, facing: "N" })).toBe("already_manoeuvred");
    state = must(state, "p1", { type: "act", unit: "p1-m1", part: "torso", action: "reroute" }).state;
    expect(mech(state, "p1-m1").link).toBe(3);
    expect(state.activation?.ticks).toBe(1);
    expect(rejected(state, "p1", { type: "act", unit: "p1-m1", part: "right_arm", action: "breach-shell", target: "p2-m1" })).toBe("not_enough_ticks");
    const legal = ember.legalCommands(state, "p1");
    expect(legal.every((c) => c.type === "end_activation" || c.type === "act")).toBe(true);
    state = must(state, "p1", { type: "end_activation", unit: "p1-m1" }).state;
    expect(state.activated).toEqual(["p1-m1"]);
  });

  test("6.3 note 3-4: no action without its conditions; if the starting action cannot be taken, none can", () => {
    // Bulwark on 'shoot': its only shoot action has no target in range at the start (rows 0 and 11 are 11 apart).
    const state = toAction(deployed(), { "p1-m1": "shoot" });
    expect(state.activation?.unit).toBe("p1-m1");
    expect(rejected(state, "p1", { type: "act", unit: "p1-m1", part: "right_arm", action: "breach-shell", target: "p2-m1" })).toBe("out_of_range");
    expect(rejected(state, "p1", { type: "act", unit: "p1-m1", part: "torso", action: "reroute" })).toBe("timing_mismatch");
    expect(ember.legalCommands(state, "p1").filter((c) => c.type === "act")).toEqual([]);
  });

  test("a seat cannot act for the other seat's mech, nor out of turn", () => {
    const state = toAction(deployed(), { "p1-m1": "quick" });
    expect(rejected(state, "p2", { type: "end_activation", unit: "p1-m1" })).toBe("not_your_unit");
    expect(rejected(state, "p2", { type: "end_activation", unit: "p2-m1" })).toBe("not_active_unit");
    expect(rejected(state, "p1", { type: "lock_plan", dials: {} })).toBe("wrong_phase");
    expect(rejected(state, "p3", { type: "end_activation", unit: "p1-m1" })).toBe("not_a_player");
    expect(rejected(state, "p1", { type: "act", unit: "p1-m1" })).toBe("malformed_command");
    expect(rejected(state, "p1", { type: "fly" })).toBe("malformed_command");
    expect(rejected(state, "p1", null)).toBe("malformed_command");
  });
});
