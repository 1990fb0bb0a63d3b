/**
 * Appends on PostgreSQL run as named prepared statements (src/store/prepared.ts): a statement
 * text is prepared once per connection, so PostgreSQL plans an append once, not at each command.
 * The namer never gives one name to two texts (node-postgres refuses that) and names at most its
 * limit; the PostgreSQL part needs TEST_DATABASE_URL (CI sets it).
 */
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { DrizzleMatchStore, type StoreDatabase } from "../src/store/drizzle-store.js";
import { findMigrationsFolder, openStore, SequenceConflictError, type MatchStore, type NewNotification } from "../src/store/index.js";
import { withCleanErrors } from "../src/store/errors.js";
import { nodePostgresRunner, pgliteRunner, statementNamer } from "../src/store/prepared.js";
import * as schema from "../src/store/schema.js";
import { freshPostgresUrl } from "./harness";

jest.setTimeout(90_000);

test("the namer: one name per text, never one name for two texts, nothing past its limit, no long text", () => {
  expect(statementNamer(2, 10)("x".repeat(11))).toBeUndefined();
  expect(statementNamer(2, 10)("x".repeat(10))).toBeDefined();
  const nameOf = statementNamer(2);
  const a = nameOf("insert a");
  const b = nameOf("insert b");
  expect(a).toBeDefined();
  expect(b).toBeDefined();
  expect(a).not.toBe(b);
  expect(nameOf("insert a")).toBe(a);
  expect(nameOf("insert c")).toBeUndefined();
  expect(nameOf("insert b")).toBe(b);
});

/**
 * Twenty appends to one match: odd ones owe a notification to blue (bound to an account), the
 * last finishes the match. @returns how many notifications each append stored.
 */
async function twentyAppends(store: MatchStore, matchId: string): Promise<number[]> {
  const owe = (seq: number): NewNotification => ({ kind: "your_move", seat: "blue", matchId, causeSeq: seq, dedupeKey: `your_move/${matchId}/blue/${seq}`, payload: { kind: "your_move", url: `/play/${matchId}` }, owedAt: seq, dueAt: seq });
  const owed: number[] = [];
  for (let seq = 1; seq <= 20; seq++) {
    const entry = { seq, seat: seq % 2 ? "red" : "blue", command: { seq }, events: [{ seq }], stateHash: `h${seq}`, commandId: `c${seq}`, acceptedAt: seq };
    const options = seq === 20 ? { finish: { status: "finished" as const, result: { winner: "red" } } } : seq % 2 ? { notify: [owe(seq)] } : {};
    owed.push((await store.appendEntry(matchId, entry, options)).owed);
  }
  return owed;
}

/** A live match of two seats, blue held by a new account. */
async function newMatch(store: MatchStore, matchId: string): Promise<void> {
  await store.accounts.createAccount({ id: `acc-${matchId}`, kind: "guest", name: `g-${matchId}`, seatSecret: "s" });
  await store.createMatch({ id: matchId, ruleset: "ember", rulesVersion: "v", scenario: "s", setup: null, seed: "x", seedCommitment: "c", options: {} }, [
    { seat: "red", playerName: "Red", tokenHash: `r-${matchId}` },
    { seat: "blue", playerName: "Blue", tokenHash: `b-${matchId}`, accountId: `acc-${matchId}` },
  ]);
}

test("on the embedded database, appends run as prepared statements: every shape stored, notifications counted, a refused append fails alone and the next ones succeed, and a transaction beside them is not entered", async () => {
  const client = await PGlite.create();
  const db = drizzlePglite({ client, schema });
  await migrate(db, { migrationsFolder: findMigrationsFolder() });
  const store = withCleanErrors(new DrizzleMatchStore(db as unknown as StoreDatabase, () => client.close(), { soleWriter: true, appendStatements: pgliteRunner(client) }));
  try {
    await newMatch(store, "m1");
    expect(await twentyAppends(store, "m1")).toEqual(Array.from({ length: 20 }, (_, i) => (i < 19 && i % 2 === 0 ? 1 : 0)));
    expect((await store.entries("m1")).map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await store.getMatch("m1"))?.status).toBe("finished");
    expect((await client.query<{ n: number }>("select count(*)::int as n from notification_outbox where match_id = 'm1'")).rows[0]!.n).toBe(10);
    // A refused append (its number is taken: another writer stored it) fails alone; the next one is stored.
    await newMatch(store, "m2");
    await store.appendEntry("m2", { seq: 1, seat: "red", command: {}, events: [], stateHash: "h1" });
    await client.query("insert into entries (match_id, seq, seat, command, events, state_hash) values ('m2', 2, 'blue', '{}', '[]', 'other')");
    await expect(store.appendEntry("m2", { seq: 2, seat: "blue", command: {}, events: [], stateHash: "h2" })).rejects.toBeInstanceOf(SequenceConflictError);
    await store.appendEntry("m2", { seq: 3, seat: "red", command: {}, events: [], stateHash: "h3" });
    expect((await store.entries("m2")).map((e) => e.stateHash)).toEqual(["h1", "other", "h3"]);
    // A transaction that rolls back while appends run beside it takes none of them with it.
    await newMatch(store, "m3");
    const rolledBack = client.transaction(async (tx) => {
      await tx.query("insert into matches (id, ruleset, rules_version, scenario, setup, seed, seed_commitment, options) values ('gone', 'r', 'v', 's', '{}', 's', 'c', '{}')");
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.rollback();
    });
    await Promise.all([1, 2, 3].map((seq) => store.appendEntry("m3", { seq, seat: "red", command: {}, events: [], stateHash: `h${seq}` })));
    await rolledBack;
    expect((await store.entries("m3")).map((e) => e.seq)).toEqual([1, 2, 3]);
    expect((await client.query("select id from matches where id = 'gone'")).rows).toHaveLength(0);
    const prepared = (await client.query<{ statement: string }>("select statement from pg_prepared_statements")).rows;
    expect(prepared.filter((p) => /insert into "entries"/.test(p.statement)).length).toBeGreaterThanOrEqual(3);
  } finally {
    await store.close();
  }
});

const IN_CI = !!process.env.CI && process.env.CI !== "false" && process.env.CI !== "0";

test("on PostgreSQL, plain appends and appends that owe a notification or finish the match each prepare one statement on the connection, and every entry is stored", async () => {
  const url = await freshPostgresUrl("prepared_appends");
  if (!url) {
    if (IN_CI) throw new Error("TEST_DATABASE_URL is not set: CI runs this test on PostgreSQL");
    return;
  }
  // The schema, then a store over a pool of one connection, so the test sees that connection's statements.
  await (await openStore({ databaseUrl: url })).close();
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const store = new DrizzleMatchStore(drizzle({ client: pool, schema }) as unknown as StoreDatabase, () => pool.end(), { appendStatements: nodePostgresRunner(pool) });
  try {
    await newMatch(store, "m1");
    const owedCounts = await twentyAppends(store, "m1");
    expect(owedCounts.filter((n) => n === 1)).toHaveLength(10);
    expect((await store.entries("m1")).map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await store.getMatch("m1"))?.status).toBe("finished");
    const prepared = (await pool.query<{ name: string; statement: string }>("select name, statement from pg_prepared_statements order by name")).rows;
    // The first read of the match's log end, then three shapes: a plain append, one that owes a
    // notification, one that finishes the match; 20 appends, 4 statements.
    expect(prepared).toHaveLength(4);
    expect(prepared.filter((p) => /insert into "entries"/.test(p.statement))).toHaveLength(3);
    expect(prepared.filter((p) => /^select m\.id/.test(p.statement))).toHaveLength(1);
  } finally {
    await store.close();
  }
});
