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

/** A limiter in the store: Redis (with a memory insurance) or memory alone. Durations in seconds. */
function limiter(store: CounterStore, name: string, points: number, duration: number, blockDuration = 0): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration, blockDuration });
  if (!store.redis) return memory;
  // Redis keeps whole seconds.
  const whole = (s: number) => (s > 0 ? Math.max(1, Math.ceil(s)) : 0);
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
 * Failed joins per address: after `max` failures within `blockMs` an address is refused joins for
 * `blockMs` (then its count starts again); `max` 0 blocks nobody.
 */
export class JoinFailures {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    store: CounterStore,
    private readonly max: number,
    blockMs: number,
  ) {
    // The max-th failure is the one past `max - 1` points: it starts the block.
    this.limiter = limiter(store, "join-failures", Math.max(0, max - 1), blockMs / 1000, blockMs / 1000);
  }

  /**
   * Records one failed join from `address`. Callers need not wait: the promise resolves once it
   * is counted and never rejects (a store that cannot count loses that failure).
   */
  fail(address: string): Promise<void> {
    if (this.max <= 0) return Promise.resolve();
    return this.limiter.consume(address).then(
      () => undefined,
      () => undefined,
    );
  }

  /** ms left until `address` may join again; 0 when it may. */
  async blockedFor(address: string): Promise<number> {
    if (this.max <= 0) return 0;
    const state = await this.limiter.get(address);
    return state && state.consumedPoints > this.limiter.points ? Math.max(1, state.msBeforeNext) : 0;
  }
}
