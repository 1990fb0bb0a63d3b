/**
 * Per-address counters that hold across processes: match creations, history reads and failed
 * joins, on `rate-limiter-flexible`. With Redis (several processes, REDIS_URL) every process
 * counts in the same Redis keys, so N processes allow what one does; without it the counters live
 * in this process's memory. Should Redis fail, each process falls back to its own memory counters
 * (the limiter's insurance) rather than refusing or admitting everyone.
 *
 * A rate (`perSecond` on average, bursts of `burst`) is a fixed window of `burst` points lasting
 * `burst / perSecond` seconds: the same average and burst as a token bucket.
 */
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

/** Where the counters live: a Redis client shared by the processes, or none (this process's memory). */
export interface CounterStore {
  readonly redis?: Redis;
  /** Distinguishes the counters of servers sharing one Redis (default "fogwar"). */
  readonly prefix?: string;
}

/** Redis keeps whole seconds: `s` rounded up (0 stays 0). */
const whole = (s: number): number => (s > 0 ? Math.max(1, Math.ceil(s)) : 0);

/** A limiter in the store: Redis (with a memory insurance) or memory alone. Durations in seconds. */
function limiter(store: CounterStore, name: string, points: number, duration: number, blockDuration = 0): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration, blockDuration });
  if (!store.redis) return memory;
  return new RateLimiterRedis({ storeClient: store.redis, keyPrefix: `${store.prefix ?? "fogwar"}:limit:${name}`, points, duration: whole(duration), blockDuration: whole(blockDuration), insuranceLimiter: memory });
}

/** A rate per address: `perSecond` on average (0: never refills), bursts of `burst`. */
export class AddressRate {
  private readonly limiter: RateLimiterAbstract;

  constructor(store: CounterStore, name: string, perSecond: number, burst: number) {
    const points = Math.max(0, Math.floor(burst));
    this.limiter = limiter(store, name, points, perSecond > 0 ? Math.max(points, 1) / perSecond : 0);
  }

  /** Counts one request of `address`. @returns 0 when admitted, else the ms until it may try again. */
  async admit(address: string): Promise<number> {
    try {
      await this.limiter.consume(address);
      return 0;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return refusal.msBeforeNext > 0 ? refusal.msBeforeNext : Number.POSITIVE_INFINITY;
      throw refusal;
    }
  }
}

/**
 * One attempt at a credential (a seat token, an invite code) in its address's failure budget,
 * from {@link JoinFailures.reserve}. Admitted (`refusedFor` 0), it holds one point of the budget
 * until it ends: `fail()` keeps the point (a failed join), `release()` gives it back (the attempt
 * did not fail). The first of the two settles it; later calls do nothing. Refused, it holds no
 * point and both do nothing.
 */
export interface JoinAttempt {
  /** 0 when the attempt may go on; else the ms until its address may try again (answer 429). */
  readonly refusedFor: number;
  /** The attempt failed: its point stays counted. Resolves once counted; never rejects. */
  fail(): Promise<void>;
  /** The attempt did not fail: its point is given back. Resolves once given back; never rejects. */
  release(): Promise<void>;
}

/** An attempt that holds nothing (refused, or not counted). */
const settled = (refusedFor: number): JoinAttempt => ({ refusedFor, fail: () => Promise.resolve(), release: () => Promise.resolve() });

/**
 * Failed joins per address: after `max` failures within `blockMs` an address is refused joins for
 * `blockMs` (then its count starts again); `max` 0 blocks nobody.
 *
 * An attempt reserves its point before its credential is checked ({@link reserve}), in one atomic
 * increment of the address's count (a Redis script with Redis, else in this process's memory):
 * of any number of attempts in flight at once, from one process or many, at most `max` minus the
 * failures already counted are checked; the others are refused. An attempt that does not fail
 * gives its point back, so honest joins cost nothing once done.
 */
export class JoinFailures {
  /** Failures and attempts in flight, per address: a window of `blockMs` from the first. */
  private readonly counts: RateLimiterAbstract;
  /** Addresses blocked: set for `blockMs` when a failure makes their count reach `max`. */
  private readonly blocks: RateLimiterAbstract;
  /** How long a block lasts, in the store's seconds. */
  private readonly blockSeconds: number;

  constructor(
    store: CounterStore,
    private readonly max: number,
    blockMs: number,
  ) {
    const points = Math.max(0, max);
    this.counts = limiter(store, "join-failures", points, blockMs / 1000);
    this.blocks = limiter(store, "join-blocks", 0, blockMs / 1000);
    this.blockSeconds = store.redis ? whole(blockMs / 1000) : blockMs / 1000;
  }

  /**
   * Takes one point of `address`'s budget for an attempt about to check a credential, atomically
   * with the check that the budget allows it: refused (`refusedFor` > 0) when the address is
   * blocked or `max` points are already taken (failures and attempts in flight). A store that
   * cannot count admits the attempt uncounted. Never rejects.
   */
  async reserve(address: string): Promise<JoinAttempt> {
    if (this.max <= 0) return settled(0);
    const blocked = await this.blockRemaining(address);
    if (blocked > 0) return settled(blocked);
    let taken: RateLimiterRes;
    try {
      taken = await this.counts.penalty(address, 1);
    } catch {
      return settled(0);
    }
    // The window the point went into ends then; a point outliving it is gone already.
    const windowEnd = Date.now() + Math.max(0, taken.msBeforeNext);
    const giveBack = async (): Promise<void> => {
      if (Date.now() < windowEnd) await this.counts.reward(address, 1).catch(() => undefined);
    };
    if (taken.consumedPoints > this.max) {
      await giveBack();
      return settled(Math.max(1, taken.msBeforeNext));
    }
    let done = false;
    return {
      refusedFor: 0,
      fail: async () => {
        if (done) return;
        done = true;
        await this.blockIfSpent(address);
      },
      release: async () => {
        if (done) return;
        done = true;
        await giveBack();
      },
    };
  }

  /**
   * Records one failed join from `address` that held no reservation (a check that cannot be
   * refused before it runs, e.g. a join to a room that does not exist). Callers need not wait:
   * the promise resolves once it is counted and never rejects (a store that cannot count loses
   * that failure). Attempts at a credential should {@link reserve} instead.
   */
  fail(address: string): Promise<void> {
    if (this.max <= 0) return Promise.resolve();
    return this.counts.penalty(address, 1).then(
      () => this.blockIfSpent(address),
      () => undefined,
    );
  }

  /** ms left until `address` may join again; 0 when it may (its points, in flight included, are under `max`). */
  async blockedFor(address: string): Promise<number> {
    if (this.max <= 0) return 0;
    const blocked = await this.blockRemaining(address);
    if (blocked > 0) return blocked;
    const state = await this.counts.get(address);
    return state && state.consumedPoints >= this.max ? Math.max(1, state.msBeforeNext) : 0;
  }

  /** ms left of `address`'s block; 0 when none. */
  private async blockRemaining(address: string): Promise<number> {
    const state = await this.blocks.get(address).catch(() => null);
    return state && state.consumedPoints > 0 ? Math.max(1, state.msBeforeNext) : 0;
  }

  /** Blocks `address` for `blockMs` once its count has reached `max`. Never rejects. */
  private async blockIfSpent(address: string): Promise<void> {
    try {
      const state = await this.counts.get(address);
      if (state && state.consumedPoints >= this.max && this.blockSeconds > 0) await this.blocks.block(address, this.blockSeconds);
    } catch {
      // A store that cannot count loses the block; the count still refuses until its window ends.
    }
  }
}
