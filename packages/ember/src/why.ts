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
import { allied, intactSlots, partActions, unitById, unitsInPlay } from "./query";
import { attackEffect, targetProblem } from "./targeting";
import type { EmberErrorCode, MechState } from "./types";
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
