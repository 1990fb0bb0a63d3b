/**
 * The reconnection policy every fogwar client follows (the web client, the bots): which ways a
 * connection ends are worth joining again, and how long to wait between attempts. A client joins
 * again with a fresh `joinById(matchId, { role, protocol, token })` (reconnection tokens do not
 * survive a server restart), then sends `events_since` and resends its unanswered commands with
 * their ids (docs/protocol.md, "Reconnection").
 *
 * Pure: no clock, no randomness of its own (`random` is passed in).
 */
import { PROTOCOL_ERRORS, protocolErrorFromNumber, type ProtocolErrorCode } from "./errors";

/** The first delay before joining again, in ms. */
export const RETRY_MIN_DELAY_MS = 500;
/** The longest delay between two attempts, in ms. */
export const RETRY_MAX_DELAY_MS = 15_000;

/**
 * The wait before attempt `attempt` (1 = the first attempt after the connection was lost), in ms:
 * exponential from `RETRY_MIN_DELAY_MS`, doubling per attempt and capped at `RETRY_MAX_DELAY_MS`,
 * less up to 25% jitter (`random()` in [0, 1)) so that clients cut off together do not come back
 * together. Attempts below 1 count as 1.
 */
export function retryDelay(attempt: number, random: () => number): number {
  const exponent = Math.min(30, Math.max(0, Math.floor(attempt) - 1));
  const base = Math.min(RETRY_MAX_DELAY_MS, RETRY_MIN_DELAY_MS * 2 ** exponent);
  return Math.round(base * (1 - 0.25 * Math.min(1, Math.max(0, random()))));
}

/**
 * WebSocket close codes a client sees on a match connection. 1000/4000: the client left on its
 * own; 4100: the seat was opened by a newer connection (apps/server room.ts); 4101: the host
 * re-issued the seat's invite, so the old link no longer opens it; 4001: the server
 * shut down (Colyseus); 1001/1005/1006: the connection broke (network loss, a killed server);
 * 4002/4003/4010: Colyseus refused or gave up a reconnection (for example after a server restart).
 */
export const CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  noStatus: 1005,
  abnormal: 1006,
  consented: 4000,
  serverShutdown: 4001,
  withError: 4002,
  failedToReconnect: 4003,
  mayTryReconnect: 4010,
  replaced: 4100,
  revoked: 4101,
} as const;

/** Colyseus's matchmaking codes: an unknown room id (also a room not yet rebuilt after a restart), an expired seat. */
export const MATCHMAKE_ROOM_NOT_FOUND = 522;
export const MATCHMAKE_SEAT_EXPIRED = 524;

/**
 * What to do after a failure. `retry`: join again after `retryDelay`; `code` names the cause
 * (a protocol error code, `replaced`, `left`, `room_not_found`, `connection_lost`,
 * `server_restarting`, `network_error`); `message` is a fixed English sentence without secrets.
 * `checkMatch`: the room was not found, so the match may be over: ask `GET /api/matches/:id`
 * and stop when it is not live.
 */
export interface RetryVerdict {
  readonly retry: boolean;
  readonly code: string;
  readonly message: string;
  readonly checkMatch?: boolean;
}

const LOST: RetryVerdict = { retry: true, code: "connection_lost", message: "The connection to the server was lost." };

/**
 * The verdict on a WebSocket close code of an open match connection. Final: the client's own
 * leave (1000, 4000), a replaced seat (4100) and a re-issued invite (4101). Everything else is retried: a broken connection
 * (1001, 1005, 1006), a server shutdown (4001), a refused or failed reconnection (4002, 4003,
 * 4010), and any code this table does not know. (A finished match is final too, but that is
 * known from the state, not from the code: see `MatchSession`.)
 */
export function closeVerdict(code: number): RetryVerdict {
  switch (code) {
    case CLOSE_CODES.normal:
    case CLOSE_CODES.consented:
      return { retry: false, code: "left", message: "The connection was closed." };
    case CLOSE_CODES.replaced:
      return { retry: false, code: "replaced", message: "This seat was opened in another window or device." };
    case CLOSE_CODES.revoked:
      return { retry: false, code: "revoked", message: "The host re-issued this seat's invite link: ask the host for the new link." };
    case CLOSE_CODES.serverShutdown:
      return { retry: true, code: "server_restarting", message: "The server is restarting." };
    default:
      return LOST;
  }
}

/** Protocol errors of a refused join that joining again cannot fix. */
const FINAL_JOIN_ERRORS: ReadonlySet<ProtocolErrorCode> = new Set(["bad_message", "unsupported_protocol", "invalid_token", "spectators_full", "forbidden", "not_found", "match_over"]);

/**
 * The verdict on a failed `joinById` (an error with a numeric or string `code`, as @colyseus/sdk
 * throws). Final: `invalid_token`, `unsupported_protocol`, `bad_message`, `spectators_full`,
 * `forbidden` (fix the client or the link). Retried: `service_unavailable`, `server_error`,
 * `too_many_requests`, `rate_limited`; Colyseus's 522 (room not found: the server may still be
 * rebuilding its rooms; `checkMatch` is set) and 524 (seat expired); a 503 `server_starting` (the
 * server is rebuilding its rooms; code `server_starting`); any HTTP 5xx or 429;
 * a network failure (connection refused, `fetch` failing, no code at all). Other HTTP 4xx codes
 * are final.
 */
export function joinErrorVerdict(error: unknown): RetryVerdict {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "number") {
    const named = protocolErrorFromNumber(code);
    if (named) return { retry: !FINAL_JOIN_ERRORS.has(named), code: named, message: PROTOCOL_ERRORS[named].message };
    if (code === MATCHMAKE_ROOM_NOT_FOUND) {
      return { retry: true, checkMatch: true, code: "room_not_found", message: "The match room is not open (the server is starting, or the match is over)." };
    }
    // A starting server (503 `server_starting`, its code named at the start of the message): say so.
    const message = (error as { message?: unknown }).message;
    if (code === 503 && typeof message === "string" && message.startsWith("server_starting:")) return { retry: true, code: "server_starting", message: PROTOCOL_ERRORS.server_starting.message };
    if (code === MATCHMAKE_SEAT_EXPIRED || code === 429 || (code >= 500 && code < 600) || code === 0) return { retry: true, code: "server_restarting", message: "The server is not ready yet." };
    if (code >= 400 && code < 500) return { retry: false, code: "join_refused", message: "The server refused the join." };
  }
  return { retry: true, code: "network_error", message: "The server cannot be reached." };
}
