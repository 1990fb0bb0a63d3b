/**
 * A match's last command and its end are one write: a match whose log ends in a result is never
 * left `live` (rebuilt at every start, its seed never revealed). Also older data stored that way
 * is completed when the match is loaded.
 */
import { stateHash } from "@fogwar/engine";
import { LiveMatch } from "../src/live.js";
import { RULESETS } from "../src/hosts/index.js";
import { openStore, StoreDatabaseError, type MatchStore } from "../src/store/index.js";
import { storedEmberMatch } from "./stored-ember";

jest.setTimeout(60_000);

const host = RULESETS.get("ember")!;
const SEED = "finish-test-seed";

/** Stores a new EMBER match and autoplays it in memory; returns the commands that end it. */
const storedMatch = (store: MatchStore, id: string) => storedEmberMatch(store, id, SEED, "finish-bot");

test("the last command finishes the match in the same write: a store refusing finishMatch does not matter", async () => {
  const inner = await openStore({});
  // finishMatch on its own always fails (a database refusing between two writes).
  const store: MatchStore = { ...inner, finishMatch: () => Promise.reject(new StoreDatabaseError("connect ECONNREFUSED", "ECONNREFUSED", undefined)) };
  try {
    const commands = await storedMatch(inner, "atomic-finish");
    const match = await LiveMatch.open(store, "atomic-finish");
    let last;
    for (const entry of commands) last = await match.submit(entry.seat, entry.command, `id-${entry.seq}`);
    expect(last).toMatchObject({ ok: true, result: expect.objectContaining({ reason: expect.any(String) }) });
    const record = await inner.getMatch("atomic-finish");
    expect(record?.status).toBe("finished");
    expect(record?.result).toEqual(match.result);
    expect(await inner.liveMatchIds()).not.toContain("atomic-finish");
  } finally {
    await inner.close();
  }
});

test("a stored log that ends in a result while the match is live is finished when loaded", async () => {
  const store = await openStore({});
  try {
    const commands = await storedMatch(store, "older-data");
    // Older data: every entry stored, the status never changed.
    let state = host.ruleset.setup((await store.getMatch("older-data"))!.setup, SEED).state;
    for (const entry of commands) {
      const result = host.ruleset.apply(state, entry.command, entry.seat);
      if (!result.ok) throw new Error(result.error.code);
      state = result.state;
      await store.appendEntry("older-data", { seq: entry.seq, seat: entry.seat, command: entry.command, events: result.events, stateHash: stateHash(state) });
    }
    expect(await store.liveMatchIds()).toContain("older-data");
    const match = await LiveMatch.load(store, "older-data");
    expect(match?.result).not.toBeNull();
    const record = await store.getMatch("older-data");
    expect(record).toMatchObject({ status: "finished", result: match!.result });
    expect(await store.liveMatchIds()).not.toContain("older-data");
  } finally {
    await store.close();
  }
});
