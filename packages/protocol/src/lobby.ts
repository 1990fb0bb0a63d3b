/**
 * The open lobby (docs/protocol.md "Lobby"): open tables, listed live by the `lobby` room, and
 * quick pairing (seeks).
 */
import { z } from "zod";
import { CreateMatchOptions } from "./rest";
import { PlainText } from "./client";

const CatalogId = PlainText().min(1).max(64);
/** A rating bound: 0 to 4000. */
const RatingBound = z.int().min(0).max(4000);

/** At most this many open tables per account. */
export const MAX_OPEN_TABLES = 3;
/** How long (ms) a table stays open while its owner is not connected to it: 30 s. */
export const TABLE_OWNER_GRACE_MS = 30_000;
/** How long (ms) a waiting seek lasts: 10 minutes. */
export const SEEK_LAPSE_MS = 10 * 60_000;
/** A seek's default rating range: opponents within ± 300 of the seeker's rating. */
export const DEFAULT_SEEK_RANGE = 300;

/**
 * The body of `POST /api/lobby/tables`: `{ ruleset, scenario, options?, minRating?, maxRating? }`.
 * `options` are a match's (rated, clock, correspondence, ...); `minRating`/`maxRating` (0..4000) bound the
 * taker's rating for the ruleset (format "duel"). Unknown keys are refused.
 */
export const OpenTableRequest = z
  .strictObject({
    ruleset: CatalogId,
    scenario: CatalogId,
    options: CreateMatchOptions.optional(),
    minRating: RatingBound.optional(),
    maxRating: RatingBound.optional(),
  })
  .refine((t) => t.minRating === undefined || t.maxRating === undefined || t.minRating <= t.maxRating, { message: "minRating must not exceed maxRating" });
/** See the {@link OpenTableRequest} schema. */
export type OpenTableRequest = z.output<typeof OpenTableRequest>;

/** The answer of `POST /api/lobby/tables`: the table's id (also its room's id, to join as its owner). */
export interface OpenTableResponse {
  tableId: string;
}

/**
 * An open table as the `lobby` room lists it (the `table` room's metadata): who opened it (name,
 * rating for the ruleset or null), the game, the options that matter to a taker, the rating range
 * (null: none) and when it was opened (ms since the epoch).
 */
export interface TableListing {
  tableId: string;
  ownerName: string;
  ownerRating: number | null;
  ruleset: string;
  scenario: string;
  /** `correspondence`: the days per move and vacation days of a correspondence table (absent or null: real time). */
  options: { rated: boolean; clock: { minutes: number; incrementSeconds: number } | null; correspondence?: { daysPerMove: number; vacationDays: number } | null };
  minRating: number | null;
  maxRating: number | null;
  createdAt: number;
}

/** The answer of `POST /api/lobby/tables/:id/take`: the new match and the taker's seat in it. */
export interface TakeTableResponse {
  matchId: string;
  seat: string;
}

/** The `taken` message the `table` room sends its owner: the match the table became and the owner's seat. */
export interface TableTakenMessage {
  matchId: string;
  seat: string;
}

/**
 * The body of `POST /api/lobby/seeks`: `{ ruleset, rated, ratingRange?, clock? }`. `ratingRange`
 * (0..1000, default 300): the seeker accepts opponents whose rating is within ± that of their own.
 * Unknown keys are refused.
 */
export const SeekRequest = z.strictObject({
  ruleset: CatalogId,
  rated: z.boolean(),
  ratingRange: z.int().min(0).max(1000).optional(),
  clock: z.strictObject({ minutes: z.int().min(1).max(600), incrementSeconds: z.int().min(0).max(3600) }).optional(),
});
/** See the {@link SeekRequest} schema. */
export type SeekRequest = z.output<typeof SeekRequest>;

/** A seek's state: `waiting` for an opponent, or `paired` into `matchId`. */
export type SeekResponse = { seekId: string; status: "waiting" } | { seekId: string; status: "paired"; matchId: string };

/** A table or seek id in a path: 1 to 64 letters, digits, `_` or `-`. */
export const LobbyPathParams = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
