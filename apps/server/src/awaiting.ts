/**
 * Which seats each live match waits for, shared by the processes: the room that hosts a match
 * writes its awaited seats (the same list its public clock field shows everyone) into a hash of
 * Colyseus's presence (Redis with several processes, this process's memory otherwise) after every
 * accepted command that changes them, and removes it when the match is over (a room that closes
 * while its match is live leaves it: the match waits for the same seats until a room moves it on).
 * "My games" reads it to mark "your move". A match no room has opened since the presence started
 * (a restarted single process rebuilds them all at start) has no entry: not marked.
 */
import { matchMaker } from "@colyseus/core";

/** The presence hash: match id -> the awaited seats (JSON array). */
const AWAITING = "fogwar:awaiting";

/** Records the seats `matchId` waits for ([] when it waits for nobody or is over). */
export function publishAwaiting(matchId: string, seats: readonly string[]): void {
  void Promise.resolve(seats.length > 0 ? matchMaker.presence.hset(AWAITING, matchId, JSON.stringify(seats)) : matchMaker.presence.hdel(AWAITING, matchId)).catch(() => undefined);
}

/** The awaited seats of each match (unknown matches: none). */
export async function awaitingOf(matchIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  await Promise.all(
    matchIds.map(async (id) => {
      const value = await Promise.resolve(matchMaker.presence.hget(AWAITING, id)).catch(() => null);
      if (typeof value === "string") out.set(id, JSON.parse(value) as string[]);
    }),
  );
  return out;
}
