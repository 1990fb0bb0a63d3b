/**
 * The match store's contract: the records it holds, its errors and the `MatchStore` interface the
 * rest of the server uses (live.ts, room.ts, http.ts, server.ts). Import it through
 * `./store/index.js`. The behaviour every implementation must have is pinned down by
 * apps/server/test/store.contract.test.ts, run against PGlite (in memory and on disk) and
 * PostgreSQL.
 */

import type { NewNotification } from "./notification-contract.js";
import type { StoreParts } from "./parts.js";

import type { MatchStatus } from "./status.js";

/** A match's status: `live` until it is `finished` (it has a result) or `abandoned` (./status.ts). */
export type { MatchStatus } from "./status.js";

/**
 * A stored match as the server may show it. It never holds the dice seed (see
 * `MatchStore.getSeed`) nor the seats' token hashes.
 */
export interface MatchRecord {
  id: string;
  /** The ruleset's id (e.g. "ember"). */
  ruleset: string;
  /** The ruleset's `rulesVersion` the match was created with; a replay needs the same one. */
  rulesVersion: string;
  scenario: string;
  status: MatchStatus;
  /** The ruleset's setup value, exactly as stored (any JSON value). */
  setup: unknown;
  /** The commitment (hash) of the dice seed, public from the start (design.md principle 8). */
  seedCommitment: string;
  /** The match options, exactly as stored (any JSON value). */
  options: unknown;
  /** The seats in the order they were created; `claimed` once a player has joined the seat. */
  seats: { seat: string; playerName: string; claimed: boolean }[];
  createdAt: Date;
  /** When `finishMatch` ended the match; null while live. */
  finishedAt: Date | null;
  /** The value given to `finishMatch`; null while live. */
  result: unknown | null;
}

/** A match to create: everything but its status, times and result. `seed` stays secret. */
export interface NewMatch {
  id: string;
  ruleset: string;
  rulesVersion: string;
  scenario: string;
  /** Any JSON value (undefined is stored as null). */
  setup: unknown;
  /** The dice seed; only `getSeed` returns it. */
  seed: string;
  seedCommitment: string;
  /** Any JSON value (undefined is stored as null). */
  options: unknown;
  /** For a match created with an `Idempotency-Key`: what a retried request needs (see `findIdempotent`). */
  idempotency?: IdempotencyRecord;
  /** The secret the invite codes, the host token and (with their claim keys) the seat tokens are derived from (secret). */
  tokenSecret?: string;
  /** The hash of the host token (the host link); compared in the database, never read back. */
  hostTokenHash?: string;
}

/**
 * What the host of a match may know (`hostAccess`): the token secret (to derive the unclaimed
 * invite codes again) and every seat in order with its player's name, its invite generation,
 * whether it was ever joined (`joined`) and whether its current invite is claimed (`claimed`:
 * a player holds the seat's token; always true for a bot's seat).
 */
export interface HostAccess {
  tokenSecret: string | null;
  seats: { seat: string; playerName: string; generation: number; joined: boolean; claimed: boolean }[];
}

/**
 * What claiming a seat's invite did (`claimInvite`): `claimed` (the seat now opens with the new
 * token), `again` (the invite was claimed before with the same claim key: the same token holds),
 * `taken` (claimed with another key, or a bot's seat), `stale` (the invite was re-issued since).
 */
export type ClaimOutcome = "claimed" | "again" | "taken" | "stale";

/**
 * What the store keeps of a creation request with an idempotency key: the key (scoped to its
 * requester by the caller; unique among all matches), a hash of the request body, and the
 * match's token secret. Never part of a `MatchRecord`.
 */
export interface IdempotencyRecord {
  key: string;
  requestHash: string;
  tokenSecret: string;
}

/**
 * A seat of a new match. `tokenHash` is the hash of the seat's token, unique per match (for an
 * unclaimed invite, of a random token nobody holds); `claimKeyHash` is set when the seat is
 * claimed at creation (the creator's seat, a bot's seat: "bot"), absent for an open invite.
 */
export interface NewSeat {
  seat: string;
  playerName: string;
  tokenHash: string;
  claimKeyHash?: string;
  /** The account the seat belongs to (a signed-in creator's own seat; ./account-contract.ts). */
  accountId?: string;
}

/**
 * One accepted command in a match's log: `seq` counts 1, 2, 3, ... per match without gaps;
 * `command` and `events` are any JSON values (round-tripped exactly; object key order may
 * change); `stateHash` is the engine state hash after the command, or null for an entry stored
 * without one (a live match hashes only some entries: ../state-hash.ts `hashesEntry`).
 */
export interface StoredEntry {
  seq: number;
  seat: string;
  command: unknown;
  events: unknown;
  stateHash: string | null;
  /**
   * The client's idempotency id for the command (protocol `command.id`, 1-64 characters), unique
   * per match and seat, so a resent command is recognised even after a restart; null for entries
   * written without one.
   */
  commandId?: string | null;
  /**
   * When the server accepted the command, in ms since the epoch (the time the match's clocks are
   * computed from: time enters as data, design.md principle 3). Returned only for entries written
   * with one (absent for entries written without).
   */
  acceptedAt?: number | null;
}

/**
 * Thrown by `appendEntry` when the entry's `seq` is not the match's `lastSeq + 1`: an entry with
 * that number exists already (a duplicate, or a concurrent append that won), or it would leave a
 * gap. Nothing was written. `lastSeq` is the match's last sequence number when the append failed.
 */
export class SequenceConflictError extends Error {
  constructor(
    readonly matchId: string,
    readonly seq: number,
    readonly lastSeq: number,
  ) {
    super(`match ${matchId}: log entry ${seq} cannot follow entry ${lastSeq} (expected ${lastSeq + 1})`);
    this.name = "SequenceConflictError";
  }
}

/** A chat audience as stored: `players`, `team` or `spectators` (protocol `ChatAudience`). */
export type StoredChatAudience = "players" | "team" | "spectators";

/**
 * A chat line to store: its audience, the team of a `team` line (null otherwise), the speaker's
 * seat (null for a spectator) and name (null when unnamed), the text, and the match's last log
 * sequence number when it was said.
 */
export interface NewChatLine {
  audience: StoredChatAudience;
  team: string | null;
  seat: string | null;
  name: string | null;
  text: string;
  logSeq: number;
}

/**
 * A stored chat line: `id` increases in the order lines were stored (every audience of every
 * match: the store's own order, never sent to anyone); `number` is the line's place in its
 * audience within the match (per team for `team` lines): 1, 2, 3 ... without gaps, the only
 * count a listener is shown; `at` is ms since the epoch.
 */
export interface StoredChatLine extends NewChatLine {
  id: number;
  number: number;
  at: number;
}

/** Thrown when an operation names a match (or a seat of a match) that is not in the store. */
export class UnknownMatchError extends Error {
  constructor(
    readonly matchId: string,
    detail?: string,
  ) {
    super(detail ? `match ${matchId}: ${detail}` : `there is no match ${matchId}`);
    this.name = "UnknownMatchError";
  }
}

/** What a committed `appendEntry` stored besides the entry. */
export interface AppendResult {
  /**
   * The notifications of `AppendOptions.notify` stored: those owed to a seat bound to an account
   * (or naming one) whose key was not owed before. 0 when there is nobody to tell: the caller
   * then need not wake the deliverer (../notify/wake.ts), which would find nothing due.
   */
  readonly owed: number;
}

/** What else `appendEntry` does in the entry's transaction. */
export interface AppendOptions {
  /** Ends the match with this status and result (any JSON value) together with the entry. */
  finish?: { status: "finished" | "abandoned"; result: unknown };
  /**
   * Notifications the entry owes (./notification-contract.ts `NewNotification`), written in the
   * same statement as the entry: both commit or neither. Keys owed before are skipped, so an
   * append retried after a lost answer owes nothing twice.
   */
  notify?: readonly NewNotification[];
}

/** Which matches `listMatches` returns. All criteria given must hold. */
export interface ListFilter {
  /** Only matches of this ruleset id. */
  ruleset?: string;
  /** Only matches with this status. */
  status?: MatchStatus;
  /** Only matches where a seat's player name contains this text, ignoring case. */
  player?: string;
  /** At most this many matches: default 50, at most `MAX_LIST_LIMIT`. */
  limit?: number;
}

/** The default number of matches `listMatches` returns. */
export const DEFAULT_LIST_LIMIT = 50;
/** The largest `limit` `listMatches` honours; larger ones are clamped. */
export const MAX_LIST_LIMIT = 500;

/**
 * Durable storage of matches and their logs (design.md principle 7). Every method may also reject
 * with a `StoreDatabaseError` (./errors.ts) when the database fails or refuses a value (connection
 * lost, disk full, a constraint, a string with a NUL character, which PostgreSQL's jsonb cannot
 * hold); such errors never carry the query's parameters.
 */
export interface MatchStore {
  /**
   * Stores a new live match and its seats in one transaction: on any error (an existing match id
   * or idempotency key, two seats with the same name or token hash) nothing is stored. A used
   * idempotency key fails with a `StoreDatabaseError` whose constraint is
   * `matches_idempotency_key_idx`.
   */
  createMatch(match: NewMatch, seats: NewSeat[]): Promise<void>;
  /** The match without its seed and token hashes; null when there is no such match. */
  getMatch(id: string): Promise<MatchRecord | null>;
  /** The match's dice seed (secret while the match is live: callers decide); null when unknown. */
  getSeed(id: string): Promise<string | null>;
  /** Matches that pass the filter, newest first (by creation time). */
  listMatches(filter: ListFilter): Promise<MatchRecord[]>;
  /**
   * The seat whose invite token has this hash in this match (compared in the database; the hashes
   * are never read back); null when no seat of that match has it, or there is no such match.
   */
  seatForToken(matchId: string, tokenHash: string): Promise<string | null>;
  /**
   * Marks a seat as joined. Only the first call records the time; later calls change nothing.
   * @throws UnknownMatchError when the match has no such seat, or there is no such match.
   */
  claimSeat(matchId: string, seat: string): Promise<void>;
  /**
   * Appends an entry to a match's log; it is committed (durable) when the promise resolves.
   * Appends made in the same round of the event loop (to any matches) may be committed together,
   * in one transaction; an entry the database refuses fails alone. With
   * `options.finish`, the same transaction also ends the match (as `finishMatch` would: a match
   * already over keeps its first status and result), so a log ending in a result and a `live`
   * status are never stored together.
   * @throws SequenceConflictError when `entry.seq` is not `lastSeq(matchId) + 1` (a duplicate,
   *   a concurrent append of the same number that won, or a gap); nothing is written.
   * @throws UnknownMatchError when there is no such match.
   * @throws TypeError when `options.finish.status` is not "finished" or "abandoned" (nothing written).
   * @returns how many of `options.notify` were stored (see `AppendResult`).
   */
  appendEntry(matchId: string, entry: StoredEntry, options?: AppendOptions): Promise<AppendResult>;
  /** The match's log entries with `seq > after` (default 0: all), ascending; [] for an unknown match. */
  entries(matchId: string, after?: number): Promise<StoredEntry[]>;
  /** The match's last sequence number; 0 when it has no entries (or there is no such match). */
  lastSeq(matchId: string): Promise<number>;
  /**
   * Ends a live match with a status and a result (any JSON value), stamping `finishedAt`. A match
   * that is already over keeps its first status and result (the call changes nothing).
   * @throws UnknownMatchError when there is no such match.
   * @throws TypeError when `status` is not "finished" or "abandoned".
   */
  finishMatch(matchId: string, status: "finished" | "abandoned", result: unknown): Promise<void>;
  /** The ids of the live matches, oldest first (the server rebuilds them at start). */
  liveMatchIds(): Promise<string[]>;
  /**
   * The match created with this idempotency key, with the request hash and token secret stored
   * with it; null when no match has the key. A key whose match was created before `expiredBefore`
   * has expired: it is released (the match keeps no key, so the key may create a new match) and
   * the answer is null.
   */
  findIdempotent(key: string, expiredBefore?: Date): Promise<({ matchId: string } & IdempotencyRecord) | null>;
  /**
   * Claims a seat's invite of generation `generation` with a claim key (its hash): when the
   * invite is unclaimed, stores `tokenHash` as the seat's token and the claim key's hash, at once
   * (two claims at once: one wins). Compared in the database; nothing is read back. With
   * `accountId` the claimed seat belongs to that account (its player opens it by signing in).
   * @returns what happened (`ClaimOutcome`); `claimed` is the only outcome that changes anything.
   * @throws UnknownMatchError when the match has no such seat.
   */
  claimInvite(matchId: string, seat: string, generation: number, claimKeyHash: string, tokenHash: string, accountId?: string): Promise<ClaimOutcome>;
  /**
   * Marks `abandoned` (result null, `finishedAt` now) every live match created before `cutoff` of
   * which no seat was ever claimed.
   * @returns the ids of the matches it abandoned (oldest first).
   */
  abandonUnclaimed(cutoff: Date, keep?: readonly string[]): Promise<string[]>;
  /**
   * The host's view of a match when `hostTokenHash` is its host token's hash (compared in the
   * database); null when there is no such match, it has no host token, or the hash differs.
   */
  hostAccess(matchId: string, hostTokenHash: string): Promise<HostAccess | null>;
  /**
   * What a claim of the match's invites needs (the same as `hostAccess`, without a host token:
   * the server's own use only, never answered as it is); null when there is no such match.
   */
  inviteAccess(matchId: string): Promise<HostAccess | null>;
  /**
   * Re-issues a seat's invite: the next generation's invite is unclaimed, and `tokenHash` (of a
   * random token nobody holds) replaces the seat's token hash and the seat belongs to no account
   * any more, if the seat's generation is still
   * `fromGeneration` (so two re-issues at once cannot both win). The old token stops matching at
   * once (`seatForToken`).
   * @returns whether the seat was updated (false: another re-issue came first).
   * @throws UnknownMatchError when the match has no such seat.
   */
  reissueSeat(matchId: string, seat: string, fromGeneration: number, tokenHash: string): Promise<boolean>;
  /**
   * Marks `abandoned` (result null, `finishedAt` now) every live match that nobody touched since
   * `cutoff`: created before it, and with no log entry written at or after it; matches in `keep`
   * are spared, and so are matches played by correspondence (`options.correspondence`, or a
   * `time_control` entry in the log): their clock ends them. @returns the ids of the matches it
   * abandoned (oldest first).
   */
  abandonIdle(cutoff: Date, keep?: readonly string[]): Promise<string[]>;
  /**
   * Stores a chat line of a match; it is committed when the promise resolves.
   * @returns the line with its `id` (greater than every earlier line's), its `number` (one more
   *   than the last line's of the same audience, and team, of the match; 1 for the first) and time.
   * @throws UnknownMatchError when there is no such match.
   * @throws TypeError when `audience` is not one of the three, or a `team` line has no team
   *   (or another line has one); nothing is written.
   */
  appendChat(matchId: string, line: NewChatLine): Promise<StoredChatLine>;
  /**
   * The match's chat lines in `id` order (every audience: callers filter), at most the last
   * `last` of each audience (each team's `team` lines apart; default: all); [] for an unknown
   * match. Per audience, so that what a listener gets of its audiences never depends on how much
   * was said in audiences it does not hear.
   */
  chatLines(matchId: string, last?: number): Promise<StoredChatLine[]>;
  /** The players' accounts, sessions and credentials (./account-contract.ts). */
  readonly accounts: StoreParts["accounts"];
  /** Seeks, challenges, blocks and reports (./lobby-contract.ts). */
  readonly lobby: StoreParts["lobby"];
  /** Ratings (./rating-contract.ts). */
  readonly ratings: StoreParts["ratings"];
  /** Notifications owed and notification settings (./notification-contract.ts). */
  readonly notifications: StoreParts["notifications"];
  /** Web Push subscriptions and the server's keys (./push-contract.ts). */
  readonly push: StoreParts["push"];
  /** Challenges, rematch offers, blocks and reports (./social-contract.ts). */
  readonly social: StoreParts["social"];
  /** Closes the database (the pool, or the embedded PGlite). Idempotent. */
  close(): Promise<void>;
}
