/**
 * Quick pairing (docs/protocol.md "Lobby"), as Lichess's pool: a seek per ruleset and time control,
 * paired by rating range. Routes under /api/lobby (signed in):
 * - `POST /seeks` `SeekRequest` -> 201 `{ seekId, status: "paired", matchId }` when a compatible
 *   waiting seek is found at once (same ruleset, clock and rated, each rating within the other's
 *   range, neither blocked the other, another account): the match is made with both seats claimed
 *   for their accounts; else `{ seekId, status: "waiting" }`. One seek per account and ruleset (a
 *   new one replaces the old); a waiting seek lapses after `SEEK_LAPSE_MS` (10 minutes);
 * - `GET /seeks/:id` -> `{ seekId, status }` (`paired`: with `matchId`); 404 `not_found` when
 *   unknown, another's or lapsed;
 * - `DELETE /seeks/:id` -> 204 (a waiting seek withdrawn); 404 `not_found`.
 * The pairing is one store transaction (serialised per pool, rows locked with SKIP LOCKED), so
 * seeks placed at once on several processes never pair one seek twice.
 */
import { randomBytes } from "node:crypto";
import { DEFAULT_SEEK_RANGE, LobbyPathParams, SEEK_LAPSE_MS, SeekRequest, type SeekResponse } from "@fogwar/protocol";
import { Router } from "express";
import { requireAccount } from "../accounts/session.js";
import { parseBody } from "../accounts/routes.js";
import { ApiError } from "../api-error.js";
import type { CreateServices } from "../create.js";
import { RULESETS } from "../hosts/index.js";
import { createDuel, DEFAULT_RATING, defaultScenario, DUEL, duelSeats } from "./paired.js";

/** A seek's pool within its ruleset: "duel", or "duel/<minutes>+<increment seconds>" with a clock. */
export const seekFormat = (clock: { minutes: number; incrementSeconds: number } | undefined): string => (clock ? `${DUEL}/${clock.minutes}+${clock.incrementSeconds}` : DUEL);

const seekId = (params: unknown): string => {
  const parsed = LobbyPathParams.safeParse(params);
  if (!parsed.success) throw new ApiError(404, "not_found", "There is no such seek.");
  return parsed.data.id;
};

/** The seeks' routes. */
export function seekRoutes(services: CreateServices): Router {
  const router = Router();
  const { store } = services;

  router.post("/seeks", async (req, res) => {
    const account = await requireAccount(req, store.accounts);
    const body = parseBody(SeekRequest, req.body, "seek");
    const host = RULESETS.get(body.ruleset);
    if (!host) throw new ApiError(400, "bad_request", `Unknown ruleset "${body.ruleset}".`);
    if (body.clock && !host.optionalClock) throw new ApiError(400, "bad_request", `${body.ruleset} runs its own clock: the clock option is for rulesets whose clock is optional.`);
    const settings = { ruleset: body.ruleset, scenario: defaultScenario(body.ruleset), options: { rated: body.rated, ...(body.clock ? { clock: body.clock } : {}) } };
    duelSeats(settings);
    const rating = (await store.lobby.ratingOf(account.id, body.ruleset, DUEL)) ?? DEFAULT_RATING;
    const range = body.ratingRange ?? DEFAULT_SEEK_RANGE;
    const id = `seek-${randomBytes(12).toString("base64url")}`;
    const { opponent } = await store.lobby.placeSeek(
      { id, accountId: account.id, ruleset: body.ruleset, format: seekFormat(body.clock), rating, minRating: rating - range, maxRating: rating + range, rated: body.rated },
      Date.now(),
      SEEK_LAPSE_MS,
    );
    if (!opponent) {
      res.status(201).json({ seekId: id, status: "waiting" } satisfies SeekResponse);
      return;
    }
    let matchId: string;
    try {
      const other = await store.accounts.accountById(opponent.accountId);
      if (!other || other.kind === "deleted") throw new ApiError(503, "service_unavailable", "The opponent's account is gone: seek again.");
      // The older seek takes the first seat.
      matchId = (await createDuel(services, settings, other, account)).matchId;
    } catch (error) {
      await store.lobby.abandonPairing(id, opponent.seekId);
      throw error;
    }
    await store.lobby.settleSeeks([id, opponent.seekId], matchId);
    res.status(201).json({ seekId: id, status: "paired", matchId } satisfies SeekResponse);
  });

  router.get("/seeks/:id", async (req, res) => {
    const account = await requireAccount(req, store.accounts);
    const id = seekId(req.params);
    const state = await store.lobby.seekOf(id, account.id, Date.now(), SEEK_LAPSE_MS);
    if (!state) throw new ApiError(404, "not_found", "There is no such seek.");
    res.json((state.status === "paired" && state.matchId ? { seekId: id, status: "paired", matchId: state.matchId } : { seekId: id, status: "waiting" }) satisfies SeekResponse);
  });

  router.delete("/seeks/:id", async (req, res) => {
    const account = await requireAccount(req, store.accounts);
    if (!(await store.lobby.cancelSeek(seekId(req.params), account.id))) throw new ApiError(404, "not_found", "There is no such seek.");
    res.status(204).end();
  });

  return router;
}
