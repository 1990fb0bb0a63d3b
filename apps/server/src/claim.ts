/**
 * `POST /api/matches/:id/seats/:seat/claim`: a seat's invite claimed once for the seat's token
 * (./invites.ts). The first claim wins; the same claim key again (a retry whose answer was lost)
 * gets the same token; any other claim of that invite gets 409 `invite_claimed` and changes
 * nothing. A wrong or re-issued invite code, and a claim of an invite claimed with another key,
 * are failed joins of the address (../limits.ts); each claim takes its point of the address's
 * failed-join budget before the code is checked, so claims sent in parallel check no more codes
 * than the budget allows.
 * docs/protocol.md "Invites and seat tokens" describes the route.
 */
import { ClaimSeatRequest, PROTOCOL_ERRORS, SeatPathParams, type ClaimSeatResponse } from "@fogwar/protocol";
import express, { type Router } from "express";
import { accountClaimKey } from "./accounts/seats.js";
import { sessionOf } from "./accounts/session.js";
import { ApiError } from "./api-error.js";
import { botSeatsOf } from "./bots/seats.js";
import type { ClientLog } from "./client-log.js";
import { failedJoin, reserveJoin } from "./http/throttle.js";
import { claimedToken, hashClaimKey, inviteCode, sameCode } from "./invites.js";
import type { Limits } from "./limits.js";
import { hashToken } from "./room-auth.js";
import type { MatchStore } from "./store/index.js";
import { owePlayerJoined } from "./notify/joined.js";
import type { Logger } from "pino";

/** What the claim route needs. */
export interface ClaimServices {
  readonly store: MatchStore;
  readonly limits: Limits;
  readonly clients: ClientLog;
  /** Where a failure to owe the other seats their `opponent_joined` is logged. */
  readonly log?: Logger;
}

/**
 * The claim route, mounted under /api/matches. Answers 200 `ClaimSeatResponse`.
 * @throws ApiError 400 `bad_request` (malformed path or body), 404 `not_found` (no such match),
 *   404 `unknown_seat`, 409 `match_over`, 409 `bot_seat`, 403 `invalid_invite` and 409
 *   `invite_claimed` (both failed joins); 429 `too_many_requests` for an address blocked for failed joins
 *   (or whose budget the claims in flight have taken).
 */
export function claimRoutes(services: ClaimServices): Router {
  const router = express.Router();
  router.post("/:id/seats/:seat/claim", reserveJoin(services.limits.joinFailures, services.clients, "claim"), async (req, res) => {
    const params = SeatPathParams.safeParse(req.params);
    if (!params.success) throw new ApiError(400, "bad_request", "The match id or seat is malformed.");
    const body = ClaimSeatRequest.safeParse(req.body);
    if (!body.success) throw new ApiError(400, "bad_request", "The claim is malformed.", body.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
    const { id, seat } = params.data;
    const record = await services.store.getMatch(id);
    if (!record) throw new ApiError(404, "not_found", PROTOCOL_ERRORS.not_found.message);
    if (!record.seats.some((s) => s.seat === seat)) throw new ApiError(404, "unknown_seat", PROTOCOL_ERRORS.unknown_seat.message);
    if (record.status !== "live") throw new ApiError(409, "match_over", PROTOCOL_ERRORS.match_over.message);
    if (botSeatsOf(record.options)[seat]) throw new ApiError(409, "bot_seat", PROTOCOL_ERRORS.bot_seat.message);
    const access = await services.store.inviteAccess(id);
    const secret = access?.tokenSecret ?? null;
    const current = access?.seats.find((s) => s.seat === seat);
    if (secret === null || !current || !sameCode(body.data.invite, inviteCode(secret, seat, current.generation))) {
      await failedJoin(res);
      throw new ApiError(403, "invalid_invite", PROTOCOL_ERRORS.invalid_invite.message);
    }
    // A signed-in player (a guest too) claims with the account's own key: the seat is the account's,
    // opened from any device it signs in on (./accounts/seats.ts); the browser's key is unused then.
    const account = await sessionOf(req, services.store.accounts);
    const claimKey = account ? accountClaimKey(account, id, seat) : body.data.claimKey;
    const token = claimedToken(secret, seat, current.generation, claimKey);
    const outcome = await services.store.claimInvite(id, seat, current.generation, hashClaimKey(claimKey), hashToken(token), account?.id);
    if (outcome === "stale") {
      // Re-issued between the two reads: the code is no longer the seat's invite.
      await failedJoin(res);
      throw new ApiError(403, "invalid_invite", PROTOCOL_ERRORS.invalid_invite.message);
    }
    if (outcome === "taken") {
      // Someone else holds the seat: guessing at its claim key is a failed join too.
      await failedJoin(res);
      throw new ApiError(409, "invite_claimed", PROTOCOL_ERRORS.invite_claimed.message);
    }
    // The other seats are told (./notify/joined.ts), after the claim committed.
    if (outcome === "claimed") await owePlayerJoined(services.store, id, seat, current.generation, (error) => services.log?.warn({ err: error, matchId: id }, "could not owe opponent_joined"));
    const answer: ClaimSeatResponse = { matchId: id, seat, token };
    res.setHeader("Cache-Control", "no-store");
    res.json(answer);
  });
  return router;
}
