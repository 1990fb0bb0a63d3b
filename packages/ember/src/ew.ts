/**
 * Electronic warfare (seed 000 5): EW values, the EW dice and who wins a roll (5.2), electronic
 * attacks and supports (5.1), "on EW success" passives (5.2 note) and link loss from electronic
 * attacks (seed 000 4). The roll as a process, with its link rerolls and what it decides
 * (electronic attacks, detection 2.4, 6.2, 6.4), is in ew-roll.ts.
 */
import { chebyshev } from "@fogwar/engine";
import { allied, droneCard, intactSlots, isMech, mechPart, projectileCard, stanceOf } from "./query";
import type { Ctx } from "./context";
import { catalog } from "./data";
import type { ElectronicAttackEffect, ElectronicSupportEffect, Face, Stance } from "./data/schema";
import { countResult } from "./dice";
import { loseLink } from "./resources";
import type { Combatant, DieResult, EmberErrorCode, EmberEvent, EmberState, UnitState } from "./types";

/**
 * A unit's EW value (seed 000 5.2): a drone's or projectile's card value (a projectile card
 * without one is "-"); for a mech the sum of the EW values of its parts not destroyed. `null` is
 * "-": the unit cannot be an EW target. A mech is "-" only when every intact part is "-"
 * (project decision, docs/rules/ember.md).
 */
export function ewValue(unit: Combatant): number | null {
  if (unit.kind === "drone") return droneCard(unit.droneId).ew;
  if (unit.kind === "projectile") return projectileCard(unit.projectileId).ew ?? null;
  const values = intactSlots(unit).map((slot) => mechPart(unit, slot).ew);
  if (values.every((v) => v === null)) return null;
  return values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
}

/** Whether a unit can cast an EW roll: EW value 1 or more (EW 0 and "-" cannot, seed 000 5.2). */
export const canCastEw = (unit: Combatant): boolean => (ewValue(unit) ?? 0) >= 1;

/** The counted results of one side's EW dice (seed 000 5.2): [lightning] and [light]. */
export interface EwCount {
  readonly lightning: number;
  readonly lights: number;
}

/** Counts one side's EW dice; hollow yellow faces count in OFF only (seed 000 5.2 note, 1.1). */
export function ewCount(dice: readonly DieResult[], stance: Stance | null): EwCount {
  return { lightning: countResult(dice, "lightning", stance), lights: countResult(dice, "light", stance) };
}

/**
 * Who wins an EW roll (seed 000 5.2): more [lightning] wins; on a tie, more [light]; on a tie
 * of both, the caster.
 */
export function ewWinner(caster: EwCount, responder: EwCount): "caster" | "responder" {
  if (caster.lightning !== responder.lightning) return caster.lightning > responder.lightning ? "caster" : "responder";
  if (caster.lights !== responder.lights) return caster.lights > responder.lights ? "caster" : "responder";
  return "caster";
}

/** Rolls `count` yellow dice for an EW roll (seed 000 5.2). */
export function rollEwDice(ctx: Ctx, count: number): DieResult[] {
  return Array.from({ length: count }, () => rollEwDie(ctx));
}

/** One yellow face for an EW roll or its link reroll (seed 000 5.2, 4). */
export function rollEwDie(ctx: Ctx): DieResult {
  const faces = catalog.data.dice.yellow;
  return { die: "yellow", face: { ...(faces[ctx.dice.int(0, faces.length - 1)] as Face) } };
}

/**
 * How many yellow dice each side of an EW roll rolls (seed 000 5.2): the caster its EW value plus
 * the action's transmission strength (송출 강도 +X), the responder its EW value. The caller has
 * checked that the caster can cast and the responder is not "-".
 */
export const ewDiceCounts = (caster: Combatant, responder: UnitState, strength: number): { caster: number; responder: number } => ({
  caster: (ewValue(caster) ?? 0) + strength,
  responder: ewValue(responder) ?? 0,
});

/**
 * Settles an EW roll once its dice are final (seed 000 5.2): counts each side's results in its
 * stance (hollow faces count in OFF, 5.2 note), reports the roll, fires the winner's "on EW
 * success" passives, and returns the winner.
 */
export function settleEwRoll(
  ctx: Ctx,
  caster: Combatant,
  responder: UnitState,
  casterDice: DieResult[],
  responderDice: DieResult[],
  purpose: Extract<EmberEvent, { type: "ew_roll" }>["purpose"],
): "caster" | "responder" {
  const c = ewCount(casterDice, stanceOf(caster));
  const r = ewCount(responderDice, stanceOf(responder));
  const winner = ewWinner(c, r);
  ctx.emit({
    type: "ew_roll",
    purpose,
    caster: caster.id,
    responder: responder.id,
    casterDice,
    responderDice,
    casterLightning: c.lightning,
    casterLights: c.lights,
    responderLightning: r.lightning,
    responderLights: r.lights,
    winner,
  });
  onEwSuccess(ctx, winner === "caster" ? caster : responder);
  return winner;
}

/**
 * "On EW success" passives (seed 000 5.2 note): they fire for the unit that won the roll, caster
 * or responder alike; a mech in shutdown has no passives (seed 000 1.1).
 */
export function onEwSuccess(ctx: Ctx, unit: Combatant): void {
  if (!isMech(unit) || unit.stance === "SHUTDOWN" || unit.destroyed) return;
  for (const slot of intactSlots(unit)) {
    for (const passive of mechPart(unit, slot).passives) {
      if (passive.trigger !== "ew_success") continue;
      ctx.emit({ type: "passive_triggered", unit: unit.id, part: slot, passive: passive.id });
      const link = Math.min(unit.linkMax, unit.link + passive.effect.amount);
      if (link !== unit.link) {
        unit.link = link;
        ctx.emit({ type: "link_changed", unit: unit.id, link, reason: "passive" });
      }
    }
  }
}

/**
 * Why `caster` cannot direct an electronic attack at `target`, or null (seed 000 5.1-5.2, 2.4):
 * the caster needs EW 1+ (`no_ew`); the target is an enemy (not allied) unit in play that is not "-"
 * (`invalid_target`) within range, terrain and sight not mattering (`out_of_range`); detection
 * needs a camouflaged target or one with a low-observable token (`not_concealed`, seed 000 6.4).
 */
export function electronicAttackProblem(
  state: EmberState,
  caster: UnitState,
  effect: ElectronicAttackEffect,
  target: UnitState | undefined,
): EmberErrorCode | null {
  if (!canCastEw(caster)) return "no_ew";
  if (!target || !target.deployed || target.destroyed || !target.at || !caster.at) return "invalid_target";
  if (allied(state, target.owner, caster.owner) || ewValue(target) === null) return "invalid_target";
  if (chebyshev(caster.at, target.at) > effect.range) return "out_of_range";
  if (effect.detect && !target.camouflage && !target.loToken) return "not_concealed";
  return null;
}

/**
 * Why `unit` cannot give electronic support to `target`, or null (seed 000 5.1): a friendly unit
 * in play (the unit itself and, in a 2 v 2 battle, a teammate's unit included, 5.1 note) within range; a low-observable token is given only
 * to a unit without one (`invalid_target`).
 */
export function electronicSupportProblem(
  state: EmberState,
  unit: UnitState,
  effect: ElectronicSupportEffect,
  target: UnitState | undefined,
): EmberErrorCode | null {
  if (!target || !target.deployed || target.destroyed || !target.at || !unit.at) return "invalid_target";
  if (!allied(state, target.owner, unit.owner)) return "invalid_target";
  if (chebyshev(unit.at, target.at) > effect.range) return "out_of_range";
  if (effect.grant === "low_observable" && target.loToken) return "invalid_target";
  return null;
}

/** Gives electronic support (seed 000 5.1): a low-observable token (seed 000 6.1). */
export function electronicSupport(ctx: Ctx, target: UnitState, effect: ElectronicSupportEffect): void {
  if (effect.grant === "low_observable") {
    target.loToken = true;
    ctx.emit({ type: "lo_token", unit: target.id, on: true, reason: "support" });
  }
}

/**
 * Link loss from an electronic attack (seed 000 4: "전자 공격" lowers link; link 0 shuts the mech
 * down). Drones have no link. Other effects of electronic attacks may use the same helper.
 */
export function electronicLinkLoss(ctx: Ctx, target: UnitState, amount: number): void {
  if (!isMech(target)) return;
  for (let i = 0; i < amount && !target.destroyed; i++) loseLink(ctx, target, "electronic_attack");
}
