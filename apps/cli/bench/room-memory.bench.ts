/**
 * Memory per idle room: prints figures, asserts nothing. Run with
 * `node --expose-gc --import tsx bench/room-memory.bench.ts` in apps/cli (`pnpm bench` does).
 *
 * The server runs in this process on embedded PGlite in memory. Two kinds of idle room, nobody
 * connected, after a forced garbage collection:
 * - fresh: BENCH_FRESH_ROOMS EMBER matches created through the lobby API (the room opens at once);
 * - played: BENCH_PLAYED_ROOMS EMBER matches played 40 commands in by bots over WebSocket, their
 *   clients gone (a player and a spectator each, so encoders and views have been used), measured
 *   after as many played the same way first (so the code they run is compiled already).
 * For each: heap, ArrayBuffers (encoder buffers among them) and RSS growth per room.
 * With BENCH_HEAP_SNAPSHOTS=<folder>, also writes a heap snapshot before the fresh rooms
 * (`0-before.heapsnapshot`), after them (`1-fresh.heapsnapshot`) and after the played rooms
 * (`2-played.heapsnapshot`), to compare what each kind of room holds.
 */
import { writeHeapSnapshot } from "node:v8";
import { join } from "node:path";
import { catalog } from "@fogwar/ember";
import { startServer } from "@fogwar/server";
import { playOnlineMatch } from "../src/games/ember/online";

const FRESH = Number(process.env.BENCH_FRESH_ROOMS ?? 300);
const PLAYED = Number(process.env.BENCH_PLAYED_ROOMS ?? 40);

const SNAPSHOTS = process.env.BENCH_HEAP_SNAPSHOTS;
const snapshot = (name: string) => {
  if (SNAPSHOTS) console.log(`  heap snapshot: ${writeHeapSnapshot(join(SNAPSHOTS, `${name}.heapsnapshot`))}`);
};

const gc = (globalThis as { gc?: () => void }).gc;
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 50));
  }
};
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
function report(label: string, rooms: number, before: NodeJS.MemoryUsage, after: NodeJS.MemoryUsage): void {
  const per = (key: keyof NodeJS.MemoryUsage) => (after[key] - before[key]) / rooms;
  console.log(`  ${label} (${rooms} rooms): heap ${kib(per("heapUsed"))}, ArrayBuffers ${kib(per("arrayBuffers"))}, rss ${kib(per("rss"))} per room${gc ? "" : " (no --expose-gc: rough)"}`);
}

const server = await startServer({
  port: 0,
  host: "127.0.0.1",
  databaseUrl: process.env.BENCH_DATABASE_URL,
  dataDir: undefined,
  publicUrl: "http://localhost",
  logLevel: "warn",
  limits: { createPerMinute: 1e6, createBurst: 1e6, maxConnectionsPerAddress: 1e6, historyPerSecond: 1e6, historyBurst: 1e6 },
});
const url = `http://127.0.0.1:${server.port}`;
console.log(`\nMemory per idle room (${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite in memory"}, Node ${process.version})\n`);
await playOnlineMatch({ url, scenario: "crossroads", armies: [0, 2], seed: "warm", spectators: 1 });

// Fresh rooms.
const request = { ruleset: "ember", scenario: "crossroads", players: [0, 2].map((a, i) => ({ name: `Idle ${i + 1}`, army: catalog.data.armies[a] })) };
await settle();
snapshot("0-before");
await settle();
let before = process.memoryUsage();
for (let i = 0; i < FRESH; i += 50) {
  await Promise.all(
    Array.from({ length: Math.min(50, FRESH - i) }, async () => {
      const res = await fetch(`${url}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request) });
      if (res.status !== 201) throw new Error(`creating an idle match: ${res.status} ${await res.text()}`);
    }),
  );
}
await settle();
report("fresh, never joined", FRESH, before, process.memoryUsage());
snapshot("1-fresh");
await settle();

// Played rooms, clients gone. A first batch, not counted, warms the code the bots and the
// commands run (compiled code would otherwise count as the measured rooms' heap).
const playBatch = async (label: string) => {
  for (let i = 0; i < PLAYED; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, PLAYED - i) }, (_, k) =>
        playOnlineMatch({ url, scenario: "crossroads", armies: [0, 2], seed: `${label}-${i + k}`, spectators: 1, maxCommands: 40 }).catch((e: Error) => {
          if (!/no result after 40 commands/.test(e.message)) throw e;
        }),
      ),
    );
  }
};
await playBatch("warm");
await settle();
before = process.memoryUsage();
await playBatch("mem");
await settle();
report("40 commands in, clients gone", PLAYED, before, process.memoryUsage());
snapshot("2-played");

await server.close();
process.exit(0);
