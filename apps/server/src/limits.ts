/**
 * Per-client limits: what one remote address may create, open and get wrong, and the settings
 * behind them (read from the environment by ./config.ts).
 *
 * The client address is the socket's remote address; with `trustProxy` hops set, it is taken
 * from `X-Forwarded-For` instead (the entry that many hops from the right, the one the nearest
 * trusted proxy saw). The HTTP gate (./http/gate.ts) stamps it on every request and WebSocket
 * upgrade as the {@link CLIENT_ADDRESS_HEADER} header, overwriting any value a client sent, so
 * express routes, the matchmaking routes and the room's `onAuth` all read the same address.
 */
import type { IncomingMessage } from "node:http";
import { AddressRate, JoinFailures, type CounterStore } from "./address-limits.js";
import { ConnectionCounts } from "./connection-counts.js";


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

/** Everything the limits share at run time: settings, counters and connection counts. */
export interface Limits {
  readonly settings: LimitSettings;
  /** Match creations per address (`createPerMinute` on average, bursts of `createBurst`). */
  readonly creates: AddressRate;
  /** History and chat reads per address. */
  readonly history: AddressRate;
  readonly joinFailures: JoinFailures;
  /** Open WebSocket connections per address: of every live process with Redis, else of this one. */
  readonly connections: ConnectionCounts;
}

/**
 * Builds the run-time limits from settings; with `store.redis` the per-address counters and the
 * open connections are shared by every process using that Redis (./address-limits.ts,
 * ./connection-counts.ts).
 */
export function createLimits(settings: LimitSettings, store: CounterStore = {}): Limits {
  return {
    settings,
    creates: new AddressRate(store, "create", settings.createPerMinute / 60, settings.createBurst),
    history: new AddressRate(store, "history", settings.historyPerSecond, settings.historyBurst),
    joinFailures: new JoinFailures(store, settings.joinFailures, settings.joinBlockMs),
    connections: new ConnectionCounts(store),
  };
}
