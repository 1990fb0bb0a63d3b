/**
 * The flow of a match (seed 001 3-6, with the delay and end phases of seed 000 1.5, 1.2.3, 9.4):
 * setup and the first-player roll, side choice, alternating deployment, then rounds of command,
 * plan, action, delay and end phases until the round limit or until a side has no mechs.
 */
import { Random, commit, deriveSalt, rngStateFromSeed, seedCommitment, type SeatId } from "@fogwar/engine";
import { validateArmy } from "./army";
import {
  droneCard,
  intactSlots,
  mechsInPlay,
  opponentOf,
  scenarioOf,
  unitsInPlay,
  zoneOf,
} from "./board";
import { Ctx } from "./context";
import { catalog } from "./data";
import type { Face, Timing } from "./data/schema";
import { TIMINGS } from "./data/schema";
import { firstPlayerLights } from "./dice";
import type { DroneState, EmberSetup, EmberState, MechState, UnitId, UnitState } from "./types";

/** Bumped whenever a rule change could change a replay. */
export const RULES_VERSION = "ember-0.1.0";

/** The seed sections quoted in code, for brevity. */
const S000 = "000_200ff4b7b5d3d570.txt";
const S001 = "001_f556d9be58b12b7c.txt";

/**
 * Builds units from the army lists. Mech ids are `<seat>-m<n>`, drone ids `<seat>-d<n>` (n from 1,
 * in list order); every pilot starts at full link (seed 000 4).
 */
function unitsFromArmies(setup: EmberSetup): UnitState[] {
  const units: UnitState[] = [];
  for (const seat of setup.seats) {
    const army = setup.armies[seat];
    if (!army) throw new Error(`no army for seat ${seat}`);
    let mechs = 0;
    let drones = 0;
    for (const unit of army.units) {
      if (unit.kind === "mech") {
        mechs++;
        const pilot = catalog.pilots.get(unit.pilot);
        if (!pilot) throw new Error(`unknown pilot ${unit.pilot}`);
        const mech: MechState = {
          kind: "mech",
          id: `${seat}-m${mechs}`,
          owner: seat,
          name: unit.name ?? `Mech ${mechs}`,
          pilotId: pilot.id,
          parts: {
            torso: { partId: unit.parts.torso, damaged: false, destroyed: false },
            chassis: { partId: unit.parts.chassis, damaged: false, destroyed: false },
            left_arm: { partId: unit.parts.left_arm, damaged: false, destroyed: false },
            right_arm: { partId: unit.parts.right_arm, damaged: false, destroyed: false },
          },
          link: pilot.linkMax,
          linkMax: pilot.linkMax,
          stance: "OFF",
          at: null,
          facing: "N",
          deployed: false,
          destroyed: false,
          commandTokens: 0,
        };
        units.push(mech);
      } else {
        drones++;
        const card = droneCard(unit.drone);
        const drone: DroneState = {
          kind: "drone",
          id: `${seat}-d${drones}`,
          owner: seat,
          name: card.name.en,
          droneId: card.id,
          damaged: false,
          at: null,
          facing: "N",
          deployed: false,
          destroyed: false,
          commanded: false,
        };
        units.push(drone);
      }
    }
  }
  return units;
}

/**
 * Creates a match: validates the setup, builds the units, commits to the dice seed, and rolls for
 * the first player: each seat rolls 2 yellow dice, more [light] results wins, ties are rerolled
 * (seed 001 3.2). The winner then chooses a side.
 * @throws Error when the scenario is unknown, the seats are not two distinct ids, or an army is
 *   invalid for the scenario's battle size (callers validate first and report problems properly).
 */
export function setupMatch(setup: EmberSetup, seed: string): ReturnType<Ctx["finish"]> {
  const scenario = catalog.scenarios.get(setup.scenario);
  if (!scenario) throw new Error(`unknown scenario "${setup.scenario}"`);
  const [a, b] = setup.seats;
  if (!a || !b || a === b) throw new Error("a match needs two distinct seats");
  for (const seat of setup.seats) {
    const army = setup.armies[seat];
    if (!army) throw new Error(`no army for seat ${seat}`);
    const problems = validateArmy(army, scenario.battleSize);
    if (problems.length > 0) throw new Error(`invalid army for ${seat}: ${problems.map((p) => p.message).join(" ")}`);
  }
  const state: EmberState = {
    ruleset: "ember",
    rulesVersion: RULES_VERSION,
    scenario: scenario.id,
    options: { progressiveReveal: setup.options?.progressiveReveal ?? false },
    seats: [a, b],
    factions: { [a]: setup.armies[a]!.faction, [b]: setup.armies[b]!.faction },
    armyNames: { [a]: setup.armies[a]!.name, [b]: setup.armies[b]!.name },
    secret: { seed, rng: [...rngStateFromSeed(seed)] },
    seedCommitment: seedCommitment(seed),
    phase: "side_choice",
    round: 0,
    firstPlayer: a,
    sides: null,
    units: unitsFromArmies(setup),
    turn: null,
    commandsDone: [],
    plans: { [a]: { commitment: null, dials: null }, [b]: { commitment: null, dials: null } },
    revealed: {},
    calledTiming: 0,
    activated: [],
    activation: null,
    attack: null,
    pending: null,
    vp: { [a]: 0, [b]: 0 },
    result: null,
  };
  const ctx = new Ctx(state);
  const yellow = catalog.data.dice.yellow;
  for (let attempt = 0; ; attempt++) {
    const rolls: Record<SeatId, Face[]> = {};
    const lights: Record<SeatId, number> = {};
    for (const seat of state.seats) {
      rolls[seat] = [0, 1].map(() => ({ ...(yellow[ctx.rng.int(0, yellow.length - 1)] as Face) }));
      lights[seat] = firstPlayerLights(rolls[seat]!);
    }
    const winner = lights[a]! > lights[b]! ? a : lights[b]! > lights[a]! ? b : null;
    ctx.emit({ type: "first_player_roll", rolls, lights, winner });
    if (winner) {
      state.firstPlayer = winner;
      break;
    }
    if (attempt > 1000) throw new Error("first-player roll did not settle");
  }
  state.turn = state.firstPlayer;
  state.pending = {
    seat: state.firstPlayer,
    kind: "choose_side",
    rule: `${S001} 3.2`,
    options: { sides: ["black", "white"] },
  };
  return ctx.finish();
}

// ---------------------------------------------------------------------------------------------
// Rounds and phases

/** Starts round `round` with its command phase (seed 001 4, seed 000 9.1). */
export function startRound(ctx: Ctx, round: number): void {
  const state = ctx.state;
  state.round = round;
  ctx.emit({ type: "round_started", round });
  ctx.emit({ type: "phase_started", phase: "command" });
  state.phase = "command";
  state.commandsDone = [];
  const tokens: Record<UnitId, number> = {};
  for (const unit of unitsInPlay(state)) {
    if (unit.kind === "drone") unit.commanded = false;
    else if (unit.stance !== "SHUTDOWN") {
      // Command generation: 1 command per mech (seed 001 4.1; seed 000 9.1). Shutdown mechs make none.
      unit.commandTokens = 1;
      tokens[unit.id] = 1;
    }
  }
  ctx.emit({ type: "commands_generated", tokens });
  state.turn = state.firstPlayer;
  settleCommandPhase(ctx);
}

/** Whether a seat can still give a command: a mech with a token and an uncommanded drone (seed 001 4.2-4.3). */
export function canCommand(state: EmberState, seat: SeatId): boolean {
  const inPlay = unitsInPlay(state).filter((u) => u.owner === seat);
  const giver = inPlay.some((u) => u.kind === "mech" && u.commandTokens > 0 && u.stance !== "SHUTDOWN");
  const receiver = inPlay.some((u) => u.kind === "drone" && !u.commanded);
  return giver && receiver;
}

/**
 * Moves the command phase on: seats that cannot command are done; when both are done the phase
 * ends; otherwise the turn passes to a seat that is not done (seed 001 4.2-4.3: alternate; once
 * one side has finished, the other gives the rest of its commands).
 */
export function settleCommandPhase(ctx: Ctx, passTurn = false): void {
  const state = ctx.state;
  for (const seat of state.seats) {
    if (!state.commandsDone.includes(seat) && !canCommand(state, seat)) state.commandsDone.push(seat);
  }
  const open = state.seats.filter((s) => !state.commandsDone.includes(s));
  if (open.length === 0) {
    endCommandPhase(ctx);
    return;
  }
  const current = state.turn as SeatId;
  const other = opponentOf(state, current);
  if (passTurn && open.includes(other)) state.turn = other;
  else if (!open.includes(current)) state.turn = other;
}

/** Ends the command phase: drones lose their command tokens (seed 001 4.3), then the plan phase begins. */
function endCommandPhase(ctx: Ctx): void {
  const state = ctx.state;
  for (const unit of state.units) if (unit.kind === "drone") unit.commanded = false;
  state.turn = null;
  state.phase = "plan";
  state.revealed = {};
  for (const seat of state.seats) state.plans[seat] = { commitment: null, dials: null };
  ctx.emit({ type: "phase_started", phase: "plan" });
}

/** The salt of a seat's plan commitment for a round, derived from the secret seed. */
export const planSalt = (state: EmberState, seat: SeatId): string => deriveSalt(state.secret.seed, `plan:${state.round}:${seat}`);

/**
 * Locks a seat's plan as a commitment (seed 001 5; design.md principle 8). The owner's event
 * carries the dials; everyone else sees only the commitment. Once both plans are locked, the
 * dials are revealed all at once, or timing by timing with progressive reveal.
 */
export function lockPlan(ctx: Ctx, seat: SeatId, given: Record<UnitId, Timing>): void {
  const state = ctx.state;
  // Stored in army-list order, so neither the state nor the activation order depends on the
  // key order the client happened to send.
  const dials: Record<UnitId, Timing> = {};
  for (const unit of state.units) {
    const timing = given[unit.id];
    if (timing !== undefined) dials[unit.id] = timing;
  }
  const commitment = commit(dials, planSalt(state, seat));
  state.plans[seat] = { commitment, dials };
  ctx.emitTo(seat, { type: "plan_locked", seat, commitment, dials }, { type: "plan_locked", seat, commitment });
  if (state.seats.every((s) => state.plans[s]?.commitment)) {
    if (!state.options.progressiveReveal) openPlans(ctx);
    startActionPhase(ctx);
  }
}

/** Publishes every plan with its salt, so anyone can check the commitments (seed 001 5). */
function openPlans(ctx: Ctx): void {
  const state = ctx.state;
  const all: Record<UnitId, Timing> = {};
  for (const seat of state.seats) Object.assign(all, state.plans[seat]?.dials ?? {});
  const fresh = Object.fromEntries(Object.entries(all).filter(([id]) => state.revealed[id] === undefined));
  if (Object.keys(fresh).length > 0) {
    Object.assign(state.revealed, fresh);
    ctx.emit({ type: "dials_revealed", dials: fresh });
  }
  for (const seat of state.seats) {
    ctx.emit({ type: "plan_opened", seat, dials: state.plans[seat]?.dials ?? {}, salt: planSalt(state, seat) });
  }
}

/** Starts the action phase (seed 001 6). */
function startActionPhase(ctx: Ctx): void {
  const state = ctx.state;
  state.phase = "action";
  state.activated = [];
  state.calledTiming = 0;
  ctx.emit({ type: "phase_started", phase: "action" });
  nextActivation(ctx);
}

const timingIndex = (t: Timing) => TIMINGS.indexOf(t) + 1;

/**
 * The order of the round's activations (seed 001 6.1): by timing (1 quick first ... 6 tactical),
 * then by the pilot's initiative number for that timing (lower first); mechs equal in both go
 * first player's first, then alternately; several of one seat keep their army-list order.
 * Uses the secret dials: only the head of the order is ever published.
 */
export function activationOrder(state: EmberState): MechState[] {
  const entries: { mech: MechState; timing: number; initiative: number }[] = [];
  // Army-list order (state.units) breaks the remaining ties between one seat's mechs.
  for (const unit of state.units) {
    const timing = state.plans[unit.owner]?.dials?.[unit.id];
    if (timing === undefined || unit.kind !== "mech") continue;
    const pilot = catalog.pilots.get(unit.pilotId);
    const t = timingIndex(timing);
    entries.push({ mech: unit, timing: t, initiative: pilot?.initiative[t - 1] ?? 0 });
  }
  const groups = new Map<string, typeof entries>();
  for (const e of entries) {
    const key = `${String(e.timing).padStart(2, "0")}:${String(e.initiative).padStart(3, "0")}`;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  const order: MechState[] = [];
  for (const key of [...groups.keys()].sort()) {
    const group = groups.get(key) ?? [];
    const bySeat = (seat: SeatId) => group.filter((e) => e.mech.owner === seat).map((e) => e.mech);
    const first = bySeat(state.firstPlayer);
    const second = bySeat(opponentOf(state, state.firstPlayer));
    while (first.length > 0 || second.length > 0) {
      const a = first.shift();
      if (a) order.push(a);
      const b = second.shift();
      if (b) order.push(b);
    }
  }
  return order;
}

/**
 * Gives the next mech its action opportunity (seed 001 6.1), calling its timing first; with
 * progressive reveal, calling a timing reveals every dial set to it. With no mech left, the
 * round moves to its delay and end phases.
 */
export function nextActivation(ctx: Ctx): void {
  const state = ctx.state;
  if (state.phase !== "action") return;
  const next = activationOrder(state).find((m) => !state.activated.includes(m.id) && m.deployed && !m.destroyed);
  if (!next) {
    endRound(ctx);
    return;
  }
  const timing = state.plans[next.owner]?.dials?.[next.id] as Timing;
  const t = timingIndex(timing);
  if (t > state.calledTiming) {
    state.calledTiming = t;
    ctx.emit({ type: "timing_called", timing });
    if (state.options.progressiveReveal) {
      const dials: Record<UnitId, Timing> = {};
      for (const seat of state.seats) {
        for (const [id, dial] of Object.entries(state.plans[seat]?.dials ?? {})) {
          if (dial === timing && state.revealed[id] === undefined) dials[id] = dial;
        }
      }
      Object.assign(state.revealed, dials);
      if (Object.keys(dials).length > 0) ctx.emit({ type: "dials_revealed", dials });
    }
  }
  state.activation = {
    unit: next.id,
    timing,
    ticks: catalog.data.rules.tickBudget,
    stanceChosen: false,
    manoeuvred: false,
    rebooted: false,
    actionsTaken: [],
  };
  state.turn = next.owner;
  ctx.emit({ type: "activation_started", unit: next.id, timing });
}

/** Ends the current activation and gives the next one. */
export function endActivation(ctx: Ctx): void {
  const state = ctx.state;
  const activation = state.activation;
  if (!activation) return;
  state.activated.push(activation.unit);
  state.activation = null;
  state.turn = null;
  ctx.emit({ type: "activation_ended", unit: activation.unit });
  if (checkElimination(ctx)) return;
  nextActivation(ctx);
}

/**
 * The delay phase (seed 000 1.5: [delay] projectiles act; none exist without launch actions) and
 * the end phase: command tokens are removed (seed 000 9.4), mechs with 2 or fewer parts left are
 * removed (1.2.3), victory points are scored, and the match ends at the round limit.
 */
function endRound(ctx: Ctx): void {
  const state = ctx.state;
  if (state.options.progressiveReveal) openPlans(ctx);
  ctx.emit({ type: "phase_started", phase: "delay" });
  ctx.emit({ type: "phase_started", phase: "end" });
  state.activation = null;
  state.turn = null;
  for (const unit of state.units) if (unit.kind === "mech") unit.commandTokens = 0;
  for (const unit of unitsInPlay(state)) {
    if (unit.kind === "mech" && intactSlots(unit).length <= 2) {
      unit.destroyed = true;
      unit.at = null;
      ctx.emit({ type: "unit_destroyed", unit: unit.id, reason: "integrity" });
    }
  }
  scoreZones(ctx);
  if (checkElimination(ctx)) return;
  if (state.round >= scenarioOf(state).mission.rounds) {
    finishByScore(ctx, "round_limit");
    return;
  }
  startRound(ctx, state.round + 1);
}

/**
 * Mission scoring at the end phase: a seat controls a tactical zone when it has more mechs in it
 * than the other seat, and scores the zone's value (project mission rule, docs/rules/ember.md).
 */
function scoreZones(ctx: Ctx): void {
  const state = ctx.state;
  const values = scenarioOf(state).mission.zoneValues;
  const counts = new Map<string, Record<SeatId, number>>();
  for (const unit of unitsInPlay(state)) {
    if (unit.kind !== "mech" || !unit.at) continue;
    const zone = zoneOf(unit.at);
    const row = counts.get(zone) ?? Object.fromEntries(state.seats.map((s) => [s, 0]));
    row[unit.owner] = (row[unit.owner] ?? 0) + 1;
    counts.set(zone, row);
  }
  for (const seat of state.seats) {
    const other = opponentOf(state, seat);
    const zones = [...counts.entries()]
      .filter(([, row]) => (row[seat] ?? 0) > (row[other] ?? 0))
      .map(([zone]) => zone)
      .sort();
    const vp = zones.reduce((sum, z) => sum + (values[z as keyof typeof values] ?? 0), 0);
    state.vp[seat] = (state.vp[seat] ?? 0) + vp;
    ctx.emit({ type: "vp_scored", seat, zones, vp, total: state.vp[seat] ?? 0 });
  }
}

/** Remaining parts of mechs in play plus drones in play: the mission tie-break. */
export function tieBreakScore(state: EmberState, seat: SeatId): number {
  return unitsInPlay(state)
    .filter((u) => u.owner === seat)
    .reduce((sum, u) => sum + (u.kind === "mech" ? intactSlots(u).length : 1), 0);
}

/** Ends the match on victory points, then the tie-break, else a draw. */
function finishByScore(ctx: Ctx, reason: string): void {
  const state = ctx.state;
  const [a, b] = state.seats;
  const va = state.vp[a] ?? 0;
  const vb = state.vp[b] ?? 0;
  if (va !== vb) {
    finish(ctx, va > vb ? a : b, `${reason}: victory points`);
    return;
  }
  const ta = tieBreakScore(state, a);
  const tb = tieBreakScore(state, b);
  finish(ctx, ta === tb ? null : ta > tb ? a : b, ta === tb ? `${reason}: draw` : `${reason}: tie-break (parts and drones)`);
}

/**
 * Victory when a side has no mechs left (issue scope; seed 001 leaves it to missions): the other
 * side wins; if both are gone at once, the score decides.
 * @returns true when the match ended.
 */
export function checkElimination(ctx: Ctx): boolean {
  const state = ctx.state;
  if (state.phase === "finished" || state.phase === "side_choice" || state.phase === "deployment") return false;
  const gone = state.seats.filter((seat) => mechsInPlay(state, seat).length === 0);
  if (gone.length === 0) return false;
  if (gone.length === 2) finishByScore(ctx, "elimination");
  else finish(ctx, opponentOf(state, gone[0] as SeatId), "elimination");
  return true;
}

/** Ends the match and reveals the dice seed (design.md principle 8). */
export function finish(ctx: Ctx, winner: SeatId | null, reason: string): void {
  const state = ctx.state;
  state.phase = "finished";
  state.turn = null;
  state.activation = null;
  state.attack = null;
  state.pending = null;
  state.result = { winner, reason, scores: { ...state.vp } };
  ctx.emit({ type: "match_ended", result: state.result, seed: state.secret.seed });
}

/** Exposes the RNG type for callers that need a cursor outside `apply` (tests). */
export type { Random };
export { S000, S001 };
