/**
 * One host per match across processes (src/hosting.ts), against a real redis-server: a claimed
 * match cannot be claimed by another live process; it can once its host's lease has lapsed (the
 * host died); a host whose lease lapsed while another process took its match over gives the match
 * up (`onLost`); a released match is free at once; the settings are read and checked.
 *
 * Needs Debian's `redis-server` (or TEST_REDIS_URL); without it the test is skipped visibly, and
 * under CI it fails.
 */
import { Redis } from "ioredis";
import { pino } from "pino";
import { RedisHosting } from "../src/hosting.js";
import { scaleOutFromEnv } from "../src/config.js";
import { redisAvailable as available, testRedis, whenRedisMissing } from "./redis";

jest.setTimeout(30_000);

const log = pino({ level: "silent" });
let redis: { url: string; stop(): Promise<void> } | null = null;
let url = "";

beforeAll(async () => {
  if (!available) return;
  redis = await testRedis(3);
  url = redis.url;
});

afterAll(async () => {
  await redis?.stop();
});

const unique = () => `m${Math.random().toString(36).slice(2, 10)}`;

const suite = available ? describe : describe.skip;

suite("RedisHosting", () => {
  test("a live host keeps its match, answering while it listens on its process channel; a released match is free at once", async () => {
    const aId = unique();
    const a = await RedisHosting.start({ url, processId: aId, log, onLost: () => undefined });
    const b = await RedisHosting.start({ url, processId: unique(), log, onLost: () => undefined });
    try {
      const match = unique();
      expect(await a.claim(match)).toBe(true);
      expect(await a.claim(match)).toBe(true);
      expect(await b.claim(match)).toBe(false);
      // Its lease holds but nothing listens on Colyseus's `p:<processId>` channel: a host that died a moment ago.
      expect(await b.liveHostElsewhere(match)).toEqual({ processId: aId, answering: false });
      const listener = new Redis(url);
      try {
        // The host key expires (after a day) unless its holder extends it: a dead host's keys do not stay for ever.
        expect(await listener.pttl(`fogwar:host:${match}`)).toBeGreaterThan(23 * 60 * 60 * 1000);
        await listener.subscribe(`p:${aId}`);
        expect(await b.liveHostElsewhere(match)).toEqual({ processId: aId, answering: true });
      } finally {
        listener.disconnect();
      }
      expect(await a.liveHostElsewhere(match)).toBeNull();
      await a.release(match);
      expect(await b.liveHostElsewhere(match)).toBeNull();
      expect(await b.claim(match)).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test("a dead host's match is taken over once its lease lapses, not before; the old host, back, gives it up", async () => {
    const lost: string[] = [];
    const leaseMs = 400;
    const a = await RedisHosting.start({ url, processId: unique(), log, leaseMs, onLost: (id) => lost.push(id) });
    const b = await RedisHosting.start({ url, processId: unique(), log, leaseMs, onLost: () => undefined });
    try {
      const kept = unique();
      const taken = unique();
      expect(await a.claim(kept)).toBe(true);
      expect(await a.claim(taken)).toBe(true);
      // `a` stalls (its renewals stop, as in a process frozen or cut off): until its lease lapses nobody may take over.
      const timer = (a as unknown as { timer: ReturnType<typeof setInterval> }).timer;
      clearInterval(timer);
      expect(await b.claim(taken)).toBe(false);
      await new Promise((r) => setTimeout(r, leaseMs + 200));
      expect(await b.liveHostElsewhere(taken)).toBeNull();
      expect(await b.claim(taken)).toBe(true);
      expect(await b.liveHostElsewhere(taken)).toBeNull();
      // `a` comes back: its next renewal finds its lease lapsed and gives up what `b` took, keeps the rest.
      await (a as unknown as { renew(): Promise<void> }).renew();
      expect(lost).toEqual([taken]);
      expect(await b.claim(kept)).toBe(false);
      expect(await a.liveHostElsewhere(taken)).not.toBeNull();
    } finally {
      await a.close();
      await b.close();
    }
  });

  test("a process whose own lease lapsed claims nothing", async () => {
    const a = await RedisHosting.start({ url, processId: unique(), log, leaseMs: 300, onLost: () => undefined });
    try {
      clearInterval((a as unknown as { timer: ReturnType<typeof setInterval> }).timer);
      await new Promise((r) => setTimeout(r, 500));
      expect(await a.claim(unique())).toBe(false);
    } finally {
      await a.close();
    }
  });
});

whenRedisMissing("RedisHosting", "one host per match across processes");

test("REDIS_URL needs DATABASE_URL and FOGWAR_PUBLIC_ADDRESS; neither set keeps one process", () => {
  expect(scaleOutFromEnv({})).toEqual({});
  expect(scaleOutFromEnv({ REDIS_URL: "redis://r:6379", DATABASE_URL: "postgres://x", FOGWAR_PUBLIC_ADDRESS: "game1.example.org:2567/" })).toEqual({ redisUrl: "redis://r:6379", publicAddress: "game1.example.org:2567" });
  expect(() => scaleOutFromEnv({ REDIS_URL: "redis://r:6379", FOGWAR_PUBLIC_ADDRESS: "a:1" })).toThrow(/DATABASE_URL/);
  expect(() => scaleOutFromEnv({ REDIS_URL: "redis://r:6379", DATABASE_URL: "postgres://x" })).toThrow(/FOGWAR_PUBLIC_ADDRESS/);
  expect(() => scaleOutFromEnv({ REDIS_URL: "redis://r:6379", DATABASE_URL: "postgres://x", FOGWAR_PUBLIC_ADDRESS: "ws://a:1" })).toThrow(/without a scheme/);
  expect(() => scaleOutFromEnv({ REDIS_URL: "localhost:6379", DATABASE_URL: "postgres://x", FOGWAR_PUBLIC_ADDRESS: "a:1" })).toThrow(/redis:\/\//);
  expect(() => scaleOutFromEnv({ FOGWAR_PUBLIC_ADDRESS: "a:1" })).toThrow(/REDIS_URL/);
});
