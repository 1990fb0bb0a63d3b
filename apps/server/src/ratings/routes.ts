/**
 * The leaderboard, mounted at /api/leaderboard (docs/protocol.md "Ratings"):
 * `GET /api/leaderboard/:ruleset?format=duel&limit=50` -> `{ ruleset, format, players: [{ rank,
 * name, rating, deviation, games }] }`, highest rating first. Public: names are public, never an
 * e-mail. Guests who played rated matches are in it (a guest is an account with a public name);
 * deleted accounts are not.
 */
import { LeaderboardQuery, type LeaderboardResponse } from "@fogwar/protocol";
import express, { type Router } from "express";
import { parseBody } from "../accounts/routes.js";
import { ApiError } from "../api-error.js";
import { RULESETS } from "../hosts/index.js";
import type { MatchStore } from "../store/index.js";

/**
 * The leaderboard routes.
 * @throws ApiError 404 `not_found` for a ruleset the server does not host; 400 `bad_request` for a
 *   malformed query (an unknown format, a limit outside 1..200, an unknown key).
 */
export function leaderboardRoutes(store: MatchStore): Router {
  const router = express.Router();
  router.get("/:ruleset", async (req, res) => {
    const ruleset = String(req.params.ruleset);
    if (!RULESETS.has(ruleset)) throw new ApiError(404, "not_found", "There is no such ruleset.");
    const query = parseBody(LeaderboardQuery, req.query, "leaderboard query");
    const rows = await store.ratings.leaderboard(ruleset, query.format, query.limit);
    const answer: LeaderboardResponse = {
      ruleset,
      format: query.format,
      players: rows.map((row, i) => ({ rank: i + 1, name: row.name, rating: Math.round(row.rating), deviation: Math.round(row.deviation), games: row.games })),
    };
    res.setHeader("Cache-Control", "no-store");
    res.json(answer);
  });
  return router;
}
