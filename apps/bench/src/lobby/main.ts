/**
 * The lobby under load (`pnpm --filter @fogwar/bench run lobby`; part of `pnpm bench`): one fogwar
 * server (embedded database) in its own process; BENCH_LOBBY_PLAYERS signed-in players (guests,
 * each with its own session) watching the `lobby` room from BENCH_LOBBY_WORKERS driver processes;
 * BENCH_LOBBY_TABLES open tables, each with its owner connected to its table room. Then
 * BENCH_LOBBY_UPDATES more tables are opened one at a time, and for each the bench takes the time
 * from just before its opening request to each watching player's receipt of its `+` listing.
 *
 * Prints: per receipt (every player, every table) p50, p99 and max; per table the time until every
 * player had it, p50 and p99; the server's CPU per table opened (its process's CPU over the
 * updates, less its idle CPU over as long, divided by the updates: the request, the table's room
 * and the listing's broadcast to every player). Asserts nothing.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Child } from "../ipc.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../../..");
const int = (name: string, fallback: number) => Number.parseInt(process.env[name] ?? "", 10) || fallback;
const PLAYERS = int("BENCH_LOBBY_PLAYERS", 10_000);
const TABLES = int("BENCH_LOBBY_TABLES", 1_000);
const UPDATES = int("BENCH_LOBBY_UPDATES", 30);
const WORKERS = int("BENCH_LOBBY_WORKERS", 4);
const log = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

/** A process's CPU time so far (user + system), in ms, from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

const dir = mkdtempSync(join(tmpdir(), "fogwar-lobby-bench-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["--import", "tsx", join(root, "apps/server/src/main.ts")], {
  cwd: join(root, "apps/server"),
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    LOG_LEVEL: "warn",
    FOGWAR_DATA_DIR: join(dir, "data"),
    FOGWAR_BACKUP_INTERVAL_MINUTES: "0",
    // Every player of the bench comes from 127.0.0.1.
    FOGWAR_SIGN_IN_PER_MINUTE: "10000000",
    FOGWAR_SIGN_IN_BURST: "10000000",
    FOGWAR_MAX_CONNECTIONS_PER_ADDRESS: "100000",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const children: Child[] = [];
const stop = async () => {
  await Promise.all(children.map((c) => c.call("close", {}, 60_000).catch(() => undefined)));
  await Child.stopAll();
  server.kill("SIGINT");
  await sleep(500);
  server.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
};
try {
  for (let i = 0; i < 600 && !(await fetch(`${base}/api/health`).then((r) => r.ok, () => false)); i++) await sleep(100);
  log(`Lobby under load: Node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}; ${PLAYERS} players watching the lobby from ${WORKERS} processes, ${TABLES} open tables, ${UPDATES} tables opened one at a time.`);
  const viewers = await Promise.all(Array.from({ length: WORKERS }, (_, i) => Child.start(`viewers-${i}`, join(here, "viewers.ts")).then((c) => c.child)));
  const owners = (await Child.start("owners", join(here, "owners.ts"))).child;
  children.push(...viewers, owners);
  const setup = performance.now();
  await owners.call("open", { base, tables: TABLES });
  log(`  ${TABLES} tables open (${((performance.now() - setup) / 1000).toFixed(1)} s)`);
  const joined = await Promise.all(viewers.map((v, i) => v.call<number>("connect", { base, players: Math.floor(PLAYERS / WORKERS) + (i < PLAYERS % WORKERS ? 1 : 0) })));
  const watching = joined.reduce((a, b) => a + b, 0);
  log(`  ${watching} players signed in and watching (${((performance.now() - setup) / 1000).toFixed(1)} s)`);
  await sleep(2000);

  // The server's idle CPU over a quiet window, then over the updates.
  const idleFrom = cpuMs(server.pid!);
  const idleStart = performance.now();
  await sleep(3000);
  const idleRate = (cpuMs(server.pid!) - idleFrom) / (performance.now() - idleStart);
  const opened: { tableId: string; startedAt: number }[] = [];
  const cpuFrom = cpuMs(server.pid!);
  const updatesStart = performance.now();
  for (let i = 0; i < UPDATES; i++) {
    opened.push(await owners.call<{ tableId: string; startedAt: number }>("openTimed", { base }));
    await sleep(300);
  }
  await sleep(2000);
  const window = performance.now() - updatesStart;
  const cpuPerUpdate = (cpuMs(server.pid!) - cpuFrom - idleRate * window) / UPDATES;

  const seen = await Promise.all(viewers.map((v) => v.call<Record<string, number[]>>("seen", { tableIds: opened.map((t) => t.tableId) })));
  const receipts: number[] = [];
  const everyone: number[] = [];
  let missing = 0;
  for (const { tableId, startedAt } of opened) {
    const times = seen.flatMap((s) => s[tableId] ?? []).map((at) => at - startedAt);
    missing += watching - times.length;
    receipts.push(...times);
    if (times.length === watching) everyone.push(Math.max(...times));
  }
  receipts.sort((a, b) => a - b);
  everyone.sort((a, b) => a - b);
  log("");
  log(`From opening a table to a watching player's seeing it (${receipts.length} receipts): p50 ${ms(percentile(receipts, 50))}, p99 ${ms(percentile(receipts, 99))}, max ${ms(receipts.at(-1) ?? Number.NaN)}`);
  log(`From opening a table until every watching player had it (${everyone.length} of ${UPDATES} tables reached all ${watching}): p50 ${ms(percentile(everyone, 50))}, p99 ${ms(percentile(everyone, 99))}`);
  log(`Receipts missing: ${missing}`);
  log(`Server CPU per table opened (request, room, listing to ${watching} players): ${ms(cpuPerUpdate)} (idle: ${(idleRate * 1000).toFixed(0)} ms of CPU per s)`);
} finally {
  await stop();
}
