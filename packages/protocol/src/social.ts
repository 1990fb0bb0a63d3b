/**
 * Challenges, rematches, blocks and reports (docs/protocol.md "Challenges and rematches", "Blocks
 * and reports"): the bodies of `/api/challenges*`, `POST /api/matches/:id/rematch`,
 * `/api/me/blocks*` and `POST /api/reports`. Every route needs a signed-in player (a guest too).
 * A block is never revealed to the blocked player: a challenge between them is refused exactly as
 * one to a player who does not exist (`player_unavailable`).
 */
import { z } from "zod";
import { ChatAudience } from "./chat";
import { CreateMatchOptions } from "./rest";
import { AccountName } from "./accounts";

/** Most open challenges a player may have sent at once. */
export const MAX_OPEN_CHALLENGES = 20;
/** Most players one account may block. */
export const MAX_BLOCKS = 500;
/** Most reports one account may send in 24 hours. */
export const MAX_REPORTS_PER_DAY = 20;
/** A report's reason: 1 to 500 characters (trimmed). */
export const MAX_REPORT_REASON = 500;

const Id = z.string().min(1).max(64);

/**
 * A challenge's match settings: `{ ruleset, scenario, options?, teams? }`. `teams` names each
 * side's team where the ruleset needs one (Siege: `{ from: "attack", to: "defence" }`); `from` is
 * the challenger, `to` the challenged. The challenger is the first player (EMBER: `p1`) unless a
 * rematch says otherwise. EMBER players build their secret lists in the match (the muster).
 * A rematch's settings also carry `seats`: each seat of the new match in order, who plays it and
 * its team (set by the server, never sent).
 */
export const ChallengeSettings = z.strictObject({
  ruleset: Id,
  scenario: Id,
  options: CreateMatchOptions.optional(),
  teams: z.strictObject({ from: Id, to: Id }).optional(),
});
export type ChallengeSettings = z.output<typeof ChallengeSettings>;

/** A seat of a rematch's match: which side plays it and its team. */
export const ChallengeSeat = z.object({ seat: z.string(), player: z.enum(["from", "to"]), team: z.string().optional() });
export type ChallengeSeat = z.output<typeof ChallengeSeat>;

/** `POST /api/challenges`: challenge the player named `to`. Answers `CreateChallengeResponse` (201). */
export const CreateChallengeRequest = z.strictObject({ to: AccountName, settings: ChallengeSettings });
export type CreateChallengeRequest = z.output<typeof CreateChallengeRequest>;

/** The answer to `POST /api/challenges` and `POST /api/matches/:id/rematch`. */
export interface CreateChallengeResponse {
  challengeId: string;
}

/** An open challenge as its two players see it: the other player's name, never an account id or e-mail. */
export interface ChallengeView {
  challengeId: string;
  /** The other player's public name (the challenger in `incoming`, the challenged in `outgoing`). */
  player: string;
  settings: ChallengeSettings & { seats?: ChallengeSeat[] };
  /** For a rematch: the finished match it follows. */
  rematchOf: string | null;
  /** ISO 8601. */
  createdAt: string;
}

/** `GET /api/challenges`: the open challenges sent to me and by me, newest first. */
export interface ChallengesResponse {
  incoming: ChallengeView[];
  outgoing: ChallengeView[];
}

/** The answer to `POST /api/challenges/:id/accept`: the new match (open it with `GET /api/me/seats/:matchId`). */
export interface AcceptChallengeResponse {
  matchId: string;
}

/** `GET /api/me/blocks`: the players I block, newest first. */
export interface BlocksResponse {
  blocked: { name: string; since: string }[];
}

/**
 * `POST /api/reports`: report a match, or one chat line of it (`chat`: its audience, its number
 * in that audience, and its team for a team line). Answers `{ reportId }` (201).
 */
export const ReportRequest = z.strictObject({
  matchId: Id,
  chat: z.strictObject({ audience: ChatAudience, number: z.int().min(1).max(1_000_000), team: Id.optional() }).optional(),
  reason: z.string().trim().min(1).max(MAX_REPORT_REASON),
});
export type ReportRequest = z.output<typeof ReportRequest>;

/** The answer to `POST /api/reports`. */
export interface ReportResponse {
  reportId: number;
}
