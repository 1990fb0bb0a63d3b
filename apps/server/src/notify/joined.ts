/**
 * Owing what is not a log entry: a player joining a match (an invite claimed, a lobby table
 * taken, a challenge accepted) owes `opponent_joined` to the other seats. It is owed right after
 * the claim or the match's creation commits, in a statement of its own: a server stopped between
 * the two loses that one notice (the seat is taken all the same, and the table and "my games"
 * show it); every notification caused by a log entry or a challenge is owed in the same
 * transaction instead.
 */
import { botSeatsOf } from "../bots/seats.js";
import { timeNow } from "../live.js";
import type { MatchRecord, MatchStore } from "../store/index.js";
import { oweJoined, type MatchInfo } from "./owe.js";
import { notifyOwed } from "./wake.js";

/** A stored match as its notifications name it (public). */
export function infoOf(record: MatchRecord): MatchInfo {
  return {
    matchId: record.id,
    ruleset: record.ruleset,
    scenario: record.scenario,
    players: record.seats.map((s) => ({ seat: s.seat, name: s.playerName })),
    bots: new Set(Object.keys(botSeatsOf(record.options))),
  };
}

/**
 * Owes `opponent_joined` to the other seats of `matchId` for the player who took `joined`
 * (`claim`: the seat's invite generation). Never throws: a failure is logged by the caller's `onError`.
 */
export async function owePlayerJoined(store: MatchStore, matchId: string, joined: string, claim: number, onError: (error: unknown) => void): Promise<void> {
  try {
    const record = await store.getMatch(matchId);
    if (!record || record.status !== "live") return;
    if ((await store.notifications.owe(oweJoined(infoOf(record), joined, claim, timeNow()))) > 0) notifyOwed();
  } catch (error) {
    onError(error);
  }
}
