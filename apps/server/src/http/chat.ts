/**
 * `GET /api/matches/:id/chat`: a match's table chat as the requester may hear it, filtered by
 * the one rule of ../chat/audience.ts (`mayHear`), as the room's live channel is:
 * - once the match is over: every line of every audience (the review; secrets are revealed);
 * - while live, with an `X-Seat-Token` header (the seat's token, from its claimed invite): what that seat hears
 *   (players' chat and its own team's);
 * - while live, without one: what a spectator hears (spectators' chat and players' chat; with a
 *   spectator delay, players' lines only up to the caster feed's position, and none when this
 *   process does not host the match's room).
 * Rate-limited with the history route's bucket; a wrong seat token counts as a failed join, and an
 * address blocked for failed joins is refused before its token is looked at (../limits.ts
 * `JoinFailures`). Never cached (chat moves on without the log).
 * Errors: 400 `bad_request` (malformed id or token), 403 `invalid_token` (no seat of this match
 * has that token), 404 `not_found`, 429 `too_many_requests`, 503 `service_unavailable`.
 */
import type { RequestHandler } from "express";
import { matchMaker } from "@colyseus/core";
import { MatchPathParams, SeatToken, type ChatHistory } from "@fogwar/protocol";
import { ApiError } from "../api-error.js";
import type { ClientLog } from "../client-log.js";
import { stampedAddress, type Limits } from "../limits.js";
import { hashToken } from "../room.js";
import { hostFor } from "../hosts/index.js";
import type { MatchStore } from "../store/index.js";
import { mayHear, readable, rosterOf, type ChatListener } from "../chat/audience.js";
import { wireLine } from "../chat/room-chat.js";
import { sendError } from "./gate.js";

/** The header that carries a seat's invite token. */
export const SEAT_TOKEN_HEADER = "x-seat-token";

/** What the route needs. */
export interface ChatRouteServices {
  readonly store: MatchStore;
  readonly limits: Limits;
  readonly clients: ClientLog;
}

/** The spectators' chat horizon of a match whose room this process hosts (see MatchRoom.spectatorChatHorizon). */
function roomHorizon(matchId: string): { hosted: boolean; horizon: number | null } {
  const room = matchMaker.getLocalRoomById(matchId) as { spectatorChatHorizon?: number | null } | undefined;
  if (!room || room.spectatorChatHorizon === undefined) return { hosted: false, horizon: null };
  return { hosted: true, horizon: room.spectatorChatHorizon };
}

/** The chat route handler. */
export function chatRoute(services: ChatRouteServices): RequestHandler {
  return async (req, res) => {
    const address = stampedAddress(req.headers);
    const wait = await services.limits.history.admit(address);
    if (wait > 0) {
      services.clients.mistake({ address, route: "chat" }, "chat history refused: too many requests");
      sendError(res, 429, "too_many_requests", wait);
      return;
    }
    const params = MatchPathParams.safeParse(req.params);
    if (!params.success) throw new ApiError(400, "bad_request", "The match id is malformed.");
    const id = params.data.id;
    const record = await services.store.getMatch(id);
    if (!record) throw new ApiError(404, "not_found", "There is no such match.");
    const host = await hostFor(record.ruleset, record.rulesVersion);
    const seed = await services.store.getSeed(id);
    if (seed === null) throw new Error("The match cannot be set up here.");
    const seats = record.seats.map((s) => s.seat);
    const roster = rosterOf(host.ruleset, host.ruleset.setup(record.setup, seed).state, seats);
    let listener: ChatListener = { kind: "spectator" };
    let horizon: number | null = null;
    const token = req.get(SEAT_TOKEN_HEADER);
    if (record.status !== "live") listener = { kind: "review" };
    else if (token !== undefined) {
      if (!SeatToken.safeParse(token).success) throw new ApiError(400, "bad_request", "The seat token is malformed.");
      const blocked = await services.limits.joinFailures.blockedFor(address);
      if (blocked > 0) {
        services.clients.mistake({ address, route: "chat" }, "chat history refused: too many failed joins");
        sendError(res, 429, "too_many_requests", blocked);
        return;
      }
      const seat = await services.store.seatForToken(id, hashToken(token));
      if (!seat) {
        // A wrong seat token here is a guess at a seat's credential, as at a join.
        await services.limits.joinFailures.fail(address);
        throw new ApiError(403, "invalid_token", "The seat token does not open a seat of this match.");
      }
      listener = { kind: "seat", seat };
    } else if ((record.options as { spectatorDelay?: number } | null)?.spectatorDelay) {
      const room = roomHorizon(id);
      horizon = room.hosted && room.horizon !== null ? room.horizon : -1;
    }
    const lines = (await services.store.chatLines(id)).map(wireLine).filter((line) => mayHear(line, listener, roster, horizon));
    const body: ChatHistory = { perspective: listener.kind, read: readable(listener, roster), lines };
    res.json(body);
  };
}
