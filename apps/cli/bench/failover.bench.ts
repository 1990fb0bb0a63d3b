/**
 * Failover benchmark for several server processes: prints figures, asserts nothing.
 *
 *   BENCH_DATABASE_URL=postgres://... [BENCH_REDIS_URL=redis://...] pnpm --filter @fogwar/cli exec tsx bench/failover.bench.ts
 *
 * Two server processes (`src/main.ts`) share PostgreSQL (BENCH_DATABASE_URL; without it a
 * throwaway cluster from Debian's binaries) and Redis (BENCH_REDIS_URL; without it a throwaway
 * redis-server). Each round plays one bot match created on one process (its clients know both
 * addresses), SIGKILLs that process after BENCH_KILL_AFTER commands (default 10) and measures the
 * time from the kill to the match's next acknowledged command, which the other process answers
 * after rebuilding the room from the log; the killed process is started again for the next round.
 * The figure is mostly the dead host's lease (5 s) plus the clients' backoff (0.5 s doubling).
 * Not part of `pnpm bench` (it needs PostgreSQL and Redis).
 */
import { freePort, ServerProcess } from "../src/chaos/process";
import { startThrowawayPostgres } from "../src/chaos/postgres";
import { startThrowawayRedis } from "../src/chaos/redis";
import { playOnlineMatch } from "../src/games/ember/online";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const KILL_AFTER = Number(process.env.BENCH_KILL_AFTER ?? 10);

const pgOwned = process.env.BENCH_DATABASE_URL ? null : await startThrowawayPostgres();
const redisOwned = process.env.BENCH_REDIS_URL ? null : await startThrowawayRedis();
const databaseUrl = process.env.BENCH_DATABASE_URL ?? (pgOwned as { url: string }).url;
const redisUrl = process.env.BENCH_REDIS_URL ?? (redisOwned as { url: string }).url;
const ports = [await freePort(), await freePort()];
const start = (port: number) => ServerProcess.start({ kind: "postgres", url: databaseUrl }, port, 60_000, { REDIS_URL: redisUrl, FOGWAR_PUBLIC_ADDRESS: `127.0.0.1:${port}` });
const servers: ServerProcess[] = [];
for (const port of ports) servers.push(await start(port));
const gaps: number[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    const host = round % 2;
    const urls = [servers[host] as ServerProcess, servers[1 - host] as ServerProcess].map((s) => s.url);
    let killedAt = 0;
    let gap = 0;
    await playOnlineMatch({
      url: urls[0] as string,
      urls,
      scenario: "crossroads",
      armies: [0, 2],
      seed: `failover-${round}`,
      reconnectWithinMs: 60_000,
      onAccepted: (commands) => {
        if (commands === KILL_AFTER) {
          killedAt = performance.now();
          (servers[host] as ServerProcess).kill("SIGKILL");
        } else if (commands === KILL_AFTER + 1) gap = performance.now() - killedAt;
      },
    });
    gaps.push(gap);
    console.log(`round ${round + 1}: SIGKILL to the next acknowledged command ${(gap / 1000).toFixed(2)} s`);
    await (servers[host] as ServerProcess).crash();
    servers[host] = await start(ports[host] as number);
  }
  const sorted = [...gaps].sort((a, b) => a - b);
  console.log(`failover (2 processes, PostgreSQL + Redis, ${ROUNDS} rounds): median ${((sorted[Math.floor(sorted.length / 2)] ?? NaN) / 1000).toFixed(2)} s, max ${((sorted.at(-1) ?? NaN) / 1000).toFixed(2)} s from SIGKILL to the next acknowledged command`);
} finally {
  await Promise.all(servers.map((s) => s.crash()));
  await redisOwned?.stop();
  pgOwned?.stop();
}
