/**
 * The embedded database runs in a worker thread: a worker that dies fails the calls in flight and
 * every later call with a clear store error (never a silent hang), and its data folder can be
 * opened again once the store is closed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EmbeddedStore, isStoreUnavailable, openStore, StoreDatabaseError, type MatchStore } from "../src/store/index.js";

jest.setTimeout(60_000);

const root = mkdtempSync(join(tmpdir(), "fogwar-worker-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const match = (id: string) => ({ id, ruleset: "ember", rulesVersion: "v", scenario: "s", setup: {}, seed: `seed-${id}`, seedCommitment: "c", options: {} });
const entry = (seq: number) => ({ seq, seat: "red", command: { seq }, events: [], stateHash: `h${seq}` });

/** The store's worker thread. */
function workerOf(store: MatchStore) {
  expect(store).toBeInstanceOf(EmbeddedStore);
  return (store as EmbeddedStore).worker;
}

test("the embedded store runs its database in a worker thread", async () => {
  const store = await openStore({});
  try {
    expect(workerOf(store).threadId).toBeGreaterThan(0);
    await store.createMatch(match("in-worker"), [{ seat: "red", playerName: "A", tokenHash: "h" }]);
    await store.appendEntry("in-worker", entry(1));
    expect(await store.lastSeq("in-worker")).toBe(1);
  } finally {
    await store.close();
  }
});

test("a worker that dies fails the calls in flight and every later call with a StoreDatabaseError (57P02)", async () => {
  const folder = join(root, "crash");
  const store = await openStore({ dataDir: folder });
  await store.createMatch(match("crash"), [{ seat: "red", playerName: "A", tokenHash: "h" }]);
  await store.appendEntry("crash", entry(1));
  // Calls in flight when the worker goes away.
  const inFlight = [store.appendEntry("crash", entry(2)), store.getMatch("crash"), store.entries("crash")].map((p) => p.then(() => "settled", (e: unknown) => e));
  await workerOf(store).terminate();
  for (const outcome of await Promise.all(inFlight)) {
    // A call the worker answered before it went away settled; any other failed with the store's error.
    if (outcome === "settled") continue;
    expect(outcome).toBeInstanceOf(StoreDatabaseError);
    expect(outcome).toMatchObject({ code: "57P02", message: expect.stringContaining("the embedded database stopped") });
    expect(isStoreUnavailable(outcome)).toBe(true);
  }
  // Later calls fail at once.
  const later = await store.lastSeq("crash").catch((e: unknown) => e);
  expect(later).toBeInstanceOf(StoreDatabaseError);
  expect(later).toMatchObject({ code: "57P02" });
  // Closing the dead store releases the folder; what was acknowledged is there.
  await store.close();
  const again = await openStore({ dataDir: folder });
  try {
    expect(await again.lastSeq("crash")).toBeGreaterThanOrEqual(1);
  } finally {
    await again.close();
  }
});

test("a worker that dies while a call waits for it never leaves the call hanging", async () => {
  const store = await openStore({});
  try {
    await store.createMatch(match("hang"), [{ seat: "red", playerName: "A", tokenHash: "h" }]);
    // Many appends queued at once: the worker is still busy with them when it is terminated.
    const appends = Array.from({ length: 200 }, (_, i) => store.appendEntry("hang", entry(i + 1)).then(() => "stored", (e: unknown) => e));
    setImmediate(() => void workerOf(store).terminate());
    const outcomes = await Promise.all(appends);
    const failed = outcomes.filter((o) => o !== "stored");
    expect(failed.length).toBeGreaterThan(0);
    for (const error of failed) expect(error).toMatchObject({ name: "StoreDatabaseError", code: "57P02" });
  } finally {
    await store.close();
  }
});
