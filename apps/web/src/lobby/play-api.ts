/**
 * The REST client of finding opponents (docs/protocol.md "Lobby", "Challenges and rematches",
 * "Blocks and reports", "Ratings"): open tables, seeks, challenges, rematches, blocks, reports,
 * profiles and leaderboards. Same-origin JSON with the session cookie (../account/account-api.ts);
 * every failure is an {@link ApiError} with the server's code (or `network_error`,
 * `server_error`, `bad_response`). The answers are read with loose schemas: a field the server adds
 * later does not break the page.
 */
import { z } from "zod";
import { ProfileResponse, LeaderboardResponse } from "@fogwar/protocol";
import { createJsonCall } from "../account/account-api";
import type { FetchLike } from "../api";

const Anything = z.unknown();

/** A clock of an open table or seek: minutes on the clock and seconds added per move. */
export const Clock = z.object({ minutes: z.number(), incrementSeconds: z.number() });
export type Clock = z.output<typeof Clock>;

/** An open table as the `lobby` room lists it (the table room's metadata). */
export const TableListing = z.looseObject({
  tableId: z.string(),
  ownerName: z.string(),
  ownerRating: z.number().nullable().optional(),
  ruleset: z.string(),
  scenario: z.string(),
  options: z.looseObject({ rated: z.boolean().optional(), clock: Clock.nullable().optional(), correspondence: z.object({ daysPerMove: z.number(), vacationDays: z.number() }).nullable().optional() }).optional(),
  minRating: z.number().nullable().optional(),
  maxRating: z.number().nullable().optional(),
  createdAt: z.number().optional(),
});
export type TableListing = z.output<typeof TableListing>;

/** The answer of taking a table: the new match and my seat in it. */
export const Taken = z.object({ matchId: z.string(), seat: z.string().optional() });
export type Taken = z.output<typeof Taken>;

/** A seek's state: waiting, or paired into `matchId`. */
export const Seek = z.object({ seekId: z.string(), status: z.enum(["waiting", "paired"]), matchId: z.string().optional() });
export type Seek = z.output<typeof Seek>;

/** The settings of a match a challenge would start. */
export const ChallengeSettings = z.looseObject({
  ruleset: z.string(),
  scenario: z.string(),
  options: z.record(z.string(), z.unknown()).optional(),
  teams: z.object({ from: z.string(), to: z.string() }).optional(),
});
export type ChallengeSettings = z.output<typeof ChallengeSettings>;

/** An open challenge as one of its two players sees it (`player`: the other one's name). */
export const ChallengeView = z.looseObject({
  challengeId: z.string(),
  player: z.string(),
  settings: ChallengeSettings,
  rematchOf: z.string().nullable().optional(),
  createdAt: z.string().optional(),
});
export type ChallengeView = z.output<typeof ChallengeView>;

/** `GET /api/challenges`. */
export const Challenges = z.object({ incoming: z.array(ChallengeView), outgoing: z.array(ChallengeView) });
export type Challenges = z.output<typeof Challenges>;

/** What opening a table asks: the game, its options and the taker's rating range. */
export interface OpenTableBody {
  ruleset: string;
  scenario: string;
  options?: { rated?: boolean; clock?: Clock; correspondence?: { daysPerMove: number; vacationDays: number } };
  minRating?: number;
  maxRating?: number;
}

/** What a seek asks: the ruleset, rated or casual, ± range and the clock. */
export interface SeekBody {
  ruleset: string;
  rated: boolean;
  ratingRange?: number;
  clock?: Clock;
}

const id = (value: string) => encodeURIComponent(value);

/** The API over `fetchImpl` (default: the browser's fetch) at `base` (default: this origin). */
export function createPlayApi(fetchImpl?: FetchLike, base = "") {
  const call = createJsonCall(fetchImpl, base);
  return {
    /** `POST /api/lobby/tables` -> `{ tableId }` (join its room by that id to hear `taken`). */
    openTable: (body: OpenTableBody) => call(z.object({ tableId: z.string() }), "/lobby/tables", body),
    /** `DELETE /api/lobby/tables/:id`: closes my open table. */
    closeTable: (tableId: string) => call(Anything, `/lobby/tables/${id(tableId)}`, undefined, "DELETE"),
    /** `POST /api/lobby/tables/:id/take` -> `{ matchId, seat }`. */
    takeTable: (tableId: string) => call(Taken, `/lobby/tables/${id(tableId)}/take`, {}),
    /** `POST /api/lobby/seeks` -> the seek, waiting or already paired. */
    seek: (body: SeekBody) => call(Seek, "/lobby/seeks", body),
    /** `GET /api/lobby/seeks/:id`. */
    seekStatus: (seekId: string) => call(Seek, `/lobby/seeks/${id(seekId)}`),
    /** `DELETE /api/lobby/seeks/:id`. */
    cancelSeek: (seekId: string) => call(Anything, `/lobby/seeks/${id(seekId)}`, undefined, "DELETE"),
    /** `POST /api/challenges` -> `{ challengeId }`. */
    challenge: (to: string, settings: ChallengeSettings) => call(z.object({ challengeId: z.string() }), "/challenges", { to, settings }),
    /** `GET /api/challenges` -> `{ incoming, outgoing }`. */
    challenges: () => call(Challenges, "/challenges"),
    /** `POST /api/challenges/:id/accept` -> `{ matchId }`. */
    accept: (challengeId: string) => call(z.object({ matchId: z.string() }), `/challenges/${id(challengeId)}/accept`, {}),
    /** `POST /api/challenges/:id/decline`. */
    decline: (challengeId: string) => call(Anything, `/challenges/${id(challengeId)}/decline`, {}),
    /** `DELETE /api/challenges/:id`: withdraws my challenge. */
    withdraw: (challengeId: string) => call(Anything, `/challenges/${id(challengeId)}`, undefined, "DELETE"),
    /** `POST /api/matches/:id/rematch` -> the open challenge of the rematch. */
    rematch: (matchId: string) => call(z.looseObject({ challengeId: z.string() }), `/matches/${id(matchId)}/rematch`, {}),
    /** `GET /api/me/blocks` -> the names I block. */
    blocks: () => call(z.object({ blocked: z.array(z.looseObject({ name: z.string() })) }), "/me/blocks").then((r) => r.blocked.map((b) => b.name)),
    /** `PUT /api/me/blocks/:name`. */
    block: (name: string) => call(Anything, `/me/blocks/${id(name)}`, undefined, "PUT"),
    /** `DELETE /api/me/blocks/:name`. */
    unblock: (name: string) => call(Anything, `/me/blocks/${id(name)}`, undefined, "DELETE"),
    /** `POST /api/reports` -> `{ reportId }`. */
    report: (matchId: string, reason: string) => call(Anything, "/reports", { matchId, reason }),
    /** `GET /api/players/:name`: the public profile. */
    profile: (name: string) => call(ProfileResponse, `/players/${id(name)}`),
    /** `GET /api/leaderboard/:ruleset?format=duel`. */
    leaderboard: (ruleset: string) => call(LeaderboardResponse, `/leaderboard/${id(ruleset)}?format=duel`),
  };
}

export type PlayApi = ReturnType<typeof createPlayApi>;

/** The API of this page's origin. */
export const playApi: PlayApi = createPlayApi();
