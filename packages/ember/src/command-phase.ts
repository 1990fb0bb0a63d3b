/**
 * The command phase (seed 001 4; seed 000 9): commands given to drones, one token each, the
 * drone acting at once (move, command action or automaton action, seed 000 1.2.1); command
 * coordination in an activation (seed 000 9.3); ending one's commands (seed 001 4.3).
 */
import type { SeatId, Square } from "@fogwar/engine";
import { droneCard, isHighAltitude, isMech, unitById } from "./query";
import { activeMech, afterAttack, moveUnit, ownUnit, type Problem } from "./commands";
import type { Ctx } from "./context";
import { attackOrDetect } from "./ew-roll";
import { settleCommandPhase } from "./flow";
import { canReach } from "./reach";
import { startFlight } from "./sequences";
import { attackEffect, automatonTarget, targetProblem } from "./targeting";
import type { DroneOrder, DroneState, EmberCommand, EmberState, MechState, UnitState } from "./types";

/** Why `seat` cannot give this drone command, or null (seed 001 4.2; seed 000 9.2). */
export function droneCommandProblem(
  state: EmberState,
  seat: SeatId,
  command: Extract<EmberCommand, { type: "command_drone" }>,
): Problem {
  if (state.phase === "action") {
    // Command coordination X (seed 000 9.3): the active mech gives commands in its activation.
    const active = activeMech(state, seat, command.mech);
    if (typeof active === "string") return active;
    if ((state.activation?.coordination ?? 0) < 1) return "not_enough_command_tokens";
  } else {
    if (state.phase !== "command") return "wrong_phase";
    if (state.turn !== seat || state.commandsDone.includes(seat)) return "not_your_turn";
  }
  const mech = ownUnit(state, seat, command.mech);
  if (typeof mech === "string") return mech;
  if (!isMech(mech)) return "invalid_target";
  if (mech.stance === "SHUTDOWN") return "unit_shutdown";
  if (mech.commandTokens < 1) return "no_command_tokens";
  const drone = ownUnit(state, seat, command.drone);
  if (typeof drone === "string") return drone;
  if (drone.kind !== "drone" || !drone.deployed) return "invalid_target";
  if (drone.commanded) return "drone_already_commanded";
  return droneOrderProblem(state, drone, command.order);
}

function droneOrderProblem(state: EmberState, drone: DroneState, order: DroneOrder): Problem {
  const card = droneCard(drone.droneId);
  if (order.kind === "move") {
    return canReach(state, drone, card.movement.squares, order.to) ? null : "out_of_reach";
  }
  if (order.kind === "automaton") {
    // The automaton action's target comes from the card's targeting logic; with no valid target
    // the action cannot be taken (seed 000 1.2.1).
    if (!card.automaton) return "unknown_action";
    return automatonTarget(state, drone) ? null : "invalid_target";
  }
  const effect = attackEffect(card.commandAction);
  if (!effect) return "unknown_action";
  return targetProblem(state, drone, effect, unitById(state, order.target));
}

export function commandDrone(ctx: Ctx, seat: SeatId, command: Extract<EmberCommand, { type: "command_drone" }>): Problem {
  const state = ctx.state;
  const problem = droneCommandProblem(state, seat, command);
  if (problem) return problem;
  const mech = unitById(state, command.mech) as MechState;
  const drone = unitById(state, command.drone) as DroneState;
  mech.commandTokens -= 1;
  drone.commanded = true;
  const activation = state.phase === "action" ? state.activation : null;
  if (activation) activation.coordination = (activation.coordination ?? 0) - 1;
  ctx.emit({ type: "drone_commanded", mech: mech.id, drone: drone.id, order: command.order.kind });
  if (command.order.kind === "move") {
    const from = drone.at as Square;
    moveUnit(ctx, drone, command.order.to, command.order.facing);
    // A high-altitude drone's move is a high-altitude movement: it triggers interception (seed 000 3).
    if (isHighAltitude(drone)) startFlight(ctx, drone, from, command.order.to, false);
    // Then the command phase (or the coordinating activation) goes on, after any interception.
    afterAttack(ctx);
    return null;
  }
  const card = droneCard(drone.droneId);
  if (command.order.kind === "automaton") {
    // The automaton action runs by itself: its targeting logic names the target (seed 000 1.2.1),
    // then the attack process goes on unchanged.
    const automaton = card.automaton as NonNullable<typeof card.automaton>;
    const target = automatonTarget(state, drone) as UnitState;
    ctx.emit({ type: "action_taken", unit: drone.id, part: null, action: automaton.action.id, target: target.id });
    // An attack on a camouflaged unit detects first (seed 000 6.2), automatic or not.
    attackOrDetect(ctx, drone, target, null, automaton.action.id);
    afterAttack(ctx);
    return null;
  }
  ctx.emit({ type: "action_taken", unit: drone.id, part: null, action: card.commandAction.id, target: command.order.target });
  const target = unitById(state, command.order.target) as UnitState;
  // An attack on a camouflaged unit detects first (seed 000 6.2).
  attackOrDetect(ctx, drone, target, null, card.commandAction.id);
  afterAttack(ctx);
  return null;
}

export function endCommands(ctx: Ctx, seat: SeatId): Problem {
  const state = ctx.state;
  if (state.phase !== "command") return "wrong_phase";
  if (state.turn !== seat || state.commandsDone.includes(seat)) return "not_your_turn";
  state.commandsDone.push(seat);
  ctx.emit({ type: "commands_ended", seat });
  settleCommandPhase(ctx, true);
  return null;
}
