/**
 * A table page's match session, started before React renders. A page opened at a table
 * (`/play/:matchId` with this tab's seat token, `/watch/:matchId`) starts its `MatchSession` as
 * soon as this module's code has run (./boot.ts imports it right away), instead of in the table
 * route's first effect: the WebSocket's handshake and the first messages then overlap the
 * language set-up, React's first render and the evaluation of the table's code, which would
 * otherwise come first. `useMatch` adopts the session when its match and join are the same
 * (taken once); every later session (a retry from scratch, another match) is its own, and a route
 * that asks before the early session has started (its code came later than the route's) keeps
 * its own and the early one never starts.
 *
 * A session nobody adopts within `UNADOPTED_MS` (the route never showed the table: its code
 * failed to load, say) is disposed, so no connection outlives its page's use of it.
 */
import { MatchSession, joinKeyOf, type JoinSpec } from "@fogwar/client";

/** How long (ms) an early session waits to be adopted before it is disposed. */
export const UNADOPTED_MS = 30_000;

const waiting = new Map<string, { session: MatchSession; lapse: ReturnType<typeof setTimeout> }>();
/** Joins a route already asked for: an early session for one of them would be a second connection. */
const asked = new Set<string>();

/**
 * Starts the session of `matchId` for `spec` now, unless one is already waiting for the same
 * match and join. Returns at once; never throws (the session reports its own failures in its
 * snapshot, as any session does).
 */
export function startEarlySession(matchId: string, spec: JoinSpec, create: (matchId: string, spec: JoinSpec) => MatchSession = (m, s) => new MatchSession(m, s)): void {
  const key = joinKeyOf(matchId, spec);
  if (waiting.has(key) || asked.has(key)) return;
  const session = create(matchId, spec);
  const lapse = setTimeout(() => {
    if (waiting.get(key)?.session !== session) return;
    waiting.delete(key);
    session.dispose();
  }, UNADOPTED_MS);
  waiting.set(key, { session, lapse });
  session.start();
}

/**
 * The early session of `matchId` for `spec`, removed from the store (taken once), or undefined
 * when none has started; then none will (the route has its own).
 */
export function takeEarlySession(matchId: string, spec: JoinSpec): MatchSession | undefined {
  const key = joinKeyOf(matchId, spec);
  asked.add(key);
  const early = waiting.get(key);
  waiting.delete(key);
  if (!early) return undefined;
  clearTimeout(early.lapse);
  return early.session;
}
