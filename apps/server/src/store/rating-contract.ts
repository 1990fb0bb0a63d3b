/**
 * The rating store's contract: Glicko-2 ratings per account, ruleset and format, and what each
 * rated match changed (../ratings/). `MatchStore.ratings` is one. Times cross as ms since the epoch.
 */

/** A rating's Glicko-2 numbers: rating (1500 to start), deviation (RD, 350 to start), volatility (0.06 to start). */
export interface Glicko {
  rating: number;
  deviation: number;
  volatility: number;
}

/** An account's rating in one ruleset and format, with the number of rated matches it counts. */
export interface StoredRating extends Glicko {
  accountId: string;
  ruleset: string;
  /** "duel" or "teams" (../ratings/format.ts). */
  format: string;
  games: number;
}

/**
 * One player's change in a rated match: the rating it was computed from (`before`; with `games`
 * 0 when the account had no rating in that ruleset and format yet: the starting rating) and the
 * new one (`after`).
 */
export interface RatingUpdate {
  accountId: string;
  before: Glicko & { games: number };
  after: Glicko;
}

/**
 * What `recordRatedMatch` did: `recorded` (ratings and changes written), `already` (the match
 * was rated before: nothing written), `stale` (a rating changed since `before` was read, by
 * another match rated at the same time: nothing written; read again and recompute).
 */
export type RecordOutcome = "recorded" | "already" | "stale";

/** A row of a leaderboard (never an e-mail nor an account id). */
export interface BoardRow {
  name: string;
  rating: number;
  deviation: number;
  games: number;
}

/** One rated match in an account's history: its rating before and after, and when (ms). */
export interface RatingHistoryRow {
  matchId: string;
  ruleset: string;
  format: string;
  before: number;
  after: number;
  at: number;
}

/** A seat of a match as rating sees it: the account it belongs to (null: none) and whether the server's bot plays it. */
export interface RatedSeat {
  seat: string;
  accountId: string | null;
  bot: boolean;
}

/** The most rows `leaderboard` and `ratingHistory` return; larger limits are clamped. */
export const MAX_RATING_ROWS = 200;

/** Durable storage of ratings. */
export interface RatingStore {
  /** The ratings of these accounts in a ruleset and format (accounts without one are absent). */
  ratingsOf(accountIds: readonly string[], ruleset: string, format: string): Promise<StoredRating[]>;
  /** Every rating of one account (each ruleset and format it played rated), by ruleset then format. */
  accountRatings(accountId: string): Promise<StoredRating[]>;
  /**
   * Records a rated match in one transaction: a `rating_changes` row per update, and each
   * account's new rating (one more game). A match is rated at most once: when it has rating
   * changes already nothing is written (`already`). When an account's rating is no longer its
   * `before` (another match rated meanwhile) nothing is written (`stale`).
   * @throws a `StoreDatabaseError` when an account or the match does not exist.
   */
  recordRatedMatch(matchId: string, ruleset: string, format: string, updates: readonly RatingUpdate[]): Promise<RecordOutcome>;
  /**
   * The best ratings of a ruleset and format, highest first (ties: more games first, then by
   * name), at most `limit` (1 to `MAX_RATING_ROWS`). Deleted accounts are left out; guests are in.
   */
  leaderboard(ruleset: string, format: string, limit: number): Promise<BoardRow[]>;
  /**
   * An account's rated matches, newest first: all of them (at most `MAX_RATING_ROWS`), or only
   * those among `matchIds` when given.
   */
  ratingHistory(accountId: string, matchIds?: readonly string[]): Promise<RatingHistoryRow[]>;
  /** A match's seats in order, with their accounts; [] for an unknown match. */
  ratedSeats(matchId: string): Promise<RatedSeat[]>;
  /**
   * The ids of finished matches created rated (`options.rated`) that have a result and no rating
   * changes, and may be rated (two seats or more, each of another account, no bot; at least two entries), oldest first, at most `limit`.
   */
  unratedFinishedRatedMatches(limit: number): Promise<string[]>;
}

/** Every `RatingStore` method, for the wrappers that forward them all (errors, the embedded worker). */
export const RATING_METHODS = [
  "ratingsOf",
  "accountRatings",
  "recordRatedMatch",
  "leaderboard",
  "ratingHistory",
  "ratedSeats",
  "unratedFinishedRatedMatches",
] as const satisfies readonly (keyof RatingStore)[];
