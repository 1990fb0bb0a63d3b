/**
 * The storage contract (design.md principles 7 and 10): one suite, run against every driver the
 * store has: PGlite in memory, PGlite in a data folder (also reopened, and after its process was
 * killed) and PostgreSQL when TEST_DATABASE_URL is set. Without TEST_DATABASE_URL the PostgreSQL
 * run is skipped visibly, and under CI it fails: CI must test the real database.
 *
 * The PostgreSQL run empties the store's tables first, so reruns start clean: point
 * TEST_DATABASE_URL at a database meant for tests.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import {
  findMigrationsFolder,
  openStore,
  SequenceConflictError,
  StoreDatabaseError,
  UnknownMatchError,
  type MatchStore,
  type NewChatLine,
  type NewMatch,
  type NewSeat,
  type StoredChatLine,
  type StoredEntry,
} from "../src/store/index.js";

jest.setTimeout(120_000);

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
const IN_CI = !!process.env.CI && process.env.CI !== "false" && process.env.CI !== "0";

/** Raw SQL on the driver's database, for what the store's interface cannot show. */
type Inspect = (query: string) => Promise<Record<string, unknown>[]>;

interface Driver {
  name: string;
  /** Opens the store on this driver's database (the same database every time, for persistent ones). */
  open(): Promise<MatchStore>;
  /** Whether a store opened again sees the same data. */
  persistent: boolean;
  /** Runs raw SQL; for PGlite on disk only while no store has the folder open. */
  inspect?: Inspect;
  /** Called once before the suite (after a first open, so the tables exist). */
  reset?(): Promise<void>;
  cleanup?(): Promise<void>;
}

const tmpDirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tmpDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tmpDirs) rmSync(dir, { recursive: true, force: true });
});

function pgliteOnDisk(): Driver {
  let dataDir = "";
  const folder = () => (dataDir ||= join(tempDir("fogwar-store-"), "data")); // created by openStore
  return {
    name: "PGlite on disk",
    persistent: true,
    open: () => openStore({ dataDir: folder() }),
    async inspect(query) {
      const db = await PGlite.create(folder());
      try {
        return (await db.query<Record<string, unknown>>(query)).rows;
      } finally {
        await db.close();
      }
    },
  };
}

function postgres(url: string): Driver {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const inspect: Inspect = async (query) => (await pool.query(query)).rows;
  return {
    name: "PostgreSQL",
    persistent: true,
    open: () => openStore({ databaseUrl: url }),
    inspect,
    async reset() {
      // Every table of the store at once (they refer to one another), whatever parts it has.
      const tables = (await inspect("select tablename from pg_tables where schemaname = 'public'")) as { tablename: string }[];
      await inspect(`truncate table ${tables.map((t) => `"${t.tablename}"`).join(", ")}`);
    },
    cleanup: () => pool.end(),
  };
}

const drivers: Driver[] = [
  { name: "PGlite in memory", persistent: false, open: () => openStore({}) },
  pgliteOnDisk(),
  ...(TEST_DATABASE_URL ? [postgres(TEST_DATABASE_URL)] : []),
];

// ---------------------------------------------------------------------------------------------
// Fixtures

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let counter = 0;
/** A fresh id (unique per run, so a shared PostgreSQL database never mixes runs up). */
function fresh(label: string): string {
  counter += 1;
  return `${label}-${RUN}-${String(counter).padStart(4, "0")}`;
}

function newMatch(overrides: Partial<NewMatch> = {}): NewMatch {
  const id = overrides.id ?? fresh("m");
  return {
    id,
    ruleset: "ember",
    rulesVersion: "ember-1.0.0",
    scenario: "outpost",
    setup: { armies: { red: ["strider", "lancer"], blue: ["warden"] }, map: { width: 24, height: 16 } },
    seed: `seed-of-${id}`,
    seedCommitment: `commitment-of-${id}`,
    options: { spectatorDelay: 0, reconnectGrace: 120, progressiveReveal: false },
    ...overrides,
  };
}

function newSeats(matchId: string, names: [string, string] = ["Alice", "Bob"]): NewSeat[] {
  return [
    { seat: "red", playerName: names[0], tokenHash: `hash-red-${matchId}` },
    { seat: "blue", playerName: names[1], tokenHash: `hash-blue-${matchId}` },
  ];
}

function entry(seq: number, extra: Partial<StoredEntry> = {}): StoredEntry {
  return {
    seq,
    seat: seq % 2 === 1 ? "red" : "blue",
    command: { type: "move", unit: `u${seq}`, to: [seq, seq + 1] },
    events: [{ audience: { kind: "everyone" }, event: { type: "moved", unit: `u${seq}` } }],
    stateHash: `state-${seq}`,
    ...extra,
  };
}

/** What a JSON value is after any JSON store: JSON.stringify then JSON.parse. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? "null");

/** Nested JSON with the values that usually break round trips. */
const NESTED = {
  numbers: [0, 1, -1, 1.5, -0.000001, 0.1 + 0.2, 1e21, 1.7976931348623157e308, 5e-324, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 123456789.12345679, 2 ** -52],
  strings: ["", " ", "42", "true", "null", '"quoted"', "back\\slash", "line\nbreak\ttab", "ünïcödé ÉOWYN", "emoji 🛡️⚔️", "\u2028\u2029", "<script>"],
  booleans: [true, false],
  nothing: null,
  empty: { object: {}, array: [] },
  "key with spaces": { "": "empty key", "ключ": "значение", "0": "zero", "1": "one" },
  deep: Array.from({ length: 60 }).reduce<unknown>((inner, _, i) => ({ level: 60 - i, inner }), { bottom: [[[[]]]] }),
  long: "x".repeat(100_000),
  mixed: [1, "1", [1], { one: 1 }, null, true],
};

function expectEntriesEqual(actual: StoredEntry[], expected: StoredEntry[]): void {
  expect(actual).toEqual(expected.map((e) => ({ ...e, command: asJson(e.command), events: asJson(e.events), commandId: e.commandId ?? null })));
}

async function sleep(ms: number): Promise<void> {
  await new Promise((done) => setTimeout(done, ms));
}

// ---------------------------------------------------------------------------------------------
// The contract

describe.each(drivers)("MatchStore contract on $name", (driver) => {
  let store: MatchStore;

  beforeAll(async () => {
    store = await driver.open();
    await driver.reset?.();
  });
  afterAll(async () => {
    await store?.close();
    await driver.cleanup?.();
  });

  /** Creates a match with two seats; returns its id. */
  async function created(overrides: Partial<NewMatch> = {}, names?: [string, string]): Promise<string> {
    const match = newMatch(overrides);
    await store.createMatch(match, newSeats(match.id, names));
    return match.id;
  }

  describe("createMatch and getMatch", () => {
    test("a created match reads back: live, seats in order and unclaimed, no result", async () => {
      const match = newMatch({ setup: NESTED, options: { spectatorDelay: 2, nested: { a: [1, { b: null }] } } });
      const before = Date.now();
      await store.createMatch(match, [
        { seat: "zulu", playerName: "Zed", tokenHash: "t-zulu" },
        { seat: "alpha", playerName: "Ann", tokenHash: "t-alpha" },
        { seat: "mike", playerName: "Mo", tokenHash: "t-mike" },
      ]);
      const record = await store.getMatch(match.id);
      expect(record).toEqual({
        id: match.id,
        ruleset: "ember",
        rulesVersion: "ember-1.0.0",
        scenario: "outpost",
        status: "live",
        setup: asJson(NESTED),
        seedCommitment: match.seedCommitment,
        options: { spectatorDelay: 2, nested: { a: [1, { b: null }] } },
        seats: [
          { seat: "zulu", playerName: "Zed", claimed: false },
          { seat: "alpha", playerName: "Ann", claimed: false },
          { seat: "mike", playerName: "Mo", claimed: false },
        ],
        createdAt: expect.any(Date),
        finishedAt: null,
        result: null,
      });
      // Database and test clocks are the same machine's; allow for rounding and slow machines.
      expect(record!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(record!.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    });

    test("getMatch never exposes the seed or the token hashes; getSeed returns the seed", async () => {
      const match = newMatch({ seed: "very-secret-seed-value", ruleset: fresh("secret") });
      await store.createMatch(match, [{ seat: "red", playerName: "Alice", tokenHash: "very-secret-token-hash" }]);
      const record = await store.getMatch(match.id);
      const listed = await store.listMatches({ ruleset: match.ruleset, player: "alice" });
      expect(listed).toHaveLength(1);
      for (const shown of [record, ...listed]) {
        const text = JSON.stringify(shown);
        expect(text).not.toContain("very-secret-seed-value");
        expect(text).not.toContain("very-secret-token-hash");
        expect(Object.keys(shown!)).not.toContain("seed");
        for (const seat of shown!.seats) expect(Object.keys(seat).sort()).toEqual(["claimed", "playerName", "seat"]);
      }
      expect(await store.getSeed(match.id)).toBe("very-secret-seed-value");
    });

    test("unknown matches: getMatch and getSeed give null", async () => {
      expect(await store.getMatch(fresh("missing"))).toBeNull();
      expect(await store.getSeed(fresh("missing"))).toBeNull();
    });

    test("createMatch is one transaction: a failing seat leaves no match behind", async () => {
      const match = newMatch();
      await expect(
        store.createMatch(match, [
          { seat: "red", playerName: "A", tokenHash: "same-hash" },
          { seat: "blue", playerName: "B", tokenHash: "same-hash" },
        ]),
      ).rejects.toThrow();
      expect(await store.getMatch(match.id)).toBeNull();
      expect(await store.getSeed(match.id)).toBeNull();

      const twice = newMatch();
      await expect(
        store.createMatch(twice, [
          { seat: "red", playerName: "A", tokenHash: "h1" },
          { seat: "red", playerName: "B", tokenHash: "h2" },
        ]),
      ).rejects.toThrow();
      expect(await store.getMatch(twice.id)).toBeNull();
    });

    test("an existing match id is refused and the stored match is unchanged", async () => {
      const id = await created({ scenario: "first" });
      await expect(store.createMatch(newMatch({ id, scenario: "second" }), [{ seat: "x", playerName: "X", tokenHash: "x" }])).rejects.toThrow();
      const record = await store.getMatch(id);
      expect(record?.scenario).toBe("first");
      expect(record?.seats.map((s) => s.seat)).toEqual(["red", "blue"]);
    });

    test("database errors carry no secrets: no seed, no token hash, no query parameters", async () => {
      const id = await created();
      const error = await store
        .createMatch(newMatch({ id, seed: "secret-seed-in-error" }), [{ seat: "red", playerName: "A", tokenHash: "secret-hash-in-error" }])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreDatabaseError);
      expect(error).toMatchObject({ code: "23505", constraint: "matches_pkey" });
      const dumped = JSON.stringify({ ...(error as object), message: (error as Error).message, stack: (error as Error).stack, cause: (error as Error).cause });
      expect(dumped).not.toContain("secret-seed-in-error");
      expect(dumped).not.toContain("secret-hash-in-error");

      const other = await created();
      const duplicateToken = await store
        .createMatch(newMatch(), [
          { seat: "red", playerName: "A", tokenHash: `hash-red-${other}` },
          { seat: "blue", playerName: "B", tokenHash: `hash-red-${other}` },
        ])
        .catch((e: unknown) => e);
      expect(duplicateToken).toMatchObject({ code: "23505", constraint: "seats_match_token_hash_idx" });
      expect(JSON.stringify({ ...(duplicateToken as object), message: (duplicateToken as Error).message })).not.toContain(`hash-red-${other}`);
    });

    test("a value jsonb cannot hold (a NUL character) is refused and changes nothing", async () => {
      const id = await created();
      await store.appendEntry(id, entry(1));
      await expect(store.appendEntry(id, entry(2, { command: { text: "nul \u0000 here" } }))).rejects.toBeInstanceOf(StoreDatabaseError);
      expect(await store.lastSeq(id)).toBe(1);
      await store.appendEntry(id, entry(2));
      expect(await store.lastSeq(id)).toBe(2);
    });

    test("a match without seats can be stored", async () => {
      const match = newMatch();
      await store.createMatch(match, []);
      expect((await store.getMatch(match.id))?.seats).toEqual([]);
    });
  });

  describe("listMatches", () => {
    test("newest first (by creation, not by id), with seats", async () => {
      const ruleset = fresh("order");
      // Ids in descending order, so ordering by id would give the opposite answer.
      const ids = [`${ruleset}-c`, `${ruleset}-b`, `${ruleset}-a`];
      for (const id of ids) await created({ id, ruleset });
      const listed = await store.listMatches({ ruleset });
      expect(listed.map((m) => m.id)).toEqual([...ids].reverse());
      expect(listed[0]!.seats.map((s) => s.playerName)).toEqual(["Alice", "Bob"]);
      expect(listed[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(listed[2]!.createdAt.getTime());
    });

    test("matches created in the same instant still list newest first", async () => {
      const ruleset = fresh("burst");
      const ids: string[] = [];
      for (let i = 9; i >= 0; i--) ids.push(await created({ id: `${ruleset}-${i}`, ruleset }));
      expect((await store.listMatches({ ruleset })).map((m) => m.id)).toEqual([...ids].reverse());
    });

    test("filter by ruleset and by status (each alone and together)", async () => {
      const rulesetA = fresh("rs-a");
      const rulesetB = fresh("rs-b");
      const liveA = await created({ ruleset: rulesetA });
      const doneA = await created({ ruleset: rulesetA });
      const goneA = await created({ ruleset: rulesetA });
      const liveB = await created({ ruleset: rulesetB });
      await store.finishMatch(doneA, "finished", { winner: "red", reason: "score" });
      await store.finishMatch(goneA, "abandoned", null);

      expect((await store.listMatches({ ruleset: rulesetA })).map((m) => m.id)).toEqual([goneA, doneA, liveA]);
      expect((await store.listMatches({ ruleset: rulesetB })).map((m) => m.id)).toEqual([liveB]);
      expect((await store.listMatches({ ruleset: rulesetA, status: "live" })).map((m) => m.id)).toEqual([liveA]);
      expect((await store.listMatches({ ruleset: rulesetA, status: "finished" })).map((m) => m.id)).toEqual([doneA]);
      expect((await store.listMatches({ ruleset: rulesetA, status: "abandoned" })).map((m) => m.id)).toEqual([goneA]);
      expect((await store.listMatches({ ruleset: rulesetB, status: "finished" })).map((m) => m.id)).toEqual([]);

      const finished = await store.listMatches({ status: "finished", limit: 500 });
      expect(finished.length).toBeGreaterThan(0);
      expect(finished.every((m) => m.status === "finished")).toBe(true);
      expect(finished.map((m) => m.id)).toContain(doneA);
      expect(finished.map((m) => m.id)).not.toContain(liveA);
    });

    test("filter by player: a case-insensitive substring of any seat's name, taken literally", async () => {
      const ruleset = fresh("players");
      const eowyn = await created({ ruleset }, ["Éowyn of Rohan", "Bob"]);
      const percent = await created({ ruleset }, ["50%_off", "Carol"]);
      const plain = await created({ ruleset }, ["Dave", "EVE"]);

      const ids = async (player: string) => (await store.listMatches({ ruleset, player })).map((m) => m.id);
      expect(await ids("éOWYN")).toEqual([eowyn]);
      expect(await ids("of roh")).toEqual([eowyn]);
      expect(await ids("bob")).toEqual([eowyn]); // the second seat counts too
      expect(await ids("eve")).toEqual([plain]);
      expect(await ids("%")).toEqual([percent]); // not a LIKE wildcard
      expect(await ids("_")).toEqual([percent]);
      expect(await ids("nobody")).toEqual([]);
      expect(await ids("")).toEqual([plain, percent, eowyn]);
      expect((await store.listMatches({ ruleset, player: "CAROL", status: "live" })).map((m) => m.id)).toEqual([percent]);
    });

    test("limit: default 50, and an explicit limit keeps the newest", async () => {
      const ruleset = fresh("many");
      const ids: string[] = [];
      for (let i = 0; i < 53; i++) ids.push(await created({ ruleset }));
      const newestFirst = [...ids].reverse();
      expect((await store.listMatches({ ruleset })).map((m) => m.id)).toEqual(newestFirst.slice(0, 50));
      expect((await store.listMatches({ ruleset, limit: 3 })).map((m) => m.id)).toEqual(newestFirst.slice(0, 3));
      expect((await store.listMatches({ ruleset, limit: 100 })).map((m) => m.id)).toEqual(newestFirst);
      expect(await store.listMatches({ ruleset, limit: 0 })).toEqual([]);
    });

    test("no filter lists the newest matches of every kind", async () => {
      const newest = await created({ ruleset: fresh("latest") });
      const listed = await store.listMatches({});
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.length).toBeLessThanOrEqual(50);
      expect(listed[0]!.id).toBe(newest);
    });
  });

  describe("seats", () => {
    test("seatForToken: the right token gives the seat; a wrong token or another match gives null", async () => {
      const first = await created();
      const second = await created();
      expect(await store.seatForToken(first, `hash-red-${first}`)).toBe("red");
      expect(await store.seatForToken(first, `hash-blue-${first}`)).toBe("blue");
      expect(await store.seatForToken(first, "not-a-token-hash")).toBeNull();
      expect(await store.seatForToken(first, `hash-red-${second}`)).toBeNull();
      expect(await store.seatForToken(second, `hash-red-${first}`)).toBeNull();
      expect(await store.seatForToken(fresh("missing"), `hash-red-${first}`)).toBeNull();
      expect(await store.seatForToken(first, "")).toBeNull();
    });

    test("the same token hash may serve seats of different matches", async () => {
      const a = newMatch();
      const b = newMatch();
      await store.createMatch(a, [{ seat: "red", playerName: "A", tokenHash: "shared" }]);
      await store.createMatch(b, [{ seat: "blue", playerName: "B", tokenHash: "shared" }]);
      expect(await store.seatForToken(a.id, "shared")).toBe("red");
      expect(await store.seatForToken(b.id, "shared")).toBe("blue");
    });

    test("claimSeat marks one seat once; claiming again changes nothing", async () => {
      const id = await created();
      await store.claimSeat(id, "blue");
      const once = await store.getMatch(id);
      expect(once?.seats).toEqual([
        { seat: "red", playerName: "Alice", claimed: false },
        { seat: "blue", playerName: "Bob", claimed: true },
      ]);
      await store.claimSeat(id, "blue");
      expect(await store.getMatch(id)).toEqual(once);
      await store.claimSeat(id, "red");
      expect((await store.getMatch(id))?.seats.map((s) => s.claimed)).toEqual([true, true]);
    });

    test("claimSeat on an unknown seat or match throws UnknownMatchError", async () => {
      const id = await created();
      await expect(store.claimSeat(id, "green")).rejects.toBeInstanceOf(UnknownMatchError);
      await expect(store.claimSeat(fresh("missing"), "red")).rejects.toBeInstanceOf(UnknownMatchError);
      expect((await store.getMatch(id))?.seats.map((s) => s.claimed)).toEqual([false, false]);
    });
  });

  describe("the log", () => {
    test("appendEntry, entries (all and after), lastSeq", async () => {
      const id = await created();
      expect(await store.lastSeq(id)).toBe(0);
      expect(await store.entries(id)).toEqual([]);
      const written = [entry(1), entry(2), entry(3)];
      for (const e of written) await store.appendEntry(id, e);
      expect(await store.lastSeq(id)).toBe(3);
      expectEntriesEqual(await store.entries(id), written);
      expectEntriesEqual(await store.entries(id, 0), written);
      expectEntriesEqual(await store.entries(id, 1), written.slice(1));
      expectEntriesEqual(await store.entries(id, 2), written.slice(2));
      expect(await store.entries(id, 3)).toEqual([]);
      expect(await store.entries(id, 99)).toEqual([]);
    });

    test("logs of different matches are independent", async () => {
      const a = await created();
      const b = await created();
      await store.appendEntry(a, entry(1, { stateHash: "a1" }));
      await store.appendEntry(b, entry(1, { stateHash: "b1" }));
      await store.appendEntry(a, entry(2, { stateHash: "a2" }));
      expect((await store.entries(a)).map((e) => e.stateHash)).toEqual(["a1", "a2"]);
      expect((await store.entries(b)).map((e) => e.stateHash)).toEqual(["b1"]);
      expect(await store.lastSeq(b)).toBe(1);
    });

    test("command ids: stored with the entry and read back; unique per match and seat, so a second entry with a seat's used id is refused and changes nothing", async () => {
      const id = await created();
      await store.appendEntry(id, entry(1, { seat: "red", commandId: "c-1" }));
      await store.appendEntry(id, entry(2, { seat: "blue", commandId: "c-1" }));
      await store.appendEntry(id, entry(3, { seat: "red" }));
      await store.appendEntry(id, entry(4, { seat: "red" }));
      expect((await store.entries(id)).map((e) => [e.seat, e.commandId])).toEqual([
        ["red", "c-1"],
        ["blue", "c-1"],
        ["red", null],
        ["red", null],
      ]);
      const before = await store.entries(id);
      await expect(store.appendEntry(id, entry(5, { seat: "red", commandId: "c-1" }))).rejects.toThrow();
      expect(await store.entries(id)).toEqual(before);
      const other = await created();
      await store.appendEntry(other, entry(1, { seat: "red", commandId: "c-1" }));
      expect((await store.entries(other))[0]?.commandId).toBe("c-1");
    });

    test("a duplicate seq is refused with SequenceConflictError and changes nothing", async () => {
      const id = await created();
      await store.appendEntry(id, entry(1));
      await store.appendEntry(id, entry(2));
      const before = await store.entries(id);
      const error = await store.appendEntry(id, entry(2, { command: { type: "other" }, stateHash: "other" })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SequenceConflictError);
      expect(error).toMatchObject({ matchId: id, seq: 2, lastSeq: 2 });
      await expect(store.appendEntry(id, entry(1))).rejects.toBeInstanceOf(SequenceConflictError);
      expect(await store.entries(id)).toEqual(before);
      expect(await store.lastSeq(id)).toBe(2);
    });

    test("a gap (or a number that is not a positive integer) is refused and changes nothing", async () => {
      const id = await created();
      await expect(store.appendEntry(id, entry(2))).rejects.toBeInstanceOf(SequenceConflictError);
      expect(await store.lastSeq(id)).toBe(0);
      await store.appendEntry(id, entry(1));
      for (const seq of [3, 10, 0, -1, 1.5, Number.NaN]) {
        const error = await store.appendEntry(id, entry(seq)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(SequenceConflictError);
        expect(error).toMatchObject({ lastSeq: 1 });
      }
      expectEntriesEqual(await store.entries(id), [entry(1)]);
      await store.appendEntry(id, entry(2)); // the right number still goes in
      expect(await store.lastSeq(id)).toBe(2);
    });

    test("appending to an unknown match throws UnknownMatchError", async () => {
      const missing = fresh("missing");
      await expect(store.appendEntry(missing, entry(1))).rejects.toBeInstanceOf(UnknownMatchError);
      await expect(store.appendEntry(missing, entry(0))).rejects.toBeInstanceOf(UnknownMatchError);
      expect(await store.entries(missing)).toEqual([]);
      expect(await store.lastSeq(missing)).toBe(0);
    });

    test("concurrent appends of the same seq: exactly one wins, the others conflict", async () => {
      const id = await created();
      for (let seq = 1; seq <= 5; seq++) {
        const contenders = Array.from({ length: 6 }, (_, i) => entry(seq, { seat: `s${i}`, stateHash: `state-${seq}-${i}` }));
        const outcomes = await Promise.allSettled(contenders.map((e) => store.appendEntry(id, e)));
        const won = outcomes.flatMap((o, i) => (o.status === "fulfilled" ? [i] : []));
        expect(won).toHaveLength(1);
        for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toBeInstanceOf(SequenceConflictError);
        const stored = await store.entries(id, seq - 1);
        expectEntriesEqual(stored, [contenders[won[0]!]!]);
      }
      expect(await store.lastSeq(id)).toBe(5);
    });

    test("concurrent appends of consecutive numbers keep the log gapless", async () => {
      const id = await created();
      const outcomes = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((seq) => store.appendEntry(id, entry(seq))));
      const stored = (await store.entries(id)).map((e) => e.seq);
      // However the appends interleave, what went in is 1..n without gaps, and the rest conflicted.
      expect(stored).toEqual(stored.map((_, i) => i + 1));
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(stored.length);
      for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toBeInstanceOf(SequenceConflictError);
    });
  });

  describe("group commit", () => {
    test("appends of one round to several matches: a bad entry among them fails alone, the others are stored (finishes too)", async () => {
      const ids = await Promise.all([0, 1, 2, 3].map(() => created()));
      const outcomes = await Promise.allSettled([
        store.appendEntry(ids[0]!, entry(1)),
        store.appendEntry(ids[1]!, entry(1, { command: { text: "nul \u0000 here" } })),
        store.appendEntry(ids[2]!, entry(1), { finish: { status: "finished", result: { winner: "red" } } }),
        store.appendEntry(ids[3]!, entry(2)),
        store.appendEntry(ids[0]!, entry(2)),
        store.appendEntry(ids[1]!, entry(2)),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected", "fulfilled", "rejected"]);
      expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(StoreDatabaseError);
      expect((outcomes[3] as PromiseRejectedResult).reason).toMatchObject({ name: "SequenceConflictError", lastSeq: 0 });
      // Its first entry was refused: the second would leave a gap.
      expect((outcomes[5] as PromiseRejectedResult).reason).toMatchObject({ name: "SequenceConflictError", lastSeq: 0 });
      expect(await Promise.all(ids.map((id) => store.lastSeq(id)))).toEqual([2, 0, 1, 0]);
      expect((await Promise.all(ids.map((id) => store.getMatch(id)))).map((m) => m?.status)).toEqual(["live", "live", "finished", "live"]);
      expectEntriesEqual(await store.entries(ids[0]!), [entry(1), entry(2)]);
      // The match whose entry failed takes the right number afterwards.
      await store.appendEntry(ids[1]!, entry(1));
      expect(await store.lastSeq(ids[1]!)).toBe(1);
    });

    if (driver.name === "PostgreSQL") {
      test("the appends of one round across matches are one transaction", async () => {
        const ids = await Promise.all([0, 1, 2, 3, 4].map(() => created()));
        await Promise.all(ids.map((id) => store.appendEntry(id, entry(1))));
        const rows = await driver.inspect!(`select count(distinct xmin::text)::int as n from entries where match_id in (${ids.map((id) => `'${id}'`).join(", ")})`);
        expect(rows).toEqual([{ n: 1 }]);
      });
    }
  });

  describe("finishing", () => {
    test("finishMatch records status, result and time; liveMatchIds follows", async () => {
      const a = await created();
      const b = await created();
      const c = await created();
      let live = await store.liveMatchIds();
      expect(live).toEqual(expect.arrayContaining([a, b, c]));
      expect(live.filter((id) => [a, b, c].includes(id))).toEqual([a, b, c]); // oldest first

      const result = { winner: "red", reason: "objectives", scores: { red: 12, blue: 7 }, notes: [null, "x"] };
      await store.finishMatch(a, "finished", result);
      await store.finishMatch(b, "abandoned", null);
      const done = await store.getMatch(a);
      expect(done).toMatchObject({ status: "finished", result });
      expect(done?.finishedAt).toBeInstanceOf(Date);
      expect(done!.finishedAt!.getTime()).toBeGreaterThanOrEqual(done!.createdAt.getTime());
      const gone = await store.getMatch(b);
      expect(gone).toMatchObject({ status: "abandoned", result: null });
      expect(gone?.finishedAt).toBeInstanceOf(Date);

      live = await store.liveMatchIds();
      expect(live).toContain(c);
      expect(live).not.toContain(a);
      expect(live).not.toContain(b);
    });

    test("a match that is over keeps its first status and result", async () => {
      const id = await created();
      await store.finishMatch(id, "finished", { winner: "blue" });
      const first = await store.getMatch(id);
      await store.finishMatch(id, "abandoned", { winner: "red" });
      expect(await store.getMatch(id)).toEqual(first);
    });

    test("finishMatch on an unknown match throws UnknownMatchError; a bad status throws TypeError", async () => {
      await expect(store.finishMatch(fresh("missing"), "finished", {})).rejects.toBeInstanceOf(UnknownMatchError);
      const id = await created();
      await expect(store.finishMatch(id, "live" as "finished", {})).rejects.toBeInstanceOf(TypeError);
      expect((await store.getMatch(id))?.status).toBe("live");
    });

    test("appendEntry with finish stores the last entry and ends the match in one write", async () => {
      const id = await created();
      await store.appendEntry(id, entry(1));
      const result = { winner: "red", reason: "objectives" };
      await store.appendEntry(id, entry(2), { finish: { status: "finished", result } });
      expect(await store.lastSeq(id)).toBe(2);
      const done = await store.getMatch(id);
      expect(done).toMatchObject({ status: "finished", result });
      expect(done?.finishedAt).toBeInstanceOf(Date);
      expect(await store.liveMatchIds()).not.toContain(id);
    });

    test("appendEntry with finish is all or nothing: a refused entry or a refused result changes neither", async () => {
      const id = await created();
      await store.appendEntry(id, entry(1));
      // The entry is refused (a duplicate seq): the match stays live.
      await expect(store.appendEntry(id, entry(1), { finish: { status: "finished", result: { winner: "red" } } })).rejects.toBeInstanceOf(SequenceConflictError);
      expect((await store.getMatch(id))?.status).toBe("live");
      // The result is refused by the database (jsonb holds no NUL): the entry is not stored either.
      await expect(store.appendEntry(id, entry(2), { finish: { status: "finished", result: { winner: "nul \u0000 here" } } })).rejects.toBeInstanceOf(StoreDatabaseError);
      expect(await store.lastSeq(id)).toBe(1);
      expect((await store.getMatch(id))?.status).toBe("live");
      // A bad status writes nothing.
      await expect(store.appendEntry(id, entry(2), { finish: { status: "live" as "finished", result: null } })).rejects.toBeInstanceOf(TypeError);
      expect(await store.lastSeq(id)).toBe(1);
      // A match already over keeps its first status and result; the entry is stored.
      await store.finishMatch(id, "abandoned", null);
      await store.appendEntry(id, entry(2), { finish: { status: "finished", result: { winner: "blue" } } });
      expect(await store.getMatch(id)).toMatchObject({ status: "abandoned", result: null });
      expect(await store.lastSeq(id)).toBe(2);
    });

    test("abandonUnclaimed abandons the live matches created before the cutoff that no seat ever joined", async () => {
      const unjoined = await created();
      const joined = await created();
      await store.claimSeat(joined, "blue");
      const over = await created();
      await store.finishMatch(over, "finished", { winner: "red" });
      const cutoff = new Date((await store.getMatch(over))!.createdAt.getTime() + 1);
      await sleep(5);
      const newer = await created();
      await sleep(5);
      const abandoned = await store.abandonUnclaimed(cutoff);
      expect(abandoned).toContain(unjoined);
      for (const kept of [joined, over, newer]) expect(abandoned).not.toContain(kept);
      expect(await store.getMatch(unjoined)).toMatchObject({ status: "abandoned", result: null, finishedAt: expect.any(Date) });
      expect(await store.getMatch(joined)).toMatchObject({ status: "live" });
      expect(await store.getMatch(over)).toMatchObject({ status: "finished", result: { winner: "red" } });
      expect(await store.getMatch(newer)).toMatchObject({ status: "live" });
      expect(await store.liveMatchIds()).not.toContain(unjoined);
      expect(await store.abandonUnclaimed(cutoff)).toEqual([]);
      // `keep` spares matches (a room with a client joining now).
      const spared = await created();
      const later = new Date(Date.now() + 60_000);
      const second = await store.abandonUnclaimed(later, [spared]);
      expect(second).toContain(newer);
      expect(second).not.toContain(spared);
      expect((await store.getMatch(spared))?.status).toBe("live");
    });
  });

  describe("clock times and idle matches", () => {
    test("an entry's accept time (ms) round-trips exactly; entries written without one carry none", async () => {
      const id = await created();
      const at = 1_795_000_123_456;
      await store.appendEntry(id, entry(1, { acceptedAt: at }));
      await store.appendEntry(id, entry(2));
      await store.appendEntry(id, entry(3, { acceptedAt: Number.MAX_SAFE_INTEGER }));
      const stored = await store.entries(id);
      expect(stored.map((e) => e.acceptedAt)).toEqual([at, undefined, Number.MAX_SAFE_INTEGER]);
      expect("acceptedAt" in stored[1]!).toBe(false);
    });

    test("abandonIdle abandons the live matches nobody touched since the cutoff", async () => {
      const idle = await created();
      const touched = await created();
      await store.appendEntry(touched, entry(1));
      const over = await created();
      await store.finishMatch(over, "finished", { winner: "red" });
      await sleep(5);
      const cutoff = new Date(Date.now());
      await sleep(5);
      const spared = await created();
      await store.appendEntry(touched, entry(2));
      const oldUntouched = await created();
      // Created after the cutoff: not idle either.
      const abandoned = await store.abandonIdle(cutoff, []);
      expect(abandoned).toContain(idle);
      for (const kept of [touched, over, spared, oldUntouched]) expect(abandoned).not.toContain(kept);
      expect(await store.getMatch(idle)).toMatchObject({ status: "abandoned", result: null, finishedAt: expect.any(Date) });
      expect(await store.getMatch(touched)).toMatchObject({ status: "live" });
      expect(await store.getMatch(over)).toMatchObject({ status: "finished" });
      expect(await store.abandonIdle(cutoff)).toEqual([]);
      const later = new Date(Date.now() + 60_000);
      const second = await store.abandonIdle(later, [spared]);
      expect(second).toEqual(expect.arrayContaining([touched, oldUntouched]));
      expect(second).not.toContain(spared);
    });

    test("abandonIdle leaves a correspondence match to its clock (docs/design.md Correspondence play): created so, or switched by a time_control entry", async () => {
      const byCorrespondence = await created({ options: { correspondence: { daysPerMove: 14, vacationDays: 30 } } });
      const switched = await created();
      await store.appendEntry(switched, entry(1, { command: { referee: "time_control", spec: { kind: "correspondence", perMoveMs: 86_400_000, vacationMs: 0 } } }));
      const idle = await created();
      const later = new Date(Date.now() + 60_000);
      const abandoned = await store.abandonIdle(later, []);
      expect(abandoned).toContain(idle);
      expect(abandoned).not.toContain(byCorrespondence);
      expect(abandoned).not.toContain(switched);
      expect(await store.getMatch(byCorrespondence)).toMatchObject({ status: "live" });
    });
  });

  describe("idempotency keys", () => {
    test("a match stored with an idempotency key is found by it; the record never shows the key's data", async () => {
      const key = fresh("key");
      const match = newMatch({ idempotency: { key, requestHash: "request-hash-1", tokenSecret: "very-secret-token-secret" } });
      await store.createMatch(match, newSeats(match.id));
      expect(await store.findIdempotent(key)).toEqual({ matchId: match.id, key, requestHash: "request-hash-1", tokenSecret: "very-secret-token-secret" });
      expect(await store.findIdempotent(fresh("other-key"))).toBeNull();
      const shown = JSON.stringify([await store.getMatch(match.id), await store.listMatches({ limit: 500 })]);
      expect(shown).not.toContain("very-secret-token-secret");
      expect(shown).not.toContain("request-hash-1");
    });

    test("a used key is refused (constraint matches_idempotency_key_idx) and nothing is stored", async () => {
      const key = fresh("key");
      const first = newMatch({ idempotency: { key, requestHash: "a", tokenSecret: "s1" } });
      await store.createMatch(first, newSeats(first.id));
      const second = newMatch({ idempotency: { key, requestHash: "b", tokenSecret: "s2" } });
      await expect(store.createMatch(second, newSeats(second.id))).rejects.toMatchObject({ constraint: "matches_idempotency_key_idx" });
      expect(await store.getMatch(second.id)).toBeNull();
      expect((await store.findIdempotent(key))?.matchId).toBe(first.id);
      // Matches without a key do not collide with each other.
      await created();
      await created();
    });
  });

  describe("host access", () => {
    test("hostAccess answers the token secret and the seats (names, generations, claimed) to the right host token hash only; the records never show them", async () => {
      const match = newMatch({ tokenSecret: "host-visible-token-secret", hostTokenHash: "host-token-hash-1" });
      await store.createMatch(match, newSeats(match.id, ["Ann", "Bo"]));
      await store.claimSeat(match.id, "blue");
      expect(await store.hostAccess(match.id, "host-token-hash-1")).toEqual({
        tokenSecret: "host-visible-token-secret",
        seats: [
          { seat: "red", playerName: "Ann", generation: 0, joined: false, claimed: false },
          { seat: "blue", playerName: "Bo", generation: 0, joined: true, claimed: false },
        ],
      });
      expect(await store.hostAccess(match.id, "host-token-hash-2")).toBeNull();
      expect(await store.inviteAccess(match.id)).toEqual(await store.hostAccess(match.id, "host-token-hash-1"));
      expect(await store.inviteAccess(fresh("no-such-match"))).toBeNull();
      expect(await store.hostAccess(fresh("no-such-match"), "host-token-hash-1")).toBeNull();
      // A match created without a host token has no host.
      const plain = await created();
      expect(await store.hostAccess(plain, "")).toBeNull();
      const shown = JSON.stringify([await store.getMatch(match.id), await store.listMatches({ limit: 500 })]);
      expect(shown).not.toContain("host-visible-token-secret");
      expect(shown).not.toContain("host-token-hash-1");
    });

    test("reissueSeat replaces the seat's token hash once per generation: the old token stops matching, a stale generation changes nothing, an unknown seat throws", async () => {
      const match = newMatch({ tokenSecret: "s", hostTokenHash: "h" });
      const seatsOf = newSeats(match.id);
      await store.createMatch(match, seatsOf);
      const old = seatsOf[0]!.tokenHash;
      expect(await store.seatForToken(match.id, old)).toBe("red");
      expect(await store.reissueSeat(match.id, "red", 0, "new-hash-1")).toBe(true);
      expect(await store.seatForToken(match.id, old)).toBeNull();
      expect(await store.seatForToken(match.id, "new-hash-1")).toBe("red");
      expect(await store.reissueSeat(match.id, "red", 0, "new-hash-2")).toBe(false);
      expect(await store.seatForToken(match.id, "new-hash-2")).toBeNull();
      expect((await store.hostAccess(match.id, "h"))?.seats[0]?.generation).toBe(1);
      await expect(store.reissueSeat(match.id, "green", 0, "x")).rejects.toBeInstanceOf(UnknownMatchError);
    });

    test("claimInvite claims an open invite once: the same claim key again is `again`, another key `taken`, an older generation `stale`; a re-issue opens the invite again", async () => {
      const match = newMatch({ tokenSecret: "s", hostTokenHash: "h" });
      await store.createMatch(match, [...newSeats(match.id).slice(0, 1), { seat: "bot", playerName: "Bot", tokenHash: "bot-hash", claimKeyHash: "bot" }]);
      expect(await store.claimInvite(match.id, "red", 0, "key-a", "token-a")).toBe("claimed");
      expect(await store.seatForToken(match.id, "token-a")).toBe("red");
      expect(await store.claimInvite(match.id, "red", 0, "key-a", "token-a")).toBe("again");
      expect(await store.claimInvite(match.id, "red", 0, "key-b", "token-b")).toBe("taken");
      expect(await store.seatForToken(match.id, "token-b")).toBeNull();
      expect(await store.claimInvite(match.id, "bot", 0, "key-c", "token-c")).toBe("taken");
      expect(await store.seatForToken(match.id, "bot-hash")).toBe("bot");
      expect((await store.hostAccess(match.id, "h"))?.seats.map((s) => s.claimed)).toEqual([true, true]);
      expect(await store.reissueSeat(match.id, "red", 0, "unheld")).toBe(true);
      expect(await store.seatForToken(match.id, "token-a")).toBeNull();
      expect(await store.claimInvite(match.id, "red", 0, "key-a", "token-a")).toBe("stale");
      expect((await store.hostAccess(match.id, "h"))?.seats[0]?.claimed).toBe(false);
      expect(await store.claimInvite(match.id, "red", 1, "key-b", "token-b")).toBe("claimed");
      expect(await store.seatForToken(match.id, "token-b")).toBe("red");
      await expect(store.claimInvite(match.id, "green", 0, "k", "t")).rejects.toBeInstanceOf(UnknownMatchError);
    });

    test("findIdempotent releases a key older than `expiredBefore`: the key may create a new match", async () => {
      const key = fresh("expiring-key");
      const first = newMatch({ idempotency: { key, requestHash: "r", tokenSecret: "s" } });
      await store.createMatch(first, []);
      expect((await store.findIdempotent(key, new Date(Date.now() - 60_000)))?.matchId).toBe(first.id);
      expect(await store.findIdempotent(key, new Date(Date.now() + 60_000))).toBeNull();
      expect(await store.findIdempotent(key)).toBeNull();
      const second = newMatch({ idempotency: { key, requestHash: "r", tokenSecret: "s" } });
      await store.createMatch(second, []);
      expect((await store.findIdempotent(key))?.matchId).toBe(second.id);
    });
  });

  describe("chat", () => {
    const line = (extra: Partial<NewChatLine> = {}): NewChatLine => ({ audience: "players", team: null, seat: "p1", name: "Alice", text: "gl hf", logSeq: 0, ...extra });

    test("lines come back in order with increasing ids, every audience, text exactly", async () => {
      const id = await created();
      const other = await created();
      const a = await store.appendChat(id, line());
      const b = await store.appendChat(id, line({ audience: "team", team: "attack", seat: "p2", name: "Bob", text: "가자 👀 ' \\ %", logSeq: 3 }));
      await store.appendChat(other, line({ text: "another match" }));
      const c = await store.appendChat(id, line({ audience: "spectators", seat: null, name: null, text: "watching", logSeq: 4 }));
      expect(a.id).toBeLessThan(b.id);
      expect(b.id).toBeLessThan(c.id);
      expect(typeof a.at).toBe("number");
      const lines = await store.chatLines(id);
      expect(lines).toEqual([a, b, c]);
      expect(lines[1]).toMatchObject({ audience: "team", team: "attack", seat: "p2", name: "Bob", text: "가자 👀 ' \\ %", logSeq: 3 });
      expect(await store.chatLines(id, 0)).toEqual([]);
      expect(await store.chatLines(fresh("nochat"))).toEqual([]);
    });

    test("lines are numbered per audience and per team within the match, and `last` keeps the last of each audience", async () => {
      const id = await created();
      const other = await created();
      const said: StoredChatLine[] = [];
      for (const extra of [{}, { audience: "team", team: "attack" }, { audience: "spectators", seat: null }, { audience: "team", team: "defence" }, {}, { audience: "team", team: "attack" }, {}] as Partial<NewChatLine>[]) {
        said.push(await store.appendChat(id, line(extra)));
        await store.appendChat(other, line(extra));
      }
      expect(said.map((l) => `${l.audience}${l.team ? `:${l.team}` : ""}:${l.number}`)).toEqual(["players:1", "team:attack:1", "spectators:1", "team:defence:1", "players:2", "team:attack:2", "players:3"]);
      expect(await store.chatLines(id)).toEqual(said);
      // The last line of each audience (each team apart), in the order they were said: what was said elsewhere takes no room.
      expect((await store.chatLines(id, 1)).map((l) => l.id)).toEqual([said[2]!, said[3]!, said[5]!, said[6]!].map((l) => l.id));
      expect((await store.chatLines(id, 2)).map((l) => l.id)).toEqual([said[1]!, said[2]!, said[3]!, said[4]!, said[5]!, said[6]!].map((l) => l.id));
      expect((await store.chatLines(other)).map((l) => l.number)).toEqual([1, 1, 1, 1, 2, 2, 3]);
    });

    test("lines posted at once are numbered without a gap or a duplicate", async () => {
      const id = await created();
      const lines = await Promise.all(Array.from({ length: 12 }, (_, i) => store.appendChat(id, line({ text: `at once ${i}` }))));
      expect(lines.map((l) => l.number).sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      const stored = await store.chatLines(id);
      expect(stored.map((l) => l.number)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      for (let i = 1; i < stored.length; i++) expect(stored[i]!.at).toBeGreaterThanOrEqual(stored[i - 1]!.at);
    });

    test("a line of an unknown match, or with a bad audience or team, is refused and nothing is stored", async () => {
      const id = await created();
      await expect(store.appendChat(fresh("unknown"), line())).rejects.toBeInstanceOf(UnknownMatchError);
      await expect(store.appendChat(id, line({ audience: "everyone" as never }))).rejects.toBeInstanceOf(TypeError);
      await expect(store.appendChat(id, line({ audience: "team", team: null }))).rejects.toBeInstanceOf(TypeError);
      await expect(store.appendChat(id, line({ team: "attack" }))).rejects.toBeInstanceOf(TypeError);
      expect(await store.chatLines(id)).toEqual([]);
    });
  });

  describe("JSON round trip", () => {
    test("setup, options, commands, events and results come back exactly", async () => {
      const id = await created({ setup: NESTED, options: [NESTED, { again: NESTED }] });
      const record = await store.getMatch(id);
      expect(record?.setup).toEqual(asJson(NESTED));
      expect(record?.options).toEqual(asJson([NESTED, { again: NESTED }]));

      const written = [entry(1, { command: NESTED, events: [NESTED, NESTED] }), entry(2, { command: { nested: NESTED }, events: { not: "an array" } })];
      for (const e of written) await store.appendEntry(id, e);
      expectEntriesEqual(await store.entries(id), written);

      await store.finishMatch(id, "finished", { detail: NESTED });
      expect((await store.getMatch(id))?.result).toEqual(asJson({ detail: NESTED }));
    });

    test("top-level scalars and null are not reinterpreted", async () => {
      // A JSON string that looks like a number or a boolean must stay a string.
      const id = await created({ setup: "42", options: null });
      expect((await store.getMatch(id))?.setup).toBe("42");
      expect((await store.getMatch(id))?.options).toBeNull();
      const scalars: unknown[] = ["true", "null", '{"a":1}', 7, 2.5, false, true, null, "plain"];
      const written = scalars.map((value, i) => entry(i + 1, { command: value, events: scalars[scalars.length - 1 - i] }));
      for (const e of written) await store.appendEntry(id, e);
      const stored = await store.entries(id);
      expect(stored.map((e) => e.command)).toEqual(scalars);
      expect(stored.map((e) => e.events)).toEqual([...scalars].reverse());
      await store.finishMatch(id, "finished", "1");
      expect((await store.getMatch(id))?.result).toBe("1");
    });

    if (driver.name === "PostgreSQL") {
      test("values are stored as JSON documents, not as JSON-encoded strings", async () => {
        const id = await created({ setup: { a: 1 }, options: [1, 2] });
        await store.appendEntry(id, entry(1));
        const rows = await driver.inspect!(
          `select jsonb_typeof(m.setup) as setup, jsonb_typeof(m.options) as options, jsonb_typeof(e.command) as command, jsonb_typeof(e.events) as events
           from matches m join entries e on e.match_id = m.id where m.id = '${id}'`,
        );
        expect(rows).toEqual([{ setup: "object", options: "array", command: "object", events: "array" }]);
      });
    }
  });

  describe("opening", () => {
    if (driver.name === "PostgreSQL") {
      test("stores opened side by side (and concurrently) share the data; migrations run once", async () => {
        const [second, third] = await Promise.all([driver.open(), driver.open()]);
        try {
          const id = await created();
          await store.appendEntry(id, entry(1));
          await second!.appendEntry(id, entry(2));
          await expect(third!.appendEntry(id, entry(2))).rejects.toBeInstanceOf(SequenceConflictError);
          expect(await third!.lastSeq(id)).toBe(2);
          const journal = JSON.parse(readFileSync(join(findMigrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
          const applied = await driver.inspect!("select count(*)::int as n from drizzle.__drizzle_migrations");
          expect(applied).toEqual([{ n: journal.entries.length }]);
        } finally {
          await second!.close();
          await third!.close();
        }
      });
    }

    test("an explicit migrations folder is used; a folder without migrations is refused; close twice is fine", async () => {
      // PGlite drivers use a store in memory here: only one store may open a PGlite folder.
      const explicit = await openStore({ migrationsFolder: findMigrationsFolder(), ...(driver.name === "PostgreSQL" ? { databaseUrl: TEST_DATABASE_URL } : {}) });
      expect(await explicit.getMatch(fresh("missing"))).toBeNull();
      await explicit.close();
      await explicit.close(); // close is idempotent
      await expect(openStore({ migrationsFolder: tempDir("no-migrations-") })).rejects.toThrow(/not a drizzle migrations folder/);
    });
  });

  if (driver.persistent) {
    // Last in the block: it closes and reopens the shared store.
    test("reopening keeps everything and applies no migration twice", async () => {
      const match = newMatch({ setup: NESTED });
      await store.createMatch(match, newSeats(match.id));
      await store.claimSeat(match.id, "red");
      await store.appendEntry(match.id, entry(1, { command: NESTED }));
      await store.appendEntry(match.id, entry(2));
      await store.finishMatch(match.id, "finished", { winner: "red" });
      const before = { record: await store.getMatch(match.id), entries: await store.entries(match.id) };
      await store.close();

      const journal = JSON.parse(readFileSync(join(findMigrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
      const count = async () => driver.inspect!("select count(*)::int as n from drizzle.__drizzle_migrations");
      expect(await count()).toEqual([{ n: journal.entries.length }]);

      store = await driver.open();
      expect(await store.getMatch(match.id)).toEqual(before.record);
      expect(await store.entries(match.id)).toEqual(before.entries);
      expect(await store.getSeed(match.id)).toBe(match.seed);
      expect(await store.seatForToken(match.id, `hash-blue-${match.id}`)).toBe("blue");
      await expect(store.appendEntry(match.id, entry(2))).rejects.toBeInstanceOf(SequenceConflictError);
      await store.close();

      store = await driver.open();
      await store.close();
      expect(await count()).toEqual([{ n: journal.entries.length }]);
      store = await driver.open();
      expect(await store.lastSeq(match.id)).toBe(2);
    });
  }
});

describe("PGlite on disk: group commit", () => {
  test("the appends of one round across matches are one transaction", async () => {
    const driver = pgliteOnDisk();
    const store = await driver.open();
    const ids: string[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const match = newMatch();
        await store.createMatch(match, newSeats(match.id));
        ids.push(match.id);
      }
      await Promise.all(ids.map((id) => store.appendEntry(id, entry(1))));
    } finally {
      await store.close();
    }
    const rows = await driver.inspect!(`select count(distinct xmin::text)::int as n, count(*)::int as entries from entries`);
    expect(rows).toEqual([{ n: 1, entries: 5 }]);
  });
});

// ---------------------------------------------------------------------------------------------
// PGlite on disk: an acknowledged append survives the server process being killed.

describe("PGlite on disk: durability", () => {
  test("entries appended before the process is killed (SIGKILL) are there after reopening", async () => {
    const dataDir = join(tempDir("fogwar-kill-"), "data");
    const storeModule = resolve(__dirname, "../src/store/index.ts");
    const tsx = findUp(__dirname, join("node_modules", ".bin", "tsx"));
    const script = join(tempDir("fogwar-kill-script-"), "append.mts");
    writeFileSync(
      script,
      `import { openStore } from ${JSON.stringify(storeModule)};
const store = await openStore({ dataDir: ${JSON.stringify(dataDir)} });
await store.createMatch({ id: "killed", ruleset: "ember", rulesVersion: "1", scenario: "s", setup: {}, seed: "s", seedCommitment: "c", options: {} },
  [{ seat: "red", playerName: "A", tokenHash: "h" }]);
for (let seq = 1; seq <= 25; seq++) {
  await store.appendEntry("killed", { seq, seat: "red", command: { seq }, events: [], stateHash: "h" + seq });
}
process.stdout.write("appended\\n");
setInterval(() => undefined, 1000);
`,
    );
    const env = { ...process.env, NODE_OPTIONS: "" };
    // tsx runs the script in a child node process: a process group of its own lets one signal
    // kill both (the writer must really be dead before the folder is opened again).
    const child = spawn(tsx, [script], { cwd: resolve(__dirname, ".."), env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<void>((done) => child.on("exit", () => done()));
    await new Promise<void>((done, fail) => {
      child.stdout.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("appended")) done();
      });
      child.on("exit", (code) => fail(new Error(`the appending process exited (${code}) before appending: ${stderr}`)));
    });
    process.kill(-child.pid!, "SIGKILL");
    await exited;
    await waitUntil(() => !processGroupAlive(child.pid!));

    const store = await openStore({ dataDir });
    try {
      expect(await store.lastSeq("killed")).toBe(25);
      expect((await store.entries("killed", 24))[0]).toEqual({ seq: 25, seat: "red", command: { seq: 25 }, events: [], stateHash: "h25", commandId: null });
      await store.appendEntry("killed", { seq: 26, seat: "red", command: {}, events: [], stateHash: "h26" });
    } finally {
      await store.close();
    }
  });
});

function processGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await sleep(20);
  }
}

function findUp(start: string, relative: string): string {
  let dir = resolve(start);
  for (;;) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    const parent = resolve(dir, "..");
    if (parent === dir) throw new Error(`${relative} not found above ${start}`);
    dir = parent;
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL must not pass silently when it was not tested.

if (!TEST_DATABASE_URL) {
  if (IN_CI) {
    describe("MatchStore contract on PostgreSQL", () => {
      test("TEST_DATABASE_URL is set (required under CI)", () => {
        throw new Error("CI is set but TEST_DATABASE_URL is not: the storage contract must run against PostgreSQL in CI (.ci/run starts one).");
      });
    });
  } else {
    describe.skip("MatchStore contract on PostgreSQL: skipped, TEST_DATABASE_URL not set", () => {
      test("the storage contract against PostgreSQL (set TEST_DATABASE_URL=postgres://... to run it)", () => undefined);
    });
  }
}
