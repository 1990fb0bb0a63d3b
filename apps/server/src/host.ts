/**
 * The host routes: whoever holds a match's host token (the host link, ./create.ts) sees each
 * seat's state (claimed, joined, connected, locked) and the invite link of each seat still
 * unclaimed, and may re-issue one seat's invite: a new invite, the old invite and the seat's
 * token open nothing any more, a client connected with it is closed with CLOSE_REVOKED, and
 * every connection of the match is told (`notice` `seat_reissued`). The host never sees nor
 * derives a seat token (./invites.ts), and cannot re-issue a seat the server's bot plays. The
 * host token travels in the `X-Host-Token` header only, never in a query string (URLs end up in
 * logs); a wrong one counts as a failed join of the address (../limits.ts). docs/protocol.md
 * describes the routes.
 */
import { matchMaker } from "@colyseus/core";
import { HOST_TOKEN_HEADER, MatchPathParams, PROTOCOL_ERRORS, SeatToken, type HostMatchResponse, type HostSeat } from "@fogwar/protocol";
import express, { type Request, type Router } from "express";
import { ApiError } from "./api-error.js";
import { botSeatsOf } from "./bots/seats.js";
import type { ClientLog } from "./client-log.js";
import { refuseBlocked } from "./http/throttle.js";
import { hashHostToken, inviteCode, inviteUrl, unheldTokenHash } from "./invites.js";
import { stampedAddress, type Limits } from "./limits.js";
import type { MatchRoom } from "./room.js";
import { RULESETS } from "./hosts/index.js";
import type { HostAccess, MatchRecord, MatchStore } from "./store/index.js";

/** What the host routes need. */
export interface HostServices {
  readonly store: MatchStore;
  /** The address players open, for invite links. */
  readonly publicUrl: string;
  /** Failed joins per address (a wrong host token is one) and the log of client mistakes. */
  readonly limits: Limits;
  readonly clients: ClientLog;
}

type HostStatus = ReturnType<MatchRoom["hostStatus"]>;

/** Whether the match's room is open (on any process). */
async function roomOpen(matchId: string): Promise<boolean> {
  return Boolean(await Promise.resolve().then(() => matchMaker.getRoomById(matchId)).catch(() => undefined));
}

/** The live room's connection and muster status; null when the match has no open room. */
async function roomStatus(matchId: string): Promise<HostStatus | null> {
  if (!(await roomOpen(matchId))) return null;
  return (await matchMaker.remoteRoomCall<MatchRoom>(matchId, "hostStatus").catch(() => null)) as HostStatus | null;
}

/**
 * The match and the host's access to it, after checking the host token.
 * @throws ApiError 400 for a malformed match id, 401 `host_token_required` without a well-formed
 *   header, 404 `not_found` for an unknown match, 403 `invalid_host_token` for another token (a
 *   failed join of the address: enough of them and the address is refused, `refuseBlocked`).
 */
async function authorise(services: HostServices, req: Request): Promise<{ record: MatchRecord; access: HostAccess & { tokenSecret: string } }> {
  const params = MatchPathParams.safeParse({ id: req.params.id });
  if (!params.success) throw new ApiError(400, "bad_request", "The match id is malformed.");
  const token = SeatToken.safeParse(req.get(HOST_TOKEN_HEADER));
  if (!token.success) throw new ApiError(401, "host_token_required", PROTOCOL_ERRORS.host_token_required.message);
  const record = await services.store.getMatch(params.data.id);
  if (!record) throw new ApiError(404, "not_found", PROTOCOL_ERRORS.not_found.message);
  const access = await services.store.hostAccess(record.id, hashHostToken(token.data));
  if (!access || access.tokenSecret === null) {
    await services.limits.joinFailures.fail(stampedAddress(req.headers));
    throw new ApiError(403, "invalid_host_token", PROTOCOL_ERRORS.invalid_host_token.message);
  }
  return { record, access: access as HostAccess & { tokenSecret: string } };
}

/** One seat as the host sees it: never its token; its invite link only while unclaimed in a live match. */
function hostSeat(services: HostServices, record: MatchRecord, access: HostAccess & { tokenSecret: string }, seat: HostAccess["seats"][number], status: HostStatus | null): HostSeat {
  const team = RULESETS.get(record.ruleset)?.teamsOf?.(record.setup)?.[seat.seat];
  const bot = botSeatsOf(record.options)[seat.seat];
  const open = !bot && !seat.claimed && record.status === "live";
  return {
    seat: seat.seat,
    name: seat.playerName,
    ...(team ? { team } : {}),
    ...(bot ? { bot } : {}),
    ...(open ? { inviteUrl: inviteUrl(services.publicUrl, record.id, seat.seat, inviteCode(access.tokenSecret, seat.seat, seat.generation)) } : {}),
    connected: status?.connected[seat.seat] ?? false,
    claimed: Boolean(bot) || seat.claimed,
    joined: seat.joined,
    locked: status?.locked?.[seat.seat] ?? null,
  };
}

/**
 * The host routes, mounted under /api/matches:
 * - `GET /:id/host`: every seat with its status, and its invite link while unclaimed (`HostMatchResponse`);
 * - `POST /:id/host/seats/:seat/reissue`: a new invite for one seat (`ReissueSeatResponse`);
 *   409 `bot_seat` for a seat the server's bot plays, nothing changed.
 */
export function hostRoutes(services: HostServices): Router {
  const router = express.Router();
  router.use("/:id/host", refuseBlocked(services.limits.joinFailures, services.clients, "host"));
  router.get("/:id/host", async (req, res) => {
    const { record, access } = await authorise(services, req);
    const status = record.status === "live" ? await roomStatus(record.id) : null;
    const body: HostMatchResponse = {
      matchId: record.id,
      ruleset: record.ruleset,
      status: record.status,
      seats: access.seats.map((s) => hostSeat(services, record, access, s, status)),
      spectatorUrl: `${services.publicUrl}/watch/${record.id}`,
    };
    res.setHeader("Cache-Control", "no-store");
    res.json(body);
  });

  router.post("/:id/host/seats/:seat/reissue", async (req, res) => {
    const { record, access } = await authorise(services, req);
    const seat = access.seats.find((s) => s.seat === req.params.seat);
    if (!seat) throw new ApiError(404, "unknown_seat", PROTOCOL_ERRORS.unknown_seat.message);
    if (botSeatsOf(record.options)[seat.seat]) throw new ApiError(409, "bot_seat", PROTOCOL_ERRORS.bot_seat.message);
    if (record.status !== "live") throw new ApiError(409, "match_over", PROTOCOL_ERRORS.match_over.message);
    if (!(await services.store.reissueSeat(record.id, seat.seat, seat.generation, unheldTokenHash()))) {
      throw new ApiError(409, "reissue_conflict", PROTOCOL_ERRORS.reissue_conflict.message);
    }
    // The old token opens nothing now: close its connections and tell the table (wherever the room is hosted).
    if (await roomOpen(record.id)) {
      await matchMaker.remoteRoomCall<MatchRoom>(record.id, "revokeSeat", [seat.seat, Date.now()]).catch(() => undefined);
    }
    const status = await roomStatus(record.id);
    res.setHeader("Cache-Control", "no-store");
    res.json({ seat: hostSeat(services, record, access, { ...seat, generation: seat.generation + 1, claimed: false }, status) });
  });
  return router;
}
