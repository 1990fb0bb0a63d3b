/**
 * The rounds of a match (seed 001 4-6, with the delay and end phases of seed 000 1.5, 1.2.3, 9.4):
 * command, plan, action, delay and end phases until the round limit or until a side has no mechs
 * (victory.ts). A match is created in match-setup.ts.
 */
import { commit, deriveSalt, type SeatId } from "@fogwar/engine";
import { scenarioOf } from "./map";
import { initiativeOrder, intactSlots, mechsInPlay, nextSeat, projectileById, unitsInPlay } from "./query";
import { forgetConcealed } from "./concealment";
import type { Ctx } from "./context";
import { catalog } from "./data";
import { TIMINGS } from "./data/terms";
import type { Timing } from "./data/schema";
import { commandGeneration } from "./resources";
import { delayActors, runSequences, startDetonation } from "./sequences";
import { askSmokeRemoval, cloudsToThin } from "./smoke";
import type { EmberState, MechState, UnitId } from "./types";
import { checkElimination, finishByScore, scoreZones } from "./victory";

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
