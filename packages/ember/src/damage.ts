/**
 * Penetration (seed 000 1.2.2), part damage and destruction (1.2.3): damage tokens, destroyed
 * parts and units, and projectiles or installations taken off the board.
 */
import { droneCard, mechPart, projectileCard } from "./query";
import { decloak, forgetConcealed } from "./concealment";
import type { Ctx } from "./context";
import type { PartSlot } from "./data/schema";
import { loseLink } from "./resources";
import type { Combatant, ProjectileState, UnitState } from "./types";

/** Removes a destroyed unit from the board (seed 000 1.2.3). */
export function destroyUnit(ctx: Ctx, unit: UnitState, reason: "torso_destroyed" | "penetrated" | "integrity"): void {
  unit.destroyed = true;
  unit.at = null;
  if (unit.camouflage) unit.camouflage = null;
  forgetConcealed(ctx.state, unit.id);
  if (unit.kind === "mech") unit.commandTokens = 0;
  ctx.emit({ type: "unit_destroyed", unit: unit.id, reason });
}

/**
 * Whether a penetration would destroy the unit itself (seed 000 1.2.2-1.2.3): a projectile or drone
 * without structure or already damaged; a mech hit on a torso without structure or already damaged.
 */
export function penetrationDestroys(defender: Combatant, slot: PartSlot | null): boolean {
  if (defender.kind === "projectile") return projectileCard(defender.projectileId).structure === undefined || defender.damaged;
  if (defender.kind === "drone") return droneCard(defender.droneId).structure === undefined || defender.damaged;
  const hit = slot as PartSlot;
  return hit === "torso" && (mechPart(defender, hit).structure === undefined || defender.parts[hit].damaged);
}

/**
 * Penetration of a unit or part (seed 000 1.2.2): with no structure it is destroyed; with
 * structure, an undamaged one takes a damage token and a damaged one is destroyed. A destroyed
 * torso destroys the mech; another part flips, costs 1 link, and link 0 shuts the mech down (1.2.3).
 */
export function penetrate(ctx: Ctx, defender: Combatant, slot: PartSlot | null): void {
  if (defender.kind === "projectile") {
    // Destroyed projectiles and installations are removed at once (seed 000 1.2.3).
    const card = projectileCard(defender.projectileId);
    if (card.structure !== undefined && !defender.damaged) {
      defender.damaged = true;
      ctx.emit({ type: "part_damaged", unit: defender.id, part: null });
    } else removeProjectile(ctx, defender, "destroyed");
    return;
  }
  if (defender.kind === "drone") {
    const card = droneCard(defender.droneId);
    if (card.structure !== undefined && !defender.damaged) {
      defender.damaged = true;
      ctx.emit({ type: "part_damaged", unit: defender.id, part: null });
    } else destroyUnit(ctx, defender, "penetrated");
    return;
  }
  const hit = slot as PartSlot;
  const part = defender.parts[hit];
  if (mechPart(defender, hit).structure !== undefined && !part.damaged) {
    part.damaged = true;
    ctx.emit({ type: "part_damaged", unit: defender.id, part: hit });
    return;
  }
  part.destroyed = true;
  ctx.emit({ type: "part_destroyed", unit: defender.id, part: hit });
  if (hit === "torso") {
    destroyUnit(ctx, defender, "torso_destroyed");
    return;
  }
  // Losing the part that provides optical camouflage decloaks the unit in place (seed 000 6.2).
  if (defender.camouflage?.part === hit) decloak(ctx, defender, "part_destroyed");
  loseLink(ctx, defender, "part_destroyed");
}

/** Takes a projectile or installation off the board (seed 000 1.2.3, 1.5.2). */
export function removeProjectile(ctx: Ctx, projectile: ProjectileState, reason: "detonated" | "destroyed" | "no_target"): void {
  if (projectile.destroyed) return;
  projectile.destroyed = true;
  projectile.at = null;
  ctx.emit({ type: "projectile_removed", projectile: projectile.id, reason });
}
