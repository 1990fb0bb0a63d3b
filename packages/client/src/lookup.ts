/**
 * Where the server is and what it says of a match: the page's origin as the default address, and
 * the REST lookup of a match's status (`GET /api/matches/:id`) a session asks when a room is not found.
 */
import type { MatchStatusLookup } from "./snapshot";

/** The server's address: the page's own origin (the server serves the client); "" outside a page. */
export function defaultEndpoint(): string {
  return (globalThis as { location?: { origin?: string } }).location?.origin ?? "";
}

/** A `MatchStatusLookup` asking the server at `endpoint` (an origin such as `http://127.0.0.1:2567`). */
export function matchStatusAt(endpoint: string): MatchStatusLookup {
  return async (matchId) => {
    try {
      const response = await fetch(`${endpoint}/api/matches/${encodeURIComponent(matchId)}`, { headers: { accept: "application/json" } });
      if (response.status === 404) return "missing";
      if (!response.ok) return null;
      const status = ((await response.json()) as { match?: { status?: unknown } })?.match?.status;
      return status === "live" || status === "finished" || status === "abandoned" ? status : null;
    } catch {
      return null;
    }
  };
}

/** Asks the page's own server for a match's status (see `MatchStatusLookup`). */
export const fetchMatchStatus: MatchStatusLookup = (matchId) => matchStatusAt(defaultEndpoint())(matchId);
