/**
 * `POST /api/matches`: creates a match, safely retried with an `Idempotency-Key` header. The same
 * key with the same body answers the same match again, with the same seat tokens and host token:
 * they are derived (HMAC-SHA256) from a per-match secret the store keeps (so the host can be
 * shown the invite links again, ./host.ts) and never shows. The same key with a different body is
 * refused (409 `idempotency_conflict`). docs/protocol.md describes the route.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import { canonicalJson, seedCommitment } from "@fogwar/engine";
import { CreateMatchRequest, PROTOCOL_ERRORS, type BotLevel } from "@fogwar/protocol";
import type { Logger } from "pino";
import { ApiError } from "./api-error.js";
import { BOT_RULESETS } from "./bots/brain.js";
import { botToken } from "./bots/seats.js";
import type { MatchOptions } from "./live.js";
import { hashToken } from "./room.js";
import { ensureMatchRoom, openMatchRoom } from "./rooms.js";
import { RULESETS } from "./rulesets.js";
import type { MatchStore } from "./store/index.js";

/** What creating a match needs. */
export interface CreateServices {
  readonly store: MatchStore;
  readonly log: Logger;
  /** The address players open, for invite links (e.g. http://localhost:2567). */
  readonly publicUrl: string;
}

/** How long (s) an awaited seat stays disconnected before the others may claim, unless the match says otherwise. */
export const DEFAULT_CLAIM_DELAY_SECONDS = 60;

/** An `Idempotency-Key`: 1 to 200 visible ASCII characters. */
const KEY = /^[\x21-\x7e]{1,200}$/;

/** A short, unguessable match id: 12 characters of base32 (60 bits). */
export function newMatchId(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  return [...randomBytes(12)].map((b) => alphabet[b % 32]).join("");
}

/**
 * A seat's invite token: 32 hex characters, HMAC-SHA256 of the seat id (and, once the host has
 * re-issued the invite, its generation) under the match's secret.
 */
export function seatToken(secret: string, seat: string, generation = 0): string {
  const label = generation === 0 ? `fogwar-seat-token:${seat}` : `fogwar-seat-token:${seat}:${generation}`;
  return createHmac("sha256", secret).update(label).digest("hex").slice(0, 32);
}

/** The match's host token: 32 hex characters, HMAC-SHA256 under the match's secret. */
export function hostToken(secret: string): string {
  return createHmac("sha256", secret).update("fogwar-host-token").digest("hex").slice(0, 32);
}

/** The hash under which a host token is stored. */
export const hashHostToken = (token: string): string => createHash("sha256").update(`fogwar-host:${token}`).digest("hex");

/** A seat's invite link: the token travels in the fragment, which browsers never send to a server. */
export const inviteUrl = (publicUrl: string, matchId: string, seat: string, token: string): string => `${publicUrl}/play/${matchId}#seat=${seat}&token=${token}`;

/**
 * Creates a match from a request body (or answers the match an earlier request with the same
 * `idempotencyKey` and body created).
 * @returns the 201 response body (`CreateMatchResponse`) and whether it is a replay.
 * @throws ApiError 400 for a malformed body, an unknown ruleset, a setup problem or a malformed
 *   key; 409 `idempotency_conflict` for a key used with another body. Store errors pass through.
 */
export async function createMatch(services: CreateServices, body: unknown, idempotencyKey: string | undefined): Promise<{ body: unknown; replayed: boolean }> {
  if (idempotencyKey !== undefined && !KEY.test(idempotencyKey)) {
    throw new ApiError(400, "bad_request", "The Idempotency-Key header must be 1 to 200 visible ASCII characters.");
  }
  const parsed = CreateMatchRequest.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(400, "bad_request", "The match request is malformed.", parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
  }
  const request = parsed.data;
  const host = RULESETS.get(request.ruleset);
  if (!host) throw new ApiError(400, "bad_request", `Unknown ruleset "${request.ruleset}".`);
  const options: MatchOptions = {
    progressiveReveal: request.options?.progressiveReveal ?? false,
    spectatorDelay: request.options?.spectatorDelay ?? 0,
    reconnectGrace: request.options?.reconnectGrace ?? 120,
    ...(request.options?.clock ? { clock: request.options.clock } : {}),
    claimDelay: request.options?.claimDelay ?? DEFAULT_CLAIM_DELAY_SECONDS,
  };
  if (options.clock && !host.optionalClock) {
    throw new ApiError(400, "bad_request", `${host.ruleset.id} runs its own clock (its time bank): the clock option is for rulesets whose clock is optional.`);
  }
  const made = host.makeSetup({ scenario: request.scenario, players: request.players, options });
  if (!made.ok) throw new ApiError(400, made.problem.code, made.problem.message, made.problem.details);
  const bots = botSeatsRequested(request, made.seats);
  if (bots) (options as { bots?: Record<string, BotLevel> }).bots = bots;
  const requestHash = createHash("sha256").update(canonicalJson(request)).digest("hex");

  const respond = (matchId: string, secret: string, generations: Record<string, number> = {}) => ({
    matchId,
    roomId: matchId,
    seats: made.seats.flatMap((seat, i) => {
      // The server's bot plays this seat: no token or invite link for anyone else (see botSeats).
      if (bots?.[seat]) return [];
      const token = seatToken(secret, seat, generations[seat] ?? 0);
      return {
        seat,
        name: request.players[i]?.name ?? seat,
        ...(request.players[i]?.team ? { team: request.players[i]?.team } : {}),
        token,
        inviteUrl: inviteUrl(services.publicUrl, matchId, seat, token),
      };
    }),
    ...(bots ? { botSeats: made.seats.flatMap((seat, i) => (bots[seat] ? [{ seat, name: request.players[i]?.name ?? seat, ...(request.players[i]?.team ? { team: request.players[i]?.team } : {}), bot: bots[seat] }] : [])) } : {}),
    spectatorUrl: `${services.publicUrl}/watch/${matchId}`,
    hostToken: hostToken(secret),
    hostUrl: `${services.publicUrl}/host/${matchId}#token=${hostToken(secret)}`,
  });

  const replay = async (): Promise<{ body: unknown; replayed: boolean } | null> => {
    if (idempotencyKey === undefined) return null;
    const earlier = await services.store.findIdempotent(idempotencyKey);
    if (!earlier) return null;
    if (earlier.requestHash !== requestHash) throw new ApiError(409, "idempotency_conflict", PROTOCOL_ERRORS.idempotency_conflict.message);
    const record = await services.store.getMatch(earlier.matchId);
    // Stored but its room never opened (the server stopped in between), or its host is gone: open it now.
    if (record?.status === "live") await ensureMatchRoom(earlier.matchId, async () => true);
    // Invites the host has re-issued since are answered as they are now.
    const access = await services.store.hostAccess(earlier.matchId, hashHostToken(hostToken(earlier.tokenSecret)));
    const generations = Object.fromEntries((access?.seats ?? []).map((s) => [s.seat, s.generation]));
    return { body: respond(earlier.matchId, earlier.tokenSecret, generations), replayed: true };
  };

  const earlier = await replay();
  if (earlier) return earlier;
  const matchId = newMatchId();
  const seed = randomBytes(32).toString("hex");
  const secret = randomBytes(32).toString("hex");
  try {
    await services.store.createMatch(
      {
        id: matchId,
        ruleset: host.ruleset.id,
        rulesVersion: host.ruleset.rulesVersion,
        scenario: host.scenarioOf(made.setup),
        setup: made.setup,
        seed,
        seedCommitment: seedCommitment(seed),
        options,
        tokenSecret: secret,
        hostTokenHash: hashHostToken(hostToken(secret)),
        ...(idempotencyKey !== undefined ? { idempotency: { key: idempotencyKey, requestHash, tokenSecret: secret } } : {}),
      },
      made.seats.map((seat, i) => ({ seat, playerName: request.players[i]?.name ?? seat, tokenHash: hashToken(bots?.[seat] ? botToken(seed, seat) : seatToken(secret, seat)) })),
    );
  } catch (error) {
    // The same key sent twice at once: the other request stored its match first.
    if ((error as { constraint?: unknown }).constraint === "matches_idempotency_key_idx") {
      const winner = await replay();
      if (winner) return winner;
    }
    throw error;
  }
  await openMatchRoom(matchId);
  services.log.info({ matchId, ruleset: host.ruleset.id }, "match created");
  return { body: respond(matchId, secret), replayed: false };
}

/**
 * The bot seats a request asks for (`players[i].bot`), keyed by the seat the ruleset gave player
 * i; undefined when none.
 * @throws ApiError 400 `bad_request` when every seat would be a bot (a match needs a person).
 */
function botSeatsRequested(request: CreateMatchRequest, seats: readonly string[]): Record<string, BotLevel> | undefined {
  const bots: Record<string, BotLevel> = {};
  request.players.forEach((player, i) => {
    const seat = seats[i];
    if (player.bot && seat) bots[seat] = player.bot;
  });
  if (Object.keys(bots).length === 0) return undefined;
  if (!BOT_RULESETS.includes(request.ruleset)) throw new ApiError(400, "bad_request", `No bot plays the ruleset "${request.ruleset}".`);
  if (Object.keys(bots).length >= seats.length) throw new ApiError(400, "bad_request", "At least one seat must be played by a person: every player is a bot.");
  return bots;
}
