/**
 * Which process hosts each match's room, so that one process at a time hosts a match.
 *
 * Alone (no Redis), the process hosts every match it opens: {@link localHosting}.
 *
 * With several processes sharing Redis and PostgreSQL ({@link RedisHosting}), each process keeps
 * a lease in Redis (`fogwar:process:<processId>`, expiring after `leaseMs`, renewed five times per
 * lease), and each hosted match has a host key (`fogwar:host:<matchId>` = the processId). A
 * process may open a match's room only after claiming its host key, atomically (one Lua script):
 * the claim succeeds when the key is free, already its own, or names a process whose lease has
 * expired (it died: SIGKILL, power loss), and never while the claimer's own lease has lapsed.
 * A disposed room gives its key back (compare-and-delete). A process that could not renew its
 * lease for longer than `leaseMs` (cut off from Redis, or stalled) gives up its rooms: by then
 * another process may have claimed them. The store's unique (match, seq) key stays the last guard.
 * Host keys expire after a day and their holder extends them every hour, so the keys of matches
 * whose host died and that nobody joined again do not stay in Redis for ever.
 */
import { Redis } from "ioredis";
import type { Logger } from "pino";

/** How matches are assigned to processes; see the file's comment. */
export interface Hosting {
  /** Whether several processes share the matches (Redis), rather than one process hosting all. */
  readonly shared: boolean;
  /**
   * Claims the right to host `matchId` on this process.
   * @returns true when this process may open the room (the claim is kept until `release`), false
   *   when a live process hosts it. @throws the Redis client's error when Redis cannot be reached.
   */
  claim(matchId: string): Promise<boolean>;
  /** Gives the match back (after its room is disposed, or failed to open). Never throws. */
  release(matchId: string): Promise<void>;
  /**
   * Another live process hosting `matchId` (its lease holds): its processId, and whether it is
   * `answering` (listening on its Colyseus process channel; a process that died a moment ago
   * still holds its lease but no longer listens). Null when none does (this process hosts it, or
   * nobody, or its host is dead). @throws the Redis client's error.
   */
  liveHostElsewhere(matchId: string): Promise<{ readonly processId: string; readonly answering: boolean } | null>;
  /** Stops renewing the lease and gives back every claim; closes the Redis connection. */
  close(): Promise<void>;
}

/** One process hosts every match (the default, without Redis). */
export const localHosting: Hosting = {
  shared: false,
  claim: async () => true,
  release: async () => undefined,
  liveHostElsewhere: async () => null,
  close: async () => undefined,
};

/** The default lease of a process, in ms: a dead process's matches can be taken over this long after its last renewal. */
export const DEFAULT_LEASE_MS = 5_000;

/** How long a host key lives without being extended (ms), and how often its holder extends it. */
const HOST_KEY_TTL_MS = 24 * 60 * 60 * 1000;
const HOST_KEY_EXTEND_MS = 60 * 60 * 1000;

const PROCESS_PREFIX = "fogwar:process:";
const HOST_PREFIX = "fogwar:host:";

// KEYS[1] host key; ARGV[1] claimer, ARGV[2] process-lease prefix, ARGV[3] key TTL (ms).
// Returns {1|0, previous host or ""}.
const CLAIM = `
if redis.call('EXISTS', ARGV[2] .. ARGV[1]) == 0 then return {0, ''} end
local host = redis.call('GET', KEYS[1])
if host == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[3]) return {1, ''} end
if host and redis.call('EXISTS', ARGV[2] .. host) == 1 then return {0, host} end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
return {1, host or ''}`;
// KEYS[1] host key; ARGV[1] releaser.
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
// KEYS[1] lease key; ARGV[1] ms. Returns 1 when renewed, 0 when it had expired (and was set again).
const RENEW = `if redis.call('PEXPIRE', KEYS[1], ARGV[1]) == 1 then return 1 end redis.call('SET', KEYS[1], '1', 'PX', ARGV[1]) return 0`;

/** Settings of {@link RedisHosting}. */
export interface RedisHostingOptions {
  /** The Redis URL (redis://host:port/db). */
  readonly url: string;
  /** This process's id (Colyseus's `matchMaker.processId`). */
  readonly processId: string;
  readonly log: Logger;
  /** The process lease, in ms (default {@link DEFAULT_LEASE_MS}). */
  readonly leaseMs?: number;
  /** Called with each match this process hosted but no longer may (its lease lapsed): close its room. */
  readonly onLost: (matchId: string) => void;
}

/** Hosting shared by several processes through Redis; see the file's comment. */
export class RedisHosting implements Hosting {
  readonly shared = true;
  private readonly redis: Redis;
  private readonly hosted = new Set<string>();
  /** Matches given back while Redis could not be reached: released again at the next renewal. */
  private readonly unreleased = new Set<string>();
  private readonly leaseMs: number;
  private timer: ReturnType<typeof setInterval> | null = null;
  private renewedAt = 0;
  private extendedAt = Date.now();
  private renewing = false;

  private constructor(private readonly options: RedisHostingOptions) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    // Commands fail at once while Redis is unreachable (the callers answer 503 and clients retry)
    // instead of queueing without end.
    this.redis = new Redis(options.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
    this.redis.on("error", (error: Error) => options.log.warn({ err: error }, "redis (hosting) connection error"));
    this.redis.defineCommand("fogwarClaim", { numberOfKeys: 1, lua: CLAIM });
    this.redis.defineCommand("fogwarRelease", { numberOfKeys: 1, lua: RELEASE });
    this.redis.defineCommand("fogwarRenew", { numberOfKeys: 1, lua: RENEW });
  }

  /** Connects, takes the process lease and starts renewing it. @throws when Redis cannot be reached. */
  static async start(options: RedisHostingOptions): Promise<RedisHosting> {
    const hosting = new RedisHosting(options);
    await hosting.redis.connect();
    await hosting.renew();
    hosting.timer = setInterval(() => void hosting.renew(), Math.max(50, Math.floor(hosting.leaseMs / 5)));
    hosting.timer.unref();
    return hosting;
  }

  private get me(): string {
    return this.options.processId;
  }

  private call<T>(command: string, ...args: (string | number)[]): Promise<T> {
    return (this.redis as unknown as Record<string, (...a: (string | number)[]) => Promise<T>>)[command]!(...args);
  }

  /** Renews the lease; on a lapse, checks which claims are still ours and gives up the rest. */
  private async renew(): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    try {
      const kept = await this.call<number>("fogwarRenew", PROCESS_PREFIX + this.me, this.leaseMs);
      const lapsed = this.renewedAt > 0 && kept === 0;
      this.renewedAt = Date.now();
      if (lapsed) await this.recheck();
      if (this.renewedAt - this.extendedAt >= HOST_KEY_EXTEND_MS) await this.extend();
      for (const matchId of [...this.unreleased]) if (!this.hosted.has(matchId)) await this.release(matchId);
    } catch (error) {
      if (this.renewedAt > 0 && Date.now() - this.renewedAt > this.leaseMs && this.hosted.size > 0) {
        this.options.log.error({ err: error, matches: this.hosted.size }, "lease lapsed (redis unreachable): giving up every hosted match");
        for (const matchId of [...this.hosted]) this.lose(matchId);
      }
    } finally {
      this.renewing = false;
    }
  }

  /** After a lapse: the claims another process took over meanwhile are lost (a key gone is claimed again). */
  private async recheck(): Promise<void> {
    const ids = [...this.hosted];
    if (ids.length === 0) return;
    const hosts = await this.redis.mget(...ids.map((id) => HOST_PREFIX + id));
    for (const [i, matchId] of ids.entries()) {
      if (hosts[i] === this.me || (hosts[i] === null && (await this.claim(matchId)))) continue;
      this.options.log.error({ matchId, host: hosts[i] }, "lease lapsed: another process took the match over; closing its room here");
      this.lose(matchId);
    }
  }

  /** Extends this process's host keys (only where they are still its own). */
  private async extend(): Promise<void> {
    this.extendedAt = Date.now();
    const ids = [...this.hosted];
    for (let i = 0; i < ids.length; i += 500) {
      const batch = this.redis.pipeline();
      for (const matchId of ids.slice(i, i + 500)) (batch as unknown as Record<string, (...a: (string | number)[]) => unknown>).fogwarClaim!(HOST_PREFIX + matchId, this.me, PROCESS_PREFIX, HOST_KEY_TTL_MS);
      await batch.exec();
    }
  }

  private lose(matchId: string): void {
    this.hosted.delete(matchId);
    this.options.onLost(matchId);
  }

  async claim(matchId: string): Promise<boolean> {
    const [ok, previous] = await this.call<[number, string]>("fogwarClaim", HOST_PREFIX + matchId, this.me, PROCESS_PREFIX, HOST_KEY_TTL_MS);
    this.unreleased.delete(matchId);
    if (ok !== 1) return false;
    this.hosted.add(matchId);
    if (previous) this.options.log.warn({ matchId, previousHost: previous }, "taking over a match whose host process is gone");
    return true;
  }

  async release(matchId: string): Promise<void> {
    this.hosted.delete(matchId);
    try {
      await this.call("fogwarRelease", HOST_PREFIX + matchId, this.me);
      this.unreleased.delete(matchId);
    } catch (error) {
      // Until released, only this process may open the match (a join reaching it reopens it).
      this.unreleased.add(matchId);
      this.options.log.warn({ err: error, matchId }, "could not release a match's host key (retried at the next lease renewal)");
    }
  }

  async liveHostElsewhere(matchId: string): Promise<{ processId: string; answering: boolean } | null> {
    const host = await this.redis.get(HOST_PREFIX + matchId);
    if (!host || host === this.me) return null;
    if ((await this.redis.exists(PROCESS_PREFIX + host)) !== 1) return null;
    // Colyseus's process channel is `p:<processId>` (its MatchMaker); the subscription ends with the connection.
    const [, listeners] = (await this.redis.pubsub("NUMSUB", `p:${host}`)) as [string, number];
    return { processId: host, answering: Number(listeners) > 0 };
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const matchId of [...this.hosted]) await this.release(matchId);
    await this.redis.del(PROCESS_PREFIX + this.me).catch(() => undefined);
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
