/**
 * The muster's bookkeeping (./src/muster.ts, design.md principle 8): salts come from the muster
 * key, which the reveal drops and which no revealed seed opens; a seat locks at most MAX_LOCKS
 * times, so undoing and redoing a list cannot grow a log without bound.
 */
import { MAX_LOCKS, allLocked, canUnlock, diceSeed, lockList, musterKey, musterSalt, revealMuster, seedCommitment, startMuster, unlockList, verifyCommitment, verifySeed, sha256Hex } from "../src";

const SEED = "muster-seed-0123456789abcdef";

test("after MAX_LOCKS locks a seat's unlock is refused with too_many_locks and changes nothing: its last lock stands", () => {
  const muster = startMuster<string>(["p1", "p2"], SEED);
  for (let i = 0; i < MAX_LOCKS - 1; i++) {
    expect(lockList(muster, SEED, "p1", `draft-${i}`)).toHaveProperty("commitment");
    expect(canUnlock(muster.seats.p1, false)).toBe(true);
    expect(unlockList(muster, "p1")).toBeNull();
  }
  expect(lockList(muster, SEED, "p1", "last")).toHaveProperty("commitment");
  expect(canUnlock(muster.seats.p1, false)).toBe(false);
  const before = structuredClone(muster);
  expect(unlockList(muster, "p1")).toBe("too_many_locks");
  expect(muster).toEqual(before);
  // The other seat is not concerned.
  expect(lockList(muster, SEED, "p2", "list")).toHaveProperty("commitment");
});

test("salts come from the muster key, which the reveal drops; neither the seed's dice seed nor the seed commitment opens a draft", () => {
  const muster = startMuster<string>(["p1", "p2"], SEED);
  expect(muster.key).toBe(musterKey(SEED));
  const draft = lockList(muster, SEED, "p1", "draft");
  if (!("commitment" in draft)) throw new Error("refused");
  expect(verifyCommitment(draft.commitment, "draft", musterSalt(musterKey(SEED), "p1", 1))).toBe(true);
  // The dice seed (what a mustered match reveals) is no key to it, nor is the seed's commitment.
  for (const candidate of [diceSeed(SEED), seedCommitment(SEED), musterKey(diceSeed(SEED))]) {
    expect(verifyCommitment(draft.commitment, "draft", musterSalt(candidate, "p1", 1))).toBe(false);
  }
  unlockList(muster, "p1");
  lockList(muster, SEED, "p1", "played");
  lockList(muster, SEED, "p2", "other");
  expect(allLocked(muster)).toBe(true);
  const { salts } = revealMuster(muster, SEED);
  expect(muster.key).toBeUndefined();
  expect(JSON.stringify(muster)).not.toContain(musterKey(SEED));
  expect(verifyCommitment(muster.seats.p1!.commitment!, "played", salts.p1!)).toBe(true);
});

test("the seed commitment opens with the match seed, with its dice seed, and (older matches) with the seed alone", () => {
  const commitment = seedCommitment(SEED);
  expect(verifySeed(commitment, SEED)).toBe(true);
  expect(verifySeed(commitment, diceSeed(SEED))).toBe(true);
  expect(verifySeed(commitment, musterKey(SEED))).toBe(false);
  expect(verifySeed(commitment, "another seed")).toBe(false);
  expect(verifySeed(sha256Hex(`fogwar-seed:${SEED}`), SEED)).toBe(true);
});
