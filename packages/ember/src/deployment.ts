/**
 * Setup commands (seed 001 3.2, 3.4): the side choice after the first-player roll, and the
 * alternating deployment, mechs with their first stance, optionally already camouflaged (seed
 * 000 6.2).
 */
import type { SeatId } from "@fogwar/engine";
import { deploymentZone, inRect } from "./map";
import { droneCard, forceOf, forcesOf, isFree, nextSeat, seatsOfForce, unitById } from "./query";
import { ownUnit, type Problem } from "./commands";
import { camouflageOn, camouflageSource, hiddenSquareProblem } from "./concealment";
import type { Ctx } from "./context";
import { startRound } from "./flow";
import { startMissionPrep } from "./mission";
import type { EmberCommand, EmberState, Side, UnitState } from "./types";

/**
 * The side choice (seed 001 3.2): the first player chooses black or white, the other side takes
 * the other. In a 2 v 2 battle a team shares its side; with three or four sides each side in
 * initiative order chooses among the sides left, the last one taking the last (project
 * decision). Then mission preparation (3.3), if the mission has any, else deployment (3.4).
 */
export function chooseSide(ctx: Ctx, seat: SeatId, side: Side): Problem {
  const state = ctx.state;
  const pending = state.pending;
  if (!pending || pending.kind !== "choose_side" || pending.seat !== seat) return "no_decision_pending";
  if (!pending.options.sides.includes(side)) return "invalid_choice";
  const sides: Record<SeatId, Side> = { ...(state.sides ?? {}) };
  for (const s of seatsOfForce(state, forceOf(state, seat))) sides[s] = side;
  state.sides = sides;
  ctx.emit({ type: "side_chosen", seat, side });
  let left = pending.options.sides.filter((s) => s !== side);
  let waiting = forcesOf(state).filter((f) => sides[seatsOfForce(state, f)[0] as SeatId] === undefined);
  if (waiting.length === 1 && left.length === 1) {
    for (const s of seatsOfForce(state, waiting[0] as string)) sides[s] = left[0] as Side;
    left = [];
    waiting = [];
  }
  if (waiting.length > 0) {
    // The next side to choose: the first seat in initiative order whose side has none yet.
    const next = nextSeat(state, seat, (s) => sides[s] === undefined) as SeatId;
    state.turn = next;
    state.pending = { ...pending, seat: next, options: { sides: left } };
    return null;
  }
  state.pending = null;
  if (!startMissionPrep(ctx)) {
    state.phase = "deployment";
    state.turn = state.firstPlayer;
  }
  return null;
}

/** Why `seat` cannot deploy `unit` at `at`, or null (seed 001 3.4). */
export function deployProblem(state: EmberState, seat: SeatId, command: Extract<EmberCommand, { type: "deploy" }>): Problem {
  if (state.phase !== "deployment") return "wrong_phase";
  if (state.turn !== seat) return "not_your_turn";
  const unit = ownUnit(state, seat, command.unit);
  if (typeof unit === "string") return unit;
  if (unit.deployed) return "already_deployed";
  if (!inRect(deploymentZone(state, seat), command.at)) return "outside_deployment_zone";
  if (!isFree(state, command.at)) return "square_unavailable";
  if (unit.kind === "drone" && command.stance !== undefined) return "malformed_command";
  if (command.hidden !== undefined) {
    // Deployed already camouflaged (seed 000 6.2): a mech with a camouflage part; its real square
    // lies within the concealment value of the deployment square, in the deployment zone too
    // (project decision, docs/rules/ember.md).
    const source = unit.kind === "mech" ? camouflageSource(unit) : null;
    if (!source) return "invalid_choice";
    if (!inRect(deploymentZone(state, seat), command.hidden)) return "invalid_hidden_square";
    return hiddenSquareProblem(state, unit, command.at, source.effect.concealment, command.hidden);
  }
  return null;
}

export function deploy(ctx: Ctx, seat: SeatId, command: Extract<EmberCommand, { type: "deploy" }>): Problem {
  const state = ctx.state;
  const problem = deployProblem(state, seat, command);
  if (problem) return problem;
  const unit = unitById(state, command.unit) as UnitState;
  unit.at = { ...command.at };
  unit.facing = command.facing;
  unit.deployed = true;
  // A mech without a stance token counts as OFF (seed 001 3.4); drones keep their card's stance.
  if (unit.kind === "mech") unit.stance = command.stance ?? "OFF";
  const stance = unit.kind === "mech" ? unit.stance : droneCard(unit.droneId).stance;
  ctx.emit({ type: "unit_deployed", unit: unit.id, at: unit.at, facing: unit.facing, stance });
  if (command.hidden !== undefined && unit.kind === "mech") {
    const source = camouflageSource(unit) as NonNullable<ReturnType<typeof camouflageSource>>;
    camouflageOn(ctx, unit, source.slot, source.effect, command.hidden);
  }
  // One unit at a time, going round the initiative order (with two seats: alternately); a seat
  // with nothing left to deploy is skipped (seed 001 3.4).
  const waiting = (s: SeatId) => state.units.some((u) => u.owner === s && !u.deployed);
  const next = nextSeat(state, seat, waiting);
  if (next) state.turn = next;
  else startRound(ctx, 1);
  return null;
}
