/**
 * Target declaration (seed 000 1.2.1 "대상 지정"): which units an attack action may target
 * (range, line of sight and front arc of shooting 1.3 and melee 1.4, lock-on, only enemies in
 * play; a camouflaged unit only by a unit with EW 1 or more, 6.2), and the target an automatic
 * attack takes by its card's targeting logic (1.2.1).
 */
import { chebyshev, type Square } from "@fogwar/engine";
import { allied, droneCard, isHighAltitude, unitsInPlay } from "./query";
import { inFrontArc, lineOfSight, shootingLineOfSight } from "./sight";
import type { Action, AttackEffect } from "./data/schema";
import { canCastEw } from "./ew";
import { isLockedOn } from "./melee";
import type { DroneState, EmberErrorCode, EmberState, UnitState } from "./types";

/** The attack effect of an action, or null for non-attack actions. */
export const attackEffect = (action: Action): AttackEffect | null => (action.effect.kind === "attack" ? action.effect : null);

/**
 * Why `target` cannot be attacked by `attacker` with `effect`, or null when it can
 * (seed 000 1.3 and 1.4 "대상 선언": range, line of sight, front arc; melee never targets
 * high-altitude units; only enemy units in play are targets; a unit under lock-on cannot shoot,
 * 1.3). Interception ignores lock-on (seed 000 3): it passes `{ ignoreLockOn: true }`.
 */
export function targetProblem(
  state: EmberState,
  attacker: UnitState,
  effect: AttackEffect,
  target: UnitState | undefined,
  options: { readonly ignoreLockOn?: boolean } = {},
): EmberErrorCode | null {
  if (effect.attack === "shoot" && !options.ignoreLockOn && attacker.at && isLockedOn(state, attacker)) return "locked_on";
  if (!target || !target.deployed || target.destroyed || !target.at || !attacker.at) return "invalid_target";
  // Only enemies: a seat's own units and, in 2 v 2, its teammate's are not targets (seed 001 6.1).
  if (allied(state, target.owner, attacker.owner)) return "invalid_target";
  if (effect.attack === "melee" && isHighAltitude(target)) return "invalid_target";
  // Only a unit with EW 1+ may target a camouflaged unit; range and sight are to its marker (seed 000 6.2).
  if (target.camouflage && !mayTargetCamouflaged(attacker)) return "no_ew";
  if (chebyshev(attacker.at, target.at) > effect.range) return "out_of_range";
  // Smoke blocks shooting only (seed 000 10); melee keeps plain line of sight.
  const sight = effect.attack === "shoot" ? shootingLineOfSight : lineOfSight;
  if (!sight(state, attacker.at, target.at)) return "no_line_of_sight";
  if (!inFrontArc(attacker, target.at)) return "not_in_front_arc";
  return null;
}

/**
 * Every unit `attacker` may attack with `effect` now (none when it would shoot under lock-on,
 * seed 000 1.3; the lock-on is checked once, not per target).
 */
export function validTargets(
  state: EmberState,
  attacker: UnitState,
  effect: AttackEffect,
  options: { readonly ignoreLockOn?: boolean } = {},
): UnitState[] {
  if (effect.attack === "shoot" && !options.ignoreLockOn && attacker.at && isLockedOn(state, attacker)) return [];
  return unitsInPlay(state).filter((u) => targetProblem(state, attacker, effect, u, { ignoreLockOn: true }) === null);
}

/**
 * The target an automatic attack takes (seed 000 1.2.1 "자동으로 실행되는 경우 ... 표적 논리"):
 * the drone's automaton action, aimed by its card's targeting logic. Among the units the action
 * may attack (the same range, sight, arc and lock-on checks as a chosen target, so with none the
 * action cannot be taken), units of the `prefer` type come first when there are any, then the
 * nearest in squares; a tie goes to the unit listed first in the match (seat order, then
 * army-list order, then launch order: a project decision, docs/rules/ember.md).
 * @returns the target, or null when the drone has no automaton action or no valid target.
 */
export function automatonTarget(state: EmberState, drone: DroneState): UnitState | null {
  const automaton = droneCard(drone.droneId).automaton;
  const effect = automaton ? attackEffect(automaton.action) : null;
  if (!automaton || !effect || !drone.at) return null;
  let found = validTargets(state, drone, effect);
  const prefer = automaton.targeting.prefer;
  if (prefer && found.some((u) => u.kind === prefer)) found = found.filter((u) => u.kind === prefer);
  const from = drone.at;
  const distance = (u: UnitState) => chebyshev(from, u.at as Square);
  // `validTargets` keeps the match's unit order, so the first of the nearest wins a tie.
  const nearest = Math.min(...found.map(distance));
  return found.find((u) => distance(u) === nearest) ?? null;
}

/**
 * Who may target a camouflaged unit with a shooting or melee attack (seed 000 6.2): only a unit
 * with EW 1 or more. Used by `targetProblem`; area (blast) damage does not ask.
 */
export const mayTargetCamouflaged = (attacker: UnitState): boolean => canCastEw(attacker);
