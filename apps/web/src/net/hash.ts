/**
 * Seat credentials from an invite link. Invite links carry the seat and its secret token in the
 * URL fragment (`/play/<matchId>#seat=p1&token=<32 hex>`), which browsers never send to a server.
 * The page reads them once, keeps the token in sessionStorage (keyed by match and seat, so a
 * reload of the same tab still plays the seat), and rewrites the visible URL to `#seat=p1`
 * without the token. The token is never logged.
 */

/** A seat and its token. */
export interface SeatCredentials {
  readonly seat: string;
  readonly token: string;
}

const TOKEN = /^[0-9a-f]{32}$/;
const SEAT = /^[A-Za-z0-9_-]{1,16}$/;

/** The fragment's parameters: `seat` (if well formed) and `token` (if 32 lowercase hex). */
export function parseInviteHash(hash: string): { seat: string | null; token: string | null } {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const seat = params.get("seat");
  const token = params.get("token");
  return { seat: seat && SEAT.test(seat) ? seat : null, token: token && TOKEN.test(token) ? token : null };
}

/** The sessionStorage key of a seat's token. */
export function tokenKey(matchId: string, seat: string): string {
  return `fogwar:token:${matchId}:${seat}`;
}

/** The sessionStorage key of the seat this tab last played in a match. */
export function seatKey(matchId: string): string {
  return `fogwar:seat:${matchId}`;
}

/** The parts of `window` this module uses (injected in tests). */
export interface CredentialEnv {
  readonly location: { readonly pathname: string; readonly search: string; readonly hash: string };
  readonly history: { replaceState(data: unknown, unused: string, url?: string | null): void; readonly state: unknown };
  readonly storage: Pick<Storage, "getItem" | "setItem">;
}

function safeGet(storage: CredentialEnv["storage"], key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(storage: CredentialEnv["storage"], key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // storage unavailable (private mode): the seat works until the tab reloads
  }
}

/**
 * Reads the seat credentials of `/play/<matchId>`: from the fragment when it carries a token
 * (then stores it and removes it from the visible URL, leaving `#seat=<seat>`), else from
 * sessionStorage (the seat from the fragment, or the one this tab last played). Null when this
 * tab holds no token for the match.
 */
export function takeSeatCredentials(matchId: string, env: CredentialEnv): SeatCredentials | null {
  const { seat: hashSeat, token } = parseInviteHash(env.location.hash);
  if (token) {
    const seat = hashSeat ?? "p1";
    safeSet(env.storage, tokenKey(matchId, seat), token);
    safeSet(env.storage, seatKey(matchId), seat);
    env.history.replaceState(env.history.state, "", `${env.location.pathname}${env.location.search}#seat=${encodeURIComponent(seat)}`);
    return { seat, token };
  }
  const seat = hashSeat ?? safeGet(env.storage, seatKey(matchId));
  if (!seat) return null;
  const stored = safeGet(env.storage, tokenKey(matchId, seat));
  if (!stored || !TOKEN.test(stored)) return null;
  safeSet(env.storage, seatKey(matchId), seat);
  return { seat, token: stored };
}

/** {@link takeSeatCredentials} on the browser's own window and sessionStorage. */
export function takeSeatCredentialsFromWindow(matchId: string): SeatCredentials | null {
  return takeSeatCredentials(matchId, { location: window.location, history: window.history, storage: window.sessionStorage });
}
