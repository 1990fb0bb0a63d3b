/**
 * Appends on PostgreSQL run as named prepared statements (src/store/prepared.ts): a statement
 * text is prepared once per connection, so PostgreSQL plans an append once, not at each command.
 * The namer never gives one name to two texts (node-postgres refuses that) and names at most its
 * limit; the PostgreSQL part needs TEST_DATABASE_URL (CI sets it).
 */
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { DrizzleMatchStore, type StoreDatabase } from "../src/store/drizzle-store.js";
import { openStore, type NewNotification } from "../src/store/index.js";
import { statementNamer } from "../src/store/prepared.js";
import * as schema from "../src/store/schema.js";
import { freshPostgresUrl } from "./harness";

jest.setTimeout(90_000);

test("the namer: one name per text, never one name for two texts, nothing past its limit", () => {
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
  const store = new DrizzleMatchStore(drizzle({ client: pool, schema }) as unknown as StoreDatabase, () => pool.end(), { preparedAppends: true });
  try {
    await store.accounts.createAccount({ id: "acc-blue", kind: "guest", name: "g-blue", seatSecret: "s" });
    await store.createMatch({ id: "m1", ruleset: "ember", rulesVersion: "v", scenario: "s", setup: null, seed: "x", seedCommitment: "c", options: {} }, [
      { seat: "red", playerName: "Red", tokenHash: "r" },
      { seat: "blue", playerName: "Blue", tokenHash: "b", accountId: "acc-blue" },
    ]);
    const owe = (seq: number): NewNotification => ({ kind: "your_move", seat: "blue", matchId: "m1", causeSeq: seq, dedupeKey: `your_move/m1/blue/${seq}`, payload: { kind: "your_move", url: "/play/m1" }, owedAt: seq, dueAt: seq });
    const owedCounts: number[] = [];
    for (let seq = 1; seq <= 20; seq++) {
      const entry = { seq, seat: seq % 2 ? "red" : "blue", command: { seq }, events: [{ seq }], stateHash: `h${seq}`, commandId: `c${seq}`, acceptedAt: seq };
      const options = seq === 20 ? { finish: { status: "finished" as const, result: { winner: "red" } } } : seq % 2 ? { notify: [owe(seq)] } : {};
      owedCounts.push((await store.appendEntry("m1", entry, options)).owed);
    }
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
