/**
 * Per-client limits: what one remote address may create, open and get wrong, and the settings
 * behind them (all from the environment, with defaults; README "Server settings").
 *
 * The client address is the socket's remote address; with `trustProxy` hops set, it is taken
 * from `X-Forwarded-For` instead (the entry that many hops from the right, the one the nearest
 * trusted proxy saw). The HTTP gate (./http/gate.ts) stamps it on every request and WebSocket
 * upgrade as the {@link CLIENT_ADDRESS_HEADER} header, overwriting any value a client sent, so
 * express routes, the matchmaking routes and the room's `onAuth` all read the same address.
 */
import type { IncomingMessage } from "node:http";
import { RateLimiter } from "./rate-limit.js";

/** The request header the gate sets to the client's address (never trusted from a client). */
export const CLIENT_ADDRESS_HEADER = "x-fogwar-client-address";

/** Every limit and timeout; units in the names' docs. */
export interface LimitSettings {
  /** Proxy hops to trust for X-Forwarded-For; 0 = ignore the header (default). */
  readonly trustProxy: number;
  /** Matches one address may create per minute on average (`POST /api/matches`). */
  readonly createPerMinute: number;
  /** Matches one address may create in a burst. */
  readonly createBurst: number;
  /** Open WebSocket connections one address may hold at once. */
  readonly maxConnectionsPerAddress: number;
  /** Failed joins (bad token, bad options, unknown room) before an address is refused joins. */
  readonly joinFailures: number;
  /** How long, in ms, an address is refused joins after `joinFailures` failures. */
  readonly joinBlockMs: number;
  /** Spectators one match admits at once. */
  readonly maxSpectators: number;
  /** Room messages one connection may send per second on average (more are dropped: `rate_limited`). */
  readonly messagesPerSecond: number;
  /** Room messages one connection may send in a burst. */
  readonly messageBurst: number;
  /** History reads (`GET /api/matches/:id/history`) per second per address, on average. */
  readonly historyPerSecond: number;
  /** History reads in a burst. */
  readonly historyBurst: number;
  /** History answers kept in the cache, in bytes of JSON (LRU). */
  readonly historyCacheBytes: number;
  /** Client-mistake log lines per second (the rest are counted, then summarised). */
  readonly clientLogPerSecond: number;
  /** ms a request may take from its first byte to its last (Node's `requestTimeout`). */
  readonly requestTimeoutMs: number;
  /** ms a request's headers may take (Node's `headersTimeout`). */
  readonly headersTimeoutMs: number;
  /** ms an idle keep-alive connection stays open (Node's `keepAliveTimeout`). */
  readonly keepAliveTimeoutMs: number;
  /** Origins allowed to call the API and matchmaking from another origin (CORS); default PUBLIC_URL's. */
  readonly corsOrigins: readonly string[];
}

/** The defaults, for a server behind no proxy. */
export const DEFAULT_LIMITS: Omit<LimitSettings, "corsOrigins"> = {
  trustProxy: 0,
  createPerMinute: 10,
  createBurst: 20,
  maxConnectionsPerAddress: 32,
  joinFailures: 20,
  joinBlockMs: 60_000,
  maxSpectators: 200,
  messagesPerSecond: 20,
  messageBurst: 40,
  historyPerSecond: 5,
  historyBurst: 20,
  historyCacheBytes: 32 * 1024 * 1024,
  clientLogPerSecond: 20,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
};

const ENV: Record<keyof Omit<LimitSettings, "corsOrigins">, string> = {
  trustProxy: "FOGWAR_TRUST_PROXY",
  createPerMinute: "FOGWAR_CREATE_PER_MINUTE",
  createBurst: "FOGWAR_CREATE_BURST",
  maxConnectionsPerAddress: "FOGWAR_MAX_CONNECTIONS_PER_ADDRESS",
  joinFailures: "FOGWAR_JOIN_FAILURES",
  joinBlockMs: "FOGWAR_JOIN_BLOCK_MS",
  maxSpectators: "FOGWAR_MAX_SPECTATORS",
  messagesPerSecond: "FOGWAR_MESSAGES_PER_SECOND",
  messageBurst: "FOGWAR_MESSAGE_BURST",
  historyPerSecond: "FOGWAR_HISTORY_PER_SECOND",
  historyBurst: "FOGWAR_HISTORY_BURST",
  historyCacheBytes: "FOGWAR_HISTORY_CACHE_BYTES",
  clientLogPerSecond: "FOGWAR_CLIENT_LOG_PER_SECOND",
  requestTimeoutMs: "FOGWAR_REQUEST_TIMEOUT_MS",
  headersTimeoutMs: "FOGWAR_HEADERS_TIMEOUT_MS",
  keepAliveTimeoutMs: "FOGWAR_KEEPALIVE_TIMEOUT_MS",
};

/**
 * The limits from the environment (see `ENV` names; FOGWAR_CORS_ORIGINS is a comma-separated
 * list of origins, default `publicUrl`'s origin).
 * @throws Error naming the variable when a value is not a non-negative number.
 */
export function limitsFromEnv(env: NodeJS.ProcessEnv, publicUrl: string): Partial<LimitSettings> {
  const out: Record<string, unknown> = {};
  for (const [key, name] of Object.entries(ENV)) {
    const raw = env[name];
    if (raw === undefined || raw === "") continue;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, not "${raw}"`);
    out[key] = value;
  }
  const origins = env.FOGWAR_CORS_ORIGINS?.split(",").map((o) => o.trim()).filter((o) => o !== "");
  out.corsOrigins = origins && origins.length > 0 ? origins : [new URL(publicUrl).origin];
  return out as Partial<LimitSettings>;
}

/** Complete settings: `partial` over the defaults (CORS: `publicUrl`'s origin unless given). */
export function resolveLimits(partial: Partial<LimitSettings> | undefined, publicUrl: string): LimitSettings {
  return { ...DEFAULT_LIMITS, corsOrigins: [new URL(publicUrl).origin], ...partial };
}

/**
 * The client's address for a request or upgrade: the socket's remote address, or with
 * `trustProxy` = n > 0 hops the X-Forwarded-For entry n places from the right of
 * `[...forwarded, remote]` (the leftmost when the header is shorter). "unknown" without either.
 */
export function clientAddress(req: IncomingMessage, trustProxy: number): string {
  const remote = req.socket?.remoteAddress ?? "unknown";
  if (trustProxy <= 0) return remote;
  const header = req.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const chain = [...forwarded, remote];
  return chain[Math.max(0, chain.length - 1 - trustProxy)] ?? remote;
}

/** The address the gate stamped on a request's headers (a Node header object or a fetch `Headers`). */
export function stampedAddress(headers: Headers | NodeJS.Dict<string | string[]> | undefined): string {
  if (!headers) return "unknown";
  const value = headers instanceof Headers ? headers.get(CLIENT_ADDRESS_HEADER) : headers[CLIENT_ADDRESS_HEADER];
  return (Array.isArray(value) ? value[0] : value) ?? "unknown";
}

/**
 * Failed joins per address: after `max` failures an address is refused joins for `blockMs`;
 * failures older than `blockMs` are forgotten. Memory: one small entry per failing address,
 * swept when the map passes `maxKeys`.
 */
export class JoinFailures {
  private readonly entries = new Map<string, { count: number; since: number; blockedUntil: number }>();

  constructor(
    private readonly max: number,
    private readonly blockMs: number,
    private readonly now: () => number = () => performance.now(),
    private readonly maxKeys = 10_000,
  ) {}

  /** Records one failed join from `address`. */
  fail(address: string): void {
    const now = this.now();
    let entry = this.entries.get(address);
    if (!entry || now - entry.since > this.blockMs) entry = { count: 0, since: now, blockedUntil: entry?.blockedUntil ?? 0 };
    entry.count += 1;
    if (this.max > 0 && entry.count >= this.max) {
      entry.blockedUntil = now + this.blockMs;
      entry.count = 0;
      entry.since = now;
    }
    this.entries.set(address, entry);
    if (this.entries.size > this.maxKeys) this.sweep(now);
  }

  /** ms left until `address` may join again; 0 when it may. */
  blockedFor(address: string): number {
    const entry = this.entries.get(address);
    return entry ? Math.max(0, entry.blockedUntil - this.now()) : 0;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.blockedUntil <= now && now - entry.since > this.blockMs) this.entries.delete(key);
    }
  }
}

/** Open connections per address (counted up when opened, down when closed). */
export class ConnectionCounts {
  private readonly counts = new Map<string, number>();

  /** Open connections of `address`. */
  of(address: string): number {
    return this.counts.get(address) ?? 0;
  }

  /** Counts one more connection; returns the function that counts it closed (idempotent). */
  open(address: string): () => void {
    this.counts.set(address, this.of(address) + 1);
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      const left = this.of(address) - 1;
      if (left <= 0) this.counts.delete(address);
      else this.counts.set(address, left);
    };
  }
}

/** Everything the limits share at run time: settings, buckets and counters. */
export interface Limits {
  readonly settings: LimitSettings;
  /** Match creations per address (tokens per minute converted to per second). */
  readonly creates: RateLimiter;
  readonly history: RateLimiter;
  readonly joinFailures: JoinFailures;
  readonly connections: ConnectionCounts;
}

/** Builds the run-time limits from settings. */
export function createLimits(settings: LimitSettings): Limits {
  return {
    settings,
    creates: new RateLimiter(settings.createPerMinute / 60, settings.createBurst),
    history: new RateLimiter(settings.historyPerSecond, settings.historyBurst),
    joinFailures: new JoinFailures(settings.joinFailures, settings.joinBlockMs),
    connections: new ConnectionCounts(),
  };
}
