/**
 * A live match stores the state hash with every 16th entry and the last (src/state-hash.ts
 * `hashesEntry`; the reveal of a muster is covered by history-muster.e2e.test.ts): the others
 * are stored without one. A match is rebuilt through its unhashed entries, and a hashed entry
 * that no longer matches its replay is still found.
 */
import { stateHash } from "@fogwar/engine";
import { CorruptLogError, LiveMatch } from "../src/live.js";
import { RULESETS } from "../src/hosts/index.js";
import { HASH_EVERY, hashesEntry } from "../src/state-hash.js";
import { openStore, type MatchStore } from "../src/store/index.js";
import { storedEmberMatch } from "./stored-ember";

jest.setTimeout(60_000);

const host = RULESETS.get("ember")!;
const SEED = "hash-checkpoints-seed";

let store: MatchStore;
beforeAll(async () => {
  store = await openStore({});
});
afterAll(async () => {
  await store?.close();
});

/** Stores a new EMBER match and plays a whole bot game on it through a live match; returns the engine's states after each entry. */
async function playedMatch(id: string): Promise<unknown[]> {
  const entries = await storedEmberMatch(store, id, SEED, "hash-checkpoints-bot");
  const match = await LiveMatch.open(store, id);
  for (const entry of entries) {
    const outcome = await match.submit(entry.seat, entry.command, `id-${entry.seq}`);
    if (!outcome.ok) throw new Error(outcome.error.code);
  }
  expect(match.result).not.toBeNull();
  // The engine's states after each entry, replayed from the stored setup and seed.
  const record = (await store.getMatch(id))!;
  const states: unknown[] = [host.ruleset.setup(record.setup as never, SEED).state];
  for (const entry of entries) {
    const applied = host.ruleset.apply(states.at(-1), entry.command, entry.seat);
    if (!applied.ok) throw new Error(applied.error.code);
    states.push(applied.state);
  }
  return states;
}

test("hashesEntry: every 16th entry, the last and a muster's reveal", () => {
  expect(HASH_EVERY).toBe(16);
  expect([1, 15, 17, 31].map((seq) => hashesEntry(seq, false, false))).toEqual([false, false, false, false]);
  expect([16, 32, 48].map((seq) => hashesEntry(seq, false, false))).toEqual([true, true, true]);
  expect(hashesEntry(7, true, false)).toBe(true);
  expect(hashesEntry(7, false, true)).toBe(true);
});

test("a live match stores the engine's state hash with every 16th entry and the last, no hash with the others", async () => {
  const states = await playedMatch("checkpoints");
  const entries = await store.entries("checkpoints");
  expect(entries.length).toBeGreaterThan(2 * HASH_EVERY);
  entries.forEach((e, i) => {
    const hashed = e.seq % HASH_EVERY === 0 || i === entries.length - 1;
    expect([e.seq, e.stateHash]).toEqual([e.seq, hashed ? stateHash(states[i + 1]) : null]);
  });
});

test("a match is rebuilt through its unhashed entries; a hashed entry that does not replay to its hash is found", async () => {
  await playedMatch("rebuilt");
  const loaded = await LiveMatch.load(store, "rebuilt");
  const entries = await store.entries("rebuilt");
  expect(loaded!.seq).toBe(entries.length);
  expect(stateHash(loaded!.state)).toBe(entries.at(-1)!.stateHash);

  // The same log read back with entry 16's hash altered (an entry without a hash is not checked).
  const altered: MatchStore = {
    ...store,
    entries: async (id, after) => (await store.entries(id, after)).map((e) => (e.seq === HASH_EVERY ? { ...e, stateHash: "0".repeat(64) } : e.seq === 3 ? { ...e, stateHash: null } : e)),
  };
  await expect(LiveMatch.load(altered, "rebuilt")).rejects.toThrow(CorruptLogError);
  await expect(LiveMatch.load(altered, "rebuilt")).rejects.toThrow(`log entry ${HASH_EVERY} does not replay: state hash differs`);
});
