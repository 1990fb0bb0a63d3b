/**
 * Where units can go (seed 001 6.3, 4.2): the free squares of the board and the squares a unit
 * can reach. A movement search asks "is this square free?" hundreds of times about one state, so
 * the answer is laid out once per search as a board-sized grid.
 */
import { inBounds, reachableInOrder, squareKey, type Square } from "@fogwar/engine";
import { scenarioOf, standingPiece, terrainAt } from "./map";
import { droneCard, isFree } from "./query";
import type { Scenario, Terrain } from "./data/schema";
import type { EmberState, UnitId, UnitState } from "./types";

/** The terrain piece on each square of a scenario's board (index `y * width + x`), computed once. */
const terrainGrids = new Map<string, readonly (Terrain | undefined)[]>();

function terrainGrid(scenario: Scenario): readonly (Terrain | undefined)[] {
  let grid = terrainGrids.get(scenario.id);
  if (!grid) {
    const { width, height } = scenario.board;
    const cells: (Terrain | undefined)[] = [];
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) cells.push(terrainAt(scenario, { x, y }));
    grid = cells;
    terrainGrids.set(scenario.id, grid);
  }
  return grid;
}

/**
 * {@link isFree} for one state, as a predicate: whether a square is on the board and holds
 * neither impassable terrain nor a unit other than `ignore`. Read once: the state must not change
 * while the predicate is in use.
 */
export function freeSquares(state: EmberState, ignore?: UnitId): (s: Square) => boolean {
  const scenario = scenarioOf(state);
  const board = scenario.board;
  const { width } = board;
  const terrain = terrainGrid(scenario);
  const free = new Uint8Array(terrain.length);
  for (let i = 0; i < terrain.length; i++) {
    const piece = terrain[i];
    free[i] = piece && standingPiece(state, piece).impassable ? 0 : 1;
  }
  // As `unitAt`: the first unit in play standing on a square is its occupant.
  const claimed = new Uint8Array(terrain.length);
  for (const unit of state.units) {
    if (!unit.deployed || unit.destroyed || unit.at === null) continue;
    const { x, y } = unit.at;
    if (!Number.isInteger(x) || !Number.isInteger(y) || !inBounds(board, unit.at)) continue;
    const i = y * width + x;
    if (claimed[i]) continue;
    claimed[i] = 1;
    if (unit.id !== ignore) free[i] = 0;
  }
  return (s) => {
    if (!Number.isInteger(s.x) || !Number.isInteger(s.y)) return isFree(state, s, ignore);
    return inBounds(board, s) && free[s.y * width + s.x] === 1;
  };
}

/**
 * Squares a unit can reach with `budget` squares of movement (seed 001 6.3, 4.2): king-move steps
 * of 1; ground movement cannot enter impassable terrain or pass through other units; flying and
 * high-altitude movement passes over both but must still end on a free square.
 * @returns the squares in the order the search first reached them, the unit's own square first.
 */
export function reachableSquares(state: EmberState, unit: UnitState, budget: number): Square[] {
  const scenario = scenarioOf(state);
  const start = unit.at as Square;
  const mode = unit.kind === "drone" ? droneCard(unit.droneId).movement.mode : "ground";
  const airborne = mode !== "ground";
  const free = freeSquares(state, unit.id);
  return reachableInOrder(scenario.board, start, budget, (_from, to) => (airborne || free(to) ? 1 : null), { canEnd: free }).squares;
}

/** {@link reachableSquares} keyed by square keys (`x,y`), in the same order. */
export function movementOptions(state: EmberState, unit: UnitState, budget: number): Map<string, Square> {
  const out = new Map<string, Square>();
  for (const square of reachableSquares(state, unit, budget)) out.set(squareKey(square), square);
  return out;
}

/** Whether a unit can reach `to` with `budget` squares of movement: `movementOptions(...).has(squareKey(to))` without the map. */
export function canReach(state: EmberState, unit: UnitState, budget: number, to: Square): boolean {
  const key = squareKey(to);
  return reachableSquares(state, unit, budget).some((s) => squareKey(s) === key);
}
