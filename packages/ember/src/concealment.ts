/**
 * Concealment (seed 000 6): low-observable (6.1), optical camouflage with its hidden real square
 * and exposure displacement (6.2), silence (6.3) and detection (6.4; common actions 2.4 detect and
 * 2.5 decloak).
 *
 * Hidden information (docs/rules/ember.md, "Optical camouflage"): while a unit is camouflaged its
 * public `at` is the camouflage marker, and every public rule (occupancy, movement, range, sight,
 * cover, contact, area damage, zone control) reads the marker. The real square, in
 * `state.concealed`, is read by one rule only: exposure displacement when the unit decloaks, which
 * is the moment it is revealed. So no answer given to another seat can depend on it.
 */
import { chebyshev, inBounds, type Square } from "@fogwar/engine";
import { scenarioOf } from "./map";
import { allied, droneCard, intactSlots, isFree, isHighAltitude, mechPart, unitsInPlay } from "./query";
import type { Ctx } from "./context";
import type { CamouflageEffect, PartSlot } from "./data/schema";
import type { Combatant, EmberErrorCode, EmberEvent, EmberState, MechState, UnitId, UnitState } from "./types";

type DecloakReason = Extract<EmberEvent, { type: "decloaked" }>["reason"];

/** Whether a unit is optically camouflaged now (seed 000 6.2). */
export const isCamouflaged = (unit: UnitState): boolean => Boolean(unit.camouflage);

/**
 * Whether a unit is low-observable (seed 000 6.1): it has a low-observable token, or an intact
 * part (a drone: its card) with the `low_observable` ability. Projectiles and installations never are.
 */
export function isLowObservable(unit: Combatant): boolean {
  if (unit.kind === "projectile") return false;
  if (unit.loToken) return true;
  if (unit.kind === "drone") return droneCard(unit.droneId).abilities.includes("low_observable");
  return intactSlots(unit).some((slot) => mechPart(unit, slot).abilities.includes("low_observable"));
}

/** The low-observable replacement on defence (seed 000 6.1): white/blue [eye] becomes [evade]. */
export const LOW_OBSERVABLE_REPLACEMENT = [{ from: "eye", to: "evade" }] as const;

/** The owner's secret real square of a camouflaged unit, or undefined. Server and owner only. */
export const realSquare = (state: EmberState, id: UnitId): Square | undefined => state.concealed?.[id];

/**
 * Why `hidden` cannot be the real square of a unit whose marker is (or will be) at `marker`
 * with concealment `x`, or null (seed 000 6.2; project rule): within `x` squares (Chebyshev) of
 * the marker, on the board, not impassable, and not holding another unit the owner can see.
 * Only the owner ever asks, about its own unit, so the answer tells nobody anything new.
 */
export function hiddenSquareProblem(state: EmberState, unit: UnitState, marker: Square, x: number, hidden: Square): EmberErrorCode | null {
  if (chebyshev(marker, hidden) > x) return "invalid_hidden_square";
  if (!inBounds(scenarioOf(state).board, hidden) || !isFree(state, hidden, unit.id)) return "invalid_hidden_square";
  return null;
}

/** Every square the owner may choose as the real square around `marker` (seed 000 6.2), row by row. */
export function hiddenSquareOptions(state: EmberState, unit: UnitState, marker: Square, x: number): Square[] {
  const out: Square[] = [];
  for (let y = marker.y - x; y <= marker.y + x; y++) {
    for (let dx = marker.x - x; dx <= marker.x + x; dx++) {
      const s = { x: dx, y };
      if (hiddenSquareProblem(state, unit, marker, x, s) === null) out.push(s);
    }
  }
  return out;
}

/**
 * Records the real square and tells the owner's side only (the owner, with its team in a 2 v 2
 * battle: `Ctx.emitTo`); a non-public event also keeps the command back from the live history API.
 */
function setReal(ctx: Ctx, unit: UnitState, at: Square): void {
  const state = ctx.state;
  state.concealed = { ...(state.concealed ?? {}), [unit.id]: { x: at.x, y: at.y } };
  ctx.emitTo(unit.owner, { type: "concealment_set", unit: unit.id, at: { x: at.x, y: at.y } });
}

/** Forgets a unit's real square (it decloaked or left play). */
export function forgetConcealed(state: EmberState, id: UnitId): void {
  if (!state.concealed || !(id in state.concealed)) return;
  const { [id]: _gone, ...rest } = state.concealed;
  state.concealed = rest;
}

/**
 * The part and effect a mech turns optical camouflage on with: the first intact part (torso,
 * chassis, left arm, right arm) with a camouflage action, or null (seed 000 6.2).
 */
export function camouflageSource(unit: MechState): { slot: PartSlot; effect: CamouflageEffect } | null {
  for (const slot of intactSlots(unit)) {
    for (const action of mechPart(unit, slot).actions) {
      if (action.effect.kind === "camouflage") return { slot, effect: action.effect };
    }
  }
  return null;
}

/**
 * Optical camouflage on (seed 000 6.2 "위장 활성화"): the model becomes the public marker on the
 * unit's square; the owner's chosen `hidden` square becomes the secret real square.
 * The caller has checked `hidden` with {@link hiddenSquareProblem}.
 */
export function camouflageOn(ctx: Ctx, unit: MechState, slot: PartSlot, effect: CamouflageEffect, hidden: Square): void {
  unit.camouflage = { concealment: effect.concealment, part: slot };
  ctx.emit({ type: "camouflage_on", unit: unit.id, concealment: effect.concealment });
  setReal(ctx, unit, hidden);
}

/**
 * After a camouflaged unit's marker moved from `from` (seed 000 6.2; project rule): the real
 * square is the owner's `hidden` choice if given, else it keeps its offset from the marker when
 * that square is still allowed, else it is the marker itself.
 */
export function followMarker(ctx: Ctx, unit: UnitState, from: Square, hidden?: Square): void {
  const camo = unit.camouflage;
  if (!camo || !unit.at) return;
  const old = realSquare(ctx.state, unit.id) ?? from;
  const shifted = { x: old.x + unit.at.x - from.x, y: old.y + unit.at.y - from.y };
  const next = hidden ?? (hiddenSquareProblem(ctx.state, unit, unit.at, camo.concealment, shifted) === null ? shifted : unit.at);
  setReal(ctx, unit, next);
}

/**
 * Where a decloaking unit appears (exposure displacement, seed 000 6.2; project rule): its real
 * square if it can hold the unit now; otherwise the free square within the concealment value of
 * the marker nearest the real square (then by row, then by column); otherwise the marker.
 * A teleport: terrain in between does not matter.
 */
export function exposureSquare(state: EmberState, unit: UnitState, marker: Square, real: Square, x: number): Square {
  if (isFree(state, real, unit.id)) return real;
  const options = hiddenSquareOptions(state, unit, marker, x);
  options.sort((a, b) => chebyshev(a, real) - chebyshev(b, real) || a.y - b.y || a.x - b.x);
  return options[0] ?? marker;
}

/**
 * Decloaks a camouflaged unit (seed 000 6.2 "위장 비활성화"): exposure displacement puts it on
 * its real square (see {@link exposureSquare}); losing the part that provides the camouflage makes
 * it appear in place, on the marker. The real square becomes public in the `decloaked` event.
 */
export function decloak(ctx: Ctx, unit: UnitState, reason: DecloakReason): void {
  const camo = unit.camouflage;
  if (!camo || !unit.at) return;
  const state = ctx.state;
  const marker = unit.at;
  const real = realSquare(state, unit.id) ?? marker;
  unit.camouflage = null;
  const to = reason === "part_destroyed" ? marker : exposureSquare(state, unit, marker, real, camo.concealment);
  forgetConcealed(state, unit.id);
  unit.at = { x: to.x, y: to.y };
  ctx.emit({ type: "decloaked", unit: unit.id, from: marker, to: unit.at, reason });
}

/**
 * Silence broken (seed 000 6.3): a manoeuvre or an action without the silent keyword, once done,
 * ends optical camouflage (with exposure displacement) and removes the low-observable token.
 * Interception and passives never call this.
 */
export function breakSilence(ctx: Ctx, unit: UnitState): void {
  if (unit.destroyed) return;
  if (unit.camouflage) decloak(ctx, unit, "not_silent");
  if (unit.loToken) {
    unit.loToken = false;
    ctx.emit({ type: "lo_token", unit: unit.id, on: false, reason: "not_silent" });
  }
}

/**
 * Contact (seed 000 6.2): at the end of any move, a camouflaged unit whose marker touches an enemy
 * unit's base (an adjacent square) decloaks, unless that enemy is high-altitude or camouflaged too.
 */
export function checkContact(ctx: Ctx): void {
  for (const unit of unitsInPlay(ctx.state)) {
    if (!unit.camouflage || !unit.at) continue;
    const marker = unit.at;
    const touching = unitsInPlay(ctx.state).some(
      (other) => !allied(ctx.state, other.owner, unit.owner) && other.at && !other.camouflage && !isHighAltitude(other) && chebyshev(other.at, marker) <= 1,
    );
    if (touching) decloak(ctx, unit, "contact");
  }
}

/** Detection succeeded (seed 000 2.4, 6.4): a camouflaged unit decloaks; a low-observable token is removed. */
export function detected(ctx: Ctx, target: UnitState): void {
  if (target.camouflage) decloak(ctx, target, "detected");
  if (target.loToken) {
    target.loToken = false;
    ctx.emit({ type: "lo_token", unit: target.id, on: false, reason: "detected" });
  }
}
