/**
 * Group commit under database faults: a batch that fails is retried entry by entry, and no caller
 * is ever told "stored" for an entry that was not (an entry whose batch committed although the
 * database reported an error is refused as a sequence conflict: the live match then learns it
 * from the store, see faults.e2e.test.ts).
 */
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { SequenceConflictError } from "../src/store/contract.js";
import { GroupCommit } from "../src/store/group-commit.js";
import { findMigrationsFolder } from "../src/store/migrations.js";
import * as schema from "../src/store/schema.js";

jest.setTimeout(60_000);

let client: PGlite;
let db: ReturnType<typeof drizzle<typeof schema>>;
beforeAll(async () => {
  client = await PGlite.create();
  db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: findMigrationsFolder() });
});
afterAll(async () => {
  await client?.close();
});

let counter = 0;
async function matchIds(n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => `gc-${++counter}`);
  for (const id of ids) {
    await client.query(`insert into matches (id, ruleset, rules_version, scenario, setup, seed, seed_commitment, options) values ($1, 'r', 'v', 's', '{}', 's', 'c', '{}')`, [id]);
  }
  return ids;
}
const entry = (seq: number) => ({ seq, seat: "red", command: { seq }, events: [], stateHash: `h${seq}` });
const stored = async (ids: string[]) => (await client.query<{ n: number }>(`select count(*)::int as n from entries where match_id = any($1)`, [ids])).rows[0]!.n;

const dialect = new PgDialect();
/** How many entries an INSERT statement carries (0 for other statements). */
const rowsIn = (query: SQL) => {
  const text = dialect.sqlToQuery(query).sql;
  return /^\s*(with|insert)/i.test(text) ? (text.match(/::integer/g)?.length ?? 0) : 0;
};

/** Runs statements on the database; the first multi-row insert fails as `fault` says. */
function faultyExecute(fault: "before" | "after") {
  let armed = true;
  return async (query: SQL) => {
    if (armed && rowsIn(query) > 1) {
      armed = false;
      if (fault === "after") await db.execute(query);
      throw new Error("Connection terminated unexpectedly");
    }
    return db.execute(query);
  };
}

test("one round's appends to several matches are one INSERT", async () => {
  const ids = await matchIds(4);
  await Promise.all(ids.map((id) => new GroupCommit((q) => db.execute(q)).append(id, entry(1), undefined)));
  const inserts: number[] = [];
  const commit = new GroupCommit((q) => {
    if (rowsIn(q) > 0) inserts.push(rowsIn(q));
    return db.execute(q);
  });
  await Promise.all(ids.map((id) => commit.append(id, entry(2), undefined)));
  expect(inserts).toEqual([4]);
  expect(await stored(ids)).toBe(8);
});

test("a batch that fails before committing is retried entry by entry: every entry is stored and told so", async () => {
  const ids = await matchIds(5);
  const commit = new GroupCommit(faultyExecute("before"));
  const outcomes = await Promise.allSettled(ids.map((id) => commit.append(id, entry(1), undefined)));
  expect(outcomes.map((o) => o.status)).toEqual(ids.map(() => "fulfilled"));
  expect(await stored(ids)).toBe(5);
});

test("a batch that committed but reported an error: no caller is told 'stored'; each is refused as a conflict and the entries are there", async () => {
  const ids = await matchIds(5);
  const commit = new GroupCommit(faultyExecute("after"));
  const outcomes = await Promise.allSettled(ids.map((id) => commit.append(id, entry(1), undefined)));
  for (const o of outcomes) {
    expect(o.status).toBe("rejected");
    expect((o as PromiseRejectedResult).reason).toBeInstanceOf(SequenceConflictError);
    expect((o as PromiseRejectedResult).reason).toMatchObject({ seq: 1, lastSeq: 1 });
  }
  expect(await stored(ids)).toBe(5);
  // The next numbers go in as usual.
  await Promise.all(ids.map((id) => commit.append(id, entry(2), undefined)));
  expect(await stored(ids)).toBe(10);
});

test("over a pool, a batch does not wait for the one being written; a match's next entry does, and goes in order", async () => {
  const [a, b] = await matchIds(2);
  await Promise.all([a, b].map((id) => new GroupCommit((q) => db.execute(q)).append(id as string, entry(1), undefined)));
  // The first INSERT is held open until released: a commit that is slow to reach the disk.
  let release!: () => void;
  const held = new Promise<void>((done) => (release = done));
  const inserts: string[] = [];
  const commit = new GroupCommit(async (q) => {
    const text = JSON.stringify(dialect.sqlToQuery(q).params);
    if (rowsIn(q) > 0) inserts.push(text);
    if (rowsIn(q) > 0 && inserts.length === 1) await held;
    return db.execute(q);
  }, 2);
  const first = commit.append(a as string, entry(2), undefined);
  await new Promise((done) => setImmediate(done));
  // Another match's append is written at once, beside the held batch...
  await commit.append(b as string, entry(2), undefined);
  // ...while the held match's next entry waits for its batch.
  const next = commit.append(a as string, entry(3), undefined);
  await new Promise((done) => setTimeout(done, 20));
  expect(inserts).toHaveLength(2);
  release();
  await Promise.all([first, next]);
  expect(inserts).toHaveLength(3);
  expect(inserts[2]).toContain('"h3"');
  expect(await stored([a as string, b as string])).toBe(5);
});

test("the log ends of many matches at once (the first appends after a restart) are read by the index, never by a scan of the whole log: PGlite is never analyzed", async () => {
  // A log of 40,000 entries the planner has no statistics for, as on an embedded database.
  const ids = await matchIds(200);
  await client.query(`insert into entries (match_id, seq, seat, command, events, state_hash) select m.id, s, 'red', '{}', '[]', 'h' from unnest($1::text[]) m(id), generate_series(1, 200) s`, [ids]);
  const asked: SQL[] = [];
  const commit = new GroupCommit(async (query) => {
    asked.push(query);
    return db.execute(query);
  });
  // Fifty matches' next entries in one round: their log ends are read together.
  const some = ids.slice(0, 50);
  await Promise.all(some.map((id) => commit.append(id, entry(201), undefined)));
  const read = asked.map((q) => dialect.sqlToQuery(q)).find((q) => /^\s*select/i.test(q.sql));
  expect(read).toBeDefined();
  const plan = await client.query<{ "QUERY PLAN": string }>(`explain ${read!.sql}`, read!.params as unknown[]);
  const lines = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
  expect(lines).toMatch(/Index (Only )?Scan.* on entries/);
  expect(lines).not.toMatch(/Seq Scan on entries/);
  expect(await stored(some)).toBe(50 * 201);
});
