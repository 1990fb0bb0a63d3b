/**
 * Which seats each live match waits for, shared by the processes: the room that hosts a match
 * writes its awaited seats and its clocks (what its public clock field shows everyone) into a hash of
 * Colyseus's presence (Redis with several processes, this process's memory otherwise) after every
 * accepted command that changes them, and removes it when the match is over (a room that closes
 * while its match is live leaves it: the match waits for the same seats until a room moves it on).
 * "My games" reads it to mark "your move" and show the clocks. A match no room has opened since the presence started
 * (a restarted single process rebuilds them all at start) has no entry: not marked.
 */
import { matchMaker } from "@colyseus/core";
import type { ClockStatus } from "./clocks.js";

/** The presence hash: match id -> its `MatchTurn` (JSON). */
const AWAITING = "fogwar:awaiting";

/**
 * What a live match waits for: the awaited seats and, for a match with clocks, each clock's seats,
 * the time left on it (ms) at `at` (ms since the epoch), of which `activationMs` is the current
 * move's own, and whether it runs; a correspondence match's terms (public: the same as the room's
 * clock field).
 */
export interface MatchTurn {
  readonly seats: readonly string[];
  readonly clocks?: readonly { readonly seats: readonly string[]; readonly remainingMs: number; readonly activationMs?: number; readonly running: boolean }[];
  readonly at?: number;
  readonly correspondence?: { readonly daysPerMove: number; readonly vacationDays: number };
}

/** The turn a room shares from its public clock status and the seats it awaits. */
export function turnOf(status: ClockStatus, seats: readonly string[]): MatchTurn {
  if (status.kind === null) return { seats };
  const clocks = status.clocks.map((c) => ({ seats: c.seats, remainingMs: c.remainingMs, running: c.running, ...(status.correspondence ? { activationMs: c.activationMs } : {}) }));
  return { seats, at: status.at, clocks, ...(status.correspondence ? { correspondence: status.correspondence } : {}) };
}

/** Records what `matchId` waits for (no seats: it waits for nobody or is over, and is forgotten). */
export function publishAwaiting(matchId: string, turn: MatchTurn): void {
  void Promise.resolve(turn.seats.length > 0 ? matchMaker.presence.hset(AWAITING, matchId, JSON.stringify(turn)) : matchMaker.presence.hdel(AWAITING, matchId)).catch(() => undefined);
}

/** What each match waits for (unknown matches: absent). */
export async function awaitingOf(matchIds: readonly string[]): Promise<Map<string, MatchTurn>> {
  const out = new Map<string, MatchTurn>();
  await Promise.all(
    matchIds.map(async (id) => {
      const value = await Promise.resolve(matchMaker.presence.hget(AWAITING, id)).catch(() => null);
      if (typeof value === "string") out.set(id, JSON.parse(value) as MatchTurn);
    }),
  );
  return out;
}
