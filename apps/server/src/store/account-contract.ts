/**
 * The account store's contract: players' accounts (guests too), their sessions, passkeys,
 * WebAuthn challenges and password resets, and the seats that belong to them. `MatchStore.accounts`
 * is one; apps/server/test/account-store.test.ts pins its behaviour on every driver. Times cross
 * as milliseconds since the epoch (the embedded store's worker thread clones no `Date` safely
 * across jest's realms). Every method may reject with a `StoreDatabaseError` (./errors.ts).
 */
import type { MatchStatus } from "./status.js";

/** What an account is: a `guest` (signed in by its session only), a `member`, or `deleted`. */
export type AccountKind = "guest" | "member" | "deleted";

/** An account as the server uses it. `email` and `seatSecret` are never shown to anyone else. */
export interface AccountRecord {
  id: string;
  kind: AccountKind;
  /** The public name (unique ignoring case). */
  name: string;
  /** Case-folded; null for a guest, a passkey-only member and a deleted account. */
  email: string | null;
  /** Whether a password is set (the hash itself only leaves the store through `passwordHashFor`). */
  hasPassword: boolean;
  /** The secret the claim keys of the account's seats derive from (../accounts/seats.ts). */
  seatSecret: string;
  /** ms since the epoch. */
  createdAt: number;
}

/** A new account: a random `id` and `seatSecret`, its kind and public name. */
export interface NewAccount {
  id: string;
  kind: "guest" | "member";
  name: string;
  email?: string | null;
  passwordHash?: string | null;
  seatSecret: string;
}

/** A passkey as stored: the credential's id and public key (base64url), its counter and transports. */
export interface StoredPasskey {
  credentialId: string;
  accountId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  /** ms since the epoch (ignored when adding). */
  createdAt?: number;
}

/** A WebAuthn challenge waiting for its answer. */
export interface StoredChallenge {
  id: string;
  challenge: string;
  purpose: "register" | "sign-in";
  accountId: string | null;
  /** ms since the epoch. */
  expiresAt: number;
}

/**
 * A seat that belongs to an account, with its match: what "my games" and a profile list.
 * `generation` is the seat's invite generation (the account's token for it derives from it).
 */
export interface AccountSeat {
  matchId: string;
  seat: string;
  generation: number;
  ruleset: string;
  scenario: string;
  status: MatchStatus;
  result: unknown | null;
  /** Every seat of the match in order, with its player's name and whether a bot plays it. */
  seats: { seat: string; playerName: string; bot: boolean }[];
  /** ms since the epoch. */
  createdAt: number;
  finishedAt: number | null;
}

/** Which of an account's seats `accountSeats` returns. */
export interface AccountSeatFilter {
  status?: MatchStatus;
  /** Only this match's seats. */
  matchId?: string;
  /** At most this many, newest match first (default 50, at most 500). */
  limit?: number;
}

/** Fields `updateAccount` changes; absent ones stay. */
export interface AccountChange {
  kind?: "guest" | "member";
  name?: string;
  email?: string | null;
  passwordHash?: string | null;
}

/** Durable storage of accounts and what signs them in. */
export interface AccountStore {
  /**
   * Stores a new account. A name already taken (ignoring case) fails with a `StoreDatabaseError`
   * whose constraint is `accounts_name_folded_idx`; an e-mail already used, `accounts_email_idx`.
   */
  createAccount(account: NewAccount): Promise<void>;
  /** The account, or null (unknown id). A deleted account is returned with kind `deleted`. */
  accountById(id: string): Promise<AccountRecord | null>;
  /** The live (not deleted) account with this public name, ignoring case; null when none. */
  accountByName(name: string): Promise<AccountRecord | null>;
  /** The live account with this e-mail (compared case-folded) and its password hash; null when none. */
  passwordHashFor(email: string): Promise<{ account: AccountRecord; passwordHash: string | null } | null>;
  /**
   * Changes an account's kind, name, e-mail or password hash (a guest becomes a member keeping its
   * id, so its seats stay its own). Taken names and e-mails fail as in `createAccount`.
   * @returns false when there is no such live account.
   */
  updateAccount(id: string, change: AccountChange): Promise<boolean>;
  /**
   * Deletes an account: its kind becomes `deleted`, its name `anonymousName`, its e-mail,
   * password, passkeys, sessions and resets are removed, and the player names of its seats become
   * `anonymousName` (its finished matches stay reviewable under that name).
   */
  deleteAccount(id: string, anonymousName: string): Promise<void>;

  /** Stores a session: the hash of its token, its account, when it expires (ms). */
  createSession(tokenHash: string, accountId: string, expiresAt: number): Promise<void>;
  /** The live account of an unexpired session; null when the session is unknown or expired, or its account deleted. */
  sessionAccount(tokenHash: string, now: number): Promise<AccountRecord | null>;
  /** Ends one session (signing out). */
  deleteSession(tokenHash: string): Promise<void>;
  /** Ends every session of an account but `keepTokenHash` (a password changed or reset). */
  deleteSessionsOf(accountId: string, keepTokenHash?: string): Promise<void>;

  /** Adds a passkey to an account; an existing credential id fails with a `StoreDatabaseError` (primary key). */
  addPasskey(passkey: StoredPasskey): Promise<void>;
  /** The passkey with this credential id (base64url); null when none (or its account is deleted). */
  passkeyById(credentialId: string): Promise<StoredPasskey | null>;
  /** An account's passkeys, oldest first. */
  passkeysOf(accountId: string): Promise<StoredPasskey[]>;
  /** Records a passkey's new signature counter after a sign-in. */
  updatePasskeyCounter(credentialId: string, counter: number): Promise<void>;

  /** Stores a WebAuthn challenge. */
  putChallenge(challenge: StoredChallenge): Promise<void>;
  /** Takes (deletes and returns) an unexpired challenge: each answers once; null when unknown, taken or expired. */
  takeChallenge(id: string, now: number): Promise<StoredChallenge | null>;

  /** Stores a password reset: the hash of its token, its account, when it expires (ms). */
  putReset(tokenHash: string, accountId: string, expiresAt: number): Promise<void>;
  /** Takes (deletes) an unexpired reset: its account id; null when unknown, used or expired. */
  takeReset(tokenHash: string, now: number): Promise<string | null>;

  /** The account's seats with their matches, newest match first. */
  accountSeats(accountId: string, filter?: AccountSeatFilter): Promise<AccountSeat[]>;
  /**
   * Gives seats of account `from` to account `to`, each with its new token and claim key hashes
   * (derived for `to`), in one transaction; a seat that `from` no longer holds, or whose invite was
   * re-issued since (`generation`), is left as it is. @returns how many seats moved.
   */
  adoptSeats(from: string, to: string, seats: readonly SeatAdoption[]): Promise<number>;
}

/** A seat given to another account by `adoptSeats`. */
export interface SeatAdoption {
  matchId: string;
  seat: string;
  generation: number;
  tokenHash: string;
  claimKeyHash: string;
}

/** Every `AccountStore` method, for the wrappers that forward them all (errors, the embedded worker). */
export const ACCOUNT_METHODS = [
  "createAccount",
  "accountById",
  "accountByName",
  "passwordHashFor",
  "updateAccount",
  "deleteAccount",
  "createSession",
  "sessionAccount",
  "deleteSession",
  "deleteSessionsOf",
  "addPasskey",
  "passkeyById",
  "passkeysOf",
  "updatePasskeyCounter",
  "putChallenge",
  "takeChallenge",
  "putReset",
  "takeReset",
  "accountSeats",
  "adoptSeats",
] as const satisfies readonly (keyof AccountStore)[];

/** Fails to compile when an `AccountStore` method is missing from `ACCOUNT_METHODS`. */
export const ACCOUNT_METHODS_COMPLETE: Exclude<keyof AccountStore, (typeof ACCOUNT_METHODS)[number]> extends never ? true : never = true;
