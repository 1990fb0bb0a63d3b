import { chacha20 } from "@noble/ciphers/chacha.js";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { Random, rngStateFromSeed, type RngState } from "../src/rng";

const draw = (rng: Random, n: number, from = 1, to = 1000): number[] =>
  Array.from({ length: n }, () => rng.int(from, to));

describe("rngStateFromSeed", () => {
  it("derives the same state from the same seed and stream: a 256-bit key in hex and nothing drawn", () => {
    const a = rngStateFromSeed("match-seed", "dice");
    const b = rngStateFromSeed("match-seed", "dice");
    expect(a).toEqual(b);
    expect(a.key).toMatch(/^[0-9a-f]{64}$/);
    expect(a.drawn).toBe(0);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
  });

  it("derives different states from different seeds", () => {
    expect(rngStateFromSeed("seed-a", "dice")).not.toEqual(rngStateFromSeed("seed-b", "dice"));
    expect(rngStateFromSeed("", "dice")).not.toEqual(rngStateFromSeed(" ", "dice"));
  });

  it("derives independent streams from one seed under different labels", () => {
    const dice = draw(new Random(rngStateFromSeed("one-seed", "dice")), 50);
    const decks = draw(new Random(rngStateFromSeed("one-seed", "decks")), 50);
    expect(rngStateFromSeed("one-seed", "dice").key).not.toBe(rngStateFromSeed("one-seed", "decks").key);
    expect(dice).not.toEqual(decks);
    // Labels are not concatenated with the seed: ("a", "b:c") and ("a:b", "c") differ.
    expect(rngStateFromSeed("a", "b:c").key).not.toBe(rngStateFromSeed("a:b", "c").key);
  });

  it("throws TypeError on an empty stream label", () => {
    expect(() => rngStateFromSeed("seed", "")).toThrow(TypeError);
  });

  it("is the key HMAC-SHA256(seed, 'fogwar-rng:' + label)", () => {
    const key = bytesToHex(hmac(sha256, utf8ToBytes("seed"), utf8ToBytes("fogwar-rng:dice")));
    expect(rngStateFromSeed("seed", "dice").key).toBe(key);
  });
});

describe("Random", () => {
  it("produces the same sequence from the same seed", () => {
    const a = new Random(rngStateFromSeed("alpha", "test"));
    const b = new Random(rngStateFromSeed("alpha", "test"));
    expect(draw(a, 100)).toEqual(draw(b, 100));
  });

  it("produces different sequences from different seeds", () => {
    const a = draw(new Random(rngStateFromSeed("alpha", "test")), 50);
    const b = draw(new Random(rngStateFromSeed("beta", "test")), 50);
    expect(a).not.toEqual(b);
  });

  it("does not mutate the state it was built from", () => {
    const state = rngStateFromSeed("frozen", "test");
    const copy = { ...state };
    draw(new Random(state), 20);
    expect(state).toEqual(copy);
  });

  it("round-trips state(): a generator rebuilt from a saved state continues with the same values", () => {
    const original = new Random(rngStateFromSeed("resume", "test"));
    draw(original, 37);
    const saved = original.state();
    const expected = draw(original, 100);
    const resumed = new Random(saved);
    expect(draw(resumed, 100)).toEqual(expected);
  });

  it("returns state() as plain JSON data that survives serialization", () => {
    const rng = new Random(rngStateFromSeed("json", "test"));
    draw(rng, 5);
    const saved = JSON.parse(JSON.stringify(rng.state())) as RngState;
    const next = draw(rng, 10);
    expect(draw(new Random(saved), 10)).toEqual(next);
  });

  it("returns a fresh copy from state(), so later draws do not change a saved state", () => {
    const rng = new Random(rngStateFromSeed("copy", "test"));
    const saved = rng.state();
    const snapshot = { ...saved };
    draw(rng, 10);
    expect(saved).toEqual(snapshot);
    expect(rng.state()).not.toEqual(snapshot);
  });

  it("int(from, to) stays within both inclusive bounds and hits both ends", () => {
    const rng = new Random(rngStateFromSeed("bounds", "test"));
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const v = rng.int(-2, 2);
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(-2);
      expect(v).toBeLessThanOrEqual(2);
      seen.add(v);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([-2, -1, 0, 1, 2]);
  });

  it("int(n, n) always returns n", () => {
    const rng = new Random(rngStateFromSeed("single", "test"));
    for (let i = 0; i < 20; i++) expect(rng.int(7, 7)).toBe(7);
  });

  it("int throws RangeError on an empty range", () => {
    const rng = new Random(rngStateFromSeed("empty", "test"));
    expect(() => rng.int(6, 1)).toThrow(RangeError);
    expect(() => rng.int(1, 0)).toThrow(/empty range/);
  });

  it("int throws RangeError on bounds that are not integers instead of returning garbage", () => {
    const rng = new Random(rngStateFromSeed("bad-bounds", "test"));
    const before = rng.state();
    expect(() => rng.int(1.5, 3)).toThrow(RangeError);
    expect(() => rng.int(1, 2.5)).toThrow(/bounds must be integers/);
    expect(() => rng.int(0, Number.NaN)).toThrow(RangeError);
    expect(() => rng.int(0, Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(rng.state()).toEqual(before); // nothing was drawn
  });

  it("pick returns elements of the list, covers all of them, and throws on an empty list", () => {
    const rng = new Random(rngStateFromSeed("pick", "test"));
    const items = ["a", "b", "c", "d"] as const;
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const v = rng.pick(items);
      expect(items).toContain(v);
      seen.add(v);
    }
    expect(seen.size).toBe(4);
    expect(() => rng.pick([])).toThrow(RangeError);
  });

  it("pick is deterministic for a given seed", () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    const a = new Random(rngStateFromSeed("pick-det", "test"));
    const b = new Random(rngStateFromSeed("pick-det", "test"));
    const seqA = Array.from({ length: 30 }, () => a.pick(items));
    const seqB = Array.from({ length: 30 }, () => b.pick(items));
    expect(seqA).toEqual(seqB);
  });

  it("shuffle returns a permutation of its input and leaves the input untouched", () => {
    const rng = new Random(rngStateFromSeed("shuffle", "test"));
    const input = Array.from({ length: 20 }, (_, i) => i);
    const frozen = [...input];
    for (let round = 0; round < 50; round++) {
      const out = rng.shuffle(input);
      expect(out).toHaveLength(input.length);
      expect([...out].sort((a, b) => a - b)).toEqual(frozen);
      expect(out).not.toBe(input);
    }
    expect(input).toEqual(frozen);
  });

  it("shuffle is deterministic for a given seed and actually reorders", () => {
    const input = Array.from({ length: 20 }, (_, i) => i);
    const a = new Random(rngStateFromSeed("shuffle-det", "test")).shuffle(input);
    const b = new Random(rngStateFromSeed("shuffle-det", "test")).shuffle(input);
    expect(a).toEqual(b);
    expect(a).not.toEqual(input);
    const c = new Random(rngStateFromSeed("shuffle-other", "test")).shuffle(input);
    expect(c).not.toEqual(a);
  });

  it("shuffle handles empty and single-element lists", () => {
    const rng = new Random(rngStateFromSeed("tiny", "test"));
    expect(rng.shuffle([])).toEqual([]);
    expect(rng.shuffle(["x"])).toEqual(["x"]);
  });

  it("shuffle reaches every permutation of three items", () => {
    const rng = new Random(rngStateFromSeed("perms", "test"));
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) seen.add(rng.shuffle(["a", "b", "c"]).join(""));
    expect(seen.size).toBe(6);
  });

  it("int(1, 6) is roughly uniform over 60,000 draws (chi-square, 5 degrees of freedom)", () => {
    const rng = new Random(rngStateFromSeed("uniformity", "test"));
    const n = 60_000;
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < n; i++) counts[rng.int(1, 6) - 1]! += 1;
    const expected = n / 6;
    const chiSquare = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // p = 0.001 critical value for 5 degrees of freedom is 20.52; a correct generator with a fixed
    // seed passes this (deterministically), a biased one (e.g. off-by-one on a face) does not.
    expect(chiSquare).toBeLessThan(20.52);
    for (const c of counts) expect(Math.abs(c - expected) / expected).toBeLessThan(0.03);
  });

  it("draws the ChaCha20 keystream (RFC 8439, zero nonce) of its key as little-endian 32-bit words", () => {
    const state = rngStateFromSeed("keystream", "test");
    const stream = chacha20(hexToBytes(state.key), new Uint8Array(12), new Uint8Array(400));
    const words = Array.from({ length: 100 }, (_, i) => new DataView(stream.buffer).getUint32(i * 4, true));
    const rng = new Random(state);
    // Range of 2^32 values: no word is rejected, so each draw is one keystream word.
    expect(Array.from({ length: 100 }, () => rng.int(0, 2 ** 32 - 1))).toEqual(words);
    expect(rng.state()).toEqual({ key: state.key, drawn: 100 });
    // Resuming mid-block (and mid-buffer) gives the same words as the uninterrupted stream.
    const resumed = new Random({ key: state.key, drawn: 37 });
    expect(resumed.int(0, 2 ** 32 - 1)).toBe(words[37]);
  });

  it("has no modulo bias: a range of 3 * 2^30 values is drawn by rejection, uniform over its thirds", () => {
    // With plain modulo, values below 2^30 would come twice as often as the others (1/2, not 1/3).
    const rng = new Random(rngStateFromSeed("bias", "test"));
    const size = 3 * 2 ** 30;
    const n = 30_000;
    let low = 0;
    for (let i = 0; i < n; i++) if (rng.int(0, size - 1) < 2 ** 30) low++;
    expect(Math.abs(low / n - 1 / 3)).toBeLessThan(0.015);
    // Each rejected word costs one more: more words drawn than values.
    expect(rng.state().drawn).toBeGreaterThan(n);
  });

  it("draws ranges wider than 2^32 from 53 bits and refuses ranges of more than 2^53 values", () => {
    const rng = new Random(rngStateFromSeed("wide", "test"));
    let high = 0;
    for (let i = 0; i < 2000; i++) {
      const v = rng.int(0, 2 ** 40);
      expect(Number.isSafeInteger(v) && v >= 0 && v <= 2 ** 40).toBe(true);
      if (v >= 2 ** 39) high++;
    }
    expect(high).toBeGreaterThan(900);
    expect(high).toBeLessThan(1100);
    expect(rng.int(Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER + 2 ** 53 - 1)).toBeGreaterThanOrEqual(Number.MIN_SAFE_INTEGER);
    const before = rng.state();
    expect(() => rng.int(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)).toThrow(/more than 2\^53 values/);
    expect(rng.state()).toEqual(before);
  });

  it("throws TypeError on a state that is not a key and a drawn count", () => {
    const key = rngStateFromSeed("bad-state", "test").key;
    expect(() => new Random({ key: "00", drawn: 0 })).toThrow(TypeError);
    expect(() => new Random({ key: key.toUpperCase(), drawn: 0 })).toThrow(/64 lowercase hex/);
    expect(() => new Random({ key, drawn: -1 })).toThrow(/drawn count/);
    expect(() => new Random({ key, drawn: 1.5 })).toThrow(TypeError);
    expect(() => new Random([1, 2, 3, 4] as unknown as RngState)).toThrow(TypeError);
  });
});
