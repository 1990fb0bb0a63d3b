/**
 * The social store's contract: challenges to a named player and rematch offers, blocks between
 * players, and reports of matches or chat lines kept for an operator (../social/). `MatchStore.social`
 * is one. Times cross as ms since the epoch.
 */

import type { NewNotification } from "./notification-contract.js";

/** A challenge's status: `open` until it is `accepted`, `declined` or `withdrawn`. */
export type ChallengeStatus = "open" | "accepted" | "declined" | "withdrawn";

/** A challenge as stored, with both players' public names. */
export interface ChallengeRecord {
  id: string;
  fromAccount: string;
  fromName: string;
  toAccount: string;
  toName: string;
  /** The match settings (JSON, see ../social/challenges.ts). */
  settings: unknown;
  rematchOf: string | null;
  status: ChallengeStatus;
  matchId: string | null;
  /** ms since the epoch. */
  createdAt: number;
}

/** A challenge to store. */
export interface NewChallenge {
  id: string;
  fromAccount: string;
  toAccount: string;
  settings: unknown;
  rematchOf?: string;
}

/** A block as listed to its blocker. */
export interface BlockRecord {
  accountId: string;
  name: string;
  /** ms since the epoch. */
  since: number;
}

/** A report to store. */
export interface NewReport {
  reporter: string;
  matchId: string;
  chat?: { audience: string; number: number; team?: string };
  reason: string;
}

/** A report as an operator reads it. */
export interface ReportRecord {
  id: number;
  matchId: string;
  reporterName: string;
  chatAudience: string | null;
  chatNumber: number | null;
  /** The reported chat line's text (null: no line reported, or none with that number). */
  chatText: string | null;
  reason: string;
  /** ms since the epoch. */
  createdAt: number;
}

/** Durable storage of challenges, blocks and reports. */
export interface SocialStore {
  /**
   * Stores an open challenge unless its sender has `maxOpen` open ones already ("too_many"). With
   * `rematchOf`: when an open challenge between the same two accounts (either way) already follows
   * that match, answers it instead (`existing`), atomically. `notify`: notifications the new
   * challenge owes, written in its transaction (none when it is not created).
   */
  createChallenge(challenge: NewChallenge, maxOpen: number, notify?: readonly NewNotification[]): Promise<{ outcome: "created" } | { outcome: "too_many" } | { outcome: "existing"; id: string }>;
  /** A challenge by id, or null. */
  challengeById(id: string): Promise<ChallengeRecord | null>;
  /** The open challenges sent to (`incoming`) and by (`outgoing`) an account, newest first (at most 200 each). */
  openChallengesOf(accountId: string): Promise<{ incoming: ChallengeRecord[]; outgoing: ChallengeRecord[] }>;
  /**
   * Moves an open challenge to `status` (with `matchId` when accepted): true when this call did it,
   * false when it was no longer open (another answer won).
   */
  closeChallenge(id: string, status: Exclude<ChallengeStatus, "open">): Promise<boolean>;
  /** Puts a challenge closed by `closeChallenge(id, "accepted")` back open (its match could not be made). */
  reopenChallenge(id: string): Promise<void>;
  /** Records the match an accepted challenge made. */
  setChallengeMatch(id: string, matchId: string): Promise<void>;
  /**
   * `blocker` blocks `blocked` (again: no change) unless it blocks `max` players already (false).
   * Open challenges between the two are closed (declined or withdrawn) in the same transaction.
   */
  block(blocker: string, blocked: string, max: number): Promise<boolean>;
  /** Lifts a block; false when there was none. */
  unblock(blocker: string, blocked: string): Promise<boolean>;
  /** The accounts `blocker` blocks, newest first. */
  blocksOf(blocker: string): Promise<BlockRecord[]>;
  /** Whether either account blocks the other. */
  blockedEither(a: string, b: string): Promise<boolean>;
  /** The accounts holding seats of a match, in seat order (seats without an account omitted). */
  seatAccounts(matchId: string): Promise<{ seat: string; accountId: string }[]>;
  /** Stores a report unless its reporter sent `maxPerDay` in the 24 hours before `now` (null). */
  addReport(report: NewReport, maxPerDay: number, now: number): Promise<number | null>;
  /** Reports, newest first, at most `limit`. */
  listReports(limit: number): Promise<ReportRecord[]>;
}

/** Every `SocialStore` method, for the wrappers that forward them all (errors, the embedded worker). */
export const SOCIAL_METHODS = [
  "createChallenge",
  "challengeById",
  "openChallengesOf",
  "closeChallenge",
  "reopenChallenge",
  "setChallengeMatch",
  "block",
  "unblock",
  "blocksOf",
  "blockedEither",
  "seatAccounts",
  "addReport",
  "listReports",
] as const satisfies readonly (keyof SocialStore)[];
