/**
 * Command handlers: each checks its rule and either returns an error code (nothing changes) or
 * carries the command out on the context's copy of the state. The same checks serve
 * `legalCommands`, so what is listed is exactly what is accepted.
 */
import { FACINGS, sameSquare, type SeatId, type Square } from "@fogwar/engine";
import { chebyshev } from "@fogwar/engine";
import { attackEffect, automatonTarget, beginAttack, beginChain, canSpendLink, continueAttack, rollFace, rollPartDie, targetProblem } from "./attack";
import {
  allied,
  commonAction,
  deploymentZone,
  droneCard,
  inRect,
  intactSlots,
  isFree,
  isHighAltitude,
  isMech,
  manoeuvreRange,
  mechAction,
  nextSeat,
  seatsOfForce,
  forceOf,
  forcesOf,
  unitById,
  unitsInPlay,
} from "./board";
import { canReach, movementOptions } from "./reach";
import { lockersOf, locks, parryOf } from "./melee";
import {
  ammoLeft,
  canAffordLink,
  canDiscard,
  chargePart,
  chargeableAction,
  discardPart,
  isCharged,
  resuppliable,
  resupply,
  spendAmmo,
  spendCharge,
  spendCommandTokens,
  spendLink,
  unarmedSlots,
} from "./resources";
import type { Ctx } from "./context";
import { catalog } from "./data";
import type { Action, AttackKeyword, PartSlot } from "./data/schema";
import {
  checkElimination,
  concedeMatch,
  continueRoundEnd,
  endActivation,
  lockPlan,
  nextActivation,
  settleCommandPhase,
  startRound,
} from "./flow";
import { startMissionPrep } from "./mission";
import { launch, launchProblem, passiveTriggers, placeSmoke, runSequences, smokeProblem, startFlight } from "./launch";
import type { DroneOrder, DroneState, EmberCommand, EmberErrorCode, EmberState, MechState, Side, UnitState } from "./types";
import {
  breakSilence,
  camouflageOn,
  camouflageSource,
  checkContact,
  decloak,
  detectBeforeAttack,
  electronicAttack,
  followMarker,
  hiddenSquareProblem,
} from "./concealment";
import { electronicAttackProblem, electronicSupport, electronicSupportProblem } from "./ew";

type Problem = EmberErrorCode | null;

/** Checks that `id` names a unit of `seat` in play. */
function ownUnit(state: EmberState, seat: SeatId, id: string): UnitState | EmberErrorCode {
  const unit = unitById(state, id);
  if (!unit) return "unknown_unit";
  if (unit.owner !== seat) return "not_your_unit";
  if (unit.destroyed) return "unit_destroyed";
  return unit;
}

// ---------------------------------------------------------------------------------------------
// Setup: side choice and deployment (seed 001 3.2, 3.4)

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

// ---------------------------------------------------------------------------------------------
// Command phase (seed 001 4; seed 000 9)

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
    if (!detectBeforeAttack(ctx, drone, target, attackEffect(automaton.action) as NonNullable<ReturnType<typeof attackEffect>>)) {
      afterAttack(ctx);
      return null;
    }
    beginAttack(ctx, drone, target, automaton.action, null);
    if (continueAttack(ctx) === "done") afterAttack(ctx);
    return null;
  }
  ctx.emit({ type: "action_taken", unit: drone.id, part: null, action: card.commandAction.id, target: command.order.target });
  const target = unitById(state, command.order.target) as UnitState;
  // An attack on a camouflaged unit detects first (seed 000 6.2).
  if (!detectBeforeAttack(ctx, drone, target, attackEffect(card.commandAction) as NonNullable<ReturnType<typeof attackEffect>>)) {
    afterAttack(ctx);
    return null;
  }
  beginAttack(ctx, drone, target, card.commandAction, null);
  if (continueAttack(ctx) === "done") afterAttack(ctx);
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

// ---------------------------------------------------------------------------------------------
// Plan phase (seed 001 5)

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

// ---------------------------------------------------------------------------------------------
// Action phase: activations (seed 001 6.2-6.3; seed 000 1.1.1)

/** The active mech if it belongs to `seat` and is `id`, else an error. */
function activeMech(state: EmberState, seat: SeatId, id: string): MechState | EmberErrorCode {
  if (state.phase !== "action") return "wrong_phase";
  const activation = state.activation;
  if (!activation) return "not_active_unit";
  const unit = ownUnit(state, seat, id);
  if (typeof unit === "string") return unit;
  if (activation.unit !== id || !isMech(unit)) return "not_active_unit";
  return unit;
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

/**
 * Moves a unit (its marker, when camouflaged: the real square follows, seed 000 6.2), then checks
 * contact with camouflaged units at the end of the move (seed 000 6.2); enemy passive
 * installations in reach of its new square (its marker) are triggered (seed 000 1.5).
 * @param hidden the owner's new real square for a camouflaged unit, checked by the caller.
 */
function moveUnit(ctx: Ctx, unit: UnitState, to: Square, facing: UnitState["facing"], hidden?: Square): void {
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
function coordinationReceivers(state: EmberState, mech: MechState): boolean {
  return mech.commandTokens > 0 && unitsInPlay(state).some((u) => u.kind === "drone" && u.owner === mech.owner && !u.commanded);
}

/**
 * Why the active mech cannot take an action, or null (seed 001 6.3): the part must be intact and
 * provide it; each part action once; enough ticks; the starting action matches the dial's
 * timing (after a reboot, too: seed 000 1.1.1); the action's conditions hold (targets, link).
 */
export function actProblem(state: EmberState, seat: SeatId, command: Extract<EmberCommand, { type: "act" }>): Problem {
  const gate = actionGate(state, seat, command.unit, command.part, command.action);
  if (typeof gate === "string") return gate;
  const { mech, action } = gate;
  const effect = action.effect;
  const bare = command.to === undefined && command.facing === undefined && command.target === undefined;
  if (effect.kind !== "attack" && (command.unarmed !== undefined || command.useCharge !== undefined)) return "malformed_command";
  if (effect.kind !== "resupply" && command.targetPart !== undefined) return "malformed_command";
  // Only camouflage and movement name the owner's secret real square (seed 000 6.2).
  if (command.hidden !== undefined && effect.kind !== "camouflage" && effect.kind !== "move") return "malformed_command";
  const targetOnly = command.target !== undefined && command.to === undefined && command.facing === undefined;
  switch (effect.kind) {
    case "attack": {
      if (command.target === undefined || command.to !== undefined || command.facing !== undefined) return "malformed_command";
      // Unarmed designation (seed 000 11): thrown actions need it, two-handed ones may use it.
      if (command.unarmed !== undefined) {
        if (!effect.twoHanded && !effect.thrown) return "malformed_command";
        if (!unarmedSlots(mech, command.part).includes(command.unarmed)) return "unarmed_needed";
      } else if (effect.thrown) return "unarmed_needed";
      if (command.useCharge !== undefined && (!command.useCharge || !isCharged(mech, command.part, action.id))) return "not_chargeable";
      return targetProblem(state, mech, effect, unitById(state, command.target));
    }
    case "move": {
      if (command.to === undefined || command.facing === undefined || command.target !== undefined) return "malformed_command";
      if (!canReach(state, mech, effect.range, command.to)) return "out_of_reach";
      // A crawl cannot leave a lock-on (seed 000 2.2.1): every unit locking the mech must still
      // lock it on the square and facing it crawls to.
      if (effect.crawl) {
        const after = { ...mech, at: { ...command.to }, facing: command.facing };
        if (lockersOf(state, mech).some((locker) => !locks(state, locker, after))) return "locked_on";
      }
      if (command.hidden === undefined) return null;
      if (!mech.camouflage) return "not_concealed";
      return hiddenSquareProblem(state, mech, command.to, mech.camouflage.concealment, command.hidden);
    }
    case "recover_link":
      if (!bare) return "malformed_command";
      return mech.link >= mech.linkMax ? "link_full" : null;
    case "stabilise":
      // No sample effect places square or hexagon tokens yet, so the action recovers link only.
      if (!bare) return "malformed_command";
      return mech.link >= mech.linkMax ? "link_full" : null;
    case "discard":
      if (!bare) return "malformed_command";
      return canDiscard(mech, command.part) ? null : "not_armed";
    case "charge": {
      if (!bare) return "malformed_command";
      const chargeable = chargeableAction(mech, command.part);
      if (!chargeable) return "not_chargeable";
      return isCharged(mech, command.part, chargeable.id) ? "already_charged" : null;
    }
    case "resupply": {
      if (command.target === undefined || command.targetPart === undefined || command.to !== undefined || command.facing !== undefined) {
        return "malformed_command";
      }
      const target = unitById(state, command.target);
      if (!isMech(target) || !allied(state, target.owner, seat) || !target.at || target.destroyed || !mech.at) return "invalid_target";
      if (chebyshev(mech.at, target.at) > effect.range) return "out_of_range";
      return resuppliable(target, command.targetPart, effect.ammo).length > 0 ? null : "nothing_to_resupply";
    }
    case "coordinate":
      if (!bare) return "malformed_command";
      return coordinationReceivers(state, mech) ? null : "not_enough_command_tokens";
    case "launch":
      return launchProblem(state, mech, effect, command);
    case "smoke":
      return smokeProblem(state, mech, effect, command);
    case "electronic_attack":
      if (!targetOnly) return "malformed_command";
      return electronicAttackProblem(state, mech, effect, unitById(state, command.target as string));
    case "electronic_support":
      if (!targetOnly) return "malformed_command";
      return electronicSupportProblem(state, mech, effect, unitById(state, command.target as string));
    case "camouflage":
      if (!bare || command.hidden === undefined) return "malformed_command";
      if (mech.camouflage) return "invalid_choice";
      return hiddenSquareProblem(state, mech, mech.at as Square, effect.concealment, command.hidden);
    case "decloak":
      if (!bare) return "malformed_command";
      return mech.camouflage ? null : "not_concealed";
  }
}

/**
 * The checks of an action that do not depend on its target (seed 001 6.3): the active mech,
 * not shut down, an intact part that provides the action, each part action once, enough ticks,
 * the starting action matching the dial, and only a short action after a reboot (seed 000 1.1.1).
 * @returns the mech and the action, or the first problem.
 */
export function actionGate(
  state: EmberState,
  seat: SeatId,
  unit: string,
  slot: PartSlot,
  actionId: string,
): { mech: MechState; action: Action } | EmberErrorCode {
  const mech = activeMech(state, seat, unit);
  if (typeof mech === "string") return mech;
  const activation = state.activation as NonNullable<EmberState["activation"]>;
  if (mech.stance === "SHUTDOWN") return "unit_shutdown";
  if (mech.parts[slot].destroyed) return "part_destroyed";
  const action = findAction(mech, slot, actionId);
  if (!action) return "unknown_action";
  if (activation.actionsTaken.includes(actionKey(slot, action.id))) return "action_already_used";
  if (activation.ticks < catalog.data.rules.lengthCost[action.length]) return "not_enough_ticks";
  if (activation.actionsTaken.length === 0 && action.timing !== activation.timing) return "timing_mismatch";
  if (activation.rebooted && action.length !== "S") return "not_enough_ticks";
  // Costs (seed 000 4, 7, 9.4): link never spent to 0, an ammo token, face-up command tokens.
  if (action.linkCost !== undefined && !canAffordLink(mech, action.linkCost)) return "not_enough_link";
  if ((ammoLeft(mech, slot, action) ?? 1) < 1) return "no_ammo";
  if (action.commandCost !== undefined && mech.commandTokens < action.commandCost) return "not_enough_command_tokens";
  // A passive interception-only action is never taken actively (seed 000 3).
  if (action.effect.kind === "attack" && action.effect.interceptOnly) return "intercept_only";
  return { mech, action };
}

export function act(ctx: Ctx, seat: SeatId, command: Extract<EmberCommand, { type: "act" }>): Problem {
  const state = ctx.state;
  const problem = actProblem(state, seat, command);
  if (problem) return problem;
  const mech = unitById(state, command.unit) as MechState;
  const activation = state.activation as NonNullable<EmberState["activation"]>;
  const action = findAction(mech, command.part, command.action) as Action;
  activation.ticks -= catalog.data.rules.lengthCost[action.length];
  activation.actionsTaken.push(actionKey(command.part, action.id));
  activation.stanceChosen = true;
  activation.manoeuvred = true;
  // An action without the silent keyword ends concealment once it is done (seed 000 6.3).
  if (!action.silent) activation.noisy = true;
  ctx.emit({ type: "action_taken", unit: mech.id, part: command.part, action: action.id, target: command.target });
  if (action.linkCost !== undefined) spendLink(ctx, mech, action.linkCost);
  if (action.ammo) spendAmmo(ctx, mech, command.part, action);
  if (action.commandCost !== undefined) spendCommandTokens(ctx, mech, action.commandCost);
  if (action.coordination !== undefined) {
    activation.coordination = (activation.coordination ?? 0) + action.coordination;
    ctx.emit({ type: "coordination_granted", unit: mech.id, commands: action.coordination });
  }
  const effect = action.effect;
  const target = command.target === undefined ? undefined : (unitById(state, command.target) as UnitState);
  switch (effect.kind) {
    case "attack": {
      // The attack's own keywords and dice: a kick with the chassis (seed 000 1.4, 2.2), a spent
      // charge (8), an unarmed part assisting a two-handed action (11).
      let keywords: AttackKeyword[] = [...effect.keywords, ...(commonAction(action.id)?.slotKeywords[command.part] ?? [])];
      const dice = { ...effect.dice };
      if (command.useCharge && action.charge) {
        spendCharge(ctx, mech, command.part, action.id);
        keywords = [...keywords, ...action.charge.keywords];
        dice.yellow += action.charge.yellow;
        dice.red += action.charge.red;
      }
      if (command.unarmed !== undefined && effect.twoHanded) {
        dice.yellow += effect.twoHanded.yellow;
        dice.red += effect.twoHanded.red;
      }
      const sameKeywords = keywords.length === effect.keywords.length;
      const sameDice = dice.yellow === effect.dice.yellow && dice.red === effect.dice.red;
      // An attack on a camouflaged unit detects first; a failure fails the attack, its costs paid (seed 000 6.2).
      if (!detectBeforeAttack(ctx, mech, target as UnitState, effect)) {
        afterAttack(ctx);
        return null;
      }
      beginAttack(ctx, mech, target as UnitState, action, command.part, {
        ...(sameKeywords ? {} : { keywords: [...new Set(keywords)] }),
        ...(sameDice ? {} : { dice }),
      });
      if (continueAttack(ctx) === "done") afterAttack(ctx);
      return null;
    }
    case "move":
      // Enemy passive installations may go off when the move ends (seed 000 1.5): afterAttack
      // runs them before the activation goes on.
      moveUnit(ctx, mech, command.to as Square, command.facing as UnitState["facing"], command.hidden);
      afterAttack(ctx);
      return null;
    case "launch":
      launch(ctx, mech, effect, command, (unit, to, facing) => moveUnit(ctx, unit, to, facing));
      afterAttack(ctx);
      return null;
    case "smoke":
      placeSmoke(ctx, seat, command.squares ?? []);
      break;
    case "recover_link":
      mech.link = Math.min(mech.linkMax, mech.link + effect.amount);
      ctx.emit({ type: "link_changed", unit: mech.id, link: mech.link, reason: "recover" });
      break;
    case "stabilise":
      mech.link = Math.min(mech.linkMax, mech.link + 1);
      ctx.emit({ type: "link_changed", unit: mech.id, link: mech.link, reason: "stabilise" });
      break;
    case "discard":
      discardPart(ctx, mech, command.part);
      break;
    case "charge":
      chargePart(ctx, mech, command.part);
      break;
    case "resupply":
      resupply(ctx, unitById(state, command.target as string) as MechState, command.targetPart as PartSlot, effect.ammo, effect.amount);
      break;
    case "coordinate":
      break;
    case "electronic_attack":
      electronicAttack(ctx, mech, target as UnitState, effect);
      break;
    case "electronic_support":
      electronicSupport(ctx, target as UnitState, effect);
      break;
    case "camouflage":
      camouflageOn(ctx, mech, command.part, effect, command.hidden as Square);
      break;
    case "decloak":
      decloak(ctx, mech, "action");
      break;
  }
  afterAction(ctx);
  return null;
}

export function endActivationProblem(state: EmberState, seat: SeatId, unit: string): Problem {
  const mech = activeMech(state, seat, unit);
  return typeof mech === "string" ? mech : null;
}

/**
 * After an action: a non-silent action, once done, ends the actor's concealment (seed 000 6.3);
 * an activation with no tick left ends by itself, unless coordinated commands are still to be
 * given and can be (seed 000 9.3).
 */
function afterAction(ctx: Ctx): void {
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
 * After an attack, a move or a launch: queued launches, interceptions and detonations run first
 * (seed 000 1.5, 3) and may wait for a decision; then the match may be over; in the command phase
 * the turn passes; in the action phase the activation goes on (or ends when its ticks are spent);
 * in the delay and end phases the round's end goes on.
 */
export function afterAttack(ctx: Ctx): void {
  const state = ctx.state;
  if (state.phase === "finished") return;
  if (runSequences(ctx) === "waiting") return;
  if (checkElimination(ctx)) return;
  if (state.phase === "command") settleCommandPhase(ctx, true);
  else if (state.phase === "action") afterAction(ctx);
  else if (state.phase === "delay" || state.phase === "end") continueRoundEnd(ctx);
}

// ---------------------------------------------------------------------------------------------
// Answers to pending decisions (seed 000 1.2.1, 1.2.4, 4)

export function chooseHitPart(ctx: Ctx, seat: SeatId, part: PartSlot): Problem {
  const state = ctx.state;
  const pending = state.pending;
  if (!pending || pending.kind !== "choose_hit_part" || pending.seat !== seat) return "no_decision_pending";
  if (!pending.options.parts.includes(part)) return "invalid_choice";
  const attack = state.attack as NonNullable<EmberState["attack"]>;
  attack.hitPart = part;
  attack.stage = "roll";
  state.pending = null;
  // A defender designating in melee (a shield) and naming a part with a parry value parries with
  // it (seed 000 1.4.2; a project reading: the parry is the better use of the same designation).
  const defender = unitById(state, attack.defender);
  if (pending.options.by === "defender" && attack.mode === "melee" && !attack.chain && isMech(defender) && parryOf(defender, part) > 0) {
    attack.parry = part;
  }
  ctx.emit({ type: "hit_part", defender: attack.defender, part, how: pending.options.by });
  if (continueAttack(ctx) === "done") afterAttack(ctx);
  return null;
}

/** Why a reroll answer is not acceptable: distinct in-range positions, link to spend (seed 000 4). */
export function rerollProblem(state: EmberState, seat: SeatId, dice: readonly number[]): Problem {
  const pending = state.pending;
  if (!pending || pending.seat !== seat) return "no_decision_pending";
  if (pending.kind !== "attack_reroll" && pending.kind !== "defence_reroll" && pending.kind !== "part_reroll") {
    return "no_decision_pending";
  }
  const size = pending.kind === "part_reroll" ? 1 : pending.options.dice;
  if (new Set(dice).size !== dice.length || dice.some((i) => i < 0 || i >= size)) return "invalid_reroll";
  const attack = state.attack as NonNullable<EmberState["attack"]>;
  const unit = unitById(state, pending.kind === "defence_reroll" ? attack.defender : attack.attacker);
  if (dice.length > 0 && !canSpendLink(unit)) return "invalid_reroll";
  return null;
}

/** A link reroll (seed 000 1.2.1 "링크 리롤", 4): spend 1 link to reroll any of one's own dice, or decline with none. */
export function reroll(ctx: Ctx, seat: SeatId, dice: readonly number[]): Problem {
  const state = ctx.state;
  const problem = rerollProblem(state, seat, dice);
  if (problem) return problem;
  const pending = state.pending as NonNullable<EmberState["pending"]>;
  const attack = state.attack as NonNullable<EmberState["attack"]>;
  state.pending = null;
  if (dice.length > 0) {
    const mech = unitById(state, pending.kind === "defence_reroll" ? attack.defender : attack.attacker) as MechState;
    mech.link -= 1;
    ctx.emit({ type: "link_changed", unit: mech.id, link: mech.link, reason: "reroll" });
    if (pending.kind === "part_reroll") {
      attack.partRoll = rollPartDie(ctx);
      ctx.emit({ type: "part_rolled", defender: attack.defender, roll: attack.partRoll, reroll: true });
    } else {
      const pool = pending.kind === "attack_reroll" ? attack.attackDice : attack.defenceDice;
      for (const i of dice) {
        const die = pool[i] as (typeof pool)[number];
        die.face = rollFace(ctx, die.die as "yellow" | "red" | "white" | "blue");
      }
      ctx.emit({
        type: "dice_rerolled",
        side: pending.kind === "attack_reroll" ? "attack" : "defence",
        indices: [...dice],
        dice: pool.map((d) => ({ ...d })),
      });
    }
  }
  if (continueAttack(ctx) === "done") afterAttack(ctx);
  return null;
}

export function chooseChain(ctx: Ctx, seat: SeatId, command: Extract<EmberCommand, { type: "choose_chain" }>): Problem {
  const state = ctx.state;
  const pending = state.pending;
  if (!pending || pending.kind !== "choose_chain" || pending.seat !== seat) return "no_decision_pending";
  const option = pending.options.options.find((o) => o.keyword === command.keyword && o.target === command.target);
  if (!option) return "invalid_choice";
  const attack = state.attack as NonNullable<EmberState["attack"]>;
  const damage = attack.attackDice.map((d) => d.face.result as "light" | "heavy");
  state.pending = null;
  beginChain(ctx, option, damage);
  if (continueAttack(ctx) === "done") afterAttack(ctx);
  return null;
}

/**
 * The defender's answer to a parry offer (seed 000 1.4.2): a part with a parry value becomes the
 * hit part and adds its parry value in white dice; when both sides could designate (contested),
 * the part die is rolled and the parry applies only if it shows that part; null declines.
 */
export function declareParry(ctx: Ctx, seat: SeatId, part: PartSlot | null): Problem {
  const state = ctx.state;
  const pending = state.pending;
  if (!pending || pending.kind !== "declare_parry" || pending.seat !== seat) return "no_decision_pending";
  if (part !== null && !pending.options.parts.includes(part)) return "invalid_choice";
  const attack = state.attack as NonNullable<EmberState["attack"]>;
  state.pending = null;
  ctx.emit({ type: "parry_declared", unit: attack.defender, part, contested: pending.options.contested });
  attack.parryDeclared = part;
  if (part !== null && !pending.options.contested) {
    attack.parry = part;
    attack.hitPart = part;
    attack.stage = "roll";
    ctx.emit({ type: "hit_part", defender: attack.defender, part, how: "defender" });
  }
  if (continueAttack(ctx) === "done") afterAttack(ctx);
  return null;
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

/** Re-exported for legal command enumeration. */
export { FACINGS, intactSlots, manoeuvreRange, movementOptions, nextActivation };
