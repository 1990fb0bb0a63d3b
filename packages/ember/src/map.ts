/**
 * The table: the scenario's 12 x 12 board of 75 mm squares, its terrain as it stands (rubble where
 * vulnerable terrain was destroyed), tactical zones A-I and deployment zones (seed 001 3.1, 3.4;
 * seed 000 1.5.2). Pure functions over the scenario data and the match state.
 */
import { squareKey, type Square } from "@fogwar/engine";
import { catalog } from "./data";
import type { Rect, Scenario, Terrain, ZoneId } from "./data/schema";
import type { EmberState, SeatId, Side } from "./types";

/** The scenario of a match. */
export function scenarioOf(state: EmberState): Scenario {
  const scenario = catalog.scenarios.get(state.scenario);
  if (!scenario) throw new Error(`unknown scenario ${state.scenario}`);
  return scenario;
}

const terrainIndex = new Map<string, Map<string, Terrain>>();

/** Terrain on a square, if any. */
export function terrainAt(scenario: Scenario, square: Square): Terrain | undefined {
  let index = terrainIndex.get(scenario.id);
  if (!index) {
    index = new Map();
    for (const piece of scenario.terrain) for (const [x, y] of piece.squares) index.set(`${x},${y}`, piece);
    terrainIndex.set(scenario.id, index);
  }
  return index.get(squareKey(square));
}

const rubbleCache = new Map<string, Terrain>();

/**
 * A terrain piece as it stands in a match (seed 000 1.5.2): a destroyed vulnerable piece is
 * rubble (project decision): not blocking, not impassable, `rubbleHeightInches` high, no longer
 * vulnerable.
 */
export function standingPiece(state: Pick<EmberState, "scenario" | "terrainDamage">, piece: Terrain): Terrain {
  if (state.terrainDamage?.[piece.id] !== "destroyed" || !piece.vulnerable) return piece;
  const key = `${state.scenario}/${piece.id}`;
  let rubble = rubbleCache.get(key);
  if (!rubble) {
    const { vulnerable, ...rest } = piece;
    rubble = { ...rest, blocking: false, impassable: false, heightInches: vulnerable.rubbleHeightInches };
    rubbleCache.set(key, rubble);
  }
  return rubble;
}

/** Terrain on a square as it stands in the match (destroyed vulnerable terrain is rubble, seed 000 1.5.2). */
export function standingTerrainAt(state: EmberState, square: Square): Terrain | undefined {
  const piece = terrainAt(scenarioOf(state), square);
  return piece && standingPiece(state, piece);
}

/** The key naming a vulnerable terrain piece as a blast target: `terrain:<id>` (seed 000 1.5.2). */
export const terrainTargetKey = (terrainId: string): string => `terrain:${terrainId}`;

/** The terrain id of a `terrain:<id>` target key, or null for a unit id. */
export const terrainOfTarget = (key: string): string | null => (key.startsWith("terrain:") ? key.slice("terrain:".length) : null);

/** The vulnerable terrain pieces still standing (not destroyed) in a match (seed 000 1.5.2). */
export const vulnerableTerrain = (state: EmberState): Terrain[] =>
  scenarioOf(state).terrain.filter((piece) => piece.vulnerable !== undefined && state.terrainDamage?.[piece.id] !== "destroyed");

/** Whether a square lies in a rectangle (corners included). */
export const inRect = (rect: Rect, s: Square): boolean => s.x >= rect.x0 && s.x <= rect.x1 && s.y >= rect.y0 && s.y <= rect.y1;

/** The tactical zone of a square: A-C top row of 4 x 4 blocks, D-F middle, G-I bottom (seed 001 3.1). */
export function zoneOf(s: Square): ZoneId {
  const letters = "ABCDEFGHI";
  return letters[Math.floor(s.y / 4) * 3 + Math.floor(s.x / 4)] as ZoneId;
}

/** The deployment zone of a seat, by its side (seed 001 3.4). */
export function deploymentZone(state: EmberState, seat: SeatId): Rect {
  const side: Side = state.sides?.[seat] ?? "black";
  const deployment = scenarioOf(state).deployment;
  return deployment[side] ?? deployment.black;
}
