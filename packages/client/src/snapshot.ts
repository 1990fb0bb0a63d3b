/**
 * The shapes a match session shows and takes: how to join, its policy options, its status and
 * snapshot, the SDK surface it uses, and its timing constants (ms).
 */
import type { Room } from "@colyseus/sdk";
import type { JoinOptions, NoticeMessage, WelcomeMessage } from "@fogwar/protocol";
import type { RetryState } from "./backoff";
import type { EventEntry } from "./events";
import { NO_CHAT, type ChatState } from "./chat";
import type { ClockInfo } from "./clock";

/** How to join: a seat with its token (and the display name to show, if any), or a spectator. */
export type JoinSpec = { role: "player"; seat: string; token: string; name?: string } | { role: "spectator" };

/** A session's policy where programs differ (every field optional; the defaults are the web client's). */
export interface SessionOptions {
  /**
   * How long joins may keep failing for reasons worth retrying before the session gives up
   * (status `closed` or `failed`, error `gave_up`), in ms from the first failure; default: never.
   */
  readonly retryWithinMs?: number;
  /** Called with each room joined (the first join and every join again), before its first message. */
  readonly onJoin?: (room: Room) => void;
}

/**
 * Connection status: `connecting` (first join), `open`, `reconnecting` (lost, joining again:
 * see `retry`), `closed` (ended for good after being open), `failed` (the first join was refused).
 */
export type MatchStatus = "connecting" | "open" | "reconnecting" | "closed" | "failed";

/** What the table reads: see `useMatch`. */
export interface MatchSnapshot {
  readonly status: MatchStatus;
  readonly error: { code: string; message: string } | null;
  /** While connecting or reconnecting after a failure: the attempt number and when it runs (epoch ms; null while it runs). */
  readonly retry: RetryState | null;
  /** Commands sent (or waiting to be sent) and not answered yet. */
  readonly unanswered: number;
  readonly welcome: WelcomeMessage | null;
  readonly seq: number;
  readonly view: unknown | null;
  readonly caster: { seq: number; view: unknown } | null;
  readonly connected: Record<string, boolean>;
  readonly spectators: number;
  readonly events: readonly EventEntry[];
  /** The clocks and abandonment claims with the local time they arrived (null: none sent yet). */
  readonly clock: ClockInfo | null;
  /** The table chat (./chat.ts). */
  readonly chat: ChatState;
  /** The table's notices (a re-issued seat), each once, in the order they came. */
  readonly notices: readonly TableNotice[];
}

/** A table notice (protocol `notice`): `seat_reissued` names the seat the host re-issued and when (epoch ms). */
export type TableNotice = NoticeMessage["notice"];

/** What the server's matchmaking answers (the SDK's `ISeatReservation`; only these fields are read). */
export interface SeatReservation {
  readonly name: string;
  readonly roomId: string;
  readonly sessionId: string;
  readonly processId?: string;
  readonly publicAddress?: string;
  readonly reconnectionToken?: string;
}

/** The parts of the SDK the session uses (a fake in tests). */
export interface RoomClient {
  joinById(roomId: string, options: JoinOptions): Promise<Room>;
  /** Joins with a seat reserved earlier (./reserve.ts); without it, early reservations are not used. */
  consumeSeatReservation?(reservation: SeatReservation): Promise<Room>;
}

/**
 * A match's status from the REST API (`GET /api/matches/:id`): `live`, `finished`, `abandoned`,
 * `missing` (404), or null when the API cannot be reached (then the join is simply retried).
 */
export type MatchStatusLookup = (matchId: string) => Promise<"live" | "finished" | "abandoned" | "missing" | null>;

/** WebSocket close code of a seat replaced by a newer connection (apps/server room.ts). */
export const CLOSE_REPLACED = 4100;
/** A join that has not answered after this long (ms) counts as a network failure. */
export const JOIN_TIMEOUT_MS = 10_000;
/**
 * Heartbeat, in ms: after `HEARTBEAT_IDLE_MS` without any message from the server the session
 * sends a `ping`; if nothing at all arrives within `HEARTBEAT_DEAD_MS` of the last message, the
 * connection is taken as lost (a half-open socket after a network loss never closes by itself).
 */
export const HEARTBEAT_IDLE_MS = 15_000;
export const HEARTBEAT_DEAD_MS = 25_000;

/** A session's snapshot before its first join. */
export const INITIAL_SNAPSHOT: MatchSnapshot = {
  status: "connecting",
  error: null,
  retry: null,
  unanswered: 0,
  welcome: null,
  seq: 0,
  view: null,
  caster: null,
  connected: {},
  spectators: 0,
  clock: null,
  events: [],
  chat: NO_CHAT,
  notices: [],
};
