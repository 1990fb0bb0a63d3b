/**
 * How match rooms come to exist: only through {@link openMatchRoom}, which the server calls for a
 * match it created or is rebuilding. Each call hands the room a one-time grant (128 random bits
 * that never leave the process) in its creation options; the room refuses a creation without a
 * valid grant (`MatchRoom.onCreate`), so neither a public matchmaking route nor any other path
 * can build a room, or a second copy of a live one, from client options.
 */
import { randomBytes } from "node:crypto";
import { matchMaker } from "@colyseus/core";

const grants = new Map<string, string>();

/** The room's creation options: `{ matchId, grant }`. */
export interface MatchRoomOptions {
  readonly matchId: string;
  readonly grant: string;
}

/** Room creations in progress, by match id: a second call while one runs waits for it. */
const opening = new Map<string, Promise<void>>();

/**
 * Creates the room of a stored match (room id = match id). Calls for a match whose room is being
 * created share that creation (two requests replaying one idempotency key, say).
 * @throws the room's error when the match cannot be loaded, or when a room for it is open already.
 */
export function openMatchRoom(matchId: string): Promise<void> {
  const inFlight = opening.get(matchId);
  if (inFlight) return inFlight;
  const grant = randomBytes(16).toString("hex");
  grants.set(matchId, grant);
  const run = matchMaker
    .createRoom("match", { matchId, grant } satisfies MatchRoomOptions)
    .then(() => undefined)
    .finally(() => {
      opening.delete(matchId);
      if (grants.get(matchId) === grant) grants.delete(matchId);
    });
  opening.set(matchId, run);
  return run;
}

/**
 * Whether `options` carry the grant the server issued for their match (used once: a second
 * creation with the same options is refused), and no room for the match is open.
 */
export function takeRoomGrant(options: unknown): options is MatchRoomOptions {
  const { matchId, grant } = (options ?? {}) as Partial<Record<string, unknown>>;
  if (typeof matchId !== "string" || typeof grant !== "string") return false;
  if (grants.get(matchId) !== grant) return false;
  grants.delete(matchId);
  return matchMaker.getLocalRoomById(matchId) === undefined;
}
