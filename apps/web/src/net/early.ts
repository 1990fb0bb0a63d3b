/**
 * Joining a match before its table's code has loaded. A table page needs the match's room state
 * before it can show anything, and the join (`joinById`, then the WebSocket, then the first
 * state) is several round trips; the table's code is most of the page's JavaScript. So the route
 * starts the connection as soon as it knows the seat's credentials (`startEarly`, only the
 * connection's own chunk is fetched for it) and the table's `useMatch` adopts it when it mounts
 * (`takeEarly`), the join done or under way while the table's chunks load and run.
 *
 * At most one early session per (match, seat, token) and it is handed over once: a table that
 * mounts again (its "retry", a later visit) joins afresh, so no second connection of the same
 * seat ever replaces the table's own. A session nobody takes within `UNCLAIMED_MS` (the reader
 * left before the table loaded) is closed. No heavy import here: the entry chunk carries this module.
 */
import type { MatchSession } from "@fogwar/client";
import type { JoinSpec } from "@fogwar/client";

/** How long (ms) an early session waits for its table before it is closed. */
export const UNCLAIMED_MS = 30_000;

interface Early {
  readonly session: Promise<MatchSession | null>;
  readonly timer: ReturnType<typeof setTimeout>;
}

const waiting = new Map<string, Early>();

/** The key of a join: the match and who joins (a seat with its token, or a spectator). */
export function joinKeyOf(matchId: string, join: JoinSpec): string {
  return `${matchId}\n${join.role === "player" ? `player:${join.seat}:${join.token}` : "spectator"}`;
}

/**
 * Starts joining `matchId` as `join` unless an early session for the same key waits already.
 * Never throws; a failure to load the connection's code leaves the table to join by itself.
 */
export function startEarly(matchId: string, join: JoinSpec): void {
  const key = joinKeyOf(matchId, join);
  if (waiting.has(key)) return;
  const session = import("@fogwar/client")
    .then(({ MatchSession }) => {
      const started = new MatchSession(matchId, join);
      started.start();
      return started;
    })
    .catch(() => null);
  const timer = setTimeout(() => {
    if (waiting.get(key)?.session !== session) return;
    waiting.delete(key);
    void session.then((s) => s?.dispose());
  }, UNCLAIMED_MS);
  waiting.set(key, { session, timer });
}

/**
 * Settles once every waiting early session has sent its join (or failed to load): the table's
 * chunks, a few hundred ms of script on a slow phone, run after the join is on the wire, not before.
 */
export function joinsSent(): Promise<void> {
  return Promise.all([...waiting.values()].map((e) => e.session)).then(() => undefined);
}

/** The early session of `key` (see `joinKeyOf`), handed over once: undefined when none waits. */
export function takeEarly(key: string): Promise<MatchSession | null> | undefined {
  const early = waiting.get(key);
  if (!early) return undefined;
  waiting.delete(key);
  clearTimeout(early.timer);
  return early.session;
}
