/**
 * `POST /api/matches`: creates a match, safely retried with an `Idempotency-Key` header. The key
 * is scoped to its requester (the `X-Creator-Key` header, else the `fogwar_creator` cookie the
 * server sets): the same requester, key and body answer the same match again, as it is now
 * (./invites.ts: the invites still unclaimed, the other seats `claimed` without a credential, the
 * creator's own seat token while its claim holds); keys expire after a day. Another requester's
 * identical key is another key: it can neither read nor block this one. The same requester's key
 * with a different body is refused (409 `idempotency_conflict`). docs/protocol.md describes the route.
 */
import { createHash, randomBytes } from "node:crypto";
import { canonicalJson, seedCommitment } from "@fogwar/engine";
import { CreateMatchRequest, PROTOCOL_ERRORS, type BotLevel, type CreatedSeat, type CreateMatchResponse } from "@fogwar/protocol";
import type { Logger } from "pino";
import { ApiError } from "./api-error.js";
import { botPlays } from "./bots/brain.js";
import { botToken } from "./bots/seats.js";
import { accountClaimKey } from "./accounts/seats.js";
import { claimedToken, hashClaimKey, hashHostToken, hostToken, inviteCode, inviteUrl, unheldTokenHash } from "./invites.js";
import type { MatchOptions } from "./live.js";
import { bodyError } from "./names.js";
import { hashToken } from "./room-auth.js";
import { ensureMatchRoom, openMatchRoom } from "./rooms.js";
import { RULESETS } from "./hosts/index.js";
import type { AccountRecord, MatchStore } from "./store/index.js";

export { hashHostToken, hostToken, inviteUrl } from "./invites.js";

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

/** How long an `Idempotency-Key` answers its match (ms): a day; after that it is released. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The stored form of a requester's key: neither the key nor the requester is kept as sent. */
export const scopedKey = (requester: string, key: string): string => createHash("sha256").update(`fogwar-idempotency:${requester}\n${key}`).digest("hex");

/** A short, unguessable match id: 12 characters of base32 (60 bits). */
export function newMatchId(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  return [...randomBytes(12)].map((b) => alphabet[b % 32]).join("");
}

/**
 * Creates a match from a request body (or answers the match an earlier request of the same
 * `requester` with the same `idempotencyKey` and body created, as it is now).
 * @param requester who asks (the creator key or cookie): scopes the idempotency key; unused without one.
 * @param account the signed-in creator: the claimed seat belongs to that account (its claim key is
 *   the account's, ./accounts/seats.ts), so the creator opens it from any device by signing in.
 * @param paired seats claimed at once for accounts (seat -> account): a table taken in the lobby, a
 *   pairing, an accepted challenge. Each opens its seat by signing in; no invite is answered for them.
 * @returns the 201 response body (`CreateMatchResponse`) and whether it is a replay.
 * @throws ApiError 400 for a malformed body, an unknown ruleset, a setup problem, a `claim` of a
 *   seat no person plays or a malformed key; 409 `idempotency_conflict` for the requester's key
 *   used with another body. Store errors pass through.
 */
export async function createMatch(
  services: CreateServices,
  body: unknown,
  idempotencyKey: string | undefined,
  requester = "",
  account: AccountRecord | null = null,
  paired: Readonly<Record<string, AccountRecord>> = {},
): Promise<{ body: CreateMatchResponse; replayed: boolean }> {
  if (idempotencyKey !== undefined && !KEY.test(idempotencyKey)) {
    throw new ApiError(400, "bad_request", "The Idempotency-Key header must be 1 to 200 visible ASCII characters.");
  }
  const parsed = CreateMatchRequest.safeParse(body);
  if (!parsed.success) {
    throw bodyError(parsed.error, "The match request is malformed.");
  }
  const request = parsed.data;
  const host = RULESETS.get(request.ruleset);
  if (!host) throw new ApiError(400, "bad_request", `Unknown ruleset "${request.ruleset}".`);
  const options: MatchOptions = {
    progressiveReveal: request.options?.progressiveReveal ?? false,
    spectatorDelay: request.options?.spectatorDelay ?? 0,
    reconnectGrace: request.options?.reconnectGrace ?? 120,
    ...(request.options?.clock ? { clock: request.options.clock } : {}),
    ...(request.options?.correspondence ? { correspondence: request.options.correspondence } : {}),
    claimDelay: request.options?.claimDelay ?? DEFAULT_CLAIM_DELAY_SECONDS,
    ...(request.options?.rated ? { rated: true } : {}),
  };
  if (options.clock && !host.optionalClock) {
    throw new ApiError(400, "bad_request", `${host.ruleset.id} runs its own clock (its time bank): the clock option is for rulesets whose clock is optional.`);
  }
  const made = host.makeSetup({ scenario: request.scenario, players: request.players, options });
  if (!made.ok) throw new ApiError(400, made.problem.code, made.problem.message, made.problem.details);
  const bots = botSeatsRequested(request, made.seats);
  if (bots) (options as { bots?: Record<string, BotLevel> }).bots = bots;
  const claim = request.claim;
  if (claim && (!made.seats.includes(claim.seat) || bots?.[claim.seat])) {
    throw new ApiError(400, "bad_request", `The claim names no seat a person plays in this match: "${claim.seat}".`);
  }
  /** The claim key of the creator's seat in `matchId`: the account's when signed in, else the request's. */
  const claimKeyIn = (matchId: string): string => (claim && account ? accountClaimKey(account, matchId, claim.seat) : (claim?.claimKey ?? ""));
  const requestHash = createHash("sha256").update(canonicalJson(request)).digest("hex");
  const key = idempotencyKey === undefined ? undefined : scopedKey(requester, idempotencyKey);

  /** The answer for the match as it is now: `claimed[seat]` tells a claimed invite; `token` the creator's seat token, if it still holds. */
  const respond = (matchId: string, secret: string, live: boolean, claimed: Record<string, boolean>, generations: Record<string, number>, token: string | null): CreateMatchResponse => ({
    matchId,
    roomId: matchId,
    seats: made.seats.flatMap((seat, i): CreatedSeat[] => {
      // The server's bot plays this seat: no invite for anyone (see botSeats).
      if (bots?.[seat]) return [];
      const player = request.players[i];
      const base = { seat, name: player?.name ?? seat, ...(player?.team ? { team: player.team } : {}) };
      if (claimed[seat]) return [{ ...base, claimed: true, ...(token !== null && claim?.seat === seat ? { token } : {}) }];
      if (!live) return [{ ...base, claimed: false }];
      const code = inviteCode(secret, seat, generations[seat] ?? 0);
      return [{ ...base, claimed: false, invite: code, inviteUrl: inviteUrl(services.publicUrl, matchId, seat, code) }];
    }),
    ...(bots ? { botSeats: made.seats.flatMap((seat, i) => (bots[seat] ? [{ seat, name: request.players[i]?.name ?? seat, ...(request.players[i]?.team ? { team: request.players[i]?.team } : {}), bot: bots[seat] }] : [])) } : {}),
    spectatorUrl: `${services.publicUrl}/watch/${matchId}`,
    hostToken: hostToken(secret),
    hostUrl: `${services.publicUrl}/host/${matchId}#token=${hostToken(secret)}`,
  });

  const replay = async (): Promise<{ body: CreateMatchResponse; replayed: boolean } | null> => {
    if (key === undefined) return null;
    const earlier = await services.store.findIdempotent(key, new Date(Date.now() - IDEMPOTENCY_TTL_MS));
    if (!earlier) return null;
    if (earlier.requestHash !== requestHash) throw new ApiError(409, "idempotency_conflict", PROTOCOL_ERRORS.idempotency_conflict.message);
    const record = await services.store.getMatch(earlier.matchId);
    // Stored but its room never opened (the server stopped in between), or its host is gone: open it now.
    if (record?.status === "live") await ensureMatchRoom(earlier.matchId, async () => true);
    // The seats as they are now: claimed since, or re-issued (a new invite).
    const access = await services.store.inviteAccess(earlier.matchId);
    const seats = access?.seats ?? [];
    const claimed = Object.fromEntries(seats.map((s) => [s.seat, s.claimed]));
    const generations = Object.fromEntries(seats.map((s) => [s.seat, s.generation]));
    // The creator's seat token comes back only while the creator's own claim still holds.
    let token: string | null = null;
    if (claim && record?.status === "live") {
      const claimKey = claimKeyIn(earlier.matchId);
      const candidate = claimedToken(earlier.tokenSecret, claim.seat, 0, claimKey);
      const outcome = await services.store.claimInvite(earlier.matchId, claim.seat, 0, hashClaimKey(claimKey), hashToken(candidate), account?.id);
      if (outcome === "again") token = candidate;
    }
    return { body: respond(earlier.matchId, earlier.tokenSecret, record?.status === "live", claimed, generations, token), replayed: true };
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
        ...(key !== undefined ? { idempotency: { key, requestHash, tokenSecret: secret } } : {}),
      },
      made.seats.map((seat, i) => {
        const playerName = request.players[i]?.name ?? seat;
        if (bots?.[seat]) return { seat, playerName, tokenHash: hashToken(botToken(seed, seat)), claimKeyHash: "bot" };
        const owner = paired[seat];
        if (owner) {
          const claimKey = accountClaimKey(owner, matchId, seat);
          return { seat, playerName, tokenHash: hashToken(claimedToken(secret, seat, 0, claimKey)), claimKeyHash: hashClaimKey(claimKey), accountId: owner.id };
        }
        if (claim?.seat === seat) {
          const claimKey = claimKeyIn(matchId);
          return { seat, playerName, tokenHash: hashToken(claimedToken(secret, seat, 0, claimKey)), claimKeyHash: hashClaimKey(claimKey), ...(account ? { accountId: account.id } : {}) };
        }
        return { seat, playerName, tokenHash: unheldTokenHash() };
      }),
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
  const token = claim ? claimedToken(secret, claim.seat, 0, claimKeyIn(matchId)) : null;
  const claimedAtOnce = Object.fromEntries([...Object.keys(paired), ...(claim ? [claim.seat] : [])].map((seat) => [seat, true]));
  return { body: respond(matchId, secret, true, claimedAtOnce, {}, token), replayed: false };
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
  if (!botPlays(request.ruleset)) throw new ApiError(400, "bad_request", `No bot plays the ruleset "${request.ruleset}".`);
  if (Object.keys(bots).length >= seats.length) throw new ApiError(400, "bad_request", "At least one seat must be played by a person: every player is a bot.");
  return bots;
}
