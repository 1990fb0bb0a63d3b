/**
 * Pure helpers of challenges and rematches: the open rematch of a finished match (offered by me
 * or to me), and the new match a challenge I sent became once accepted (it leaves my outgoing
 * list; the match then shows among my live ones).
 */
import type { MyMatch } from "@fogwar/protocol";
import type { ChallengeView, Challenges } from "../lobby/play-api";

/** The open rematch of `matchId`: `incoming` (offered to me), `outgoing` (by me), or null. */
export function rematchOf(challenges: Challenges, matchId: string): { side: "incoming" | "outgoing"; challenge: ChallengeView } | null {
  const incoming = challenges.incoming.find((c) => c.rematchOf === matchId);
  if (incoming) return { side: "incoming", challenge: incoming };
  const outgoing = challenges.outgoing.find((c) => c.rematchOf === matchId);
  return outgoing ? { side: "outgoing", challenge: outgoing } : null;
}

/**
 * The live match a challenge I sent became: one of `matches` that is live, of the challenge's
 * ruleset, against `challenge.player`, created at or after `since` (ms, less 5 s of clock skew);
 * the newest such, or null.
 */
export function acceptedMatch(matches: readonly MyMatch[], challenge: ChallengeView, since: number): MyMatch | null {
  const found = matches
    .filter((m) => m.status === "live" && m.ruleset === challenge.settings.ruleset && m.seats.some((s) => !m.mySeats.includes(s.seat) && s.playerName === challenge.player) && Date.parse(m.createdAt) >= since - 5000)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return found[0] ?? null;
}
