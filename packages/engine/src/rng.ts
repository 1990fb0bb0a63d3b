/**
 * Seeded, serializable random numbers. The generator state is plain data that lives in the
 * match state, so a match replays bit for bit (design.md principle 3).
 *
 * The generator is a keyed cryptographic stream: the ChaCha20 keystream (RFC 8439, from
 * `@noble/ciphers`) under a 256-bit key derived from the match's secret seed and a stream label.
 * Its outputs reveal nothing of its key or of its other outputs, so the public dice of a match
 * tell nobody the next die or any draw of another stream (design.md, "Random streams"). Each
 * ruleset draws public dice and hidden information (secret deck orders, hidden assignments) from
 * separate streams: `rngStateFromSeed(seed, "dice")`, `rngStateFromSeed(seed, "decks")`...
 */
import { chacha20 } from "@noble/ciphers/chacha.js";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * The serialized state of one random stream, plain JSON kept in the match state:
 * - `key`: the stream's ChaCha20 key, 64 lowercase hex characters (256 bits). Secret: it lives
 *   only in the server part of a match state, like the seed it is derived from.
 * - `drawn`: how many 32-bit words of the keystream were used so far (a non-negative integer).
 */
export interface RngState {
  readonly key: string;
  readonly drawn: number;
}

const KEY_HEX = /^[0-9a-f]{64}$/;
/** 32-bit words per ChaCha20 block (64 bytes). */
const BLOCK_WORDS = 16;
/**
 * Blocks generated per refill. A call into the cipher costs about as much for 1 block as for 4
 * (its fixed cost dominates), so 4 blocks (64 words) keep both a short command and a long run cheap.
 * Buffers start at multiples of 64 words, so consecutive commands of a match share one.
 */
const BUFFER_BLOCKS = 4;
const BUFFER_WORDS = BLOCK_WORDS * BUFFER_BLOCKS;
/**
 * The last keystream buffer computed for each of the most recent keys: a command opens a fresh
 * cursor on the stored state, and most commands draw from the buffer the previous one used. A pure
 * memo (a buffer is a function of its key and position), never read by anything but `next32`.
 */
const recent = new Map<string, { readonly start: number; readonly view: DataView }>();
const RECENT_KEYS = 256;
/** RFC 8439 ChaCha20 has a 32-bit block counter; a stream ends a buffer short of it (about 2^36 words). */
const MAX_WORDS = (2 ** 32 - 1 - BUFFER_BLOCKS) * BLOCK_WORDS;
const NONCE = new Uint8Array(12);
const ZEROS = new Uint8Array(BUFFER_WORDS * 4);
const TWO_32 = 2 ** 32;
const TWO_53 = 2 ** 53;

/**
 * Derives the initial state of one random stream of a match.
 * @param seed the match's secret seed; the server uses 64 hex characters (256 bits) of OS
 *   randomness. Any string is accepted (tests use short labels).
 * @param stream the stream's label, a non-empty string naming what the stream draws (e.g.
 *   `"dice"` for public dice, `"decks"` for secret deck orders). Different labels give
 *   independent streams: nothing drawn from one tells anything about another.
 * @returns `{ key, drawn: 0 }` with key = HMAC-SHA256(seed, `fogwar-rng:` + stream), hex.
 * @throws TypeError if `stream` is empty.
 */
export function rngStateFromSeed(seed: string, stream: string): RngState {
  if (typeof stream !== "string" || stream.length === 0) throw new TypeError("a random stream needs a non-empty label");
  return { key: bytesToHex(hmac(sha256, utf8ToBytes(seed), utf8ToBytes(`fogwar-rng:${stream}`))), drawn: 0 };
}

/**
 * A mutable cursor over an {@link RngState}. Rulesets open one per stream at the start of `apply`,
 * draw from it, and store `state()` back into the match state before returning. A cursor
 * computes ChaCha20 blocks (64 words at a time) only when a draw needs them, and takes them from
 * the previous cursor on the same key when it has them, so opening one costs nothing.
 */
export class Random {
  private readonly hexKey: string;
  private drawn: number;
  /** Index of the first keystream word held in `view`, or -1 when nothing is buffered. */
  private bufferStart = -1;
  private view: DataView | null = null;

  /**
   * @param state a state from {@link rngStateFromSeed} or {@link Random.state}; not mutated.
   * @throws TypeError if `state` is not `{ key: 64 hex characters, drawn: non-negative safe integer }`.
   */
  constructor(state: RngState) {
    if (typeof state !== "object" || state === null || typeof state.key !== "string" || !KEY_HEX.test(state.key)) {
      throw new TypeError("random state needs a key of 64 lowercase hex characters");
    }
    if (!Number.isSafeInteger(state.drawn) || state.drawn < 0 || state.drawn >= MAX_WORDS) {
      throw new TypeError(`random state needs a drawn count in [0, about 2^36), got ${String(state.drawn)}`);
    }
    this.hexKey = state.key;
    this.drawn = state.drawn;
  }

  /** The next 32-bit word of the keystream, as an unsigned integer in [0, 2^32). */
  private next32(): number {
    const at = this.drawn;
    if (at >= MAX_WORDS) throw new RangeError("random stream exhausted (about 2^36 words)");
    if (this.view === null || at < this.bufferStart || at >= this.bufferStart + BUFFER_WORDS) this.fill(at - (at % BUFFER_WORDS));
    this.drawn = at + 1;
    return (this.view as DataView).getUint32((at - this.bufferStart) * 4, true);
  }

  /** Buffers the 64 keystream words from word `start` (a multiple of 64): remembered, or computed. */
  private fill(start: number): void {
    const memo = recent.get(this.hexKey);
    if (memo !== undefined && memo.start === start) {
      this.view = memo.view;
    } else {
      const bytes = new Uint8Array(BUFFER_WORDS * 4);
      chacha20(hexToBytes(this.hexKey), NONCE, ZEROS, bytes, start / BLOCK_WORDS);
      this.view = new DataView(bytes.buffer);
      recent.delete(this.hexKey);
      recent.set(this.hexKey, { start, view: this.view });
      if (recent.size > RECENT_KEYS) recent.delete(recent.keys().next().value as string);
    }
    this.bufferStart = start;
  }

  /**
   * A uniform integer in [from, to], both included, without modulo bias: a 32-bit word (53 bits
   * from two words for ranges wider than 2^32) is drawn again while it falls in the incomplete
   * last copy of the range (rejection sampling), then reduced modulo the range's size.
   * @throws RangeError if from > to, if a bound is not a safe integer (NaN, 2.5, ...), or if the
   *   range holds more than 2^53 values, rather than returning a value outside the contract.
   */
  int(from: number, to: number): number {
    if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to)) {
      throw new RangeError(`bounds must be integers, got [${from}, ${to}]`);
    }
    if (from > to) throw new RangeError(`empty range [${from}, ${to}]`);
    if (to - from >= TWO_53) throw new RangeError(`range [${from}, ${to}] holds more than 2^53 values`);
    const size = to - from + 1;
    if (size <= TWO_32) {
      const limit = TWO_32 - (TWO_32 % size);
      let word = this.next32();
      while (word >= limit) word = this.next32();
      return from + (word % size);
    }
    const limit = TWO_53 - (TWO_53 % size);
    let value = (this.next32() >>> 11) * TWO_32 + this.next32();
    while (value >= limit) value = (this.next32() >>> 11) * TWO_32 + this.next32();
    return from + (value % size);
  }

  /** A uniform element of a non-empty list. Throws RangeError on an empty list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("pick from an empty list");
    return items[this.int(0, items.length - 1)] as T;
  }

  /** A shuffled copy of `items` (Fisher-Yates, each swap index drawn by {@link Random.int}). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /** The current state, `{ key, drawn }`, a fresh plain object to store back into the match state. */
  state(): RngState {
    return { key: this.hexKey, drawn: this.drawn };
  }
}
