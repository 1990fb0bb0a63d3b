/**
 * Battles of more than two seats (seed 001 6.1: "2 대 2 또는 1 대 1 대 1 과 같은 다인전을 주최하는
 * 경우, 선제권 순서를 미리 정하고 그 순서대로 진행하세요") and mission preparation (seed 001 3.3).
 * The project's decisions for what the seed leaves open are in docs/rules/ember.md.
 */
import { omniscient, seatViewer, spectator, teamViewer, type SeatId } from "@fogwar/engine";
import { activationOrder, board, catalog, ember, legalCommands, viewFor, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState } from "../../src";
import { RDL, UN, edit, must, rejected } from "../helpers";

const TEAMS = { p1: "alpha", p2: "bravo", p3: "alpha", p4: "bravo" };
const TWO_V_TWO: EmberSetup = { scenario: "crossroads", seats: ["p1", "p2", "p3", "p4"], teams: TEAMS, armies: { p1: RDL, p2: UN, p3: RDL, p4: UN } };
const THREE: EmberSetup = { scenario: "relay-field", seats: ["p1", "p2", "p3"], armies: { p1: RDL, p2: UN, p3: RDL } };

/** Setup with its events. */
function start(setup: EmberSetup, seed = "multi-seed"): { state: EmberState; events: EmberEvent[] } {
  const { state, events } = ember.setup(setup, seed);
  return { state, events: events.map((e) => e.event) };
}

/**
 * Plays the awaited seat's first legal command until `done` holds (deterministic: legal commands
 * come in a fixed order). Returns the state and every event.
 */
function drive(state: EmberState, done: (s: EmberState) => boolean): { state: EmberState; events: EmberEvent[]; log: [SeatId, EmberCommand][] } {
  const events: EmberEvent[] = [];
  const log: [SeatId, EmberCommand][] = [];
  for (let i = 0; i < 500 && !done(state); i++) {
    const seat = ember.awaiting(state)[0] as SeatId;
    const command = legalCommands(state, seat)[0] as EmberCommand;
    const r = must(state, seat, command);
    state = r.state;
    events.push(...r.events);
    log.push([seat, command]);
  }
  return { state, events, log };
}

describe("seed 001 6.1 multiplayer battles: seats, teams and the initiative order", () => {
  it("seed 001 6.1, 3.2: with three seats every seat rolls; more [light] ranks first, level seats roll again among themselves; the order is fixed before the battle", () => {
    for (const seed of ["a", "b", "c", "d", "e", "f"]) {
      const { state, events } = start(THREE, `order-${seed}`);
      const order = state.initiative as SeatId[];
      expect([...order].sort()).toEqual(["p1", "p2", "p3"]);
      expect(state.firstPlayer).toBe(order[0]);
      expect(events.filter((e) => e.type === "initiative_order")).toEqual([{ type: "initiative_order", order }]);
      const rolls = events.filter((e): e is Extract<EmberEvent, { type: "first_player_roll" }> => e.type === "first_player_roll");
      // The first roll is everyone's; a seat with more lights there is ahead in the order.
      const first = rolls[0]!.lights;
      expect(Object.keys(first).sort()).toEqual(["p1", "p2", "p3"]);
      for (const a of order) for (const b of order) if (first[a]! > first[b]!) expect(order.indexOf(a)).toBeLessThan(order.indexOf(b));
      // Every later roll is among seats that were level with each other.
      for (const roll of rolls.slice(1)) expect(Object.keys(roll.lights).length).toBeGreaterThanOrEqual(2);
      expect(state.pending).toMatchObject({ seat: order[0], kind: "choose_side", options: { sides: ["black", "white", "red", "blue"] } });
    }
  });

  it("seed 001 6.1: a two-seat match keeps the seed's roll (no initiative list) and a 2 v 2 order alternates the teams, best roller first", () => {
    const two = start({ scenario: "crossroads", seats: ["p1", "p2"], armies: { p1: RDL, p2: UN } }).state;
    expect(two.initiative).toBeUndefined();
    expect(two.teams).toBeUndefined();
    for (const seed of ["a", "b", "c", "d"]) {
      const { state } = start(TWO_V_TWO, `teams-${seed}`);
      const order = state.initiative as SeatId[];
      expect(order.map((s) => TEAMS[s as keyof typeof TEAMS])).toEqual(
        TEAMS[order[0] as keyof typeof TEAMS] === "alpha" ? ["alpha", "bravo", "alpha", "bravo"] : ["bravo", "alpha", "bravo", "alpha"],
      );
      expect(state.teams).toEqual(TEAMS);
      expect(state.pending).toMatchObject({ kind: "choose_side", options: { sides: ["black", "white"] } });
    }
  });

  it("seed 001 6.1: teams are for 2 v 2: four seats in two teams of two; more than four seats or three sides on a two-zone map are refused", () => {
    expect(() => ember.setup({ ...THREE, teams: { p1: "a", p2: "b", p3: "a" } }, "s")).toThrow(/2 v 2/);
    expect(() => ember.setup({ ...TWO_V_TWO, teams: { p1: "a", p2: "a", p3: "a", p4: "b" } }, "s")).toThrow(/2 v 2/);
    expect(() => ember.setup({ ...TWO_V_TWO, teams: { p1: "a", p2: "b", p3: "a" } }, "s")).toThrow(/no team/);
    expect(() => ember.setup({ ...THREE, scenario: "crossroads" }, "s")).toThrow(/two sides only/);
    const five = { scenario: "relay-field", seats: ["p1", "p2", "p3", "p4", "p5"], armies: { p1: RDL, p2: UN, p3: RDL, p4: UN, p5: RDL } };
    expect(() => ember.setup(five, "s")).toThrow(/two to four/);
  });

  it("seed 001 3.1-3.4 sample data: relay-field has four disjoint deployment zones (black top, white bottom, red left, blue right) without terrain", () => {
    const scenario = catalog.scenarios.get("relay-field")!;
    const zones = ["black", "white", "red", "blue"].map((side) => scenario.deployment[side as "black"]!);
    expect(zones).toEqual([
      { x0: 2, y0: 0, x1: 9, y1: 1 },
      { x0: 2, y0: 10, x1: 9, y1: 11 },
      { x0: 0, y0: 2, x1: 1, y1: 9 },
      { x0: 10, y0: 2, x1: 11, y1: 9 },
    ]);
    for (let y = 0; y < 12; y++) {
      for (let x = 0; x < 12; x++) {
        const holders = zones.filter((z) => board.inRect(z, { x, y }));
        expect(holders.length).toBeLessThanOrEqual(1);
        if (holders.length) expect([x, y, board.terrainAt(scenario, { x, y })]).toEqual([x, y, undefined]);
      }
    }
    expect(scenario.mission.secondaries?.map((m) => m.kind)).toEqual(["deep_strike", "beacon", "unbroken"]);
  });

  it("seed 001 3.2 in 2 v 2: the first player chooses for the team, the teammate shares the side, the other team takes the other; deployment goes round the initiative order", () => {
    let { state } = start(TWO_V_TWO, "teams-a");
    const order = state.initiative as SeatId[];
    const first = order[0] as SeatId;
    const mate = order[2] as SeatId;
    expect(rejected(state, order[1] as SeatId, { type: "choose_side", side: "white" })).toBe("decision_pending");
    expect(rejected(state, first, { type: "choose_side", side: "red" })).toBe("invalid_choice");
    state = must(state, first, { type: "choose_side", side: "white" }).state;
    expect(state.sides).toEqual({ [first]: "white", [mate]: "white", [order[1] as SeatId]: "black", [order[3] as SeatId]: "black" });
    expect(state.phase).toBe("deployment");
    // One unit each, round the initiative order; every seat has 3 units: 12 deployments.
    const turns: SeatId[] = [];
    const r = drive(state, (s) => s.phase !== "deployment");
    for (const [seat] of r.log) turns.push(seat);
    expect(turns).toEqual([...order, ...order, ...order]);
    expect(r.state.phase).toBe("command");
    for (const u of r.state.units) expect(board.inRect(board.deploymentZone(r.state, u.owner), u.at!)).toBe(true);
  });

  it("seed 001 3.2 with three sides: each side in initiative order chooses among the sides left; the zones are the scenario's black, white, red and blue", () => {
    let { state } = start(THREE, "order-a");
    const order = state.initiative as SeatId[];
    state = must(state, order[0]!, { type: "choose_side", side: "red" }).state;
    expect(state.pending).toMatchObject({ seat: order[1], kind: "choose_side", options: { sides: ["black", "white", "blue"] } });
    state = must(state, order[1]!, { type: "choose_side", side: "black" }).state;
    expect(state.pending).toMatchObject({ seat: order[2], kind: "choose_side", options: { sides: ["white", "blue"] } });
    state = must(state, order[2]!, { type: "choose_side", side: "blue" }).state;
    expect(state.sides).toEqual({ [order[0]!]: "red", [order[1]!]: "black", [order[2]!]: "blue" });
    expect(state.phase).toBe("mission_prep");
    expect(board.deploymentZone(state, order[0]!)).toEqual({ x0: 0, y0: 2, x1: 1, y1: 9 });
  });

  it("seed 001 4.2-4.3 with three seats: commands go round the initiative order; a seat that stops is skipped; the phase ends when all have stopped", () => {
    let state = drive(start(THREE, "order-a").state, (s) => s.phase === "command").state;
    const order = state.initiative as SeatId[];
    // order[1] gets a second drone (a copy of its first, on a free square), so it can command twice.
    state = edit(state, (s) => {
      const d1 = s.units.find((u) => u.owner === order[1] && u.kind === "drone")!;
      s.units.push({ ...structuredClone(d1), id: `${order[1]}-d2`, at: { x: 6, y: 9 } } as typeof d1);
    });
    const orders = (seat: SeatId, drone: string) =>
      legalCommands(state, seat).find((c) => c.type === "command_drone" && c.drone === drone && c.order.kind === "move")!;
    expect(state.turn).toBe(order[0]);
    state = must(state, order[0]!, { type: "end_commands" }).state;
    expect(state.turn).toBe(order[1]);
    state = must(state, order[1]!, orders(order[1]!, `${order[1]}-d1`)).state;
    expect(state.turn).toBe(order[2]);
    state = must(state, order[2]!, { type: "end_commands" }).state;
    // order[0] and order[2] are done: order[1] goes on alone.
    expect(state.turn).toBe(order[1]);
    state = must(state, order[1]!, orders(order[1]!, `${order[1]}-d2`)).state;
    // Out of drones to command: the phase ends.
    expect(state.phase).toBe("plan");
    expect(ember.awaiting(state)).toEqual(["p1", "p2", "p3"]);
  });

  it("seed 001 6.1: mechs level in timing and initiative act round the predetermined initiative order, each seat's own in army-list order", () => {
    // Three RDL armies: on the tactical dial Han Dolseok (m1) has initiative 5, Greta Marrow (m2) 7.
    const setup: EmberSetup = { ...THREE, armies: { p1: RDL, p2: RDL, p3: RDL } };
    let state = drive(start(setup, "order-a").state, (s) => s.phase === "plan").state;
    const order = state.initiative as SeatId[];
    state = edit(state, (s) => {
      for (const seat of s.seats) {
        const dials: Record<string, "tactical"> = {};
        for (const u of s.units) if (u.owner === seat && u.kind === "mech") dials[u.id] = "tactical";
        s.plans[seat] = { commitment: "x", dials };
      }
    });
    expect(activationOrder(state).map((m) => m.id)).toEqual([...order.map((s) => `${s}-m1`), ...order.map((s) => `${s}-m2`)]);
    // Shoot dial: Greta (m2) has 2, Han (m1) 5: initiative first, then round the order.
    state = edit(state, (s) => {
      for (const seat of s.seats) s.plans[seat]!.dials = { [`${seat}-m1`]: "shoot", [`${seat}-m2`]: "shoot" };
    });
    expect(activationOrder(state).map((m) => m.id)).toEqual([...order.map((s) => `${s}-m2`), ...order.map((s) => `${s}-m1`)]);
  });

  it("seed 001 6.1 in 2 v 2: a teammate's units are not targets, enemies are", () => {
    const state = drive(start(TWO_V_TWO, "teams-a").state, (s) => s.phase === "command").state;
    const [a, b] = ["p1", "p3"].map((s) => state.units.find((u) => u.owner === s && u.kind === "mech")!);
    const enemy = state.units.find((u) => u.owner === "p2" && u.kind === "mech")!;
    const placed = edit(state, (s) => {
      const find = (id: string) => s.units.find((u) => u.id === id)!;
      Object.assign(find(a!.id), { at: { x: 5, y: 9 }, facing: "N" });
      Object.assign(find(b!.id), { at: { x: 5, y: 7 }, facing: "S" });
      Object.assign(find(enemy.id), { at: { x: 6, y: 7 }, facing: "S" });
    });
    const effect = { kind: "attack" as const, attack: "shoot" as const, range: 6, dice: { yellow: 1, red: 0 } };
    const { targetProblem } = jest.requireActual("../../src/targeting") as typeof import("../../src/targeting");
    const attacker = placed.units.find((u) => u.id === a!.id)!;
    expect(targetProblem(placed, attacker, effect as never, placed.units.find((u) => u.id === b!.id))).toBe("invalid_target");
    expect(targetProblem(placed, attacker, effect as never, placed.units.find((u) => u.id === enemy.id))).toBeNull();
  });
});

describe("seed 001 5 in 2 v 2: a team shares its knowledge", () => {
  it("seed 001 5: a locked plan's dials reach the seat, its teammate and the team viewer, never the other team or spectators, until revealed", () => {
    let state = drive(start(TWO_V_TWO, "teams-a").state, (s) => s.phase === "plan").state;
    const dials = Object.fromEntries(state.units.filter((u) => u.owner === "p1" && u.kind === "mech").map((u) => [u.id, "shoot" as const]));
    const r = ember.apply(state, { type: "lock_plan", dials }, "p1");
    if (!r.ok) throw new Error(r.error.code);
    state = r.state;
    expect(viewFor(state, seatViewer("p1")).plans.p1!.dials).toEqual(dials);
    expect(viewFor(state, seatViewer("p3")).plans.p1!.dials).toEqual(dials);
    expect(viewFor(state, teamViewer("alpha")).plans.p1!.dials).toEqual(dials);
    expect(viewFor(state, omniscient).plans.p1!.dials).toEqual(dials);
    for (const viewer of [seatViewer("p2"), seatViewer("p4"), teamViewer("bravo"), spectator]) {
      expect(viewFor(state, viewer).plans.p1).toEqual({ locked: true, commitment: state.plans.p1!.commitment });
    }
    const locked = r.events.find((e) => e.event.type === "plan_locked")!;
    expect(ember.redact(locked, seatViewer("p3"))).toMatchObject({ dials });
    expect(ember.redact(locked, teamViewer("alpha"))).toMatchObject({ dials });
    expect(ember.redact(locked, seatViewer("p2"))).toEqual({ type: "plan_locked", seat: "p1", commitment: state.plans.p1!.commitment });
    expect(ember.redact(locked, teamViewer("bravo"))).toEqual({ type: "plan_locked", seat: "p1", commitment: state.plans.p1!.commitment });
    expect(ember.redact(locked, spectator)).toEqual({ type: "plan_locked", seat: "p1", commitment: state.plans.p1!.commitment });
  });
});

describe("mission: victory points, elimination and concession with more than two sides", () => {
  /** A 2 v 2 match in round 1's action phase, all dials tactical. */
  function inAction(): EmberState {
    let state = drive(start(TWO_V_TWO, "teams-a").state, (s) => s.phase === "plan").state;
    for (const seat of state.seats) {
      const dials = Object.fromEntries(state.units.filter((u) => u.owner === seat && u.kind === "mech").map((u) => [u.id, "tactical" as const]));
      state = must(state, seat, { type: "lock_plan", dials }).state;
    }
    return state;
  }

  it("mission rules in 2 v 2: a team controls a zone with more mechs in it than the other team, and both teammates hold the team's total", () => {
    // p1 and p3 (alpha) one mech each in E, p2 (bravo) one: alpha 2 > 1 controls E (3 VP).
    let state = inAction();
    // The others stand in zone G (value 0): alpha 2, bravo 3: bravo controls it.
    state = edit(state, (s) => {
      const mechs = (seat: string) => s.units.filter((u) => u.owner === seat && u.kind === "mech");
      mechs("p1")[0]!.at = { x: 5, y: 5 };
      mechs("p3")[0]!.at = { x: 6, y: 5 };
      mechs("p2")[0]!.at = { x: 5, y: 6 };
      mechs("p1")[1]!.at = { x: 0, y: 11 };
      mechs("p3")[1]!.at = { x: 1, y: 11 };
      mechs("p2")[1]!.at = { x: 2, y: 11 };
      mechs("p4")[0]!.at = { x: 3, y: 11 };
      mechs("p4")[1]!.at = { x: 0, y: 10 };
    });
    const r = drive(state, (s) => s.phase !== "action");
    const scored = r.events.filter((e) => e.type === "vp_scored");
    expect(scored).toEqual([
      { type: "vp_scored", seat: (state.initiative as string[]).find((s) => TEAMS[s as keyof typeof TEAMS] === "alpha"), zones: ["E"], vp: 3, total: 3, team: "alpha" },
      { type: "vp_scored", seat: (state.initiative as string[]).find((s) => TEAMS[s as keyof typeof TEAMS] === "bravo"), zones: ["G"], vp: 0, total: 0, team: "bravo" },
    ]);
    expect(r.state.vp).toEqual({ p1: 3, p2: 0, p3: 3, p4: 0 });
  });

  it("seed 001 6.1 concession in 2 v 2: the whole team concedes; the other team wins and every seat of it is listed", () => {
    const state = inAction();
    const r = must(state, "p3", { type: "concede" });
    const bravo = (state.initiative as string[]).filter((s) => TEAMS[s as keyof typeof TEAMS] === "bravo");
    expect(r.state.result).toEqual({ winner: bravo[0], winners: bravo, reason: "concession", scores: { p1: 0, p2: 0, p3: 0, p4: 0 } });
  });

  it("elimination with three sides: a side without mechs is out and locks no plan; the last side with mechs wins", () => {
    let state = drive(start(THREE, "order-a").state, (s) => s.phase === "plan").state;
    state = edit(state, (s) => {
      for (const u of s.units) if (u.owner === "p2") Object.assign(u, { destroyed: true, at: null });
    });
    expect(ember.awaiting(state)).toEqual(["p1", "p3"]);
    expect(legalCommands(state, "p2")).toEqual([]);
    expect(rejected(state, "p2", { type: "lock_plan", dials: {} })).toBe("not_your_turn");
    state = edit(state, (s) => {
      for (const u of s.units) if (u.owner === "p3") Object.assign(u, { destroyed: true, at: null });
    });
    // One side left with mechs: it wins at the next check (here, as p1 locks its plan and the round runs).
    const dials = Object.fromEntries(state.units.filter((u) => u.owner === "p1" && u.kind === "mech").map((u) => [u.id, "tactical" as const]));
    state = must(state, "p1", { type: "lock_plan", dials }).state;
    const end = drive(state, (s) => s.phase === "finished");
    expect(end.state.result).toMatchObject({ winner: "p1" });
  });

  it("concession with three sides: the battle ends, the conceding seat cannot win, the others are ranked by victory points", () => {
    let state = drive(start(THREE, "order-a").state, (s) => s.phase === "plan").state;
    state = edit(state, (s) => {
      s.vp = { p1: 4, p2: 2, p3: 9 };
    });
    expect(must(state, "p3", { type: "concede" }).state.result).toEqual({ winner: "p1", reason: "concession: victory points", scores: { p1: 4, p2: 2, p3: 9 } });
    state = edit(state, (s) => {
      s.vp = { p1: 4, p2: 4, p3: 0 };
    });
    const level = must(state, "p3", { type: "concede" }).state.result!;
    // Level on VP: the tie-break (parts plus drones in play) decides; p1 (RDL) and p2 (UN) both have 2 mechs x 4 parts + 1 drone.
    expect(level).toEqual({ winner: null, reason: "concession: draw", scores: { p1: 4, p2: 4, p3: 0 } });
  });
});

describe("seed 001 3.3 mission preparation", () => {
  /** A three-seat relay-field match with its sides chosen (order[0] red, order[1] black, order[2] blue). */
  function prepared(): { state: EmberState; order: SeatId[] } {
    let { state } = start(THREE, "order-a");
    const order = state.initiative as SeatId[];
    state = must(state, order[0]!, { type: "choose_side", side: "red" }).state;
    state = must(state, order[1]!, { type: "choose_side", side: "black" }).state;
    state = must(state, order[2]!, { type: "choose_side", side: "blue" }).state;
    return { state, order };
  }

  it("seed 001 3.3: in turn from the first player each seat chooses a secondary mission in secret; the choice reaches its seat only; all are revealed with their salts when preparation ends", () => {
    const prep = prepared();
    const order = prep.order;
    let state = prep.state;
    expect(state.phase).toBe("mission_prep");
    expect(state.pending).toEqual({ seat: order[0], kind: "choose_secondary", rule: "001_f556d9be58b12b7c.txt 3.3", options: { secondaries: ["deep-strike", "beacon-watch", "unbroken"] } });
    expect(rejected(state, order[1]!, { type: "choose_secondary", secondary: "unbroken" })).toBe("decision_pending");
    expect(rejected(state, order[0]!, { type: "choose_secondary", secondary: "nope" })).toBe("invalid_choice");
    const r = ember.apply(state, { type: "choose_secondary", secondary: "unbroken" }, order[0]!);
    if (!r.ok) throw new Error(r.error.code);
    state = r.state;
    const commitment = state.missionPrep!.secondaries[order[0]!]!.commitment;
    expect(viewFor(state, seatViewer(order[0]!)).missionPrep!.secondaries[order[0]!]).toEqual({ commitment, choice: "unbroken" });
    for (const viewer of [seatViewer(order[1]!), seatViewer(order[2]!), spectator]) {
      expect(viewFor(state, viewer).missionPrep!.secondaries[order[0]!]).toEqual({ commitment, choice: null });
      expect(ember.redact(r.events[0]!, viewer)).toEqual({ type: "secondary_chosen", seat: order[0], commitment });
    }
    expect(state.pending).toMatchObject({ seat: order[1], kind: "choose_secondary" });
    state = must(state, order[1]!, { type: "choose_secondary", secondary: "deep-strike" }).state;
    state = must(state, order[2]!, { type: "choose_secondary", secondary: "beacon-watch" }).state;
    // Then the objective markers, one at a time from the first player.
    expect(state.pending).toEqual({ seat: order[0], kind: "place_objective", rule: "001_f556d9be58b12b7c.txt 3.3", options: { remaining: 1 } });
    expect(viewFor(state, spectator).missionPrep!.secondaries[order[2]!]!.choice).toBeNull();
    state = must(state, order[0]!, { type: "place_objective", at: { x: 4, y: 4 } }).state;
    state = must(state, order[1]!, { type: "place_objective", at: { x: 7, y: 4 } }).state;
    const last = must(state, order[2]!, { type: "place_objective", at: { x: 5, y: 8 } });
    state = last.state;
    const revealed = last.events.find((e) => e.type === "secondaries_revealed") as Extract<EmberEvent, { type: "secondaries_revealed" }>;
    expect(revealed.choices).toEqual({ [order[0]!]: "unbroken", [order[1]!]: "deep-strike", [order[2]!]: "beacon-watch" });
    const { commit } = jest.requireActual("@fogwar/engine") as typeof import("@fogwar/engine");
    for (const seat of state.seats) expect(commit(revealed.choices[seat], revealed.salts[seat]!)).toBe(state.missionPrep!.secondaries[seat]!.commitment);
    expect(viewFor(state, spectator).missionPrep!.secondaries[order[2]!]!.choice).toBe("beacon-watch");
    expect(state.phase).toBe("deployment");
    expect(state.turn).toBe(order[0]);
    expect(state.missionPrep!.objectives).toEqual([
      { id: "obj-1", seat: order[0], at: { x: 4, y: 4 } },
      { id: "obj-2", seat: order[1], at: { x: 7, y: 4 } },
      { id: "obj-3", seat: order[2], at: { x: 5, y: 8 } },
    ]);
  });

  it("seed 001 3.3: an objective marker goes on a free square outside every deployment zone, at least 3 squares from the other markers", () => {
    const prep = prepared();
    const order = prep.order;
    let state = prep.state;
    for (const seat of order) state = must(state, seat, { type: "choose_secondary", secondary: "unbroken" }).state;
    expect(rejected(state, order[0]!, { type: "place_objective", at: { x: 5, y: 5 } })).toBe("square_unavailable"); // the relay mast
    expect(rejected(state, order[0]!, { type: "place_objective", at: { x: 4, y: 1 } })).toBe("objective_too_close"); // black's zone
    state = must(state, order[0]!, { type: "place_objective", at: { x: 4, y: 4 } }).state;
    expect(rejected(state, order[1]!, { type: "place_objective", at: { x: 6, y: 4 } })).toBe("objective_too_close"); // 2 squares away
    expect(legalCommands(state, order[1]!).some((c) => c.type === "place_objective" && c.at.x === 7 && c.at.y === 4)).toBe(true);
    expect(legalCommands(state, order[1]!).some((c) => c.type === "place_objective" && c.at.x === 6 && c.at.y === 4)).toBe(false);
  });

  it("mission rules: at the end phase a side holding a marker (more mechs within 1 square) scores 1; a revealed secondary scores its 1 VP when its condition holds", () => {
    const prep = prepared();
    const order = prep.order;
    let state = prep.state;
    const picks = ["beacon-watch", "deep-strike", "unbroken"];
    order.forEach((seat, i) => {
      state = must(state, seat, { type: "choose_secondary", secondary: picks[i]! }).state;
    });
    state = must(state, order[0]!, { type: "place_objective", at: { x: 4, y: 4 } }).state;
    state = must(state, order[1]!, { type: "place_objective", at: { x: 8, y: 6 } }).state;
    state = must(state, order[2]!, { type: "place_objective", at: { x: 4, y: 9 } }).state;
    state = drive(state, (s) => s.phase === "plan").state;
    // order[0] (beacon-watch): a mech next to its own marker obj-1 (4,4), alone there: +1 marker +1 secondary.
    // order[1] (deep-strike): a mech inside order[2]'s blue zone (x 10-11): +1 secondary; zone F (x 8-11, y 4-7) with 1 mech: +1.
    // order[2] (unbroken): one of its mechs destroyed: no secondary; obj-2 (8,6) and obj-3 (4,9) have no mech within 1.
    // The other mechs stand together in zone G (one of each side: nobody controls it).
    state = edit(state, (s) => {
      const mechs = (seat: string) => s.units.filter((u) => u.owner === seat && u.kind === "mech");
      mechs(order[0]!)[0]!.at = { x: 4, y: 3 };
      mechs(order[0]!)[1]!.at = { x: 0, y: 11 };
      mechs(order[1]!)[0]!.at = { x: 10, y: 5 };
      mechs(order[1]!)[1]!.at = { x: 1, y: 11 };
      Object.assign(mechs(order[2]!)[0]!, { destroyed: true, at: null });
      mechs(order[2]!)[1]!.at = { x: 2, y: 11 };
    });
    for (const seat of state.seats) {
      const dials = Object.fromEntries(state.units.filter((u) => u.owner === seat && u.kind === "mech" && !u.destroyed).map((u) => [u.id, "tactical" as const]));
      state = must(state, seat, { type: "lock_plan", dials }).state;
    }
    const r = drive(state, (s) => s.phase !== "action");
    const scored = Object.fromEntries(r.events.filter((e): e is Extract<EmberEvent, { type: "vp_scored" }> => e.type === "vp_scored").map((e) => [e.seat, e]));
    // (4,3) is in zone B (x 4-7, y 0-3), worth 1; (10,5) in zone F (x 8-11, y 4-7), worth 1.
    expect(scored[order[0]!]).toMatchObject({ zones: ["B"], objectives: ["obj-1"], secondaries: ["beacon-watch"], vp: 3 });
    expect(scored[order[1]!]).toMatchObject({ zones: ["F"], objectives: [], secondaries: ["deep-strike"], vp: 2 });
    expect(scored[order[2]!]).toMatchObject({ objectives: [], secondaries: [] });
  });
});
