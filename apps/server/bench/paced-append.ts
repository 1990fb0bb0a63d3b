/**
 * Appends to PostgreSQL under a paced load, one batch at a time against several at once
 * (`GroupCommit`'s `maxInFlight`, ../src/store/group-commit.ts): BENCH_PACED_MATCHES matches
 * (default 1,000) each append one entry every 5 s (200 appends/s), in windows of 10 s taken in
 * turn, 1 then 5 batches in flight, BENCH_ROUNDS times (default 4), on a fresh database created
 * on BENCH_DATABASE_URL's server (and dropped after). Taking the two in turn puts them under the
 * same conditions on a shared machine, where a commit's wait for the disk moves with everyone's
 * writes. Prints each window's append latency (p50, p90, p99, max) and both overall. Asserts
 * nothing. Run: BENCH_DATABASE_URL=postgres://... npx pnpm --filter @fogwar/server run bench:paced-append
 */
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { loadavg } from "node:os";
import { GroupCommit } from "../src/store/group-commit.js";
import { findMigrationsFolder } from "../src/store/migrations.js";
import * as schema from "../src/store/schema.js";

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("BENCH_DATABASE_URL is not set (a PostgreSQL server whose role may create databases)");

const admin = new pg.Client({ connectionString: url });
await admin.connect();
const name = `paced_${process.pid}`;
await admin.query(`create database ${name}`);
const target = new URL(url);
target.pathname = `/${name}`;
const pool = new pg.Pool({ connectionString: target.toString(), max: 10 });
const db = drizzle({ client: pool, schema });
await migrate(db, { migrationsFolder: findMigrationsFolder() });
const MATCHES = Number(process.env.BENCH_PACED_MATCHES ?? 1000);
const ids = Array.from({ length: MATCHES }, (_, i) => `pm-${i}`);
for (let i = 0; i < MATCHES; i += 100) {
  const chunk = ids.slice(i, i + 100);
  await pool.query(`insert into matches (id, ruleset, rules_version, scenario, setup, seed, seed_commitment, options) select x, 'r', 'v', 's', '{}', 's', 'c', '{}' from unnest($1::text[]) x`, [chunk]);
}
const events = [{ type: "unit_moved", unit: "p1-m1", from: { x: 1, y: 2 }, to: { x: 3, y: 4 }, facing: "N" }, { type: "activation_ended", unit: "p1-m1" }];
const seqs = new Map(ids.map((id) => [id, 0]));
/** The p-quantile of `xs` (nearest rank). */
const q = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] ?? NaN; };
const commits = { 1: new GroupCommit((query) => db.execute(query), 1), 5: new GroupCommit((query) => db.execute(query), 5) };
const results: Record<string, number[]> = { 1: [], 5: [] };
/** One window of `seconds` with `inFlight` batches at most: every match appends once per 5 s. */
async function window(inFlight: 1 | 5, seconds: number) {
  const commit = commits[inFlight];
  const t0 = performance.now();
  const interval = 5000;
  const lat: number[] = [];
  await Promise.all(ids.map(async (id, i) => {
    let next = t0 + (interval * i) / MATCHES;
    while (next < t0 + seconds * 1000) {
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
      const seq = (seqs.get(id) as number) + 1;
      const s0 = performance.now();
      await commit.append(id, { seq, seat: "p1", command: { type: "move", seq }, events, stateHash: "h".repeat(16), commandId: `c${seq}` }, undefined);
      lat.push(performance.now() - s0);
      seqs.set(id, seq);
      next += interval;
    }
  }));
  results[inFlight]!.push(...lat);
  console.log(`in flight ${inFlight}: n ${lat.length} p50 ${q(lat, 0.5).toFixed(1)} p90 ${q(lat, 0.9).toFixed(1)} p99 ${q(lat, 0.99).toFixed(1)} max ${q(lat, 1).toFixed(1)} ms (load average ${loadavg()[0]!.toFixed(2)})`);
}
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
for (let r = 0; r < rounds; r++) {
  await window(1, 10);
  await window(5, 10);
}
for (const k of ["1", "5"]) console.log(`all, in flight ${k}: n ${results[k]!.length} p50 ${q(results[k]!, 0.5).toFixed(1)} p99 ${q(results[k]!, 0.99).toFixed(1)} ms`);
await pool.end();
await admin.query(`drop database ${name}`);
await admin.end();
