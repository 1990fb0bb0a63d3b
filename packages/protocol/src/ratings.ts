/**
 * Ratings (docs/protocol.md "Ratings"): Glicko-2 ratings per ruleset and format, and the
 * leaderboard route `GET /api/leaderboard/:ruleset?format=duel&limit=50`. A format is "duel" (a
 * match of two seats) or "teams" (more than two: team games and free-for-alls).
 */
import { z } from "zod";

/** A rating format: "duel" (two seats) or "teams" (more). */
export const RatingFormat = z.enum(["duel", "teams"]);
export type RatingFormat = z.output<typeof RatingFormat>;

/** The most players a leaderboard answers. */
export const MAX_LEADERBOARD_LIMIT = 200;

/** The query of `GET /api/leaderboard/:ruleset`: `format` (default "duel") and `limit` (1..200, default 50). */
export const LeaderboardQuery = z.strictObject({
  format: RatingFormat.default("duel"),
  limit: z.coerce.number().int().min(1).max(MAX_LEADERBOARD_LIMIT).default(50),
});
export type LeaderboardQuery = z.output<typeof LeaderboardQuery>;

/** A leaderboard row: the player's public name, its rating (rounded), deviation (rounded) and rated games. */
export const LeaderboardPlayer = z.object({
  rank: z.number().int().min(1),
  name: z.string(),
  rating: z.number().int(),
  deviation: z.number().int(),
  games: z.number().int(),
});
export type LeaderboardPlayer = z.output<typeof LeaderboardPlayer>;

/** `GET /api/leaderboard/:ruleset`: the best ratings of a ruleset and format, highest first. */
export const LeaderboardResponse = z.object({
  ruleset: z.string(),
  format: RatingFormat,
  players: z.array(LeaderboardPlayer),
});
export type LeaderboardResponse = z.output<typeof LeaderboardResponse>;

/** A player's rating in a profile (`GET /api/players/:name`): rating and deviation rounded. */
export const ProfileRating = z.object({
  ruleset: z.string(),
  format: RatingFormat,
  rating: z.number().int(),
  deviation: z.number().int(),
  games: z.number().int(),
});
export type ProfileRating = z.output<typeof ProfileRating>;

/** What a rated match did to a player's rating (rounded), in a profile's recent matches. */
export const RatingChange = z.object({ before: z.number().int(), after: z.number().int() });
export type RatingChange = z.output<typeof RatingChange>;
