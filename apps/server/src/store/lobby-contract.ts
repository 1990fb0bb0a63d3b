/**
 * The lobby store's contract: seeks (quick pairing, ../lobby/seeks.ts), and what the open tables
 * ask of the store (ratings for ranges, blocks). `MatchStore.lobby` is one. Times cross as ms
 * since the epoch.
 */

/** A new seek: its id, seeker, pool (ruleset and format), the seeker's rating and accepted range. */
export interface NewSeek {
  id: string;
  accountId: string;
  ruleset: string;
  /** The pool within the ruleset: "duel", or "duel/<minutes>+<increment>" with a clock. */
  format: string;
  rating: number;
  minRating: number;
  maxRating: number;
  rated: boolean;
}

/** A seek as its seeker sees it: `waiting` (also while a pairing is being made), or `paired` into `matchId`. */
export interface SeekState {
  status: "waiting" | "paired";
  matchId: string | null;
}

/** Durable storage of the lobby's seeks, and the ratings and blocks the lobby checks. */
export interface LobbyStore {
  /** The account's rating (rounded) in a ruleset and format; null when it has none. */
  ratingOf(accountId: string, ruleset: string, format: string): Promise<number | null>;
  /** Whether either account blocked the other. */
  blockedEither(a: string, b: string): Promise<boolean>;
  /**
   * Places a seek in one transaction (serialised per pool; rows locked with SKIP LOCKED): drops
   * lapsed seeks (older than `lapseMs`) and the seeker's other seeks in the ruleset, then looks for
   * the oldest compatible waiting seek (same ruleset, format and `rated`, each rating within the
   * other's range, neither blocked the other, another account). When found, both seeks are marked
   * as being paired (neither can be paired again) and the other's id and account are returned; else
   * the seek waits. Call `settleSeeks` or `abandonPairing` next.
   */
  placeSeek(seek: NewSeek, now: number, lapseMs: number): Promise<{ opponent: { seekId: string; accountId: string } | null }>;
  /** Marks seeks as paired into `matchId`. */
  settleSeeks(seekIds: readonly string[], matchId: string): Promise<void>;
  /** Undoes a pairing whose match could not be made: drops `seekId` and puts `otherSeekId` back to waiting. */
  abandonPairing(seekId: string, otherSeekId: string): Promise<void>;
  /** The account's seek's state; null when unknown, another's, or lapsed (older than `lapseMs` while waiting). */
  seekOf(seekId: string, accountId: string, now: number, lapseMs: number): Promise<SeekState | null>;
  /** Withdraws the account's waiting seek. @returns whether one was withdrawn. */
  cancelSeek(seekId: string, accountId: string): Promise<boolean>;
}

/** Every `LobbyStore` method, for the wrappers that forward them all (errors, the embedded worker). */
export const LOBBY_METHODS = ["ratingOf", "blockedEither", "placeSeek", "settleSeeks", "abandonPairing", "seekOf", "cancelSeek"] as const satisfies readonly (keyof LobbyStore)[];
