/**
 * Where the bytes to a player go per accepted command (`pnpm --filter @fogwar/bench run bytes`):
 * a short deterministic count, apart from the side-by-side bench. Bytes do not depend on the
 * machine's load, so a few matches played to their end on one fogwar server (embedded database,
 * in memory, in this process) give them exactly: each frame a player or spectator socket receives after
 * joining is counted by part (the state patch, the `events` message, the `accepted` answer, ...)
 * and divided by the accepted commands. The matches are EMBER "crossroads" (sample armies 0 and
 * 2), played by the seeded random bots as in the bench (BYTES_MATCHES matches, default 6).
 */
import { startServer } from "@fogwar/server";
import { fogwarTarget, type FogwarConnection } from "./clients/fogwar.js";

const matches = Number(process.env.BYTES_MATCHES ?? 6);
const server = await startServer({
  port: 0,
  host: "127.0.0.1",
  dataDir: undefined,
  publicUrl: "http://127.0.0.1",
  logLevel: "warn",
  webDir: undefined,
  backupIntervalMs: 0,
  limits: { createPerMinute: 1e9, createBurst: 1e9, joinFailures: 0, messagesPerSecond: 1e6, messageBurst: 1e6 },
});
const url = `http://127.0.0.1:${server.port}`;
const target = fogwarTarget(url);

type Parts = Map<string, { bytes: number; frames: number }>;
const add = (into: Parts, from: Parts, sign: number) => {
  for (const [part, t] of from) {
    const sum = into.get(part) ?? { bytes: 0, frames: 0 };
    sum.bytes += sign * t.bytes;
    sum.frames += sign * t.frames;
    into.set(part, sum);
  }
};
const player: Parts = new Map();
const watcher: Parts = new Map();
let accepted = 0;
try {
  for (let m = 0; m < matches; m++) {
    const created = await target.create();
    const players = [(await target.join(created, 0)) as FogwarConnection, (await target.join(created, 1)) as FogwarConnection];
    const spectator = (await target.join(created, null)) as FogwarConnection;
    // Only what follows the joins counts (the welcome and the first full state are per join).
    for (const p of players) add(player, p.parts, -1);
    add(watcher, spectator.parts, -1);
    const match = target.play(created, players, [spectator], `bytes-${m}`);
    while ((await match.command()) !== null) accepted++;
    // The last patch and events reach every socket before the answer; wait a moment for stragglers.
    await new Promise((r) => setTimeout(r, 50));
    for (const p of players) add(player, p.parts, 1);
    add(watcher, spectator.parts, 1);
    await Promise.all([...players, spectator].map((c) => c.leave()));
  }
} finally {
  await server.close();
}

const line = (label: string, parts: Parts, per: number) => {
  let total = 0;
  const cells: string[] = [];
  for (const [part, t] of [...parts].sort((a, b) => b[1].bytes - a[1].bytes)) {
    if (t.frames === 0) continue;
    total += t.bytes;
    cells.push(`${part} ${(t.bytes / per).toFixed(1)} B (${(t.frames / per).toFixed(2)} frames, ${(t.bytes / t.frames).toFixed(1)} B each)`);
  }
  process.stdout.write(`${label}: ${(total / per).toFixed(1)} B per accepted command\n  ${cells.join("\n  ")}\n`);
};
process.stdout.write(`${matches} EMBER matches played to their end, ${accepted} accepted commands (WebSocket message sizes, no WebSocket or TCP framing)\n`);
line("to a player", player, accepted * 2);
line("to a spectator", watcher, accepted);
