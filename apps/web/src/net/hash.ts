/**
 * Seat credentials from an invite link. Invite links carry the seat and its single-use invite
 * code in the URL fragment (`/play/<matchId>#seat=p1&invite=<32 hex>`), which browsers never send
 * to a server. The page reads them once, keeps a claim (the invite and a random claim key) in
 * the browser's localStorage, and rewrites the visible URL to `#seat=p1`; the claim
 * (`POST /api/matches/:id/seats/:seat/claim`) gives the seat token, kept in the tab's
 * sessionStorage (keyed by match and seat, so a reload of the tab still plays the seat). A claim
 * whose answer was lost is sent again with the same claim key, for the same token; so is the same
 * invite link opened again in another tab of the same browser (the tab was closed, say), which
 * then plays the seat again. Another browser has no claim key and gets `invite_claimed`. Links of older matches carry the token
 * itself (`#seat=p1&token=...`). Tokens and codes are never logged.
 */

/** A seat and its token. */
export interface SeatCredentials {
  readonly seat: string;
  readonly token: string;
}

/** A seat's invite still to be claimed, with the claim key to claim it with (kept for retries). */
export interface PendingClaim {
  readonly seat: string;
  readonly invite: string;
  readonly claimKey: string;
}

const TOKEN = /^[0-9a-f]{32}$/;
const SEAT = /^[A-Za-z0-9_-]{1,16}$/;
const CLAIM_KEY = /^[A-Za-z0-9_-]{22,128}$/;

/** The fragment's parameters: `seat` (if well formed), `token` and `invite` (if 32 lowercase hex). */
export function parseInviteHash(hash: string): { seat: string | null; token: string | null; invite: string | null } {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const seat = params.get("seat");
  const token = params.get("token");
  const invite = params.get("invite");
  return { seat: seat && SEAT.test(seat) ? seat : null, token: token && TOKEN.test(token) ? token : null, invite: invite && TOKEN.test(invite) ? invite : null };
}

/** The storage key of a seat's claim (`{ invite, claimKey }` as JSON). */
export function claimKeyOf(matchId: string, seat: string): string {
  return `fogwar:claim:${matchId}:${seat}`;
}

/** A new random claim key: 22 base64url characters (128 random bits). */
export function newClaimKey(random: (bytes: Uint8Array) => Uint8Array = (b) => globalThis.crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function storedClaim(storage: CredentialEnv["storage"], matchId: string, seat: string): { invite: string; claimKey: string } | null {
  try {
    const value = JSON.parse(safeGet(storage, claimKeyOf(matchId, seat)) ?? "null") as { invite?: unknown; claimKey?: unknown } | null;
    if (value && typeof value.invite === "string" && TOKEN.test(value.invite) && typeof value.claimKey === "string" && CLAIM_KEY.test(value.claimKey)) return { invite: value.invite, claimKey: value.claimKey };
  } catch {
    // not ours
  }
  return null;
}

/** Stores the token a claim of `seat` answered (see {@link takeSeatCredentials}). */
export function keepClaimedToken(matchId: string, seat: string, token: string, env: Pick<CredentialEnv, "storage">): SeatCredentials {
  safeSet(env.storage, tokenKey(matchId, seat), token);
  safeSet(env.storage, seatKey(matchId), seat);
  return { seat, token };
}

/** The storage key of a seat's token. */
export function tokenKey(matchId: string, seat: string): string {
  return `fogwar:token:${matchId}:${seat}`;
}

/** The storage key of the seat this tab last played in a match. */
export function seatKey(matchId: string): string {
  return `fogwar:seat:${matchId}`;
}

/** The parts of `window` this module uses (injected in tests). */
export interface CredentialEnv {
  readonly location: { readonly pathname: string; readonly search: string; readonly hash: string };
  readonly history: { replaceState(data: unknown, unused: string, url?: string | null): void; readonly state: unknown };
  readonly storage: Pick<Storage, "getItem" | "setItem">;
  /** Where claims (`{ invite, claimKey }`) are kept: the browser's localStorage, shared by its tabs; `storage` when absent. */
  readonly claims?: Pick<Storage, "getItem" | "setItem">;
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
 * Reads the seat credentials of `/play/<matchId>`. An invite in the fragment: the token this
 * tab claimed it for, or else a {@link PendingClaim} (its claim key stored, so a retry after a
 * lost answer uses the same key); the invite leaves the visible URL (`#seat=<seat>`). A token in
 * the fragment (an older match's link): stored and returned. Else from storage (the seat from
 * the fragment, or the one last played here): the token, or a claim still pending. Null when
 * this tab holds nothing for the match.
 */
export function takeSeatCredentials(matchId: string, env: CredentialEnv, newKey: () => string = () => newClaimKey()): SeatCredentials | PendingClaim | null {
  const { seat: hashSeat, token, invite } = parseInviteHash(env.location.hash);
  if (token || invite) {
    const seat = hashSeat ?? "p1";
    safeSet(env.storage, seatKey(matchId), seat);
    env.history.replaceState(env.history.state, "", `${env.location.pathname}${env.location.search}#seat=${encodeURIComponent(seat)}`);
    if (token) return keepClaimedToken(matchId, seat, token, env);
    const claim = storedClaim(env.claims ?? env.storage, matchId, seat);
    const held = safeGet(env.storage, tokenKey(matchId, seat));
    if (claim?.invite === invite && held && TOKEN.test(held)) return { seat, token: held };
    if (claim?.invite === invite) return { seat, invite, claimKey: claim.claimKey };
    const fresh = { invite: invite as string, claimKey: newKey() };
    safeSet(env.claims ?? env.storage, claimKeyOf(matchId, seat), JSON.stringify(fresh));
    return { seat, ...fresh };
  }
  const seat = hashSeat ?? safeGet(env.storage, seatKey(matchId));
  if (!seat) return null;
  const stored = safeGet(env.storage, tokenKey(matchId, seat));
  const claim = storedClaim(env.claims ?? env.storage, matchId, seat);
  if (!stored || !TOKEN.test(stored)) return claim ? { seat, ...claim } : null;
  safeSet(env.storage, seatKey(matchId), seat);
  return { seat, token: stored };
}

/**
 * {@link takeSeatCredentials} on the browser's own window: a seat's token stays in the tab that
 * claimed it (sessionStorage), its claim in the browser (localStorage, when the browser allows it).
 */
export function takeSeatCredentialsFromWindow(matchId: string): SeatCredentials | PendingClaim | null {
  return takeSeatCredentials(matchId, { location: window.location, history: window.history, storage: window.sessionStorage, claims: browserStorage() ?? window.sessionStorage });
}

/** The browser's localStorage, or null where reading it throws (storage disabled). */
function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** {@link keepClaimedToken} in the tab's sessionStorage. */
export function keepClaimedTokenInWindow(matchId: string, seat: string, token: string): SeatCredentials {
  return keepClaimedToken(matchId, seat, token, { storage: window.sessionStorage });
}
