/**
 * A seat or spectator coming back to a finished match is refused before any welcome
 * (`match_over`), so the page holds neither the result nor the players' names. This asks the
 * match's public summary (`GET /api/matches/:id`: its ruleset, its seats' names and its result,
 * public once the match is over) so the page can still say who won, name the players and offer
 * the same game again. The REST client is its own chunk, loaded only here.
 */
import { useEffect, useState } from "react";
import type { MatchSummary } from "@fogwar/protocol";

/**
 * The summary of finished match `matchId` once `wanted` (the server said the match is over and
 * sent no welcome); null until it arrives, and when it cannot be read (the page then says only
 * that the match is over).
 */
export function useFinishedSummary(matchId: string, wanted: boolean): MatchSummary | null {
  const [summary, setSummary] = useState<MatchSummary | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    import("../api")
      .then(({ api }) => api.getMatch(matchId))
      .then(
        (details) => {
          if (live && details.match.status !== "live") setSummary(details.match);
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [matchId, wanted]);
  return summary;
}
