/**
 * Per-address limits hold across processes: two processes' limits on one real Redis (as two
 * servers with REDIS_URL build them) share each address's creations, history reads and failed
 * joins and open connections, so two processes allow what one does; without Redis each process
 * counts alone. The connections of a process that stops beating stop counting after their TTL.
 * Needs Debian's `redis-server` (or TEST_REDIS_URL); without it skipped visibly, under CI failing.
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { ConnectionCounts } from "../src/connection-counts";
import { createLimits, DEFAULT_LIMITS, type Limits } from "../src/limits";
import { redisAvailable, testRedis, whenRedisMissing } from "./redis";

const settings = { ...DEFAULT_LIMITS, createBurst: 3, createPerMinute: 1, historyBurst: 4, historyPerSecond: 0.1, joinFailures: 3, joinBlockMs: 60_000, corsOrigins: [] };

/** How many of `n` requests, alternating between the processes, are admitted. */
async function admitted(processes: Limits[], pick: (limits: Limits) => Limits["creates"], n: number): Promise<number> {
  let count = 0;
  for (let i = 0; i < n; i++) if ((await pick(processes[i % processes.length]!).admit("203.0.113.7")) === 0) count++;
  return count;
}

test("without Redis each process counts alone (two processes allow twice the burst)", async () => {
  const processes = [createLimits(settings), createLimits(settings)];
  expect(await admitted(processes, (l) => l.creates, 10)).toBe(6);
});

/** How many of `n` connections, alternating between `counts`, are admitted under a cap of `max`. */
async function opened(counts: ConnectionCounts[], n: number, max: number): Promise<(() => void)[]> {
  const releases: (() => void)[] = [];
  for (let i = 0; i < n; i++) {
    const release = await counts[i % counts.length]!.open("203.0.113.7", max);
    if (release) releases.push(release);
  }
  return releases;
}

test("without Redis each process counts its own connections (two processes hold twice the cap)", async () => {
  const counts = [new ConnectionCounts(), new ConnectionCounts()];
  const releases = await opened(counts, 10, 3);
  expect(releases).toHaveLength(6);
  expect(await counts[0]!.of("203.0.113.7")).toBe(3);
  releases[0]!();
  releases[0]!();
  expect(await counts[0]!.of("203.0.113.7")).toBe(2);
  expect(await counts[0]!.open("203.0.113.7", 3)).not.toBeNull();
});

const suite = redisAvailable ? describe : describe.skip;

suite("two processes on one Redis", () => {
  let redis: { url: string; stop(): Promise<void> };
  const clients: Redis[] = [];
  let processes: Limits[];

  beforeAll(async () => {
    redis = await testRedis(4);
  });
  beforeEach(() => {
    // A prefix of its own per test: the counters start empty.
    const prefix = `fogwar-test-${randomUUID()}`;
    processes = [0, 1].map(() => {
      const client = new Redis(redis.url);
      clients.push(client);
      return createLimits(settings, { redis: client, prefix });
    });
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await redis?.stop();
  });

  test("share an address's match creations: the burst holds for both together, with a retry time", async () => {
    expect(await admitted(processes, (l) => l.creates, 10)).toBe(3);
    expect(await processes[0]!.creates.admit("203.0.113.7")).toBeGreaterThan(1000);
    // Another address has its own count.
    expect(await processes[1]!.creates.admit("198.51.100.2")).toBe(0);
  });

  test("share an address's history reads", async () => {
    expect(await admitted(processes, (l) => l.history, 10)).toBe(4);
  });

  test("share failed joins: failures on both processes block the address on both", async () => {
    const [a, b] = processes as [Limits, Limits];
    await a.joinFailures.fail("203.0.113.7");
    await b.joinFailures.fail("203.0.113.7");
    expect(await a.joinFailures.blockedFor("203.0.113.7")).toBe(0);
    await a.joinFailures.fail("203.0.113.7");
    expect(await b.joinFailures.blockedFor("203.0.113.7")).toBeGreaterThan(59_000);
    expect(await a.joinFailures.blockedFor("203.0.113.7")).toBeGreaterThan(59_000);
    expect(await a.joinFailures.blockedFor("198.51.100.2")).toBe(0);
  });

  test("reserve failed joins atomically: of 50 attempts in parallel on both processes, at most the limit are checked", async () => {
    const address = "192.0.2.44";
    const attempts = await Promise.all(Array.from({ length: 50 }, (_, i) => processes[i % 2]!.joinFailures.reserve(address)));
    const admitted = attempts.filter((a) => a.refusedFor === 0);
    expect(admitted.length).toBeLessThanOrEqual(settings.joinFailures);
    expect(admitted.length).toBeGreaterThan(0);
    await Promise.all(admitted.map((a) => a.fail()));
    expect(await processes[1]!.joinFailures.blockedFor(address)).toBeGreaterThan(59_000);
    expect((await processes[0]!.joinFailures.reserve(address)).refusedFor).toBeGreaterThan(59_000);
    // Attempts that do not fail give their points back: the other address is never blocked.
    for (let i = 0; i < 10; i++) await (await processes[i % 2]!.joinFailures.reserve("192.0.2.45")).release();
    expect(await processes[0]!.joinFailures.blockedFor("192.0.2.45")).toBe(0);
  });

  test("share an address's open connections: the cap holds for both together, and a closed one frees a place on either", async () => {
    const counts = processes.map((limits) => limits.connections);
    const releases = await opened(counts, 10, 4);
    expect(releases).toHaveLength(4);
    expect(await counts[0]!.of("203.0.113.7")).toBe(4);
    expect(await counts[1]!.open("203.0.113.7", 4)).toBeNull();
    // Another address has its own count.
    expect(await counts[1]!.open("198.51.100.2", 4)).not.toBeNull();
    releases[0]!();
    releases[0]!();
    await new Promise((r) => setTimeout(r, 50));
    expect(await counts[1]!.of("203.0.113.7")).toBe(3);
    expect(await counts[1]!.open("203.0.113.7", 4)).not.toBeNull();
    expect(await counts[0]!.open("203.0.113.7", 4)).toBeNull();
    for (const limits of processes) limits.connections.stop();
  });

  test("the connections of a process that stops beating (it died) stop counting within their TTL", async () => {
    const TTL_MS = 3_000;
    const prefix = `fogwar-test-${randomUUID()}`;
    const [dying, living] = [0, 1].map(() => {
      const client = new Redis(redis.url);
      clients.push(client);
      // A TTL of 3 s (a heartbeat each second): room for the heartbeats of a machine busy with a whole
      // CI run, where a 1.5 s TTL once let the living process's own counts lapse between two beats.
      return new ConnectionCounts({ redis: client, prefix }, TTL_MS);
    }) as [ConnectionCounts, ConnectionCounts];
    expect(await opened([dying], 3, 3)).toHaveLength(3);
    expect(await living.open("203.0.113.7", 3)).toBeNull();
    // Still beating: its connections keep counting past the TTL.
    await new Promise((r) => setTimeout(r, 2 * TTL_MS));
    expect(await living.of("203.0.113.7")).toBe(3);
    dying.stop();
    await new Promise((r) => setTimeout(r, TTL_MS + 1_500));
    expect(await living.of("203.0.113.7")).toBe(0);
    expect(await opened([living], 4, 3)).toHaveLength(3);
    living.stop();
  }, 30_000);
});

whenRedisMissing("two processes on one Redis", "share per-address limits");
