/**
 * The sign-in routes, mounted at /api/auth (docs/protocol.md "Accounts"): guests, registration
 * with e-mail and password, password sign-in, passkeys, password reset by e-mail, sign-out. Every
 * answer that signs in sets the session cookie (./session.ts) and answers `MeResponse`.
 *
 * Limits (per address, and per e-mail for password sign-ins and resets, shared by the processes
 * through Redis when configured): a refused attempt is 429 `too_many_requests` with Retry-After.
 */
import { randomBytes } from "node:crypto";
import { GuestRequest, PasskeyAnswer, RegisterRequest, ResetCompleteRequest, ResetRequest, SignInRequest, type MeResponse } from "@fogwar/protocol";
import express, { type Request, type Response, type Router } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import type { AddressRate } from "../address-limits.js";
import { ApiError } from "../api-error.js";
import { stampedAddress } from "../limits.js";
import { passwordResetMessage, type Mailer } from "../mail/index.js";
import { StoreDatabaseError, type AccountRecord, type AccountStore, type MatchStore } from "../store/index.js";
import { adoptGuestSeats } from "./adopt.js";
import { completeRegistration, completeSignIn, registrationOptions, relyingParty, signInOptions } from "./passkeys.js";
import { checkPassword, hashPassword } from "./passwords.js";
import { endSession, hashSessionToken, randomToken, requireAccount, sessionOf, sessionToken, startSession } from "./session.js";

/** How long a password reset link works: 30 minutes, in ms. */
export const RESET_TTL_MS = 30 * 60 * 1000;

/** The rates the sign-in routes are held to (../address-limits.ts, shared across processes). */
export interface AuthLimits {
  /** Sign-in attempts (password or passkey), registrations and guests per address. */
  readonly perAddress: AddressRate;
  /** Password sign-in attempts and reset e-mails per e-mail address. */
  readonly perEmail: AddressRate;
}

/** What the sign-in routes need. */
export interface AuthServices {
  /** The store (its `accounts` part; a guest's seats are moved on sign-in). */
  readonly store: MatchStore;
  readonly publicUrl: string;
  readonly mailer: Mailer;
  readonly limits: AuthLimits;
  readonly log: Logger;
}

/** A body parsed with `schema`. @throws ApiError 400 `bad_request` with the issues. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(400, "bad_request", `The ${what} is malformed.`, parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
  return parsed.data;
}

/** @throws ApiError 429 when `key` is over `rate`. */
async function hold(rate: AddressRate, key: string, res: Response): Promise<void> {
  const wait = await rate.admit(key);
  if (wait === 0) return;
  if (Number.isFinite(wait)) res.setHeader("Retry-After", String(Math.ceil(wait / 1000)));
  throw new ApiError(429, "too_many_requests", "Too many attempts: wait a little and try again.");
}

/** `MeResponse` for an account (null: signed out). */
export async function meOf(accounts: AccountStore, account: AccountRecord | null, mailer: Mailer): Promise<MeResponse> {
  if (!account || account.kind === "deleted") return { account: null, passwordReset: mailer.available };
  const passkeys = (await accounts.passkeysOf(account.id)).length;
  return { account: { id: account.id, name: account.name, kind: account.kind, email: account.email, hasPassword: account.hasPassword, passkeys }, passwordReset: mailer.available };
}

/** A store error for a taken name or e-mail as the API's 409; anything else unchanged. */
export function takenError(error: unknown): unknown {
  if (error instanceof StoreDatabaseError && error.constraint === "accounts_name_folded_idx") return new ApiError(409, "name_taken", "That name is taken.");
  if (error instanceof StoreDatabaseError && error.constraint === "accounts_email_idx") return new ApiError(409, "email_taken", "That e-mail already has an account.");
  return error;
}

/** A new password's check. @throws ApiError 400 `weak_password`. */
function newPassword(password: string): string {
  if (password.length < 10 || password.length > 200) throw new ApiError(400, "weak_password", "A password needs at least 10 characters.");
  return password;
}

/** A generated guest name: `guest-` and 6 random letters or digits. */
const guestName = (): string => `guest-${randomBytes(6).toString("base64url").replace(/[-_]/g, "x").slice(0, 6).toLowerCase()}`;

/** A new account id or secret: 16 random bytes, base64url. */
const randomId = (): string => randomBytes(16).toString("base64url");

/** The sign-in routes. */
export function authRoutes(services: AuthServices): Router {
  const { publicUrl, mailer, limits } = services;
  const accounts = services.store.accounts;
  const rp = relyingParty(publicUrl);
  const router = express.Router();
  const address = (req: Request) => stampedAddress(req.headers);
  const signedIn = async (req: Request, res: Response, accountId: string) => {
    // A guest signing in to an account it had already: its seats go with it.
    const before = await sessionOf(req, accounts);
    const after = await accounts.accountById(accountId);
    if (before?.kind === "guest" && after && before.id !== after.id) await adoptGuestSeats(services.store, before, after);
    const old = sessionToken(req);
    if (old) await accounts.deleteSession(hashSessionToken(old));
    await startSession(res, accounts, accountId, publicUrl);
    res.setHeader("Cache-Control", "no-store");
    res.json(await meOf(accounts, await accounts.accountById(accountId), mailer));
  };

  router.post("/guest", async (req, res) => {
    const body = parseBody(GuestRequest, req.body ?? {}, "guest request");
    const current = await sessionOf(req, accounts);
    if (current) {
      res.json(await meOf(accounts, current, mailer));
      return;
    }
    await hold(limits.perAddress, address(req), res);
    const id = randomId();
    for (let attempt = 0; ; attempt++) {
      try {
        await accounts.createAccount({ id, kind: "guest", name: body.name && attempt === 0 ? body.name : guestName(), seatSecret: randomId() });
        break;
      } catch (error) {
        const mapped = takenError(error);
        if (!(mapped instanceof ApiError) || mapped.code !== "name_taken" || attempt >= 3) throw mapped;
        if (body.name) throw mapped;
      }
    }
    await signedIn(req, res, id);
  });

  router.post("/register", async (req, res) => {
    const body = parseBody(RegisterRequest, req.body, "registration");
    newPassword(body.password);
    await hold(limits.perAddress, address(req), res);
    const passwordHash = await hashPassword(body.password);
    const current = await sessionOf(req, accounts);
    try {
      if (current?.kind === "guest") {
        // The guest becomes the member: the same account, so its seats stay its own.
        await accounts.updateAccount(current.id, { kind: "member", name: body.name, email: body.email, passwordHash });
        await signedIn(req, res, current.id);
        return;
      }
      const id = randomId();
      await accounts.createAccount({ id, kind: "member", name: body.name, email: body.email, passwordHash, seatSecret: randomId() });
      await signedIn(req, res, id);
    } catch (error) {
      throw takenError(error);
    }
  });

  router.post("/sign-in", async (req, res) => {
    const body = parseBody(SignInRequest, req.body, "sign-in");
    await hold(limits.perAddress, address(req), res);
    await hold(limits.perEmail, body.email.toLowerCase(), res);
    const found = await accounts.passwordHashFor(body.email);
    if (!(await checkPassword(found?.passwordHash ?? null, body.password)) || !found) throw new ApiError(401, "bad_credentials", "The e-mail or the password is wrong.");
    await signedIn(req, res, found.account.id);
  });

  router.post("/sign-out", async (req, res) => {
    await endSession(req, res, accounts, publicUrl);
    res.json(await meOf(accounts, null, mailer));
  });

  router.post("/passkey/register-options", async (req, res) => {
    const account = await requireAccount(req, accounts);
    res.setHeader("Cache-Control", "no-store");
    res.json(await registrationOptions(rp, accounts, account));
  });

  router.post("/passkey/register", async (req, res) => {
    const account = await requireAccount(req, accounts);
    const body = parseBody(PasskeyAnswer, req.body, "passkey answer");
    await completeRegistration(rp, accounts, account, body.challengeId, body.response);
    if (account.kind === "guest") await accounts.updateAccount(account.id, { kind: "member" });
    res.json(await meOf(accounts, await accounts.accountById(account.id), mailer));
  });

  router.post("/passkey/sign-in-options", async (req, res) => {
    await hold(limits.perAddress, address(req), res);
    res.setHeader("Cache-Control", "no-store");
    res.json(await signInOptions(rp, accounts));
  });

  router.post("/passkey/sign-in", async (req, res) => {
    const body = parseBody(PasskeyAnswer, req.body, "passkey answer");
    const accountId = await completeSignIn(rp, accounts, body.challengeId, body.response);
    await signedIn(req, res, accountId);
  });

  router.post("/password-reset", async (req, res) => {
    const body = parseBody(ResetRequest, req.body, "reset request");
    if (!mailer.available) throw new ApiError(503, "reset_unavailable", "Password reset by e-mail is not available on this server.");
    await hold(limits.perAddress, address(req), res);
    await hold(limits.perEmail, `reset:${body.email.toLowerCase()}`, res);
    const found = await accounts.passwordHashFor(body.email);
    if (found) {
      const token = randomToken();
      await accounts.putReset(hashSessionToken(token), found.account.id, Date.now() + RESET_TTL_MS);
      const message = passwordResetMessage({ name: found.account.name, link: `${publicUrl}/account/reset#token=${token}`, expiresInMinutes: RESET_TTL_MS / 60_000 });
      // Sent in the background: the answer never tells (by content or by timing) whether the e-mail has an account.
      mailer.send({ to: found.account.email ?? body.email, ...message }).catch((error: unknown) => services.log.warn({ err: error }, "could not send a password reset e-mail"));
    }
    res.status(202).json({ sent: true });
  });

  router.post("/password-reset/complete", async (req, res) => {
    const body = parseBody(ResetCompleteRequest, req.body, "reset");
    newPassword(body.password);
    await hold(limits.perAddress, address(req), res);
    const accountId = await accounts.takeReset(hashSessionToken(body.token), Date.now());
    if (!accountId) throw new ApiError(400, "invalid_reset", "The reset link is unknown, used or expired.");
    await accounts.updateAccount(accountId, { passwordHash: await hashPassword(body.password) });
    // Whoever knew the old password is signed out everywhere.
    await accounts.deleteSessionsOf(accountId);
    await signedIn(req, res, accountId);
  });

  return router;
}
