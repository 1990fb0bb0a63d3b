/**
 * What command handlers share (seed 001 3-6): the checks that a unit is the seat's own or the
 * active mech, moving a unit (with its camouflage and the installations its move sets off), and
 * what follows an action or an attack. The handlers live by phase: deployment.ts (seed 001
 * 3.2, 3.4), command-phase.ts (4; seed 000 9), activation.ts (5, 6.2-6.3; seed 000 1.1.1),
 * actions.ts (6.3 actions) and answers.ts (pending decisions, seed 000 1.2.1, 1.2.4, 1.4.2, 4).
 * Each checks its rule and either returns an error code (nothing changes) or carries the command
 * out on the context's copy of the state; the same checks serve `legalCommands`, so what is
 * listed is exactly what is accepted.
 */
import type { SeatId, Square } from "@fogwar/engine";
import { commonAction, isMech, mechAction, unitById, unitsInPlay } from "./query";
import { breakSilence, checkContact, followMarker } from "./concealment";
import type { Ctx } from "./context";
import type { Action, PartSlot } from "./data/schema";
import { continueEwRoll } from "./ew-roll";
import { continueRoundEnd, endActivation, settleCommandPhase } from "./flow";
import { passiveTriggers } from "./launch";
import { runSequences } from "./sequences";
import type { EmberErrorCode, EmberState, MechState, UnitState } from "./types";
import { checkElimination } from "./victory";

/** A command's problem: an error code, or null when the command is accepted. */
export type Problem = EmberErrorCode | null;

/** Checks that `id` names a unit of `seat` in play. */
export function ownUnit(state: EmberState, seat: SeatId, id: string): UnitState | EmberErrorCode {
  const unit = unitById(state, id);
  if (!unit) return "unknown_unit";
  if (unit.owner !== seat) return "not_your_unit";
  if (unit.destroyed) return "unit_destroyed";
  return unit;
}

/** The active mech if it belongs to `seat` and is `id`, else an error. */
export function activeMech(state: EmberState, seat: SeatId, id: string): MechState | EmberErrorCode {
  if (state.phase !== "action") return "wrong_phase";
  const activation = state.activation;
  if (!activation) return "not_active_unit";
  const unit = ownUnit(state, seat, id);
  if (typeof unit === "string") return unit;
  if (activation.unit !== id || !isMech(unit)) return "not_active_unit";
  return unit;
}


/**
 * Moves a unit (its marker, when camouflaged: the real square follows, seed 000 6.2), then checks
 * contact with camouflaged units at the end of the move (seed 000 6.2); enemy passive
 * installations in reach of its new square (its marker) are triggered (seed 000 1.5).
 * @param hidden the owner's new real square for a camouflaged unit, checked by the caller.
 */
export function moveUnit(ctx: Ctx, unit: UnitState, to: Square, facing: UnitState["facing"], hidden?: Square): void {
  const from = unit.at as Square;
  unit.at = { ...to };
  unit.facing = facing;
  ctx.emit({ type: "unit_moved", unit: unit.id, from, to: unit.at, facing });
  if (unit.camouflage) followMarker(ctx, unit, from, hidden);
  checkContact(ctx);
  passiveTriggers(ctx, unit);
}

/** The action a command names, if the part provides it or can take it as a common action (seed 001 6.3 note). */
export function findAction(mech: MechState, slot: PartSlot, id: string): Action | undefined {
  return mechAction(mech, slot, id);
}

/**
 * The key of an action in `actionsTaken`: `slot:id` for a part's action (each once per
 * activation, seed 001 6.3 note 1); `common:id` for a common action, which a mech takes once per
 * activation whichever part it names (a project decision).
 */
export const actionKey = (slot: PartSlot, id: string): string => (commonAction(id) ? `common:${id}` : `${slot}:${id}`);

/** Whether the unit could still receive a coordinated command from `mech` (seed 000 9.3). */
export function coordinationReceivers(state: EmberState, mech: MechState): boolean {
  return mech.commandTokens > 0 && unitsInPlay(state).some((u) => u.kind === "drone" && u.owner === mech.owner && !u.commanded);
}

/**
 * After an action: a non-silent action, once done, ends the actor's concealment (seed 000 6.3);
 * an activation with no tick left ends by itself, unless coordinated commands are still to be
 * given and can be (seed 000 9.3).
 */
export function afterAction(ctx: Ctx): void {
  const state = ctx.state;
  if (state.phase !== "action" || !state.activation) return;
  const mech = unitById(state, state.activation.unit) as MechState;
  if (state.activation.noisy) {
    delete state.activation.noisy;
    breakSilence(ctx, mech);
  }
  const coordinating = (state.activation.coordination ?? 0) > 0 && coordinationReceivers(state, mech);
  if (mech.destroyed || (state.activation.ticks === 0 && !coordinating)) endActivation(ctx);
}

/**
 * After an attack, an EW roll, a move or a launch: an EW roll and what it decides (seed 000 5.2,
 * 6.2), then queued launches, interceptions and detonations (seed 000 1.5, 3) run first and may
 * wait for a decision; then the match may be over; in the command phase
 * the turn passes; in the action phase the activation goes on (or ends when its ticks are spent);
 * in the delay and end phases the round's end goes on.
 */
export function afterAttack(ctx: Ctx): void {
  const state = ctx.state;
  if (state.phase === "finished") return;
  // An EW roll waiting for link rerolls goes first: it decides whether its attack goes on.
  if (continueEwRoll(ctx) === "waiting") return;
  if (runSequences(ctx) === "waiting") return;
  if (checkElimination(ctx)) return;
  if (state.phase === "command") settleCommandPhase(ctx, true);
  else if (state.phase === "action") afterAction(ctx);
  else if (state.phase === "delay" || state.phase === "end") continueRoundEnd(ctx);
}
