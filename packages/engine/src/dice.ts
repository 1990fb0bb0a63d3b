/**
 * Dice whose faces are data. A ruleset describes each die as a list of faces (any JSON value it
 * chooses); the engine only rolls them. Faces are equally likely.
 */
import type { Random } from "./rng";

/** A die: an id and its faces in order (index 0..faces.length-1). */
export interface DieDefinition<Face> {
  readonly id: string;
  readonly faces: readonly Face[];
}

/** One rolled die: which die, which face index, and the face itself. */
export interface RolledDie<Face> {
  readonly die: string;
  readonly faceIndex: number;
  readonly face: Face;
}

/** A request for `count` dice of one kind. */
export interface PoolEntry {
  readonly die: string;
  readonly count: number;
}

/** Rolls one die. */
export function rollDie<Face>(rng: Random, die: DieDefinition<Face>): RolledDie<Face> {
  const faceIndex = rng.int(0, die.faces.length - 1);
  return { die: die.id, faceIndex, face: die.faces[faceIndex] as Face };
}

/**
 * Rolls a pool in the order given (entry by entry, die by die), so the same RNG state always
 * yields the same results in the same positions.
 * @throws Error if the pool names a die missing from `dice`.
 */
export function rollPool<Face>(
  rng: Random,
  dice: Readonly<Record<string, DieDefinition<Face>>>,
  pool: readonly PoolEntry[],
): RolledDie<Face>[] {
  const out: RolledDie<Face>[] = [];
  for (const entry of pool) {
    const die = dice[entry.die];
    if (!die) throw new Error(`unknown die "${entry.die}"`);
    for (let i = 0; i < entry.count; i++) out.push(rollDie(rng, die));
  }
  return out;
}
