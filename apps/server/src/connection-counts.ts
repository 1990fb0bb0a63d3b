/**
 * Open WebSocket connections per address, held across processes when Redis is configured.
 *
 * Without Redis the counts live in this process's memory. With Redis each address has a hash
 * `<prefix>:conn:<address>` whose fields are process ids and whose values are that process's open
 * connections; a process counts only while its liveness key `<prefix>:conn-alive:<process id>`
 * exists. A heartbeat renews that key every `ttlMs / 3` (and writes the process's counts again,
 * should Redis have lost them), so the connections of a process that died stop counting within
 * `ttlMs`, and its fields are dropped by the next reader. Reading and opening are Lua scripts:
 * the check against the cap and the count are one step, across processes. Should Redis fail,
 * the process falls back to its own counts (as the rate limiters do) rather than refusing or
 * admitting everyone.
 */
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { CounterStore } from "./address-limits.js";

/** Sums the fields of KEYS[1] whose process is alive (ARGV[1] .. field exists), dropping the others. */
const SUM = `
local fields = redis.call('HGETALL', KEYS[1])
local total = 0
for i = 1, #fields, 2 do
  if redis.call('EXISTS', ARGV[1] .. fields[i]) == 1 then total = total + tonumber(fields[i + 1])
  else redis.call('HDEL', KEYS[1], fields[i]) end
end
return total
`;

/**
 * SUM, then with the total below ARGV[3] counts one more for process ARGV[2] (renewing its
 * liveness key for ARGV[4] ms) and returns 1; else returns 0.
 */
const OPEN = `${SUM.replace("return total", "")}
if total >= tonumber(ARGV[3]) then return 0 end
redis.call('SET', ARGV[1] .. ARGV[2], '1', 'PX', ARGV[4])
redis.call('HINCRBY', KEYS[1], ARGV[2], 1)
redis.call('PEXPIRE', KEYS[1], 86400000)
return 1
`;

/** Counts one connection of process ARGV[1] closed in KEYS[1]. */
const CLOSE = `
local left = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if left <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return left
`;

/** Open WebSocket connections per address: this process's, or every live process's with Redis. */
export class ConnectionCounts {
  private readonly local = new Map<string, number>();
  private readonly redis?: Redis;
  private readonly prefix: string;
  private readonly id = randomUUID();
  private heartbeat?: NodeJS.Timeout;

  /**
   * @param store where the counts are shared (none: this process alone).
   * @param ttlMs how long a process's counts outlive its last heartbeat (default 15 s).
   */
  constructor(
    store: CounterStore = {},
    private readonly ttlMs = 15_000,
  ) {
    this.redis = store.redis;
    this.prefix = store.prefix ?? "fogwar";
    if (this.redis) {
      this.heartbeat = setInterval(() => void this.beat(), Math.max(50, Math.floor(ttlMs / 3)));
      this.heartbeat.unref();
      void this.beat();
    }
  }

  private key(address: string): string {
    return `${this.prefix}:conn:${address}`;
  }

  private get alive(): string {
    return `${this.prefix}:conn-alive:`;
  }

  /** Renews this process's liveness and writes its counts again. Never rejects. */
  private async beat(): Promise<void> {
    if (!this.redis) return;
    try {
      const batch = this.redis.multi().set(this.alive + this.id, "1", "PX", this.ttlMs);
      for (const [address, count] of this.local) batch.hset(this.key(address), this.id, count);
      await batch.exec();
    } catch {
      // The next beat tries again; meanwhile readers fall back as they must.
    }
  }

  /** Open connections of `address` (every live process's with Redis; this process's should it fail). */
  async of(address: string): Promise<number> {
    if (this.redis) {
      try {
        return Number(await this.redis.eval(SUM, 1, this.key(address), this.alive));
      } catch {
        // Fall back to this process's own count.
      }
    }
    return this.local.get(address) ?? 0;
  }

  /**
   * Counts one more connection of `address` unless it already holds `max`: the check and the
   * count are one step across processes. @returns the function that counts it closed
   * (idempotent), or null when refused.
   */
  async open(address: string, max: number): Promise<(() => void) | null> {
    let admitted: boolean;
    if (this.redis) {
      try {
        admitted = Number(await this.redis.eval(OPEN, 1, this.key(address), this.alive, this.id, max, this.ttlMs)) === 1;
      } catch {
        admitted = (this.local.get(address) ?? 0) < max;
      }
    } else admitted = (this.local.get(address) ?? 0) < max;
    if (!admitted) return null;
    this.local.set(address, (this.local.get(address) ?? 0) + 1);
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      const left = (this.local.get(address) ?? 0) - 1;
      if (left <= 0) this.local.delete(address);
      else this.local.set(address, left);
      this.redis?.eval(CLOSE, 1, this.key(address), this.id).catch(() => undefined);
    };
  }

  /** Stops the heartbeat: this process's counts stop counting within the TTL (for tests and shutdown). */
  stop(): void {
    clearInterval(this.heartbeat);
  }
}
