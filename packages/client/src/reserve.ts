/**
 * A seat reservation asked early. Joining a room is two round trips: the matchmaking request
 * (`POST /matchmake/joinById/:matchId`, which reserves a seat) and the WebSocket that consumes
 * the reservation (where the room checks the join options and the seat token). A page that knows
 * its match and seat as soon as its entry script runs (`/play/:matchId` with the seat token in
 * this tab, `/watch/:matchId`) asks the first one at once, with plain `fetch` (no SDK in the entry
 * script), while the table's code still downloads and evaluates; the session's first join then
 * consumes it (`MatchSession`, ./session.ts) instead of asking again. On a phone on 4G that takes
 * a round trip (about 165 ms) and the table code's evaluation off the path to the first state.
 *
 * One-shot: a reservation is taken at most once, by the first session whose match and options
 * match exactly; every later join (a retry, a reconnection, another tab) asks its own. A
 * reservation nobody takes lapses on the server after its seat reservation time. The token goes
 * only to the page's own server, in the request body, as with the SDK's own `joinById`.
 */
import { PROTOCOL_VERSION, type JoinOptions } from "@fogwar/protocol";
import type { JoinSpec, SeatReservation } from "./snapshot";

/**
 * A refused or failed reservation, shaped as the SDK's join errors are (`code`: the HTTP status,
 * or undefined when the server could not be reached; `message`: the server's words), so that the
 * session judges it with the same `joinErrorVerdict` as a join of its own (a network failure:
 * `network_error`).
 */
export class ReservationError extends Error {
  constructor(
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
    this.name = "ReservationError";
  }
}

/** The join options a session sends for `spec` (protocol `JoinOptions`): the same for an early reservation. */
export function joinOptionsOf(spec: JoinSpec): JoinOptions {
  return spec.role === "player"
    ? { role: "player", protocol: PROTOCOL_VERSION, token: spec.token, ...(spec.name ? { name: spec.name } : {}) }
    : { role: "spectator", protocol: PROTOCOL_VERSION };
}

const early = new Map<string, Promise<SeatReservation>>();
/** Reservations already taken by a session: asking again for one would reserve a seat nobody joins. */
const taken = new Set<string>();

/**
 * The key of one join: `matchId` and the join options `spec` sends (its role, seat token, name
 * and protocol). Two joins with the same key would take the same seat the same way; a page keeps
 * one early reservation, and one early session (apps/web/src/net/early-session.ts), per key.
 */
export function joinKeyOf(matchId: string, spec: JoinSpec): string {
  return `${matchId}\n${JSON.stringify(joinOptionsOf(spec))}`;
}

/**
 * Asks the server at `endpoint` (an origin; "" for the page's own) to reserve a seat of
 * `matchId` for `spec`. Resolves with the reservation; rejects with a `ReservationError`.
 */
export async function reserveSeat(matchId: string, spec: JoinSpec, endpoint = ""): Promise<SeatReservation> {
  let response: Response;
  try {
    response = await fetch(`${endpoint}/matchmake/joinById/${encodeURIComponent(matchId)}`, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify(joinOptionsOf(spec)),
    });
  } catch (error) {
    throw new ReservationError(undefined, error instanceof Error ? error.message : "network error");
  }
  const body = (await response.json().catch(() => null)) as (Partial<SeatReservation> & { message?: string; error?: string }) | null;
  if (!response.ok) throw new ReservationError(response.status, body?.message ?? body?.error ?? response.statusText);
  if (typeof body?.roomId !== "string" || typeof body.sessionId !== "string" || typeof body.name !== "string") throw new ReservationError(502, "The server's seat reservation is malformed.");
  return body as SeatReservation;
}

/**
 * Starts reserving a seat of `matchId` for `spec` now, from the server at `endpoint` (default:
 * the page's own), unless one is already under way for the same match and options, or a session
 * of this page has already taken one for them (a route rendering after the page's own early
 * join, apps/web/src/boot.ts, asks again: that would reserve a seat nobody joins). Returns at
 * once; never throws (a failure is kept for the session that takes it, which judges it as its
 * own join's).
 */
export function prefetchSeat(matchId: string, spec: JoinSpec, endpoint = ""): void {
  const key = joinKeyOf(matchId, spec);
  if (early.has(key) || taken.has(key)) return;
  const asked = reserveSeat(matchId, spec, endpoint);
  asked.catch(() => undefined);
  early.set(key, asked);
}

/**
 * The early reservation for `matchId` and `spec`, removed from the store (taken once), or
 * undefined when none was asked.
 */
export function takePrefetchedSeat(matchId: string, spec: JoinSpec): Promise<SeatReservation> | undefined {
  const key = joinKeyOf(matchId, spec);
  const asked = early.get(key);
  early.delete(key);
  if (asked) taken.add(key);
  return asked;
}
