/**
 * Sessions (docs/protocol.md "Accounts"): a signed-in browser holds a random 256-bit token in the
 * `fogwar_session` cookie (httpOnly, SameSite=Lax, Secure on https, 30 days); the store keeps
 * only its SHA-256 (`account_sessions`), so sessions survive restarts and reach every process
 * sharing the database. `sessionOf` resolves a request's account; `refuseCrossSite` refuses a
 * request that changes something, carries the cookie and comes from another site (CSRF).
 */
import { createHash, randomBytes } from "node:crypto";
import { parse as parseCookies, serialize } from "cookie";
import type { NextFunction, Request, Response } from "express";
import { ApiError } from "../api-error.js";
import type { AccountRecord, AccountStore } from "../store/index.js";

/** The session cookie's name. */
export const SESSION_COOKIE = "fogwar_session";
/** How long a session lasts: 30 days, in ms. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

/** The hash under which a session token is stored. */
export const hashSessionToken = (token: string): string => createHash("sha256").update(`fogwar-session:${token}`).digest("hex");

/** A fresh random token: 32 bytes, base64url (43 characters). */
export const randomToken = (): string => randomBytes(32).toString("base64url");

/** The request's session token (the cookie's value), or null. */
export function sessionToken(req: Request): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  const value = parseCookies(header)[SESSION_COOKIE];
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/**
 * The signed-in account of a raw `Cookie` header (a WebSocket upgrade's, in a room's `onAuth`);
 * null when it holds no valid session.
 */
export async function accountOfCookie(header: string | undefined, accounts: AccountStore, now = Date.now()): Promise<AccountRecord | null> {
  const value = header ? parseCookies(header)[SESSION_COOKIE] : undefined;
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? accounts.sessionAccount(hashSessionToken(value), now) : null;
}

/** Where the session's account is kept on a request once resolved. */
const RESOLVED = Symbol("fogwar-account");
type WithAccount = Request & { [RESOLVED]?: AccountRecord | null };

/** The signed-in account of a request (looked up once per request); null when signed out. */
export async function sessionOf(req: Request, accounts: AccountStore, now = Date.now()): Promise<AccountRecord | null> {
  const r = req as WithAccount;
  if (r[RESOLVED] !== undefined) return r[RESOLVED];
  const token = sessionToken(req);
  r[RESOLVED] = token ? await accounts.sessionAccount(hashSessionToken(token), now) : null;
  return r[RESOLVED];
}

/**
 * The signed-in account of a request.
 * @throws ApiError 401 `not_signed_in` when signed out.
 */
export async function requireAccount(req: Request, accounts: AccountStore): Promise<AccountRecord> {
  const account = await sessionOf(req, accounts);
  if (!account) throw new ApiError(401, "not_signed_in", "Sign in first.");
  return account;
}

/** Whether the server is reached over https (the cookie is then `Secure`). */
const secureFor = (publicUrl: string): boolean => publicUrl.startsWith("https:");

/** Starts a session for `account`: stores its hash and sets the cookie on `res`. */
export async function startSession(res: Response, accounts: AccountStore, accountId: string, publicUrl: string): Promise<string> {
  const token = randomToken();
  const tokenHash = hashSessionToken(token);
  await accounts.createSession(tokenHash, accountId, Date.now() + SESSION_TTL_MS);
  res.append("Set-Cookie", serialize(SESSION_COOKIE, token, { httpOnly: true, sameSite: "lax", secure: secureFor(publicUrl), path: "/", maxAge: SESSION_TTL_MS / 1000 }));
  (res.req as WithAccount)[RESOLVED] = undefined;
  return tokenHash;
}

/** Ends the request's session (if any) and clears the cookie. */
export async function endSession(req: Request, res: Response, accounts: AccountStore, publicUrl: string): Promise<void> {
  const token = sessionToken(req);
  if (token) await accounts.deleteSession(hashSessionToken(token));
  res.append("Set-Cookie", serialize(SESSION_COOKIE, "", { httpOnly: true, sameSite: "lax", secure: secureFor(publicUrl), path: "/", maxAge: 0 }));
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF protection for cookie-authenticated requests: a request that changes something (not GET,
 * HEAD or OPTIONS) and carries the session cookie must come from this site: `Sec-Fetch-Site`
 * `same-origin` or `none` when the browser sends it, else an `Origin` equal to the public
 * address's or the request's own host. (SameSite=Lax already keeps the cookie off cross-site
 * POSTs in current browsers; this holds for older ones and for same-site sibling origins.)
 * Requests without the cookie (API clients, bots) pass.
 * @throws ApiError 403 `cross_site`.
 */
export function refuseCrossSite(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method) || !sessionToken(req)) return next();
    const site = req.headers["sec-fetch-site"];
    if (typeof site === "string") {
      if (site === "same-origin" || site === "none") return next();
      throw new ApiError(403, "cross_site", "The request came from another site.");
    }
    const origin = req.headers.origin;
    if (origin === undefined || origin === publicOrigin || origin === `${req.protocol}://${req.headers.host ?? ""}`) return next();
    throw new ApiError(403, "cross_site", "The request came from another site.");
  };
}
