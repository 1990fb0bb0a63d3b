/**
 * Database errors without secrets. drizzle's `DrizzleQueryError` puts the query's parameters in
 * its message and properties, and PGlite's errors carry them as properties: logged as they are
 * (pino serializes every property), a failed `createMatch` would write the match's dice seed and
 * the seats' token hashes into the log. The store rethrows such errors as `StoreDatabaseError`,
 * keeping only what says what went wrong.
 */
import { buildParts, type StoreParts } from "./parts.js";
import { SequenceConflictError, UnknownMatchError, type MatchStore } from "./contract.js";

/**
 * A database failure under a store operation: the database's message and its SQLSTATE `code`
 * (e.g. "23505", a unique violation), with the violated `constraint` when there is one. It never
 * holds the query's parameters or the database's `detail` (which can quote key values).
 */
export class StoreDatabaseError extends Error {
  /** The SQLSTATE code (PostgreSQL and PGlite), or a Node error code such as "ECONNREFUSED". */
  readonly code: string | undefined;
  /** The constraint violated, when the database names one. */
  readonly constraint: string | undefined;

  constructor(message: string, code: string | undefined, constraint: string | undefined) {
    super(message);
    this.name = "StoreDatabaseError";
    this.code = code;
    this.constraint = constraint;
  }
}

/** `error` without query parameters: the store's own errors pass unchanged. */
export function cleanError(error: unknown): unknown {
  if (error instanceof SequenceConflictError || error instanceof UnknownMatchError || error instanceof TypeError) return error;
  if (!isErrorLike(error)) return error;
  // drizzle wraps the driver's error (the cause) in a DrizzleQueryError; a connection error may
  // come as an AggregateError (several addresses tried), whose message can be empty.
  const cause = isErrorLike(error.cause) ? error.cause : error;
  const fields = cause as Error & { code?: unknown; constraint?: unknown; errors?: unknown };
  const message = cause.message || (Array.isArray(fields.errors) ? fields.errors.map((e) => String((e as Error).message ?? e)).join("; ") : "") || cause.name;
  return new StoreDatabaseError(
    withoutAddresses(message),
    typeof fields.code === "string" ? fields.code : undefined,
    typeof fields.constraint === "string" ? fields.constraint : undefined,
  );
}

/** `text` with network addresses (IPv4/IPv6 with an optional port) replaced by "<database>". */
function withoutAddresses(text: string): string {
  return text.replace(/\[?[0-9a-f]*:[0-9a-f:]*:[0-9a-f]*\]?(:\d+)?|\b\d{1,3}(\.\d{1,3}){3}(:\d+)?\b/gi, "<database>");
}

/**
 * Whether a value is an Error, also one from another realm (Node's socket errors are not
 * `instanceof Error` inside a vm context, as under jest).
 */
function isErrorLike(value: unknown): value is Error {
  return value instanceof Error || (typeof value === "object" && value !== null && typeof (value as Error).message === "string" && typeof (value as Error).name === "string");
}

async function guarded<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw cleanError(error);
  }
}

/** The same store parts, whose database errors are `StoreDatabaseError`s (every method guarded). */
function guardedParts(parts: StoreParts): StoreParts {
  return buildParts((part, name) => {
    const target = parts[part] as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    return (...args) => guarded(() => target[name]!.apply(target, args));
  });
}

/** The same store, whose database errors are `StoreDatabaseError`s (see the module comment). */
export function withCleanErrors(store: MatchStore): MatchStore {
  return {
    createMatch: (match, seats) => guarded(() => store.createMatch(match, seats)),
    getMatch: (id) => guarded(() => store.getMatch(id)),
    getSeed: (id) => guarded(() => store.getSeed(id)),
    listMatches: (filter) => guarded(() => store.listMatches(filter)),
    seatForToken: (matchId, tokenHash) => guarded(() => store.seatForToken(matchId, tokenHash)),
    claimSeat: (matchId, seat) => guarded(() => store.claimSeat(matchId, seat)),
    appendEntry: (matchId, entry, options) => guarded(() => store.appendEntry(matchId, entry, options)),
    entries: (matchId, after) => guarded(() => store.entries(matchId, after)),
    lastSeq: (matchId) => guarded(() => store.lastSeq(matchId)),
    finishMatch: (matchId, status, result) => guarded(() => store.finishMatch(matchId, status, result)),
    liveMatchIds: () => guarded(() => store.liveMatchIds()),
    findIdempotent: (key, expiredBefore) => guarded(() => store.findIdempotent(key, expiredBefore)),
    claimInvite: (matchId, seat, generation, claimKeyHash, tokenHash, accountId) => guarded(() => store.claimInvite(matchId, seat, generation, claimKeyHash, tokenHash, accountId)),
    hostAccess: (matchId, hostTokenHash) => guarded(() => store.hostAccess(matchId, hostTokenHash)),
    inviteAccess: (matchId) => guarded(() => store.inviteAccess(matchId)),
    reissueSeat: (matchId, seat, fromGeneration, tokenHash) => guarded(() => store.reissueSeat(matchId, seat, fromGeneration, tokenHash)),
    abandonUnclaimed: (cutoff, keep) => guarded(() => store.abandonUnclaimed(cutoff, keep)),
    abandonIdle: (cutoff, keep) => guarded(() => store.abandonIdle(cutoff, keep)),
    appendChat: (matchId, line) => guarded(() => store.appendChat(matchId, line)),
    chatLines: (matchId, last) => guarded(() => store.chatLines(matchId, last)),
    ...guardedParts(store),
    close: () => guarded(() => store.close()),
  };
}

/** Node socket error codes that mean the database could not be reached or the connection broke. */
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);

/**
 * Whether a store error means the database is unreachable (down, restarting, connection lost),
 * as opposed to a refused value or a bug: a connection-level Node error code, a PostgreSQL
 * SQLSTATE of class 08 (connection exception) or 57P (operator intervention: shutdown, cannot
 * connect now), or node-postgres's own messages for a dropped or timed-out connection.
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (!isErrorLike(error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08") || code.startsWith("57P"))) return true;
  return /connection terminated|connection timeout|timeout exceeded when trying to connect|client has encountered a connection error|cannot use a pool after calling end/i.test(error.message);
}
