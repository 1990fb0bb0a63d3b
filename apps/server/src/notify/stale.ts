/**
 * Whether an owed notification is still true when its turn to be sent comes (docs/design.md
 * "Notifications"): after an outage, or when quiet hours end, what is no longer so is dropped
 * (`stale`), never sent late.
 * - `your_move`, `time_running_out`: stale once the seat has made an entry after the one that
 *   owed it, or the match is over (or gone);
 * - `opponent_joined`: stale once the match is over (or gone);
 * - `match_over`: always true;
 * - `challenge_received`: stale once the challenge is no longer open.
 */
import type { MatchProgress } from "../store/index.js";
import { seatOfKey } from "./owe.js";

/** What staleness is judged on: the row's kind, match, cause and key. */
export interface StaleInput {
  readonly kind: string;
  readonly matchId: string | null;
  readonly causeSeq: number | null;
  readonly dedupeKey: string;
}

/**
 * Whether the notification is no longer true, given its match's progress (undefined: no such
 * match) and, for a challenge, whether it is still open.
 */
export function isStale(row: StaleInput, progress: MatchProgress | undefined, challengeOpen = true): boolean {
  switch (row.kind) {
    case "your_move":
    case "time_running_out": {
      if (!progress || progress.status !== "live") return true;
      const seat = seatOfKey(row.dedupeKey);
      return seat !== null && (progress.lastActs[seat] ?? 0) > (row.causeSeq ?? 0);
    }
    case "opponent_joined":
      return !progress || progress.status !== "live";
    case "match_over":
      return row.matchId !== null && !progress;
    case "challenge_received":
      return !challengeOpen;
    default:
      return true;
  }
}

/** The challenge id a `challenge_received` key names. */
export function challengeOfKey(key: string): string | null {
  const part = key.split("/")[1];
  return part === undefined ? null : decodeURIComponent(part);
}
