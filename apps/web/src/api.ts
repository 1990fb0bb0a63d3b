/**
 * The REST client of the lobby and history pages: typed over the protocol's zod schemas
 * (docs/protocol.md, "REST API"). Every failure is thrown as an {@link ApiError}
 * `{ code, message, details }`: the server's error body, or `network_error` when the server
 * cannot be reached, or `bad_response` when its answer does not match the schema.
 */
import { z } from "zod";
import {
  ChatHistory,
  ApiErrorBody,
  CreateMatchResponse,
  HOST_TOKEN_HEADER,
  HostMatchResponse,
  ListMatchesResponse,
  ReissueSeatResponse,
  MatchSummary,
  type CreateMatchRequest,
  type MatchStatus,
} from "@fogwar/protocol";

/** A REST failure: the server's `{ code, message, details }`, or a client-side code. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * `GET /api/rulesets`: each ruleset's listing has its own shape (EMBER: scenarios and sample
 * armies; Siege: missions, maps and team sizes), so entries are kept loose here and read by
 * each ruleset's own listing schema (rulesets/<id>/listing.ts).
 */
export const RulesetsResponse = z.object({ rulesets: z.array(z.looseObject({ id: z.string(), rulesVersion: z.string() })) });
export type RulesetsResponse = z.output<typeof RulesetsResponse>;

/** `GET /api/matches/:id`. */
export const MatchDetails = z.object({
  match: MatchSummary,
  seedCommitment: z.string(),
  options: z.object({ progressiveReveal: z.boolean(), spectatorDelay: z.number(), reconnectGrace: z.number() }).partial().passthrough(),
});
export type MatchDetails = z.output<typeof MatchDetails>;

/** `GET /api/matches/:id/history` (entries kept loose: the review page reads them). */
export const MatchHistory = z
  .object({
    match: MatchSummary,
    perspective: z.enum(["spectator", "omniscient"]),
    rulesVersion: z.string(),
    setup: z.unknown(),
    seedCommitment: z.string(),
    seed: z.string().nullable(),
    setupEvents: z.array(z.unknown()),
    entries: z.array(z.object({ seq: z.number(), seat: z.string(), command: z.unknown(), events: z.array(z.unknown()), stateHash: z.string().nullable() })),
    /**
     * A mustered match's review starts here: the omniscient state after entry `seq` (the muster's
     * reveal), its hash the log's; the entries up to `seq` are the spectator's (drafts never
     * revealed stay secret), and `seed` is then the dice seed.
     */
    checkpoint: z.object({ seq: z.number(), state: z.unknown(), stateHash: z.string() }).optional(),
  })
  .passthrough();
export type MatchHistory = z.output<typeof MatchHistory>;

/** Filters of the match list. */
export interface MatchFilters {
  readonly ruleset?: string;
  readonly status?: MatchStatus;
  readonly player?: string;
  readonly limit?: number;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** The API over `fetchImpl` (default: the browser's fetch) at `base` (default: this origin). */
export function createApi(fetchImpl: FetchLike = (input, init) => fetch(input, init), base = "") {
  async function call<S extends z.ZodType>(schema: S, path: string, init?: RequestInit): Promise<z.output<S>> {
    let response: Response;
    try {
      const headers = { accept: "application/json", ...(init?.body ? { "content-type": "application/json" } : {}), ...(init?.headers as Record<string, string> | undefined) };
      response = await fetchImpl(`${base}/api${path}`, { ...init, headers });
    } catch {
      throw new ApiError("network_error", "The server cannot be reached.");
    }
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    if (!response.ok) {
      const parsed = ApiErrorBody.safeParse(body);
      if (parsed.success) throw new ApiError(parsed.data.error.code, parsed.data.error.message, parsed.data.error.details, response.status);
      throw new ApiError("server_error", `The server answered ${response.status}.`, undefined, response.status);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ApiError("bad_response", "The server's answer could not be read.", parsed.error.issues.slice(0, 5), response.status);
    return parsed.data;
  }

  return {
    /** `GET /api/rulesets` as the server sends it: every hosted ruleset's listing, each of its own shape. */
    listings: () => call(RulesetsResponse, "/rulesets").then((r) => r.rulesets),
    /** `POST /api/matches`: the seats' tokens and invite links (shown this once). */
    createMatch: (request: CreateMatchRequest) => call(CreateMatchResponse, "/matches", { method: "POST", body: JSON.stringify(request) }),
    /** `GET /api/matches` with filters, newest first. */
    listMatches: (filters: MatchFilters = {}) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== "") query.set(key, String(value));
      const qs = query.toString();
      return call(ListMatchesResponse, `/matches${qs ? `?${qs}` : ""}`).then((r) => r.matches);
    },
    /** `GET /api/matches/:id`. */
    getMatch: (matchId: string) => call(MatchDetails, `/matches/${encodeURIComponent(matchId)}`),
    /** `GET /api/matches/:id/host`: every seat's invite link and status (the host token in its header). */
    hostMatch: (matchId: string, hostToken: string) => call(HostMatchResponse, `/matches/${encodeURIComponent(matchId)}/host`, { headers: { [HOST_TOKEN_HEADER]: hostToken } }),
    /** `POST /api/matches/:id/host/seats/:seat/reissue`: a new invite for one seat (the old link stops working). */
    reissueSeat: (matchId: string, seat: string, hostToken: string) =>
      call(ReissueSeatResponse, `/matches/${encodeURIComponent(matchId)}/host/seats/${encodeURIComponent(seat)}/reissue`, { method: "POST", headers: { [HOST_TOKEN_HEADER]: hostToken } }),
    /** `GET /api/matches/:id/history`. */
    history: (matchId: string) => call(MatchHistory, `/matches/${encodeURIComponent(matchId)}/history`),
    /** `GET /api/matches/:id/chat` as a spectator while live, every audience once over. */
    chat: (matchId: string) => call(ChatHistory, `/matches/${encodeURIComponent(matchId)}/chat`),
  };
}

export type Api = ReturnType<typeof createApi>;

/** The API of this page's origin. */
export const api: Api = createApi();
