/**
 * Server benchmarks: prints figures, asserts nothing. Run with `pnpm bench` at the top level
 * (needs `node --expose-gc` for the memory figures, which the script passes).
 *
 * - command round trip (send to acknowledgement, which follows the stored append and the patch)
 *   through the real server and WebSocket clients, median and p99, with many concurrent matches;
 * - bytes received per accepted command by a player and by a spectator (frames after the join);
 * - memory per live match: heap and RSS growth per room holding a match 40 commands in;
 * - the CPU that idle live rooms cost the process (BENCH_IDLE_ROOMS rooms, nobody connected).
 *
 * The server runs in this process on embedded PGlite in memory (BENCH_DATABASE_URL selects
 * PostgreSQL instead); clients are @colyseus/sdk over loopback.
 */
import { catalog } from "@fogwar/ember";
import { startServer } from "@fogwar/server";
import { playOnlineMatch } from "../src/games/ember/online";

const CONCURRENT = Number(process.env.BENCH_MATCHES ?? 16);
const MEMORY_MATCHES = Number(process.env.BENCH_MEMORY_MATCHES ?? 60);
const IDLE_ROOMS = Number(process.env.BENCH_IDLE_ROOMS ?? 1000);

const gc = (globalThis as { gc?: () => void }).gc;
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 50));
  }
};
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

const server = await startServer({
  port: 0,
  host: "127.0.0.1",
  databaseUrl: process.env.BENCH_DATABASE_URL,
  dataDir: undefined,
  publicUrl: "http://localhost",
  logLevel: "warn",
  // Every benchmark client comes from 127.0.0.1: the per-address limits would stop the load.
  limits: { createPerMinute: 1e6, createBurst: 1e6, maxConnectionsPerAddress: 1e6, historyPerSecond: 1e6, historyBurst: 1e6 },
});
const url = `http://127.0.0.1:${server.port}`;
console.log(`server benchmark: ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite in memory"}, Node ${process.version}`);

// Warm-up: one match.
await playOnlineMatch({ url, scenario: "crossroads", armies: [0, 2], seed: "warm", spectators: 1 });

// 1. Round trips and bytes, CONCURRENT matches at once, one spectator each.
const trips: number[] = [];
const started = performance.now();
const reports = await Promise.all(
  Array.from({ length: CONCURRENT }, (_, i) =>
    playOnlineMatch({ url, scenario: "crossroads", armies: [[0, 2, 4][i % 3]!, [2, 4, 0][i % 3]!], seed: `bench-${i}`, spectators: 1, onRoundTrip: (ms) => trips.push(ms) }),
  ),
);
const wall = (performance.now() - started) / 1000;
trips.sort((a, b) => a - b);
const commands = reports.reduce((n, r) => n + r.commands, 0);
const perCommand = (key: string) => reports.reduce((n, r) => n + (r.bytes[key] ?? 0), 0) / commands;
console.log(`  ${CONCURRENT} concurrent matches: ${commands} commands in ${wall.toFixed(1)} s (${(commands / wall).toFixed(0)} commands/s through the server)`);
console.log(`  command round trip: median ${quantile(trips, 0.5).toFixed(2)} ms, p99 ${quantile(trips, 0.99).toFixed(2)} ms, max ${trips[trips.length - 1]?.toFixed(2)} ms`);
console.log(`  bytes received per command: player p1 ${perCommand("p1").toFixed(0)} B, player p2 ${perCommand("p2").toFixed(0)} B, spectator ${perCommand("spectator-1").toFixed(0)} B`);

// 2. Memory per live match: MEMORY_MATCHES rooms, each 40 commands in, clients gone.
await settle();
const before = process.memoryUsage();
for (let i = 0; i < MEMORY_MATCHES; i += 10) {
  await Promise.all(
    Array.from({ length: Math.min(10, MEMORY_MATCHES - i) }, (_, k) =>
      playOnlineMatch({ url, scenario: "crossroads", armies: [0, 2], seed: `mem-${i + k}`, maxCommands: 40 }).catch((e: Error) => {
        if (!/no result after 40 commands/.test(e.message)) throw e;
      }),
    ),
  );
}
await settle();
const after = process.memoryUsage();
const live = (await (await fetch(`${url}/api/health`)).json()) as { liveMatches: number };
console.log(
  `  memory per live match (40 commands in, ${live.liveMatches} live rooms): heap ${((after.heapUsed - before.heapUsed) / MEMORY_MATCHES / 1024).toFixed(0)} KiB, rss ${((after.rss - before.rss) / MEMORY_MATCHES / 1024).toFixed(0)} KiB${gc ? "" : " (no --expose-gc: rough)"}`,
);

// 3. CPU of idle live rooms: IDLE_ROOMS more matches created (nobody joins), then the process's
// CPU time (all threads) over 3 s of nothing happening.
const request = { ruleset: "ember", scenario: "crossroads", players: [0, 2].map((a, i) => ({ name: `Idle ${i + 1}`, army: catalog.data.armies[a] })) };
for (let i = 0; i < IDLE_ROOMS; i += 50) {
  await Promise.all(
    Array.from({ length: Math.min(50, IDLE_ROOMS - i) }, async () => {
      const res = await fetch(`${url}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request) });
      if (res.status !== 201) throw new Error(`creating an idle match: ${res.status} ${await res.text()}`);
    }),
  );
}
await settle();
const rooms = ((await (await fetch(`${url}/api/health`)).json()) as { liveMatches: number }).liveMatches;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
await new Promise((r) => setTimeout(r, 3000));
const cpu = process.cpuUsage(cpu0);
const seconds = (performance.now() - t0) / 1000;
const msPerSecond = (cpu.user + cpu.system) / 1000 / seconds;
console.log(`  idle live rooms: ${rooms} rooms cost ${msPerSecond.toFixed(1)} ms of CPU per second (${((msPerSecond / 1000) * 100).toFixed(2)}% of a core; ${((msPerSecond * 1000) / rooms).toFixed(2)} µs per room per second)`);

await server.close();
process.exit(0);
