/**
 * A match's rating format. Ratings are kept per ruleset and format, because playing one opponent
 * and playing in a group are different skills:
 * - "duel": a match of exactly two seats (EMBER 1 v 1, Siege 1 v 1);
 * - "teams": a match of more than two seats: team games (EMBER or Siege 2 v 2) and EMBER's
 *   free-for-alls of three or four players alike.
 * A match of one seat has no opponent and is never rated.
 */

/** The rating formats. */
export const RATING_FORMATS = ["duel", "teams"] as const;
/** A rating format (see the module comment). */
export type RatingFormat = (typeof RATING_FORMATS)[number];

/** The format of a match from its seats: "duel" for two seats, "teams" for more (one seat: "duel", never rated). */
export function formatOf(record: { readonly seats: readonly unknown[] }): RatingFormat {
  return record.seats.length > 2 ? "teams" : "duel";
}
