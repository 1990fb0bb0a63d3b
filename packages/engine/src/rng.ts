/**
 * Seeded, serializable random numbers. The generator state is plain data that lives in the
 * match state, so a match replays bit for bit (design.md principle 3). Backed by pure-rand's
 * xoroshiro128+.
 */
import { xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";

/** The serialized generator state: four signed 32-bit integers (xoroshiro128+). */
export type RngState = readonly number[];

/**
 * Derives the initial generator state from a match seed.
 * @param seed any string; the server uses 64 hex characters (256 bits) of OS randomness.
 * @returns four int32 words taken from sha256(`fogwar-rng:` + seed); never all zero.
 */
export function rngStateFromSeed(seed: string): RngState {
  const digest = sha256(utf8ToBytes(`fogwar-rng:${seed}`));
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  const words = [0, 1, 2, 3].map((i) => view.getInt32(i * 4));
  if (!words.some((w) => w !== 0)) words[0] = 1;
  return words;
}

/**
 * A mutable cursor over an {@link RngState}. Rulesets open one at the start of `apply`, draw from
 * it, and store `state()` back into the match state before returning.
 */
export class Random {
  private readonly generator;

  constructor(state: RngState) {
    this.generator = xoroshiro128plusFromState(state);
  }

  /**
   * A uniform integer in [from, to], both included. Throws RangeError if from > to, or if a bound
   * is not a safe integer (NaN, 2.5, ...), rather than returning a value outside the contract.
   */
  int(from: number, to: number): number {
    if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to)) {
      throw new RangeError(`bounds must be integers, got [${from}, ${to}]`);
    }
    if (from > to) throw new RangeError(`empty range [${from}, ${to}]`);
    return uniformInt(this.generator, from, to);
  }

  /** A uniform element of a non-empty list. Throws RangeError on an empty list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("pick from an empty list");
    return items[this.int(0, items.length - 1)] as T;
  }

  /** A shuffled copy of `items` (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /** The current generator state, to be stored back into the match state. */
  state(): RngState {
    return [...this.generator.getState()];
  }
}
