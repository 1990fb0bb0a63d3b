/**
 * The dice attack: a viewer who sees public D6 tries to learn the generator's state from them and
 * predict the next dice (and, from the same state, every hidden draw of the stream).
 *
 * Against the former generator (pure-rand's xoroshiro128+, dice drawn by its `uniformInt` as the
 * engine's `Random.int(1, 6)` drew them) the attack works: a D6 is `1 + (word + 2^31) mod 6` (a
 * word is rejected only at or above 2^32 - 4, once in a billion draws), 6 is even, so the parity
 * of a die is the low bit of the output word, which is the XOR of the low bits of two state words:
 * a linear function over GF(2) of the 128-bit state. 128 independent parities (a few more dice
 * than 128 when some equations are dependent) give the whole state by Gaussian elimination, and
 * from it every later die.
 *
 * The same attack against the engine's generator (a ChaCha20 keystream) finds no state that
 * predicts anything: its guesses are right at chance (1 in 6). A second check does not depend
 * on which linear generator was used: the parities of the dice of any generator whose output bit
 * is linear in a state of at most a few hundred bits (xorshift, xoroshiro, an LFSR...) have a
 * linear complexity (Berlekamp-Massey) no larger than that state, while a cryptographic stream's
 * parities have about half their length.
 */
import { xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { Random, rngStateFromSeed } from "../src/rng";

/** A bit vector over the 128 state bits, one bigint. */
type Vec = bigint;
/** A symbolic 32-bit word: for each bit, which state bits XOR to it. */
type SymWord = Vec[];

const shl = (w: SymWord, k: number): SymWord => w.map((_, i) => (i >= k ? (w[i - k] as Vec) : 0n));
const shr = (w: SymWord, k: number): SymWord => w.map((_, i) => (i + k < 32 ? (w[i + k] as Vec) : 0n));
const xor = (...ws: SymWord[]): SymWord => ws[0]!.map((_, i) => ws.reduce((acc, w) => acc ^ (w[i] as Vec), 0n));
const or = xor; // the two halves of (a1 << 16 | a0 >>> 16) never overlap, so OR is XOR there.

/**
 * The parity of each of `count` successive D6 as a linear form of xoroshiro128+'s initial state
 * (pure-rand's word order s01, s00, s11, s10: bits 0-31, 32-63, 64-95, 96-127).
 */
function parityForms(count: number): Vec[] {
  const word = (base: number): SymWord => Array.from({ length: 32 }, (_, i) => 1n << BigInt(base + i));
  let [s01, s00, s11, s10] = [word(0), word(32), word(64), word(96)];
  const forms: Vec[] = [];
  for (let n = 0; n < count; n++) {
    // out = s00 + s10: its low bit is the XOR of the low bits (no carry into bit 0).
    forms.push((s00[0] as Vec) ^ (s10[0] as Vec));
    const a0 = xor(s10, s00);
    const a1 = xor(s11, s01);
    const [o00, o01] = [s00, s01];
    s00 = xor(shl(o00, 24), shr(o01, 8), a0, shl(a0, 16));
    s01 = xor(shl(o01, 24), shr(o00, 8), a1, or(shl(a1, 16), shr(a0, 16)));
    s10 = xor(shl(a1, 5), shr(a0, 27));
    s11 = xor(shl(a0, 5), shr(a1, 27));
  }
  return forms;
}

/**
 * Solves forms[i] . x = bits[i] over GF(2) for the 128 state bits by Gaussian elimination; free
 * bits (if the forms do not have full rank) are 0. Returns the state as pure-rand's four int32
 * words, and whether the system had full rank and was consistent.
 */
function solve(forms: readonly Vec[], bits: readonly number[]): { state: number[]; consistent: boolean; rank: number } {
  const pivots = new Map<number, { form: Vec; bit: number }>();
  let consistent = true;
  forms.forEach((f, i) => {
    let form = f;
    let bit = bits[i] as number;
    for (let col = 127; col >= 0 && form !== 0n; col--) {
      if (((form >> BigInt(col)) & 1n) === 0n) continue;
      const row = pivots.get(col);
      if (!row) {
        pivots.set(col, { form, bit });
        return;
      }
      form ^= row.form;
      bit ^= row.bit;
    }
    if (bit !== 0) consistent = false;
  });
  // Back-substitution from the lowest pivot up: a row's other columns are all below its pivot.
  const x = new Array<number>(128).fill(0);
  for (let col = 0; col < 128; col++) {
    const row = pivots.get(col);
    if (!row) continue;
    let v = row.bit;
    for (let c = 0; c < col; c++) if ((row.form >> BigInt(c)) & 1n) v ^= x[c] as number;
    x[col] = v;
  }
  const state = [0, 1, 2, 3].map((w) => {
    let v = 0;
    for (let i = 0; i < 32; i++) v |= (x[w * 32 + i] as number) << i;
    return v | 0;
  });
  return { state, consistent, rank: pivots.size };
}

/** The attacker's guess of the next `count` D6 after `seen`: replay xoroshiro128+ from the solved state. */
function attack(seen: readonly number[], count: number): { predicted: number[]; consistent: boolean; rank: number } {
  const { state, consistent, rank } = solve(parityForms(seen.length), seen.map((d) => (d - 1) & 1));
  const generator = xoroshiro128plusFromState(state);
  for (let i = 0; i < seen.length; i++) uniformInt(generator, 1, 6);
  return { predicted: Array.from({ length: count }, () => uniformInt(generator, 1, 6)), consistent, rank };
}

const hits = (a: readonly number[], b: readonly number[]): number => a.filter((v, i) => v === b[i]).length;

/** The linear complexity of a bit sequence (Berlekamp-Massey over GF(2)). */
function linearComplexity(bits: readonly number[]): number {
  const n = bits.length;
  const c = new Uint8Array(n + 1);
  let b = new Uint8Array(n + 1);
  c[0] = 1;
  b[0] = 1;
  let length = 0;
  let m = -1;
  for (let i = 0; i < n; i++) {
    let d = bits[i] as number;
    for (let j = 1; j <= length; j++) d ^= (c[j] as number) & (bits[i - j] as number);
    if (d === 0) continue;
    const t = c.slice();
    for (let j = 0; j + i - m <= n; j++) c[j + i - m]! ^= b[j] as number;
    if (2 * length <= i) {
      length = i + 1 - length;
      m = i;
      b = t;
    }
  }
  return length;
}

/** The former match generator, as the engine drew a D6 with it. */
function oldDice(seed: number, count: number): number[] {
  // Any 128-bit state: these words are what the old rngStateFromSeed gave for some seed.
  const generator = xoroshiro128plusFromState([seed | 0, (seed * 2654435761) | 0, 0x5bd1e995 ^ seed, 0x27d4eb2f]);
  return Array.from({ length: count }, () => uniformInt(generator, 1, 6));
}

/** The engine's match generator, drawing public dice as every ruleset does. */
function newDice(seed: string, count: number): number[] {
  const random = new Random(rngStateFromSeed(seed, "dice"));
  return Array.from({ length: count }, () => random.int(1, 6));
}

describe("the dice attack (state recovery from public D6)", () => {
  it("recovers xoroshiro128+'s state from 140 public D6 and predicts the next 200 exactly", () => {
    for (const seed of [1, 0x1234567, -987654321]) {
      const dice = oldDice(seed, 340);
      const { predicted, consistent, rank } = attack(dice.slice(0, 140), 200);
      expect(rank).toBe(128);
      expect(consistent).toBe(true);
      expect(hits(predicted, dice.slice(140))).toBe(200);
    }
  });

  it("learns nothing from the engine's generator: its predictions of 600 dice are right at chance", () => {
    const dice = newDice("attack-fixed-seed", 740);
    const { predicted, consistent } = attack(dice.slice(0, 140), 600);
    // No xoroshiro128+ state explains the parities seen (full rank after 128 dice; the 12 more
    // dice contradict the solution), and the guesses hit about 1 in 6.
    expect(consistent).toBe(false);
    expect(hits(predicted, dice.slice(140))).toBeLessThan(0.3 * 600);
  });

  it("finds the dice parities of a linear generator short (linear complexity 128), the engine's near half their length", () => {
    const parities = (dice: readonly number[]): number[] => dice.map((d) => (d - 1) & 1);
    expect(linearComplexity(parities(oldDice(42, 2000)))).toBeLessThanOrEqual(128);
    const complexity = linearComplexity(parities(newDice("complexity-fixed-seed", 2000)));
    expect(complexity).toBeGreaterThan(950);
    expect(complexity).toBeLessThan(1050);
  });

  it("keeps streams apart: the dice stream tells nothing of a hidden stream of the same seed", () => {
    // The public dice and a secret deck order come from different keys: even a full copy of the
    // dice stream's state does not give the deck stream's.
    const seed = "one-match-seed";
    const dice = new Random(rngStateFromSeed(seed, "dice"));
    for (let i = 0; i < 1000; i++) dice.int(1, 6);
    const decks = rngStateFromSeed(seed, "decks");
    expect(dice.state().key).not.toBe(decks.key);
    const deckFromDiceKey = new Random({ key: dice.state().key, drawn: 0 }).shuffle(Array.from({ length: 30 }, (_, i) => i));
    const deck = new Random(decks).shuffle(Array.from({ length: 30 }, (_, i) => i));
    expect(hits(deckFromDiceKey, deck)).toBeLessThan(5);
  });
});
