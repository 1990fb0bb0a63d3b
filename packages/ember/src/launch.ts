/**
 * Launch actions (seed 000 1.5; seed 001 6.3 "발사"): drop points, scatters, the projectiles,
 * installations and drones they create, and passive installations set off by a move.
 *
 * A launch creates a projectile/installation unit, or a drone, instead of attacking. Fired ones
 * (direct or indirect fire, 1.5.1) always count as a high-altitude movement from the launcher's
 * square to the drop point, which triggers interception; installs (1.5.4) and scatters (1.5.5)
 * do not. What follows runs as a queue of sequences (sequences.ts): interception (interception.ts),
 * then the detonation (detonation.ts).
 */
import { chebyshev, type Facing, hasLineOfSight, inBounds, reachable, sameSquare, type Square, squareKey } from "@fogwar/engine";
import { scenarioOf, standingTerrainAt } from "./map";
import { allied, droneCard, isFree, isHighAltitude, projectileCard, projectilesInPlay } from "./query";
import { lineOfSight } from "./sight";
import type { Ctx } from "./context";
import type { LaunchEffect } from "./data/schema";
import { freeSquares } from "./reach";
import { startDetonation, startFlight } from "./sequences";
import type { DroneState, EmberCommand, EmberErrorCode, EmberState, MechState, ProjectileState, UnitState } from "./types";

type Problem = EmberErrorCode | null;
type ActCommand = Extract<EmberCommand, { type: "act" }>;

/** Whether a square holds a projectile or an installation (one per square). */
const holdsProjectile = (state: EmberState, s: Square) => projectilesInPlay(state).some((p) => sameSquare(p.at as Square, s));

/**
 * Why a square cannot be the drop point of a fired launch or an install, or null (seed 000
 * 1.5.1, 1.5.4): within range (launches need no front arc); direct fire and installs need line
 * of sight (terrain only: smoke affects shooting alone); impassable terrain takes only a
 * high-altitude projectile; one projectile or installation per square; a launched drone needs a
 * free square. A fired projectile may take vulnerable terrain as its target (1.5.2): its drop
 * point may be a square of the standing piece, in sight for direct fire when nothing but the
 * piece itself blocks the line (project decision).
 */
export function dropProblem(state: EmberState, launcher: UnitState, effect: LaunchEffect, to: Square): Problem {
  const scenario = scenarioOf(state);
  const from = launcher.at as Square;
  if (!inBounds(scenario.board, to)) return "drop_unavailable";
  if (chebyshev(from, to) > effect.range) return "out_of_range";
  const piece = standingTerrainAt(state, to);
  const fired = effect.projectile !== undefined && (effect.fire === "direct" || effect.fire === "indirect");
  const atTerrain = fired && piece?.vulnerable !== undefined && projectileCard(effect.projectile as string).kind === "projectile";
  // A drop point behind or on blocking terrain is out of sight: direct fire cannot reach over terrain.
  const sighted = atTerrain
    ? hasLineOfSight(from, to, (s) => {
        const other = standingTerrainAt(state, s);
        return other?.blocking === true && other.id !== piece?.id;
      })
    : lineOfSight(state, from, to) && piece?.blocking !== true;
  if ((effect.fire === "direct" || effect.fire === "install") && !sighted) return "no_line_of_sight";
  if (effect.drone !== undefined) return isFree(state, to) ? null : "drop_unavailable";
  const card = projectileCard(effect.projectile as string);
  if (piece?.impassable && !card.highAltitude && !atTerrain) return "drop_unavailable";
  if (holdsProjectile(state, to)) return "drop_unavailable";
  return null;
}

/** The ground movement costs from a square, through free squares only (seed 001 6.3). */
function pathCosts(state: EmberState, unit: UnitState, from: Square, budget: number): Map<string, number> {
  const free = freeSquares(state, unit.id);
  const result = reachable(scenarioOf(state).board, from, budget, (_f, to) => (free(to) ? 1 : null));
  return new Map([...result].map(([key, entry]) => [key, entry.cost]));
}

/**
 * Why a scatter is not acceptable, or null (seed 000 1.5.5): the launcher moves to `to` with its
 * range less `dropCost` per drop, and each drop lies on a path of that move (start and end
 * squares included): reached from the start and reaching `to` within the budget, on a square
 * without another projectile or installation.
 */
export function scatterProblem(state: EmberState, launcher: MechState, effect: LaunchEffect, to: Square, drops: readonly Square[]): Problem {
  const from = launcher.at as Square;
  if (drops.length > effect.drops) return "malformed_command";
  if (new Set(drops.map(squareKey)).size !== drops.length) return "drop_unavailable";
  const budget = effect.range - effect.dropCost * drops.length;
  if (budget < 0) return "out_of_reach";
  const fromStart = pathCosts(state, launcher, from, budget);
  if (!sameSquare(from, to) && (fromStart.get(squareKey(to)) === undefined || !isFree(state, to, launcher.id))) return "out_of_reach";
  for (const drop of drops) {
    if (holdsProjectile(state, drop)) return "drop_unavailable";
    const a = fromStart.get(squareKey(drop));
    if (a === undefined) return "drop_unavailable";
    const b = pathCosts(state, launcher, drop, budget - a).get(squareKey(to));
    if (b === undefined) return "drop_unavailable";
  }
  return null;
}

/** Why a launch command is not acceptable, or null (seed 000 1.5). */
export function launchProblem(state: EmberState, mech: MechState, effect: LaunchEffect, command: ActCommand): Problem {
  if (command.to === undefined || command.target !== undefined || command.squares !== undefined) return "malformed_command";
  if (effect.fire === "scatter") {
    if (command.facing === undefined || command.drops === undefined) return "malformed_command";
    return scatterProblem(state, mech, effect, command.to, command.drops);
  }
  if (command.facing !== undefined || command.drops !== undefined) return "malformed_command";
  return dropProblem(state, mech, effect, command.to);
}

/** A new projectile or installation of the launcher's seat, `<seat>-p<n>`. */
function newProjectile(state: EmberState, launcher: UnitState, card: string, at: Square): ProjectileState {
  const n = state.projectiles.filter((p) => p.owner === launcher.owner).length + 1;
  const projectile: ProjectileState = {
    kind: "projectile",
    id: `${launcher.owner}-p${n}`,
    owner: launcher.owner,
    projectileId: card,
    launcher: launcher.id,
    at: { ...at },
    damaged: false,
    destroyed: false,
  };
  state.projectiles.push(projectile);
  return projectile;
}

/**
 * Carries out a checked launch (seed 000 1.5): a fired projectile is placed on its drop-point
 * token and flies there (interception, then an instant one detonates; a delay one waits for the
 * delay phase); a launched drone is placed and flies likewise, then acts as any drone; an install
 * places the installation at once; a scatter moves the launcher and drops installations on its
 * path. Installs and scatters trigger no interception (1.5.4, 1.5.5). The caller runs the
 * sequences afterwards.
 */
export function launch(ctx: Ctx, mech: MechState, effect: LaunchEffect, command: ActCommand, moveUnit: (unit: UnitState, to: Square, facing: Facing) => void): void {
  const state = ctx.state;
  const from = mech.at as Square;
  const to = command.to as Square;
  if (effect.drone !== undefined) {
    const card = droneCard(effect.drone);
    const n = state.units.filter((u) => u.kind === "drone" && u.owner === mech.owner).length + 1;
    const drone: DroneState = {
      kind: "drone",
      id: `${mech.owner}-d${n}`,
      owner: mech.owner,
      name: card.name.en,
      droneId: card.id,
      damaged: false,
      at: { ...to },
      // A launched drone faces the way its launcher faces (project decision).
      facing: mech.facing,
      deployed: true,
      destroyed: false,
      commanded: false,
    };
    state.units.push(drone);
    ctx.emit({ type: "drone_launched", unit: drone.id, drone: card.id, launcher: mech.id, from, to: { ...to }, facing: drone.facing });
    startFlight(ctx, drone, from, to, false);
    return;
  }
  const card = projectileCard(effect.projectile as string);
  if (effect.fire === "scatter") {
    for (const drop of command.drops ?? []) {
      const placed = newProjectile(state, mech, card.id, drop);
      ctx.emit({ type: "projectile_launched", projectile: placed.id, card: card.id, owner: mech.owner, launcher: mech.id, from, to: { ...drop }, fire: "scatter" });
    }
    moveUnit(mech, to, command.facing as Facing);
    return;
  }
  const projectile = newProjectile(state, mech, card.id, to);
  ctx.emit({ type: "projectile_launched", projectile: projectile.id, card: card.id, owner: mech.owner, launcher: mech.id, from, to: { ...to }, fire: effect.fire });
  if (effect.fire === "install") return;
  startFlight(ctx, projectile, from, to, card.trigger === "instant");
}

/**
 * After a ground unit ends a move: enemy passive installations within their trigger range
 * detonate, in launch order (seed 000 1.5 "[패시브]"; the trigger is sample data).
 */
export function passiveTriggers(ctx: Ctx, mover: UnitState): void {
  if (!mover.at || isHighAltitude(mover) || (mover.kind === "drone" && droneCard(mover.droneId).movement.mode !== "ground")) return;
  for (const p of projectilesInPlay(ctx.state)) {
    const card = projectileCard(p.projectileId);
    if (card.trigger !== "passive" || allied(ctx.state, p.owner, mover.owner)) continue;
    if (ctx.state.sequences.some((s) => s.subject === p.id)) continue;
    if (chebyshev(p.at as Square, mover.at) <= card.triggerRange) startDetonation(ctx, p);
  }
}

/** The drop points a fired launch or an install may take now (for legal commands). */
export function dropSquares(state: EmberState, mech: MechState, effect: LaunchEffect): Square[] {
  const from = mech.at as Square;
  const { width, height } = scenarioOf(state).board;
  const out: Square[] = [];
  for (let y = Math.max(0, from.y - effect.range); y <= Math.min(height - 1, from.y + effect.range); y++) {
    for (let x = Math.max(0, from.x - effect.range); x <= Math.min(width - 1, from.x + effect.range); x++) {
      if (dropProblem(state, mech, effect, { x, y }) === null) out.push({ x, y });
    }
  }
  return out;
}
