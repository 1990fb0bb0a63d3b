/**
 * A token bucket per key (a connection, an address): `rate` tokens per second on average, bursts
 * up to `burst`. Time comes from the monotonic clock. Memory stays bounded: when more than
 * `maxKeys` buckets exist, the ones that have refilled (and so carry no information) are dropped.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
    private readonly maxKeys = 10_000,
  ) {}

  private refill(key: string, now: number): { tokens: number; at: number } {
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.rate);
    bucket.at = now;
    return bucket;
  }

  /** Takes one token for `key`; false when the bucket is empty (the request is to be refused). */
  take(key: string): boolean {
    const now = this.now();
    const bucket = this.refill(key, now);
    if (!this.buckets.has(key)) {
      if (this.buckets.size >= this.maxKeys) this.sweep(now);
      this.buckets.set(key, bucket);
    }
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** ms until `key` has a whole token again (0 when it has one now). */
  retryAfterMs(key: string): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return 0;
    const tokens = Math.min(this.burst, bucket.tokens + ((this.now() - bucket.at) / 1000) * this.rate);
    if (tokens >= 1) return 0;
    return this.rate > 0 ? Math.ceil(((1 - tokens) / this.rate) * 1000) : Number.POSITIVE_INFINITY;
  }

  /** Drops `key`'s bucket (a closed connection). */
  forget(key: string): void {
    this.buckets.delete(key);
  }

  /** How many buckets are held (for tests and metrics). */
  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.rate >= this.burst) this.buckets.delete(key);
    }
  }
}
