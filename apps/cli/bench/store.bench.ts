/**
 * Match store benchmarks: prints figures, asserts nothing. Run with `pnpm bench` at the top level
 * (or `node --expose-gc --import tsx bench/store.bench.ts` in apps/cli).
 *
 * 1. Appends: matches appending real EMBER log entries (commands with their events) in a closed
 *    loop, each match one append at a time (as a live match does), with 1 and with
 *    BENCH_STORE_MATCHES matches. Per driver (PGlite in memory, PGlite in a data folder, and
 *    PostgreSQL when BENCH_DATABASE_URL is set): appends per second, append latency (p50, p99),
 *    CPU per append of the whole process (all threads) and of the main thread alone (the event
 *    loop's thread, read from /proc), how busy the event loop was (its utilization) and its
 *    delay (p99, max) meanwhile.
 * 2. The event loop while the embedded database's folder is backed up (after the appends above).
 * 3. Memory per idle live match: heap held per `LiveMatch` whose log is 40 commands long.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { catalog, emberBotPolicy } from "@fogwar/ember";
import { autoplay, seedCommitment, stateHash } from "@fogwar/engine";
import { LiveMatch, openPgliteFolder } from "@fogwar/server/testing";
import { RULESETS } from "@fogwar/server/hosts";
import { openStore, type MatchStore, type StoredEntry } from "@fogwar/server/store";

const MATCHES = Number(process.env.BENCH_STORE_MATCHES ?? 50);
const SECONDS = Number(process.env.BENCH_STORE_SECONDS ?? 4);
const MEMORY_MATCHES = Number(process.env.BENCH_STORE_MEMORY_MATCHES ?? 200);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;

const host = RULESETS.get("ember")!;
const SEED = "store-bench-seed";
const made = host.makeSetup({
  scenario: "crossroads",
  players: [
    { name: "Ana", army: catalog.data.armies[0] },
    { name: "Bo", army: catalog.data.armies[2] },
  ],
  options: { progressiveReveal: false },
});
if (!made.ok) throw new Error(made.problem.message);
const setup = made.setup;

/** A real match's log: commands, their events and state hashes, as the server stores them. */
const SAMPLE: Omit<StoredEntry, "seq">[] = (() => {
  const played = autoplay(host.ruleset, setup, SEED, "store-bench", { policy: emberBotPolicy });
  let state = host.ruleset.setup(setup, SEED).state;
  return played.toLog().entries.map((e, i) => {
    const result = host.ruleset.apply(state, e.command, e.seat);
    if (!result.ok) throw new Error(result.error.code);
    state = result.state;
    return { seat: e.seat, command: e.command, events: result.events, stateHash: stateHash(state), commandId: `c-${i}` };
  });
})();

let created = 0;
async function newMatch(store: MatchStore): Promise<string> {
  const id = `bench-${process.pid}-${Date.now().toString(36)}-${created++}`;
  await store.createMatch(
    { id, ruleset: "ember", rulesVersion: host.ruleset.rulesVersion, scenario: "crossroads", setup, seed: SEED, seedCommitment: seedCommitment(SEED), options: { spectatorDelay: 0, reconnectGrace: 120, progressiveReveal: false } },
    made.ok ? made.seats.map((seat) => ({ seat, playerName: seat, tokenHash: `${id}-${seat}` })) : [],
  );
  return id;
}

const TICKS = 100; // Linux clock ticks per second (CLK_TCK)
/** CPU milliseconds of this process's main thread so far (user + system). */
function mainThreadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}
const processCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** `matches` matches append in a closed loop for `seconds`; prints the figures. */
async function closedLoop(store: MatchStore, label: string, matches: number, seconds: number): Promise<void> {
  const ids = await Promise.all(Array.from({ length: matches }, () => newMatch(store)));
  const seqs = new Map(ids.map((id) => [id, 0]));
  const append = (id: string) => {
    const seq = seqs.get(id)! + 1;
    seqs.set(id, seq);
    const sample = SAMPLE[(seq - 1) % SAMPLE.length]!;
    return store.appendEntry(id, { ...sample, seq, commandId: `${sample.commandId}-${seq}` });
  };
  // Warm-up: a few appends per match.
  for (let i = 0; i < 3; i++) await Promise.all(ids.map(append));
  const latencies: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const cpu0 = processCpuMs();
  const main0 = mainThreadCpuMs();
  const t0 = performance.now();
  const elu0 = performance.eventLoopUtilization();
  // The loop ends by the clock, not by a timer: an in-process PGlite may answer without ever
  // yielding to the event loop's timers.
  const deadline = t0 + seconds * 1000;
  delay.enable();
  await Promise.all(
    ids.map(async (id) => {
      while (performance.now() < deadline) {
        const start = performance.now();
        await append(id);
        latencies.push(performance.now() - start);
      }
    }),
  );
  // A loop held for the whole run records its delay only when the monitor's timer runs again.
  await new Promise((done) => setTimeout(done, 5));
  delay.disable();
  const busy = performance.eventLoopUtilization(elu0).utilization;
  const wall = (performance.now() - t0) / 1000;
  const cpu = processCpuMs() - cpu0;
  const main = mainThreadCpuMs() - main0;
  latencies.sort((a, b) => a - b);
  const n = latencies.length;
  console.log(
    `  ${label}, ${String(matches).padStart(3)} match${matches === 1 ? " " : "es"}: ${(n / wall).toFixed(0).padStart(5)} appends/s, latency p50 ${quantile(latencies, 0.5).toFixed(2)} ms p99 ${quantile(latencies, 0.99).toFixed(2)} ms, ` +
      `CPU per append ${(cpu / n).toFixed(3)} ms (main thread ${(main / n).toFixed(3)} ms), event loop busy ${(busy * 100).toFixed(0)}%, its delay p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms max ${(delay.max / 1e6).toFixed(0)} ms`,
  );
}

async function benchDriver(label: string, open: () => Promise<MatchStore>): Promise<void> {
  const store = await open();
  try {
    await closedLoop(store, label, 1, SECONDS);
    await closedLoop(store, label, MATCHES, SECONDS);
  } finally {
    await store.close();
  }
}

const gc = (globalThis as { gc?: () => void }).gc;
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** Heap held per idle `LiveMatch` 40 commands in (the store's own memory excluded: it is in memory either way). */
async function liveMatchMemory(): Promise<void> {
  const store = await openStore({});
  try {
    const commands = SAMPLE.slice(0, 40);
    const ids: string[] = [];
    for (let i = 0; i < MEMORY_MATCHES; i++) {
      const id = await newMatch(store);
      ids.push(id);
      for (const [k, e] of commands.entries()) await store.appendEntry(id, { ...e, seq: k + 1 });
    }
    await settle();
    const before = process.memoryUsage().heapUsed;
    const held: LiveMatch[] = [];
    for (const id of ids) held.push((await LiveMatch.load(store, id))!);
    await settle();
    const after = process.memoryUsage().heapUsed;
    console.log(`  heap per idle live match (log of ${commands.length} commands, ${held.length} matches): ${((after - before) / held.length / 1024).toFixed(1)} KiB${gc ? "" : " (no --expose-gc: rough)"}`);
  } finally {
    await store.close();
  }
}

console.log(`store benchmark: Node ${process.version}, ${SECONDS} s per run, sample log of ${SAMPLE.length} EMBER commands`);
await benchDriver("PGlite in memory", () => openStore({}));
/**
 * The event loop while the data folder is backed up (apps/server/src/store/backup.ts: a base, then
 * increments, streamed by chunks): a backup at opening and then every 500 ms, for 3 s, with
 * nothing else to do; by the store (its worker thread) and, for comparison, by PGlite opened in
 * this thread. The size printed is the backup set's (`<folder>.backup/`, every file in it).
 */
async function backupStall(dataDir: string): Promise<void> {
  const runs: [string, () => Promise<{ close(): Promise<void> }>][] = [
    ["the store's worker thread", () => openStore({ dataDir, backupIntervalMs: 500 })],
    [
      "this thread            ",
      async () => {
        const opened = await openPgliteFolder(dataDir, { backupIntervalMs: 500 }, async () => undefined);
        opened.startBackups();
        return opened;
      },
    ],
  ];
  for (const [where, open] of runs) {
    const opened = await open();
    const delay = monitorEventLoopDelay({ resolution: 1 });
    try {
      delay.enable();
      const elu0 = performance.eventLoopUtilization();
      await new Promise((done) => setTimeout(done, 3000));
      delay.disable();
      const busy = performance.eventLoopUtilization(elu0).utilization;
      const backupDir = `${dataDir}.backup`;
      const size = readdirSync(backupDir).reduce((sum, name) => sum + statSync(join(backupDir, name)).size, 0) / 2 ** 20;
      console.log(
        `  PGlite on disk, backups (${size.toFixed(1)} MB) every 500 ms for 3 s in ${where}: event loop busy ${(busy * 100).toFixed(0)}%, its delay p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms max ${(delay.max / 1e6).toFixed(0)} ms`,
      );
    } finally {
      await opened.close();
    }
  }
}

const folder = mkdtempSync(join(tmpdir(), "fogwar-store-bench-"));
try {
  await benchDriver("PGlite on disk  ", () => openStore({ dataDir: join(folder, "data") }));
  await backupStall(join(folder, "data"));
} finally {
  rmSync(folder, { recursive: true, force: true });
}
if (DATABASE_URL) await benchDriver("PostgreSQL      ", () => openStore({ databaseUrl: DATABASE_URL }));
else console.log("  PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://... to run it)");
await liveMatchMemory();
