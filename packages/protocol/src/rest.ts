/**
 * The REST API under /api: lobby (create and list matches), match details and health.
 * Request schemas are what the server validates; response schemas let clients validate answers.
 */
import { z } from "zod";
import { ClaimKey, CorrespondenceTerms, DisplayName, InviteCode, PlainText, SeatToken } from "./client";

/** A ruleset or scenario id: 1 to 64 characters without control characters (e.g. "ember", a scenario id of its catalog). */
const CatalogId = PlainText().min(1).max(64);

/**
 * A match id as it appears in a REST path (`/api/matches/:id`) and as the room id: 1 to 64
 * letters, digits, `_` or `-` (the server's ids are 12 lowercase base32 characters). Anything
 * else is refused with 400 `bad_request` before the store is asked.
 */
export const MatchIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "a match id is 1 to 64 letters, digits, _ or -");

/** The path parameters of `/api/matches/:id` and `/api/matches/:id/history`: `{ id: MatchIdParam }`. */
export const MatchPathParams = z.object({ id: MatchIdParam });
/** See the {@link MatchPathParams} schema. */
export type MatchPathParams = z.output<typeof MatchPathParams>;

/**
 * A team id in a team game (e.g. EMBER's 2 v 2): 1 to 16 lowercase letters, digits or `-`,
 * starting with a letter ("alpha", "bravo"). Team ids are public.
 */
export const TeamName = z.string().regex(/^[a-z][a-z0-9-]{0,15}$/, "a team is 1 to 16 lowercase letters, digits or -, starting with a letter");

/**
 * Options of a new match; every one optional, with the server's defaults:
 * - `progressiveReveal` (boolean, default false): the ruleset's progressive-reveal variant;
 * - `spectatorDelay` (integer 0..10 rounds, default 0): how many rounds the spectators' omniscient
 *   caster feed trails the live match; 0 = no caster feed;
 * - `reconnectGrace` (integer 5..3600 seconds, default 120): how long a dropped player's
 *   session is kept for a reconnection;
 * - `clock` (optional; default none): a chess-style clock per seat for rulesets whose clock is
 *   optional (EMBER): `minutes` (1..600) to start with, plus `incrementSeconds` (0..3600) at the
 *   start of every round after the first. Siege always runs its time bank and refuses it;
 * - `claimDelay` (integer 10..3600 seconds, default 60): how long a seat the match waits for must
 *   stay disconnected before the others may claim the win or a draw;
 * - `correspondence` (optional; default none: real time): play over days, for every ruleset:
 *   {@link CorrespondenceTerms} (`daysPerMove` 1..14, `vacationDays` 0..30). It replaces the
 *   ruleset's real-time clock (EMBER's optional clock, Siege's time bank) and is refused together
 *   with `clock`; absence claims are off (the clock decides).
 * Unknown keys are refused.
 */
export const CreateMatchOptions = z.strictObject({
  progressiveReveal: z.boolean().optional(),
  spectatorDelay: z.int().min(0).max(10).optional(),
  reconnectGrace: z.int().min(5).max(3600).optional(),
  clock: z.strictObject({ minutes: z.int().min(1).max(600), incrementSeconds: z.int().min(0).max(3600) }).optional(),
  claimDelay: z.int().min(10).max(3600).optional(),
  /**
   * A rated match: when it ends with a result, the Glicko-2 ratings of its players' accounts
   * change (per ruleset and format). Counted only when every seat belongs to an account (no bot,
   * no anonymous seat) and at least one command was played. Default false (casual).
   */
  rated: z.boolean().optional(),
  correspondence: CorrespondenceTerms.optional(),
}).refine((o) => !(o.clock && o.correspondence), { message: "a match has a real-time clock or correspondence terms, not both", path: ["correspondence"] });
/** See the {@link CreateMatchOptions} schema. */
export type CreateMatchOptions = z.output<typeof CreateMatchOptions>;

/**
 * How strongly a server-played seat plays ("bot seat"): "easy" (a small search budget, quick
 * moves), "normal" (the ruleset's full search budget) or "hard" (a larger budget or a deeper
 * lookahead, each ruleset's strongest; `pnpm bench` measures every level). The server's bot
 * decides from its own seat's projection only, as any client does, at every level.
 */
export const BotLevel = z.enum(["easy", "normal", "hard"]);
/** See the {@link BotLevel} schema. */
export type BotLevel = z.output<typeof BotLevel>;

/**
 * The body of `POST /api/matches`:
 * `{ ruleset, scenario, players: [{ name, army?, team?, bot? }] (1 to 8, in seat order), options? }`.
 * `name` is trimmed, then 1 to 40 characters; `army` is the ruleset's army list (EMBER's
 * ArmyList, checked by the ruleset); `team` a team id (Siege: "attack" or "defence"; EMBER 2 v 2:
 * a {@link TeamName} such as "alpha", every player or none with one). EMBER players without
 * `army` (every player or none) each build and lock their own secret list in the match (the
 * muster). `scenario` is the ruleset's scenario (Siege: a mission id). The ruleset
 * decides how many players it takes (EMBER: 2 to 4, teams only for 2 v 2, two teams of two;
 * Siege: 1 v 1 or 2 v 2). `bot` (a {@link BotLevel}) makes the server play that seat; at least
 * one seat must be left to a person (else 400 `bad_request`). `claim` (optional:
 * `{ seat, claimKey }`) claims that seat's invite in the same request, for a creator who plays
 * it: the answer carries that seat's `token` (see {@link ClaimSeatRequest}; a seat that no person
 * plays is a 400 `bad_request`). Unknown keys are refused.
 */
export const CreateMatchRequest = z.strictObject({
  ruleset: CatalogId,
  scenario: CatalogId,
  players: z
    .array(
      z.strictObject({
        name: DisplayName,
        army: z.unknown().optional(),
        team: CatalogId.optional(),
        bot: BotLevel.optional(),
      }),
    )
    .min(1)
    .max(8),
  options: CreateMatchOptions.optional(),
  claim: z.strictObject({ seat: z.string().min(1).max(64), claimKey: ClaimKey }).optional(),
});
/** A valid match request (after parsing: names trimmed). */
export type CreateMatchRequest = z.output<typeof CreateMatchRequest>;

/**
 * One seat of a new match in the {@link CreateMatchResponse}: `{ seat, name, team?, claimed,
 * invite?, inviteUrl?, token? }`. An unclaimed seat carries its invite: `invite` (an
 * {@link InviteCode}) and `inviteUrl`, which carries it in the URL fragment
 * (`.../play/<matchId>#seat=p1&invite=...`, never sent to a server). The invite is claimed once
 * (`POST /api/matches/:id/seats/:seat/claim`) for the seat's token. A claimed seat (`claimed:
 * true`) carries no invite; `token` only on the seat the request claimed for its creator
 * (`claim`), while that claim still holds.
 */
export const CreatedSeat = z.object({
  seat: z.string().min(1),
  name: z.string(),
  /** The seat's team in a team game. */
  team: TeamName.optional(),
  claimed: z.boolean(),
  invite: InviteCode.optional(),
  inviteUrl: z.string().min(1).optional(),
  token: SeatToken.optional(),
});
/** See the {@link CreatedSeat} schema. */
export type CreatedSeat = z.output<typeof CreatedSeat>;

/**
 * A seat of a new match that the server's bot plays, in the {@link CreateMatchResponse}:
 * `{ seat, name, team?, bot }`. It has no token and no invite link: nobody else can take it.
 */
export const CreatedBotSeat = z.object({
  seat: z.string().min(1),
  name: z.string(),
  team: TeamName.optional(),
  bot: BotLevel,
});
/** See the {@link CreatedBotSeat} schema. */
export type CreatedBotSeat = z.output<typeof CreatedBotSeat>;

/**
 * The answer (201) to `POST /api/matches`: `{ matchId, roomId, seats: CreatedSeat[], botSeats?: CreatedBotSeat[], spectatorUrl }`.
 * `roomId` equals `matchId` (the Colyseus room to join). `seats` are the seats people play, in
 * seat order, each with its invite or claimed; `botSeats` (present when the request asked for
 * bots) the seats the server's bot plays. A replay of the request (`Idempotency-Key`, same
 * requester, same body) answers the match as it is now: the invites still unclaimed, the others
 * `claimed` without any credential but the creator's own seat token while its claim holds.
 */
export const CreateMatchResponse = z.object({
  matchId: z.string().min(1),
  roomId: z.string().min(1),
  seats: z.array(CreatedSeat),
  botSeats: z.array(CreatedBotSeat).optional(),
  spectatorUrl: z.string().min(1),
  /** The host's secret (32 lowercase hex characters): sent in the {@link HOST_TOKEN_HEADER} of the host routes. It opens no seat. */
  hostToken: SeatToken,
  /** The host page, the token in its fragment (`.../host/<matchId>#token=...`): keep it to see and re-issue the invite links. */
  hostUrl: z.string().min(1),
});
/** See the {@link CreateMatchResponse} schema. */
export type CreateMatchResponse = z.output<typeof CreateMatchResponse>;

/**
 * A match's status: "live" (being played, or waiting for players), "finished" (a result was
 * reached) or "abandoned" (stopped without a result).
 */
export const MatchStatus = z.enum(["live", "finished", "abandoned"]);
/** See the {@link MatchStatus} schema. */
export type MatchStatus = z.output<typeof MatchStatus>;

/**
 * The query of `GET /api/matches` (query strings, so `limit` is coerced from text):
 * `{ ruleset?: id, status?: MatchStatus, player?: string, limit: integer 1..200 (default 50) }`.
 * `player` matches a substring of a player name (trimmed, 1 to 40 characters). No value may hold
 * control characters. Unknown query keys are ignored; a repeated key (an array) is refused.
 */
export const ListMatchesQuery = z.object({
  ruleset: CatalogId.optional(),
  status: MatchStatus.optional(),
  player: PlainText().trim().min(1).max(40).optional(),
  limit: z
    .union([z.int(), z.string().regex(/^[0-9]{1,9}$/, "a limit is written in digits only").transform(Number)])
    .pipe(z.int().min(1).max(200))
    .default(50),
});
/** A valid listing query (after parsing: `limit` always set). */
export type ListMatchesQuery = z.output<typeof ListMatchesQuery>;

/**
 * A match as the lobby and history list it:
 * `{ matchId, ruleset, scenario, status, seats: [{ seat, name, team?, bot?, connected? }], createdAt, finishedAt, result }`.
 * `connected` (whether a client is on the seat now) is given for live matches only; `createdAt`
 * and `finishedAt` are ISO 8601 UTC timestamps (`finishedAt` null while live); `result` is
 * `{ winner: seat id or null for a draw, winners?: a winning team's seats, reason }` once
 * finished, else null; `team` is the seat's team in a team game; `bot` the level of the server's
 * bot when it plays the seat.
 */
export const MatchSummary = z.object({
  matchId: z.string().min(1),
  ruleset: z.string().min(1),
  scenario: z.string(),
  status: MatchStatus,
  seats: z.array(
    z.object({
      seat: z.string().min(1),
      name: z.string(),
      team: TeamName.optional(),
      bot: BotLevel.optional(),
      connected: z.boolean().optional(),
    }),
  ),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  result: z.object({ winner: z.string().nullable(), winners: z.array(z.string()).optional(), reason: z.string() }).nullable(),
});
/** See the {@link MatchSummary} schema. */
export type MatchSummary = z.output<typeof MatchSummary>;

/** The answer to `GET /api/matches`: `{ matches: MatchSummary[] }`, newest first, at most `limit`. */
export const ListMatchesResponse = z.object({ matches: z.array(MatchSummary) });
/** See the {@link ListMatchesResponse} schema. */
export type ListMatchesResponse = z.output<typeof ListMatchesResponse>;

/**
 * The body of every REST error (status 4xx or 5xx; the request changed nothing):
 * `{ error: { code, message, details? } }`. `code` is a string such as "bad_request",
 * "invalid_army", "not_found" or "server_error" (REST codes are not limited to PROTOCOL_ERRORS);
 * `details` is optional structured help (e.g. `[{ path, message }]` for a malformed body).
 */
export const ApiErrorBody = z.object({
  error: z.object({
    code: z.string().min(1),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
/** See the {@link ApiErrorBody} schema. */
export type ApiErrorBody = z.output<typeof ApiErrorBody>;

/** The header that carries a match's host token on the host routes (never a query string). */
export const HOST_TOKEN_HEADER = "X-Host-Token";

/**
 * One seat as its match's host sees it (`GET /api/matches/:id/host`): `{ seat, name, team?,
 * bot?, inviteUrl?, connected, claimed, joined, locked }`. `inviteUrl` is the seat's current
 * invite while it is unclaimed and the match live (after a re-issue, the new one); `claimed`: a
 * player holds the seat's token (never shown to the host); `joined`: a player ever joined it;
 * `connected`: a player is on the seat now; `bot`: the server's bot plays it (no invite, never
 * re-issued); `locked`: the seat's secret list is locked (EMBER's muster; null when the match has
 * no muster, or it is over).
 */
export const HostSeat = z.object({
  seat: z.string().min(1),
  name: z.string(),
  team: TeamName.optional(),
  bot: BotLevel.optional(),
  inviteUrl: z.string().min(1).optional(),
  connected: z.boolean(),
  claimed: z.boolean(),
  joined: z.boolean(),
  locked: z.boolean().nullable(),
});
/** See the {@link HostSeat} schema. */
export type HostSeat = z.output<typeof HostSeat>;

/** The answer to `GET /api/matches/:id/host`: `{ matchId, ruleset, status, seats: HostSeat[], spectatorUrl }`. */
export const HostMatchResponse = z.object({
  matchId: z.string().min(1),
  ruleset: z.string().min(1),
  status: MatchStatus,
  seats: z.array(HostSeat),
  spectatorUrl: z.string().min(1),
});
/** See the {@link HostMatchResponse} schema. */
export type HostMatchResponse = z.output<typeof HostMatchResponse>;

/**
 * The answer to `POST /api/matches/:id/host/seats/:seat/reissue`: `{ seat: HostSeat }` with the
 * new invite. The old invite and the seat's token open nothing any more, the seat's connection is
 * closed (4101), and every connection of the match is told (`notice` `seat_reissued`).
 */
export const ReissueSeatResponse = z.object({ seat: HostSeat });
/** See the {@link ReissueSeatResponse} schema. */
export type ReissueSeatResponse = z.output<typeof ReissueSeatResponse>;

/** The path parameters of `POST /api/matches/:id/seats/:seat/claim`. */
export const SeatPathParams = z.object({ id: MatchIdParam, seat: z.string().min(1).max(64) });

/**
 * The body of `POST /api/matches/:id/seats/:seat/claim`: `{ invite, claimKey }`: the seat's
 * invite code and a claim key the client chose at random ({@link ClaimKey}). The first claim of
 * an invite wins the seat; the same claim key again (a retry whose answer was lost) gets the same
 * token; another key gets 409 `invite_claimed`; a wrong or re-issued code 403 `invalid_invite`.
 */
export const ClaimSeatRequest = z.strictObject({ invite: InviteCode, claimKey: ClaimKey });
/** See the {@link ClaimSeatRequest} schema. */
export type ClaimSeatRequest = z.output<typeof ClaimSeatRequest>;

/** The answer (200) to a claim: `{ matchId, seat, token }`; `token` is the seat's {@link SeatToken}, for this client alone. */
export const ClaimSeatResponse = z.object({ matchId: z.string().min(1), seat: z.string().min(1), token: SeatToken });
/** See the {@link ClaimSeatResponse} schema. */
export type ClaimSeatResponse = z.output<typeof ClaimSeatResponse>;

/**
 * The header a client may send with `POST /api/matches` to scope its `Idempotency-Key` to itself:
 * 22 to 128 letters, digits, `_` or `-`, kept by the client (a browser is given a `fogwar_creator`
 * cookie instead). Without either, the server sets the cookie.
 */
export const CREATOR_KEY_HEADER = "X-Creator-Key";
