/**
 * Sight on the table (seed 000 1.3-1.3.2, 10): lines of sight for melee and launches, shooting's
 * line of sight through smoke, cover, front and rear arcs, and each seat's smoke clouds. Pure
 * functions over the scenario data and the match state.
 */
import { arcOf, hasLineOfSight, lineSquares, sameSquare, squareKey, chebyshev, type Square } from "@fogwar/engine";
import { catalog } from "./data";
import type { Terrain } from "./data/schema";
import { standingTerrainAt } from "./map";
import { unitAt, isHighAltitude, isLarge } from "./query";
import type { EmberState, SeatId, UnitState } from "./types";

/** Line of sight between two squares: blocking terrain blocks it, units never do (seed 000 1.3.2). */
export function lineOfSight(state: EmberState, from: Square, to: Square): boolean {
  return hasLineOfSight(from, to, (s) => standingTerrainAt(state, s)?.blocking === true);
}

/**
 * Cover for a shooting attack (seed 000 1.3.1-1.3.2): terrain cover when terrain at least
 * `coverHeightInches` high lies on the line (between the two, or under the defender) and the
 * attacker is not in contact with that terrain piece; unit cover when a large unit stands between
 * them. Neither applies when either unit is high-altitude.
 */
export function coverFor(state: EmberState, attacker: UnitState, defender: UnitState): { terrain: boolean; unit: boolean } {
  if (isHighAltitude(attacker) || isHighAltitude(defender) || !attacker.at || !defender.at) {
    return { terrain: false, unit: false };
  }
  const minHeight = catalog.data.rules.coverHeightInches;
  const from = attacker.at;
  const between = lineSquares(from, defender.at);
  const touching = (piece: Terrain) => piece.squares.some(([x, y]) => chebyshev({ x, y }, from) <= 1);
  const terrain = [...between, defender.at].some((s) => {
    const piece = standingTerrainAt(state, s);
    return piece !== undefined && piece.heightInches >= minHeight && !touching(piece);
  });
  const unit = between.some((s) => {
    const other = unitAt(state, s);
    return other !== undefined && other.id !== attacker.id && other.id !== defender.id && isLarge(other);
  });
  return { terrain, unit };
}

/** Whether `target` stands in the front arc of `unit` (seed 000 1.3, 1.4). */
export const inFrontArc = (unit: UnitState, target: Square): boolean =>
  unit.at !== null && arcOf(unit.at, unit.facing, target) === "front";

/** A rear attack: the attacker stands in the defender's rear arc (project decision, docs/rules/ember.md). */
export const isRearAttack = (attacker: UnitState, defender: UnitState): boolean =>
  attacker.at !== null && defender.at !== null && arcOf(defender.at, defender.facing, attacker.at) === "rear";

/** Whether a seat has a smoke card on a square (seed 000 10). */
export const smokeOf = (state: EmberState, seat: SeatId, s: Square): boolean =>
  state.smoke.some((c) => c.owner === seat && sameSquare(c.at, s));

/** Whether any smoke card lies on a square (both players' smoke acts alike, seed 000 10). */
export const hasSmoke = (state: EmberState, s: Square): boolean => state.smoke.some((c) => sameSquare(c.at, s));

/**
 * Line of sight for shooting (seed 000 1.3, 10): blocking terrain, and smoke on a square the line
 * crosses or on either end square (a unit in smoke neither sees nor is seen), high-altitude units
 * included. Melee and launches ignore smoke and use {@link lineOfSight}.
 */
export function shootingLineOfSight(state: EmberState, from: Square, to: Square): boolean {
  if (!lineOfSight(state, from, to)) return false;
  if (state.smoke.length === 0) return true;
  if (hasSmoke(state, from) || hasSmoke(state, to)) return false;
  return hasLineOfSight(from, to, (s) => hasSmoke(state, s));
}

/**
 * The smoke clouds of a seat (seed 000 10): its cards grouped by edge contact, each cloud as its
 * squares in board order (row, then column), clouds ordered by their first square.
 */
export function smokeClouds(state: EmberState, seat: SeatId): Square[][] {
  const cards = state.smoke.filter((c) => c.owner === seat).map((c) => c.at);
  const keys = new Set(cards.map(squareKey));
  const seen = new Set<string>();
  const clouds: Square[][] = [];
  const ordered = [...cards].sort((a, b) => a.y - b.y || a.x - b.x);
  for (const start of ordered) {
    if (seen.has(squareKey(start))) continue;
    const cloud: Square[] = [];
    const queue = [start];
    seen.add(squareKey(start));
    while (queue.length > 0) {
      const s = queue.shift() as Square;
      cloud.push(s);
      for (const n of [
        { x: s.x + 1, y: s.y },
        { x: s.x - 1, y: s.y },
        { x: s.x, y: s.y + 1 },
        { x: s.x, y: s.y - 1 },
      ]) {
        const key = squareKey(n);
        if (keys.has(key) && !seen.has(key)) {
          seen.add(key);
          queue.push(n);
        }
      }
    }
    clouds.push(cloud.sort((a, b) => a.y - b.y || a.x - b.x));
  }
  return clouds;
}
