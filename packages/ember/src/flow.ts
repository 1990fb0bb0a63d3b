/**
 * The flow of a match (seed 001 3-6, with the delay and end phases of seed 000 1.5, 1.2.3, 9.4):
 * setup and the first-player roll, side choice, alternating deployment, then rounds of command,
 * plan, action, delay and end phases until the round limit or until a side has no mechs.
 */
import { Random, commit, deriveSalt, rngStateFromSeed, seedCommitment, type SeatId } from "@fogwar/engine";
import { validateArmy } from "./army";
import {
  droneCard,
  forceOf,
  forcesOf,
  initiativeOrder,
  intactSlots,
  mechsInPlay,
  nextSeat,
  projectileById,
  scenarioOf,
  seatsOfForce,
  unitsInPlay,
  zoneOf,
} from "./board";
import { forgetConcealed } from "./concealment";
import { Ctx } from "./context";
import { catalog } from "./data";
import type { Face, Timing } from "./data/schema";
import { TIMINGS } from "./data/schema";
import { firstPlayerLights } from "./dice";
import { scoreMissionExtras } from "./mission";
import { askSmokeRemoval, cloudsToThin, delayActors, initialInterceptionTokens, runSequences, startDetonation } from "./launch";
import type { DroneState, EmberSetup, EmberState, MechState, Side, UnitId, UnitState } from "./types";
import { commandGeneration, startingAmmo } from "./resources";

/** Bumped whenever a rule change could change a replay. */
export const RULES_VERSION = "ember-1.0.0";

/** The seed sections quoted in code, for brevity. */
const S000 = "000_200ff4b7b5d3d570.txt";
const S001 = "001_f556d9be58b12b7c.txt";

/** A part as it enters play: undamaged, with one ammo token per ammo icon (seed 000 7). */
function partState(partId: string): MechState["parts"]["torso"] {
  const part = catalog.parts.get(partId);
  const ammo = part ? startingAmmo(part) : undefined;
  return { partId, damaged: false, destroyed: false, ...(ammo ? { ammo } : {}) };
}

/**
 * Builds units from the army lists. Mech ids are `<seat>-m<n>`, drone ids `<seat>-d<n>` (n from 1,
 * in list order); every pilot starts at full link (seed 000 4).
 */
function unitsFromArmies(setup: EmberSetup): UnitState[] {
  const units: UnitState[] = [];
  for (const seat of setup.seats) {
    const army = setup.armies?.[seat];
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
            torso: partState(unit.parts.torso),
            chassis: partState(unit.parts.chassis),
            left_arm: partState(unit.parts.left_arm),
            right_arm: partState(unit.parts.right_arm),
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
 * The state every EMBER match starts from before its first roll (seed 001 3): the checked
 * scenario, seats, teams and options, the secret seed, round 0, no plans, no victory points.
 * `fields` gives what differs between a match created with lists and one waiting for its muster:
 * the phase, each seat's faction and army name, the units, and the muster record.
 */
export function startingState(
  setup: Omit<EmberSetup, "armies">,
  checked: Pick<ReturnType<typeof checkSetup>, "scenario" | "seats" | "teams">,
  seed: string,
  fields: Pick<EmberState, "phase" | "factions" | "armyNames" | "units"> & Partial<Pick<EmberState, "muster">>,
): EmberState {
  const { scenario, seats, teams } = checked;
  return {
    ruleset: "ember",
    rulesVersion: RULES_VERSION,
    scenario: scenario.id,
    options: { progressiveReveal: setup.options?.progressiveReveal ?? false },
    seats,
    ...(teams ? { teams } : {}),
    ...(fields.muster ? { muster: fields.muster } : {}),
    factions: fields.factions,
    armyNames: fields.armyNames,
    secret: { seed, rng: [...rngStateFromSeed(seed)] },
    seedCommitment: seedCommitment(seed),
    phase: fields.phase,
    round: 0,
    firstPlayer: seats[0] as SeatId,
    sides: null,
    units: fields.units,
    turn: null,
    commandsDone: [],
    plans: Object.fromEntries(seats.map((s) => [s, { commitment: null, dials: null }])),
    revealed: {},
    calledTiming: 0,
    activated: [],
    activation: null,
    attack: null,
    pending: null,
    projectiles: [],
    smoke: [],
    interception: {},
    sequences: [],
    roundEnd: null,
    vp: Object.fromEntries(seats.map((s) => [s, 0])),
    result: null,
  };
}

/**
 * Creates a match: validates the setup, builds the units, commits to the dice seed, and rolls for
 * the first player: each seat rolls 2 yellow dice, more [light] results wins, ties are rerolled
 * (seed 001 3.2). The winner then chooses a side.
 * @throws Error when the scenario is unknown, the seats are not two distinct ids, or an army is
 *   invalid for the scenario's battle size (callers validate first and report problems properly).
 */
export function setupMatch(setup: EmberSetup, seed: string): ReturnType<Ctx["finish"]> {
  const { scenario, seats, teams, forces } = checkSetup(setup);
  if (!setup.armies) throw new Error("no army lists (a match without lists starts with the muster)");
  for (const seat of setup.seats) {
    const army = setup.armies[seat];
    if (!army) throw new Error(`no army for seat ${seat}`);
    const problems = validateArmy(army, scenario.battleSize);
    if (problems.length > 0) throw new Error(`invalid army for ${seat}: ${problems.map((p) => p.message).join(" ")}`);
  }
  const state = startingState(setup, { scenario, seats, teams }, seed, {
    phase: "side_choice",
    factions: Object.fromEntries(seats.map((s) => [s, setup.armies![s]!.faction])),
    armyNames: Object.fromEntries(seats.map((s) => [s, setup.armies![s]!.name])),
    units: unitsFromArmies(setup),
  });
  // Interception tokens are placed on the cards at deployment (seed 000 3).
  state.interception = initialInterceptionTokens(state.units);
  const ctx = new Ctx(state);
  const ranked = rollOff(ctx, seats, true, 0);
  const order = teams ? interleaveTeams(ranked, teams) : ranked;
  state.firstPlayer = order[0] as SeatId;
  if (seats.length > 2) {
    state.initiative = order;
    ctx.emit({ type: "initiative_order", order: [...order] });
  }
  state.turn = state.firstPlayer;
  state.pending = {
    seat: state.firstPlayer,
    kind: "choose_side",
    rule: `${S001} 3.2`,
    options: { sides: sidesOf(scenario.deployment, forces) },
  };
  return ctx.finish();
}

/**
 * Checks what a match is created from, lists aside: a known scenario, two to four distinct seats,
 * teams for 2 v 2 only, deployment zones for every side.
 * @throws Error naming the problem.
 */
export function checkSetup(setup: Omit<EmberSetup, "armies">) {
  const scenario = catalog.scenarios.get(setup.scenario);
  if (!scenario) throw new Error(`unknown scenario "${setup.scenario}"`);
  const seats = [...setup.seats];
  const [a, b] = seats;
  if (!a || !b || new Set(seats).size !== seats.length) throw new Error("a match needs two to four distinct seats");
  if (seats.length > 4) throw new Error("a match needs two to four distinct seats");
  const teams = setup.teams ? checkTeams(seats, setup.teams) : undefined;
  const forces = teams ? 2 : seats.length;
  if (forces > sidesOf(scenario.deployment, forces).length) {
    throw new Error(`scenario "${scenario.id}" has deployment zones for two sides only`);
  }
  return { scenario, seats, teams, forces };
}

/**
 * The sides a battle of `forces` sides may choose (seed 001 3.2): black and white for two sides;
 * for three or four, also the scenario's red and blue zones (project decision).
 */
export function sidesOf(deployment: { red?: unknown; blue?: unknown }, forces: number): Side[] {
  const sides: Side[] = ["black", "white"];
  if (forces > 2) {
    if (deployment.red) sides.push("red");
    if (deployment.blue) sides.push("blue");
  }
  return sides;
}

/**
 * Checks a 2 v 2 team map: four seats, each in one of exactly two teams of two (seed 001 6.1).
 * @throws Error naming the problem.
 */
function checkTeams(seats: readonly SeatId[], teams: Readonly<Record<SeatId, string>>): Record<SeatId, string> {
  const out: Record<SeatId, string> = {};
  for (const seat of seats) {
    const team = teams[seat];
    if (typeof team !== "string" || team.length === 0) throw new Error(`seat ${seat} has no team`);
    out[seat] = team;
  }
  const sizes = new Map<string, number>();
  for (const team of Object.values(out)) sizes.set(team, (sizes.get(team) ?? 0) + 1);
  if (seats.length !== 4 || sizes.size !== 2 || [...sizes.values()].some((n) => n !== 2)) {
    throw new Error("teams are for 2 v 2 battles: four seats in two teams of two");
  }
  if (Object.keys(teams).some((seat) => !seats.includes(seat))) throw new Error("a team names a seat that is not in the match");
  return out;
}

/**
 * The first-player roll (seed 001 3.2) extended to any number of seats: every seat of `group`
 * rolls 2 yellow dice; more [light] ranks higher; seats level with each other roll again among
 * themselves until they are ordered. With two seats this is the seed's roll, ties rolled again.
 * `first` marks the roll that decides the first player (its event names the winner).
 * @returns the seats, best first.
 */
function rollOff(ctx: Ctx, group: readonly SeatId[], first: boolean, depth: number): SeatId[] {
  if (depth > 1000) throw new Error("first-player roll did not settle");
  const yellow = catalog.data.dice.yellow;
  const rolls: Record<SeatId, Face[]> = {};
  const lights: Record<SeatId, number> = {};
  for (const seat of group) {
    rolls[seat] = [0, 1].map(() => ({ ...(yellow[ctx.rng.int(0, yellow.length - 1)] as Face) }));
    lights[seat] = firstPlayerLights(rolls[seat]!);
  }
  const levels = [...new Set(Object.values(lights))].sort((x, y) => y - x);
  const top = group.filter((s) => lights[s] === levels[0]);
  const winner = first && top.length === 1 ? (top[0] as SeatId) : null;
  ctx.emit({ type: "first_player_roll", rolls, lights, winner });
  if (levels.length === 1) return rollOff(ctx, group, first, depth + 1);
  const ranked: SeatId[] = [];
  levels.forEach((level, i) => {
    const tied = group.filter((s) => lights[s] === level);
    ranked.push(...(tied.length === 1 ? tied : rollOff(ctx, tied, first && i === 0, depth + 1)));
  });
  return ranked;
}

/**
 * The initiative order of a 2 v 2 battle (project decision, seed 001 6.1): the best roller's
 * team first, then the teams alternate, each time with its best-ranked seat not yet placed.
 */
function interleaveTeams(ranked: readonly SeatId[], teams: Readonly<Record<SeatId, string>>): SeatId[] {
  const order: SeatId[] = [];
  let team = teams[ranked[0] as SeatId];
  while (order.length < ranked.length) {
    const left = ranked.filter((s) => !order.includes(s));
    const next = (left.find((s) => teams[s] === team) ?? left[0]) as SeatId;
    order.push(next);
    team = Object.values(teams).find((t) => t !== teams[next]);
  }
  return order;
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
      // Command generation: 1 command per mech torso, or the sum of command generation X over its
      // parts (seed 001 4.1; seed 000 9.1). Shutdown mechs make none.
      unit.commandTokens = commandGeneration(unit);
      tokens[unit.id] = unit.commandTokens;
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
  // Turns go round in the initiative order (with two seats: alternately), skipping seats that
  // are done (seed 001 4.2-4.3, 6.1 for more than two seats).
  const current = state.turn as SeatId;
  if (passTurn || !open.includes(current)) state.turn = nextSeat(state, current, (s) => open.includes(s));
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

/**
 * The seats that set timing dials this plan phase: those with a mech in play. In a battle of more
 * than two seats a seat whose mechs are all destroyed has no plan to lock (project decision).
 */
export const planners = (state: EmberState): SeatId[] => state.seats.filter((s) => mechsInPlay(state, s).length > 0);

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
  if (planners(state).every((s) => state.plans[s]?.commitment)) {
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
    if (!state.plans[seat]?.commitment) continue;
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
 * first player's first, then alternately; several of one seat keep their army-list order. With
 * more than two seats the ties go round the initiative order fixed before the battle.
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
    const queues = initiativeOrder(state).map((seat) => group.filter((e) => e.mech.owner === seat).map((e) => e.mech));
    while (queues.some((q) => q.length > 0)) {
      for (const queue of queues) {
        const next = queue.shift();
        if (next) order.push(next);
      }
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
 * Ends the action phase: the delay phase begins, in which the [delay] projectiles and
 * installations act one after another in launch order (seed 000 1.5, 1.5.2), then the end phase
 * (see {@link continueRoundEnd}).
 */
function endRound(ctx: Ctx): void {
  const state = ctx.state;
  if (state.options.progressiveReveal) openPlans(ctx);
  state.activation = null;
  state.turn = null;
  state.phase = "delay";
  state.roundEnd = { delayQueue: delayActors(state), smokeClouds: null, smokeTurn: null };
  ctx.emit({ type: "phase_started", phase: "delay" });
  continueRoundEnd(ctx);
}

/**
 * Carries the delay and end phases on from wherever they stopped for a decision: the remaining
 * delay actions (seed 000 1.5), then the end phase: command tokens are removed (seed 000 9.4),
 * mechs with 2 or fewer parts left are removed (1.2.3), one smoke card leaves each smoke cloud,
 * the players alternating (10), victory points are scored, and the match ends at the round limit.
 */
export function continueRoundEnd(ctx: Ctx): void {
  const state = ctx.state;
  const end = state.roundEnd;
  if (!end) return;
  if (state.phase === "delay") {
    for (;;) {
      if (runSequences(ctx) === "waiting") return;
      if (checkElimination(ctx)) return;
      const next = end.delayQueue.shift();
      if (next === undefined) break;
      const projectile = projectileById(state, next);
      if (projectile && !projectile.destroyed && projectile.at) startDetonation(ctx, projectile);
    }
    state.phase = "end";
    ctx.emit({ type: "phase_started", phase: "end" });
    for (const unit of state.units) if (unit.kind === "mech") unit.commandTokens = 0;
    for (const unit of unitsInPlay(state)) {
      if (unit.kind === "mech" && intactSlots(unit).length <= 2) {
        unit.destroyed = true;
        unit.at = null;
        if (unit.camouflage) unit.camouflage = null;
        forgetConcealed(state, unit.id);
        ctx.emit({ type: "unit_destroyed", unit: unit.id, reason: "integrity" });
      }
    }
    end.smokeClouds = cloudsToThin(state);
    end.smokeTurn = null;
  }
  if (askSmokeRemoval(ctx)) return;
  state.roundEnd = null;
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
  // Mechs per zone and force: a side (a seat, or a 2 v 2 team) controls a zone when it has more
  // mechs in it than every other side.
  const counts = new Map<string, Record<string, number>>();
  for (const unit of unitsInPlay(state)) {
    if (unit.kind !== "mech" || !unit.at) continue;
    const zone = zoneOf(unit.at);
    const row = counts.get(zone) ?? {};
    const force = forceOf(state, unit.owner);
    row[force] = (row[force] ?? 0) + 1;
    counts.set(zone, row);
  }
  const extras = scoreMissionExtras(state);
  for (const force of forcesOf(state)) {
    const seats = seatsOfForce(state, force);
    const seat = seats[0] as SeatId;
    const zones = [...counts.entries()]
      .filter(([, row]) => Object.entries(row).every(([f, n]) => f === force || n < (row[force] ?? 0)))
      .map(([zone]) => zone)
      .sort();
    const extra = extras.get(force);
    const vp = zones.reduce((sum, z) => sum + (values[z as keyof typeof values] ?? 0), 0) + (extra?.vp ?? 0);
    const total = (state.vp[seat] ?? 0) + vp;
    // A team shares its victory points: every seat of the force holds the team's total.
    for (const s of seats) state.vp[s] = total;
    ctx.emit({
      type: "vp_scored",
      seat,
      zones,
      vp,
      total,
      ...(state.teams ? { team: force } : {}),
      ...(extra ? { objectives: extra.objectives, secondaries: extra.secondaries } : {}),
    });
  }
}

/** Remaining parts of mechs in play plus drones in play: the mission tie-break. */
export function tieBreakScore(state: EmberState, seat: SeatId): number {
  return unitsInPlay(state)
    .filter((u) => u.owner === seat)
    .reduce((sum, u) => sum + (u.kind === "mech" ? intactSlots(u).length : 1), 0);
}

/** A force's tie-break: the sum over its seats (a 2 v 2 team counts both seats' units). */
const forceTieBreak = (state: EmberState, force: string): number =>
  seatsOfForce(state, force).reduce((sum, s) => sum + tieBreakScore(state, s), 0);

/**
 * Ends the match on victory points, then the tie-break, else a draw. With more than two sides,
 * the sides level on the best score go to the tie-break; a side still level with another is a
 * draw. `excluded` (a conceding side) cannot win.
 */
function finishByScore(ctx: Ctx, reason: string, excluded?: string): void {
  const state = ctx.state;
  const contenders = forcesOf(state).filter((f) => f !== excluded);
  const vpOf = (force: string) => state.vp[seatsOfForce(state, force)[0] as SeatId] ?? 0;
  const bestVp = Math.max(...contenders.map(vpOf));
  const top = contenders.filter((f) => vpOf(f) === bestVp);
  if (top.length === 1) {
    finishForce(ctx, top[0] as string, `${reason}: victory points`);
    return;
  }
  const bestTie = Math.max(...top.map((f) => forceTieBreak(state, f)));
  const tied = top.filter((f) => forceTieBreak(state, f) === bestTie);
  if (tied.length === 1) finishForce(ctx, tied[0] as string, `${reason}: tie-break (parts and drones)`);
  else finish(ctx, null, `${reason}: draw`);
}

/** Ends the match won by a force: its first seat is the winner; a team lists all its seats. */
function finishForce(ctx: Ctx, force: string, reason: string): void {
  const seats = seatsOfForce(ctx.state, force);
  finish(ctx, seats[0] as SeatId, reason, ctx.state.teams ? seats : undefined);
}

/**
 * A concession (project decision, docs/rules/ember.md): with two sides the other side wins (in
 * 2 v 2 the whole team concedes); with three or more the battle ends and the other sides are
 * ranked as at the round limit, the conceding seat excluded.
 */
export function concedeMatch(ctx: Ctx, seat: SeatId): void {
  const state = ctx.state;
  const force = forceOf(state, seat);
  const others = forcesOf(state).filter((f) => f !== force);
  if (others.length === 1) finishForce(ctx, others[0] as string, "concession");
  else finishByScore(ctx, "concession", force);
}

/**
 * Victory when a side has no mechs left (issue scope; seed 001 leaves it to missions): the other
 * side wins; if both are gone at once, the score decides. With more than two sides (project
 * decision) a side without mechs is out and the battle goes on until one side is left.
 * @returns true when the match ended.
 */
export function checkElimination(ctx: Ctx): boolean {
  const state = ctx.state;
  if (state.phase === "finished" || state.phase === "side_choice" || state.phase === "mission_prep" || state.phase === "deployment") return false;
  const alive = forcesOf(state).filter((f) => seatsOfForce(state, f).some((s) => mechsInPlay(state, s).length > 0));
  if (alive.length >= 2) return false;
  if (alive.length === 0) finishByScore(ctx, "elimination");
  else finishForce(ctx, alive[0] as string, "elimination");
  return true;
}

/** Ends the match and reveals the dice seed (design.md principle 8). `winners`: a winning team's seats. */
export function finish(ctx: Ctx, winner: SeatId | null, reason: string, winners?: readonly SeatId[]): void {
  const state = ctx.state;
  state.phase = "finished";
  state.turn = null;
  state.activation = null;
  state.attack = null;
  state.pending = null;
  state.sequences = [];
  state.roundEnd = null;
  state.result = { winner, ...(winners ? { winners: [...winners] } : {}), reason, scores: { ...state.vp } };
  ctx.emit({ type: "match_ended", result: state.result, seed: state.secret.seed });
}

/** Exposes the RNG type for callers that need a cursor outside `apply` (tests). */
export type { Random };
export { S000, S001 };
