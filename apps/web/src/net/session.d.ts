/**
 * One client's connection to a match room, outside React: joins with `joinById`, rebuilds the
 * client's own projection once per seq, keeps the event stream, tracks commands until answered,
 * and survives drops and server restarts. The SDK's own reconnection is switched off (its
 * reconnection tokens do not survive a restart, and it gives up silently): whenever the
 * connection ends for a reason worth retrying (`closeVerdict`: network loss, 1006, the server
 * shutting down) or a join fails for one (`joinErrorVerdict`: connection refused, 5xx,
 * `service_unavailable`, a room not rebuilt yet), it joins again with a fresh `joinById` and the
 * seat token (spectators as spectators), waiting 0.5 s doubling to 15 s with jitter between
 * attempts; `retryNow()` skips the wait. A room that is not found is final once the REST API
 * says the match is not live. The welcome that follows each join triggers `events_since` (after
 * the last live seq seen) and the unanswered commands are resent with their ids. Final: an
 * invalid token, an unsupported protocol, a seat replaced by another connection (4100), a
 * finished match. A silent connection is pinged, and given up as lost when the server stays
 * silent (`HEARTBEAT_DEAD_MS`). `useMatch` wraps it for React.
 *
 * With several server processes behind the page's address (a proxy), the same retries cover the
 * death of the process hosting the match: a join reaches a live process, which rebuilds the room
 * from the stored log once the dead host's lease lapses (a 5xx, 522 or 524 until then).
 *
 * Only this seat's overlay is read from the room state (the server sends no other); the token is
 * passed to the SDK only and never logged or stored here.
 */
import { type Room } from "@colyseus/sdk";
import { type JoinOptions, type WelcomeMessage } from "@fogwar/protocol";
import { type RetryState } from "./backoff";
import { type EventEntry } from "./events";
import { type CommandResult } from "./pending";
/** How to join: a seat with its token, or a spectator. */
export type JoinSpec = {
    role: "player";
    seat: string;
    token: string;
} | {
    role: "spectator";
};
/**
 * Connection status: `connecting` (first join), `open`, `reconnecting` (lost, joining again:
 * see `retry`), `closed` (ended for good after being open), `failed` (the first join was refused).
 */
export type MatchStatus = "connecting" | "open" | "reconnecting" | "closed" | "failed";
/** What the table reads: see `useMatch`. */
export interface MatchSnapshot {
    readonly status: MatchStatus;
    readonly error: {
        code: string;
        message: string;
    } | null;
    /** While connecting or reconnecting after a failure: the attempt number and when it runs (epoch ms; null while it runs). */
    readonly retry: RetryState | null;
    /** Commands sent (or waiting to be sent) and not answered yet. */
    readonly unanswered: number;
    readonly welcome: WelcomeMessage | null;
    readonly seq: number;
    readonly view: unknown | null;
    readonly caster: {
        seq: number;
        view: unknown;
    } | null;
    readonly connected: Record<string, boolean>;
    readonly spectators: number;
    readonly events: readonly EventEntry[];
}
/** The parts of the SDK the session uses (a fake in tests). */
export interface RoomClient {
    joinById(roomId: string, options: JoinOptions): Promise<Room>;
}
/**
 * A match's status from the REST API (`GET /api/matches/:id`): `live`, `finished`, `abandoned`,
 * `missing` (404), or null when the API cannot be reached (then the join is simply retried).
 */
export type MatchStatusLookup = (matchId: string) => Promise<"live" | "finished" | "abandoned" | "missing" | null>;
/** WebSocket close code of a seat replaced by a newer connection (apps/server room.ts). */
export declare const CLOSE_REPLACED = 4100;
/** A join that has not answered after this long (ms) counts as a network failure. */
export declare const JOIN_TIMEOUT_MS = 10000;
/**
 * Heartbeat, in ms: after `HEARTBEAT_IDLE_MS` without any message from the server the session
 * sends a `ping`; if nothing at all arrives within `HEARTBEAT_DEAD_MS` of the last message, the
 * connection is taken as lost (a half-open socket after a network loss never closes by itself).
 */
export declare const HEARTBEAT_IDLE_MS = 15000;
export declare const HEARTBEAT_DEAD_MS = 25000;
/** The server's address: the page's own origin (the server serves the client). */
export declare function defaultEndpoint(): string;
/** Asks the page's own server for a match's status (see `MatchStatusLookup`). */
export declare const fetchMatchStatus: MatchStatusLookup;
/** A join failure as `{ code, message }` (protocol codes by name); `retry` when worth retrying. */
export declare function describeJoinError(error: unknown): {
    code: string;
    message: string;
    retry: boolean;
};
export declare class MatchSession {
    private readonly matchId;
    private readonly join;
    private readonly client;
    private readonly matchStatus;
    private snapshot;
    private readonly listeners;
    private readonly pending;
    private readonly retries;
    private room;
    private disposed;
    /** Whether a join is in flight (a "retry now" then waits for it). */
    private joining;
    private key;
    private casterSeq;
    private joinedOnce;
    private heartbeat;
    /** When the server was last heard from (epoch ms). */
    private lastHeard;
    /**
     * `client` replaces the SDK client and `matchStatus` the REST lookup (tests); `random` feeds
     * the backoff's jitter.
     */
    constructor(matchId: string, join: JoinSpec, client?: RoomClient, matchStatus?: MatchStatusLookup, random?: () => number);
    subscribe: (listener: () => void) => (() => void);
    getSnapshot: () => MatchSnapshot;
    private update;
    private get seat();
    /** Starts connecting. */
    start(): void;
    /**
     * Joins again at once instead of waiting for the next attempt (the banner's "retry now");
     * after a final failure (`closed`, `failed`) it starts over. Nothing happens while a join is
     * in flight or the connection is open.
     */
    retryNow(): void;
    private connect;
    /** A room was not found: final when the match is over or unknown, else retried (the server may be rebuilding its rooms). */
    private checkMatch;
    private scheduleRetry;
    private giveUp;
    private attach;
    /** Pings an idle connection; gives it up as lost (code 1006) when the server stays silent. */
    private startHeartbeat;
    private stopHeartbeat;
    private onLeave;
    private onState;
    private onMessage;
    /** Sends unanswered commands on the current connection. */
    private flush;
    /** Sends a command; resolves with the server's answer. */
    send(command: unknown): Promise<CommandResult>;
    /** Leaves the room and stops reconnecting. */
    dispose(): void;
}
