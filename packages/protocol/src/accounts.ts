/**
 * Accounts (docs/protocol.md "Accounts"): the bodies of the `/api/auth/*`, `/api/me*` and
 * `/api/players/*` routes. A browser is signed in by the `fogwar_session` cookie (httpOnly,
 * SameSite=Lax); a guest is an account too, made at once without any credential, which keeps its
 * seats when it becomes a member (a password or a passkey added). E-mail addresses appear only in
 * the owner's own `/api/me`.
 */
import { z } from "zod";
import { PlayerName } from "./names";
import { ProfileRating, RatingChange } from "./ratings";

/** A public account name: a {@link PlayerName} of 2 to 24 characters. */
export const AccountName = PlayerName.pipe(z.string().min(2).max(24));

/** An e-mail address (at most 254 characters), compared case-folded. */
export const Email = z.email().max(254);

/** A password: 10 to 200 characters (anything else is `weak_password`). */
export const Password = z.string().min(10).max(200);

/** `POST /api/auth/guest`: start as a guest, with a chosen name or a generated one. */
export const GuestRequest = z.strictObject({ name: AccountName.optional() });
export type GuestRequest = z.output<typeof GuestRequest>;

/** `POST /api/auth/register`: a member with e-mail and password (a signed-in guest becomes it, keeping its seats). */
export const RegisterRequest = z.strictObject({ name: AccountName, email: Email, password: z.string() });
export type RegisterRequest = z.output<typeof RegisterRequest>;

/** `POST /api/auth/sign-in`: e-mail and password. */
export const SignInRequest = z.strictObject({ email: Email, password: z.string().max(200) });
export type SignInRequest = z.output<typeof SignInRequest>;

/** `POST /api/auth/password-reset`: send a reset link to this e-mail (answered 202 whether or not it has an account). */
export const ResetRequest = z.strictObject({ email: Email });
export type ResetRequest = z.output<typeof ResetRequest>;

/** `POST /api/auth/password-reset/complete`: the token from the link and the new password. */
export const ResetCompleteRequest = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/), password: z.string() });
export type ResetCompleteRequest = z.output<typeof ResetCompleteRequest>;

/** A WebAuthn ceremony's answer: the challenge's id and the browser's credential (the JSON @simplewebauthn/browser returns). */
export const PasskeyAnswer = z.strictObject({ challengeId: z.string().regex(/^[A-Za-z0-9_-]{22}$/), response: z.record(z.string(), z.unknown()) });
export type PasskeyAnswer = z.output<typeof PasskeyAnswer>;

/** `PATCH /api/me`: a new public name. */
export const AccountChangeRequest = z.strictObject({ name: AccountName });
export type AccountChangeRequest = z.output<typeof AccountChangeRequest>;

/** `DELETE /api/me`: the account's own name, typed again as confirmation. */
export const DeleteAccountRequest = z.strictObject({ confirmName: z.string().max(64) });
export type DeleteAccountRequest = z.output<typeof DeleteAccountRequest>;

/** The signed-in account as its owner sees it (`GET /api/me`, and every sign-in's answer). */
export const MeResponse = z.object({
  account: z
    .object({
      id: z.string(),
      name: z.string(),
      kind: z.enum(["guest", "member"]),
      email: z.string().nullable(),
      hasPassword: z.boolean(),
      passkeys: z.number().int().nonnegative(),
    })
    .nullable(),
  /** Whether the server can send password reset e-mail (an SMTP server is configured). */
  passwordReset: z.boolean(),
});
export type MeResponse = z.output<typeof MeResponse>;

/** One of my matches (`GET /api/me/matches`). `yourMove`: the match waits for one of my seats. */
export const MyMatch = z.object({
  matchId: z.string(),
  ruleset: z.string(),
  scenario: z.string(),
  status: z.enum(["live", "finished", "abandoned"]),
  mySeats: z.array(z.string()),
  yourMove: z.boolean(),
  /** A live match with clocks: my clocks' time left (ms) at `clockAt` (ms since the epoch); a running one counts down from then. */
  clocks: z.array(z.object({ remainingMs: z.number(), running: z.boolean() })).optional(),
  clockAt: z.number().optional(),
  /**
   * A correspondence match (created so, or switched to it): its terms, and for each of my clocks
   * (same order as `clocks`) the time left of the current move (ms at `clockAt`; the rest of
   * `remainingMs` is vacation).
   */
  correspondence: z.object({ daysPerMove: z.number(), vacationDays: z.number(), moveMs: z.array(z.number()) }).optional(),
  seats: z.array(z.object({ seat: z.string(), playerName: z.string(), bot: z.boolean() })),
  result: z.unknown().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type MyMatch = z.output<typeof MyMatch>;

/** `GET /api/me/matches`: live ones first (the ones waiting for me first of all), then finished ones. */
export const MyMatchesResponse = z.object({ matches: z.array(MyMatch) });
export type MyMatchesResponse = z.output<typeof MyMatchesResponse>;

/** `GET /api/me/seats/:id`: the seat tokens of my seats in a live match, to join it from this device. */
export const MySeatsResponse = z.object({ matchId: z.string(), seats: z.array(z.object({ seat: z.string(), token: z.string() })) });
export type MySeatsResponse = z.output<typeof MySeatsResponse>;

/** `GET /api/players/:name`: a public profile (never an e-mail). */
export const ProfileResponse = z.object({
  name: z.string(),
  memberSince: z.string(),
  guest: z.boolean(),
  played: z.array(z.object({ ruleset: z.string(), finished: z.number().int(), live: z.number().int() })),
  /** The player's ratings, per ruleset and format it played rated (./ratings.ts). */
  ratings: z.array(ProfileRating),
  recent: z.array(
    z.object({
      matchId: z.string(),
      ruleset: z.string(),
      scenario: z.string(),
      seat: z.string(),
      result: z.unknown().nullable(),
      opponents: z.array(z.string()),
      finishedAt: z.string().nullable(),
      /** A rated match's change of the player's rating; absent for a match not rated. */
      ratingChange: RatingChange.optional(),
    }),
  ),
});
export type ProfileResponse = z.output<typeof ProfileResponse>;
