/**
 * `pnpm chaos`: kill-and-recover cycles against the real server, then (with --fuzz, or alone with
 * --fuzz-only) malformed messages over real WebSocket connections.
 *
 *   pnpm chaos [--cycles N] [--seed S] [--database embedded|postgresql|both]
 *              [--database-url postgres://...] [--no-finish-window]
 *              [--fuzz] [--fuzz-only] [--fuzz-messages N]
 *   pnpm chaos soak [--minutes N] [--matches M] ...   (backups under play: ./soak.ts)
 *
 * Defaults: 30 cycles on each database; PostgreSQL is a throwaway cluster from Debian's binaries
 * unless --database-url is given. On PostgreSQL one more kill is placed exactly between a
 * match's last log entry and its finish (finish-window.ts; --no-finish-window skips it). Exits 1
 * when any acknowledged command is lost or duplicated, a match is wedged or orphaned (creations are
 * retried with their `Idempotency-Key`, so a lost answer must not leave a second match), or the
 * fuzz run crashed the server or changed a match.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { runFinishWindow } from "./finish-window";
import { runFuzz, type FuzzReport } from "./fuzz-run";
import { startThrowawayPostgres } from "./postgres";
import type { ChaosDatabase } from "./process";
import { runCycles } from "./run";
import { verify, type ChaosCounts } from "./verify";

if (process.argv.slice(2).filter((a) => a !== "--")[0] === "soak") {
  await import("./soak-main");
  process.exit(process.exitCode ?? 0);
}

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    cycles: { type: "string", default: "30" },
    seed: { type: "string", default: "chaos" },
    database: { type: "string", default: "both" },
    "database-url": { type: "string" },
    fuzz: { type: "boolean", default: false },
    "fuzz-only": { type: "boolean", default: false },
    "fuzz-messages": { type: "string", default: "1000000" },
    "no-finish-window": { type: "boolean", default: false },
  },
});

function whole(name: string, value: string | undefined, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`error: --${name} takes a whole number from ${min} to ${max}, not "${value}"`);
    process.exit(2);
  }
  return n;
}
const cycles = whole("cycles", values.cycles, 1, 10_000);
const fuzzMessages = whole("fuzz-messages", values["fuzz-messages"], 1, 100_000_000);
if (!["embedded", "postgresql", "both"].includes(values.database as string)) {
  console.error(`error: --database is embedded, postgresql or both, not "${values.database}"`);
  process.exit(2);
}
const seed = values.seed as string;
const log = (line: string) => console.log(`  ${line}`);

const results: ChaosCounts[] = [];
let fuzz: FuzzReport | null = null;
const started = performance.now();

async function onDatabase(kind: "embedded" | "postgresql"): Promise<void> {
  const t0 = performance.now();
  let database: ChaosDatabase;
  let cleanup: () => void;
  if (kind === "embedded") {
    const dir = mkdtempSync(join(tmpdir(), "fogwar-chaos-"));
    database = { kind: "embedded", dir: join(dir, "data") };
    cleanup = () => rmSync(dir, { recursive: true, force: true });
  } else if (values["database-url"]) {
    database = { kind: "postgres", url: values["database-url"] };
    cleanup = () => undefined;
  } else {
    const pg = await startThrowawayPostgres();
    database = { kind: "postgres", url: pg.url };
    cleanup = () => pg.stop();
  }
  console.log(`== ${kind}: ${cycles} kill-and-recover cycles (seed ${seed})`);
  try {
    const run = await runCycles(database, { cycles, seed: `${seed}:${kind}`, log });
    const counts = await verify(database, run, cycles, (performance.now() - t0) / 1000);
    results.push(counts);
    for (const f of counts.findings.slice(0, 20)) log(f);
    if (counts.findings.length > 20) log(`... ${counts.findings.length - 20} more findings`);
    if (database.kind === "postgres" && !values["no-finish-window"]) {
      console.log("== postgresql: a kill between a match's last entry and its finish (the finish held back by a row lock)");
      const t1 = performance.now();
      const targeted = await verify(database, await runFinishWindow(database.url, seed, log), 1, (performance.now() - t1) / 1000);
      results.push({ ...targeted, database: "pg-finish-window" });
      for (const f of targeted.findings) log(f);
    }
  } finally {
    cleanup();
  }
}

try {
  if (!values["fuzz-only"]) {
    if (values.database !== "postgresql") await onDatabase("embedded");
    if (values.database !== "embedded") await onDatabase("postgresql");
  }
  if (values.fuzz || values["fuzz-only"]) {
    console.log(`== fuzz: ${fuzzMessages.toLocaleString("en")} malformed messages (seed ${seed})`);
    fuzz = await runFuzz({ messages: fuzzMessages, seed, log });
  }
} catch (error) {
  console.error(`chaos run failed: ${(error as Error).stack ?? error}`);
  process.exit(1);
}

const cols = ["database", "cycles", "matches", "finished", "commands", "resent", "acknowledgements", "storedEntries", "lost", "duplicated", "wedged", "orphaned", "creationsRetried", "notFoundJoins", "serverErrors", "seconds"] as const;
if (results.length > 0) {
  console.log("\nchaos report");
  console.log(cols.join("\t"));
  for (const r of results) console.log(cols.map((c) => (c === "seconds" ? r.seconds.toFixed(1) : String(r[c]))).join("\t"));
}
if (fuzz) {
  console.log("\nfuzz report");
  for (const [k, v] of Object.entries(fuzz)) console.log(`  ${k}: ${Array.isArray(v) ? v.join("; ") || "none" : typeof v === "object" ? JSON.stringify(v) : v}`);
}
const failed = results.some((r) => r.lost > 0 || r.duplicated > 0 || r.wedged > 0 || r.orphaned > 0) || (fuzz !== null && !fuzz.ok);
console.log(`\n${failed ? "FAILED" : "passed"}: lost, duplicated, wedged and orphaned ${failed ? "are not all" : "are all"} 0${fuzz ? "; fuzz " + (fuzz.ok ? "clean" : "found problems") : ""} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
process.exit(failed ? 1 : 0);
