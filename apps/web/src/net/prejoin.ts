/**
 * A table page's connection, started as soon as the page knows its match and seat, before the
 * table's code has been evaluated and rendered. On a phone that code takes a second or more of
 * CPU; the join (the matchmaking request, then the socket: two round trips of about 165 ms on
 * 4G) runs meanwhile instead of after it. `useMatch` adopts the session started here for the same
 * match and join; a session nobody adopts within `ADOPT_WITHIN_MS` (the page moved on) is closed.
 * Once `useMatch` asked for a join key, a late `prejoin` of that key does nothing, so one page never
 * holds two connections for one seat.
 */
import { MatchSession, type JoinSpec } from "@fogwar/client";

/** How long a started session waits for its table before it is closed, ms. */
export const ADOPT_WITHIN_MS = 15_000;

const started = new Map<string, { readonly session: MatchSession; readonly timer: ReturnType<typeof setTimeout> }>();
const asked = new Set<string>();

/** The key of a join: the match, the role, and for a seat its name and token. */
export function joinKeyOf(matchId: string, join: JoinSpec): string {
  return `${matchId}|${join.role === "player" ? `player:${join.seat}:${join.token}` : "spectator"}`;
}

/** Starts joining `matchId` as `join` unless that join was started or asked for already. */
export function prejoin(matchId: string, join: JoinSpec): void {
  const key = joinKeyOf(matchId, join);
  if (started.has(key) || asked.has(key)) return;
  const session = new MatchSession(matchId, join);
  session.start();
  const timer = setTimeout(() => {
    if (started.get(key)?.session !== session) return;
    started.delete(key);
    session.dispose();
  }, ADOPT_WITHIN_MS);
  started.set(key, { session, timer });
}

/** The session `prejoin` started for this join, now the caller's to dispose; null when none was. */
export function adoptPrejoined(matchId: string, join: JoinSpec): MatchSession | null {
  const key = joinKeyOf(matchId, join);
  asked.add(key);
  const entry = started.get(key);
  if (!entry) return null;
  started.delete(key);
  clearTimeout(entry.timer);
  return entry.session;
}
