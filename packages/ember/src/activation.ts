/**
 * The plan and action phases' own commands (seed 001 5, 6.2-6.3; seed 000 1.1.1): locking a
 * plan, the stance step, reboot, the manoeuvre, ending an activation, and conceding. Actions
 * are in actions.ts.
 */
import { sameSquare, type SeatId, type Square } from "@fogwar/engine";
import { manoeuvreRange, unitById } from "./query";
import { activeMech, afterAttack, moveUnit, type Problem } from "./commands";
import { breakSilence } from "./concealment";
import type { Ctx } from "./context";
import { catalog } from "./data";
import { endActivation, lockPlan } from "./flow";
import { canReach } from "./reach";
import type { EmberCommand, EmberState, MechState } from "./types";
import { concedeMatch } from "./victory";

/** Why a plan is not acceptable, or null: one dial for each of the seat's mechs in play, locked once. */
export function planProblem(state: EmberState, seat: SeatId, dials: Record<string, string>): Problem {
  if (state.phase !== "plan") return "wrong_phase";
  if (state.plans[seat]?.commitment) return "plan_already_locked";
  const mechs = state.units.filter((u) => u.kind === "mech" && u.owner === seat && u.deployed && !u.destroyed);
  // A seat with no mech left (battles of more than two sides) has no plan to lock.
  if (mechs.length === 0) return "not_your_turn";
  const ids = Object.keys(dials);
  if (ids.length !== mechs.length || !mechs.every((m) => ids.includes(m.id))) return "incomplete_plan";
  return null;
}

/** Whether the stance step is still open: nothing else done yet this activation (seed 001 6.2). */
const stanceStepOpen = (state: EmberState) => {
  const a = state.activation;
  return a !== null && !a.stanceChosen && !a.manoeuvred && !a.rebooted && a.actionsTaken.length === 0;
};

export function stanceProblem(state: EmberState, seat: SeatId, unit: string, stance: string): Problem {
  const mech = activeMech(state, seat, unit);
  if (typeof mech === "string") return mech;
  if (mech.stance === "SHUTDOWN") return "unit_shutdown";
  if (!stanceStepOpen(state)) return "stance_step_over";
  if (mech.stance === stance) return "invalid_choice";
  return null;
}

export function setStance(ctx: Ctx, seat: SeatId, command: Extract<EmberCommand, { type: "set_stance" }>): Problem {
  const problem = stanceProblem(ctx.state, seat, command.unit, command.stance);
  if (problem) return problem;
  const mech = unitById(ctx.state, command.unit) as MechState;
  mech.stance = command.stance;
  (ctx.state.activation as NonNullable<EmberState["activation"]>).stanceChosen = true;
  ctx.emit({ type: "stance_changed", unit: mech.id, stance: command.stance, reason: "choice" });
  return null;
}

export function rebootProblem(state: EmberState, seat: SeatId, unit: string): Problem {
  const mech = activeMech(state, seat, unit);
  if (typeof mech === "string") return mech;
  if (mech.stance !== "SHUTDOWN") return "unit_not_shutdown";
  return null;
}

/** Reboot (seed 000 1.1.1): choose a stance, recover 1 link, then 1 tick for a short action of the dial's timing. */
export function reboot(ctx: Ctx, seat: SeatId, command: Extract<EmberCommand, { type: "reboot" }>): Problem {
  const problem = rebootProblem(ctx.state, seat, command.unit);
  if (problem) return problem;
  const mech = unitById(ctx.state, command.unit) as MechState;
  const activation = ctx.state.activation as NonNullable<EmberState["activation"]>;
  mech.stance = command.stance;
  mech.link = Math.min(mech.linkMax, mech.link + 1);
  activation.rebooted = true;
  activation.stanceChosen = true;
  activation.manoeuvred = true;
  activation.ticks = catalog.data.rules.rebootTicks;
  ctx.emit({ type: "stance_changed", unit: mech.id, stance: command.stance, reason: "reboot" });
  ctx.emit({ type: "rebooted", unit: mech.id, link: mech.link });
  return null;
}

export function manoeuvreProblem(state: EmberState, seat: SeatId, command: Extract<EmberCommand, { type: "manoeuvre" }>): Problem {
  const mech = activeMech(state, seat, command.unit);
  if (typeof mech === "string") return mech;
  if (mech.stance === "SHUTDOWN") return "unit_shutdown";
  const activation = state.activation as NonNullable<EmberState["activation"]>;
  if (activation.manoeuvred || activation.actionsTaken.length > 0) return "already_manoeuvred";
  if (activation.ticks < catalog.data.rules.manoeuvreCost) return "not_enough_ticks";
  const range = manoeuvreRange(mech);
  if (range === 0) return sameSquare(command.to, mech.at as Square) ? null : "out_of_reach";
  return canReach(state, mech, range, command.to) ? null : "out_of_reach";
}

/** Manoeuvre (seed 001 6.3): up to the chassis mobility (x2 in MOB); a destroyed chassis may only turn. */
export function manoeuvre(ctx: Ctx, seat: SeatId, command: Extract<EmberCommand, { type: "manoeuvre" }>): Problem {
  const problem = manoeuvreProblem(ctx.state, seat, command);
  if (problem) return problem;
  const mech = unitById(ctx.state, command.unit) as MechState;
  const activation = ctx.state.activation as NonNullable<EmberState["activation"]>;
  activation.manoeuvred = true;
  activation.stanceChosen = true;
  activation.ticks -= catalog.data.rules.manoeuvreCost;
  moveUnit(ctx, mech, command.to, command.facing);
  if (ctx.state.sequences.length > 0) {
    // Installations set off by the move go off first; a manoeuvre is never silent, even a turn on
    // the spot, so concealment ends once they are resolved (seed 000 1.5, 6.3).
    activation.noisy = true;
    afterAttack(ctx);
    return null;
  }
  // A manoeuvre is never silent, even a turn on the spot (seed 000 6.3).
  breakSilence(ctx, mech);
  return null;
}

export function endActivationProblem(state: EmberState, seat: SeatId, unit: string): Problem {
  const mech = activeMech(state, seat, unit);
  return typeof mech === "string" ? mech : null;
}

export function concede(ctx: Ctx, seat: SeatId): Problem {
  concedeMatch(ctx, seat);
  return null;
}

export function lockPlanCommand(ctx: Ctx, seat: SeatId, dials: Extract<EmberCommand, { type: "lock_plan" }>["dials"]): Problem {
  const problem = planProblem(ctx.state, seat, dials);
  if (problem) return problem;
  lockPlan(ctx, seat, dials);
  return null;
}

export function endActivationCommand(ctx: Ctx, seat: SeatId, unit: string): Problem {
  const problem = endActivationProblem(ctx.state, seat, unit);
  if (problem) return problem;
  endActivation(ctx);
  return null;
}
