/**
 * Why an action of the active mech is not offered now, for the table's "why not" notes: the same
 * checks the legal list uses (actions.ts `actionGate`, targeting.ts `targetProblem`), asked from
 * the viewer's own projection only (legal.ts `stateFromView`), so a reason never tells a viewer
 * something its view does not show. Pure; accepts and produces no command (no rules version).
 */
import { type SeatId } from "@fogwar/engine";
import { actionGate, actProblem } from "./actions";
import { catalog } from "./data";
import type { Action, PartSlot } from "./data/schema";
import { stateFromView } from "./legal";
import { lockersOf } from "./melee";
import { allied, droneCard, intactSlots, partActions, unitById, unitsInPlay } from "./query";
import { attackEffect, targetProblem } from "./targeting";
import type { AttackEffect } from "./data/schema";
import type { DroneState, EmberErrorCode, EmberState, MechState, UnitState } from "./types";
import type { EmberView } from "./view";

/** Action kinds taken without a target, square or facing (actions.ts `actProblem`, "bare"). */
const BARE = new Set(["recover_link", "stabilise", "discard", "charge", "coordinate", "decloak"]);

/** One action the active mech has but cannot take now, and why. */
export interface UnavailableAction {
  readonly part: PartSlot;
  readonly action: string;
  /**
   * The rule that stops it: an `actionGate` code (seed 001 6.3: `timing_mismatch`,
   * `not_enough_ticks`, `action_already_used`, `no_ammo`, `not_enough_link`, ...), `locked_on`
   * (a shooting action under lock-on, seed 000 1.3), or `no_target` (an attack with no enemy in
   * range, sight and front arc, seed 000 1.3-1.4).
   */
  readonly code: EmberErrorCode | "no_target";
  /** For `locked_on`: the enemy units that lock the mech (adjacent, with it in their front arc). */
  readonly lockers?: readonly string[];
  /** For `no_target`: each enemy in play and what stops the attack on it (out of range, no sight, not in the front arc, ...). */
  readonly targets?: readonly { readonly unit: string; readonly code: EmberErrorCode }[];
}

/**
 * The actions of the viewer's active mech that it cannot take now, each with the reason the rules
 * give (seed 001 6.3; seed 000 1.3, 1.4, 2.2.1). Empty when no mech of `seat` is active. Actions
 * the mech can take with some target or square are not listed.
 * @param view the viewer's own projection; `seat` its seat.
 */
export function unavailableActions(view: EmberView, seat: SeatId): UnavailableAction[] {
  const state = stateFromView(view);
  const activation = state.activation;
  if (!activation) return [];
  const mech = unitById(state, activation.unit);
  if (!mech || mech.kind !== "mech" || mech.owner !== seat || mech.stance === "SHUTDOWN") return [];
  const out: UnavailableAction[] = [];
  for (const slot of intactSlots(mech)) {
    const actions: Action[] = [...partActions(mech, slot), ...catalog.data.commonActions.filter((c) => c.slots.includes(slot)).map((c) => c.action)];
    for (const action of actions) {
      const gate = actionGate(state, seat, mech.id, slot, action.id);
      if (typeof gate === "string") {
        // An interception-only action is never taken actively: not a missing action (seed 000 3).
        if (gate !== "intercept_only") out.push({ part: slot, action: action.id, code: gate });
        continue;
      }
      // Actions without a target or square: their own rule (discard, charge, link recovery...).
      if (BARE.has(action.effect.kind)) {
        const problem = actProblem(state, seat, { type: "act", unit: mech.id, part: slot, action: action.id });
        if (problem !== null) out.push({ part: slot, action: action.id, code: problem });
        continue;
      }
      const effect = attackEffect(action);
      if (!effect) continue;
      const lockers = lockersOf(state, mech);
      if (effect.attack === "shoot" && lockers.length > 0) {
        out.push({ part: slot, action: action.id, code: "locked_on", lockers: lockers.map((u) => u.id) });
        continue;
      }
      const enemies = unitsInPlay(state).filter((u) => !allied(state, u.owner, mech.owner));
      const targets = enemies.map((u) => ({ unit: u.id, code: targetProblem(state, mech as MechState, effect, u, { ignoreLockOn: true }) }));
      if (targets.some((x) => x.code === null)) continue;
      out.push({ part: slot, action: action.id, code: "no_target", targets: targets.map((x) => ({ unit: x.unit, code: x.code as EmberErrorCode })) });
    }
  }
  return out;
}

/** One attack order a drone of the viewer's seat cannot be given now, and why. */
export interface UnavailableDroneOrder {
  readonly drone: string;
  /** `action`: its command action aimed at a chosen target; `automaton`: its automaton action (seed 000 1.2.1, 9.2). */
  readonly order: "action" | "automaton";
  /**
   * The rule that stops it: `drone_already_commanded` (one command per drone per phase, seed 001
   * 4.2), `no_command_tokens` (no mech of the seat can give a command, seed 000 9.1-9.2),
   * `locked_on` (a shooting order under lock-on, seed 000 1.3), or `no_target` (no enemy in
   * range, sight and front arc, seed 000 1.3-1.4).
   */
  readonly code: EmberErrorCode | "no_target";
  /** For `locked_on`: the enemy units that lock the drone. */
  readonly lockers?: readonly string[];
  /** For `no_target`: each enemy in play and what stops the attack on it. */
  readonly targets?: readonly { readonly unit: string; readonly code: EmberErrorCode }[];
}

/** Why `attacker` cannot attack with `effect` now: lock-on, or no target and each enemy's reason; null when it can. */
function attackProblem(state: EmberState, attacker: UnitState, effect: AttackEffect): Pick<UnavailableDroneOrder, "code" | "lockers" | "targets"> | null {
  const lockers = lockersOf(state, attacker);
  if (effect.attack === "shoot" && lockers.length > 0) return { code: "locked_on", lockers: lockers.map((u) => u.id) };
  const enemies = unitsInPlay(state).filter((u) => !allied(state, u.owner, attacker.owner));
  const targets = enemies.map((u) => ({ unit: u.id, code: targetProblem(state, attacker, effect, u, { ignoreLockOn: true }) }));
  if (targets.some((x) => x.code === null)) return null;
  return { code: "no_target", targets: targets.map((x) => ({ unit: x.unit, code: x.code as EmberErrorCode })) };
}

/**
 * The attack orders (command action, automaton action) the viewer's drones cannot be given now,
 * each with the reason the rules give (seed 001 4.2; seed 000 1.2.1, 1.3, 1.4, 9.1-9.3): the same
 * checks the drone-command handler uses (command-phase.ts `droneCommandProblem`). Empty when the
 * seat gives no drone commands now (not its command turn, no coordination in its activation).
 * Orders the drone can be given with some target are not listed; a drone without an attacking
 * command or automaton action lists nothing for it.
 * @param view the viewer's own projection; `seat` its seat.
 */
export function unavailableDroneOrders(view: EmberView, seat: SeatId): UnavailableDroneOrder[] {
  const state = stateFromView(view);
  const mine = unitsInPlay(state).filter((u) => u.owner === seat);
  let givers: MechState[];
  if (state.phase === "command") {
    if (state.turn !== seat || state.commandsDone.includes(seat)) return [];
    givers = mine.filter((u): u is MechState => u.kind === "mech" && u.commandTokens > 0 && u.stance !== "SHUTDOWN");
  } else if (state.phase === "action" && state.activation && !state.attack && (state.activation.coordination ?? 0) > 0) {
    const active = unitById(state, state.activation.unit);
    if (!active || active.kind !== "mech" || active.owner !== seat) return [];
    givers = active.commandTokens > 0 && active.stance !== "SHUTDOWN" ? [active] : [];
  } else return [];
  const out: UnavailableDroneOrder[] = [];
  for (const drone of mine.filter((u): u is DroneState => u.kind === "drone")) {
    const card = droneCard(drone.droneId);
    const orders: { order: "action" | "automaton"; effect: AttackEffect }[] = [];
    const command = attackEffect(card.commandAction);
    if (command) orders.push({ order: "action", effect: command });
    const automaton = card.automaton ? attackEffect(card.automaton.action) : null;
    if (automaton) orders.push({ order: "automaton", effect: automaton });
    for (const { order, effect } of orders) {
      if (drone.commanded) out.push({ drone: drone.id, order, code: "drone_already_commanded" });
      else if (givers.length === 0) out.push({ drone: drone.id, order, code: "no_command_tokens" });
      else {
        const problem = attackProblem(state, drone, effect);
        if (problem) out.push({ drone: drone.id, order, ...problem });
      }
    }
  }
  return out;
}
