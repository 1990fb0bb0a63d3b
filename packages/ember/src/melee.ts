/**
 * Melee details of seed 000 1.4-1.4.2 and 2.2-2.2.1: lock-on and parry.
 *
 * Lock-on (락온) is not defined in the seeds beyond its consequences, so its reach is a project
 * decision (docs/rules/ember.md): a unit with lock-on locks every enemy unit adjacent to it (never
 * further, even with long-range melee, 1.4.1 note) that stands in its front arc and is not
 * high-altitude, i.e. one it could punch or kick. Every mech has lock-on while it can punch or kick
 * (an intact chassis or arm, seed 000 2.2: "such mechs nearly always have lock-on"); a drone has it
 * when its card says so. A mech in shutdown has none (seed 000 1.1: no ongoing effects).
 */
import { chebyshev } from "@fogwar/engine";
import { allied, droneCard, isHighAltitude, mechPart, unitsInPlay } from "./query";
import { inFrontArc } from "./sight";
import { PART_SLOTS } from "./data/terms";
import type { PartSlot } from "./data/schema";
import type { Combatant, EmberState, MechState, UnitState } from "./types";

/** The slots that can punch and kick (seed 000 2.2). */
const STRIKING_SLOTS: readonly PartSlot[] = ["chassis", "left_arm", "right_arm"];

/** Whether a unit has lock-on now (see the module note; seed 000 1.1, 2.2). */
export function hasLockOn(unit: UnitState): boolean {
  if (!unit.deployed || unit.destroyed || !unit.at) return false;
  if (unit.kind === "drone") return droneCard(unit.droneId).lockOn;
  if (unit.stance === "SHUTDOWN") return false;
  return STRIKING_SLOTS.some((slot) => !unit.parts[slot].destroyed);
}

/** Whether `locker` locks `target` on (adjacent only, front arc, not high-altitude, an enemy: not an ally in team battles). */
export function locks(state: EmberState, locker: UnitState, target: UnitState): boolean {
  if (allied(state, locker.owner, target.owner) || !target.at || !locker.at || target.destroyed) return false;
  if (!hasLockOn(locker) || isHighAltitude(target)) return false;
  return chebyshev(locker.at, target.at) === 1 && inFrontArc(locker, target.at);
}

/** The enemy units that lock `unit` on (seed 000 1.3, 1.4.1 note). */
export const lockersOf = (state: EmberState, unit: UnitState): UnitState[] =>
  unitsInPlay(state).filter((other) => locks(state, other, unit));

/**
 * Whether `unit` is under lock-on: it cannot shoot (seed 000 1.3) and cannot crawl out of it
 * (2.2.1). Interception ignores lock-on (seed 000 3): interception code does not call this.
 */
export const isLockedOn = (state: EmberState, unit: UnitState): boolean => lockersOf(state, unit).length > 0;

/** A part's parry value as it stands (discarded card included), 0 without one (seed 000 1.4.2). */
export const parryOf = (mech: MechState, slot: PartSlot): number => mechPart(mech, slot).parry ?? 0;

/** The defender's intact parts that carry a parry value (seed 000 1.4.2). */
export function parryParts(mech: MechState): PartSlot[] {
  return PART_SLOTS.filter((slot) => !mech.parts[slot].destroyed && parryOf(mech, slot) > 0);
}

/** The parry value of a drone card, 0 without one (seed 000 1.4.2 note). */
export const droneParry = (unit: Combatant): number => (unit.kind === "drone" ? (droneCard(unit.droneId).parry ?? 0) : 0);
