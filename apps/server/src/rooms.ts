/**
 * How match rooms come to exist: only through {@link openMatchRoom}, which the server calls for a
 * match it created or is rebuilding. Each call hands the room a one-time grant (128 random bits
 * that never leave the process) in its creation options; the room refuses a creation without a
 * valid grant (`MatchRoom.onCreate`), so neither a public matchmaking route nor any other path
 * can build a room, or a second copy of a live one, from client options.
 *
 * Rooms are always created on the process that asks (the server's `selectProcessIdToCreateRoom`
 * names this process: a grant never leaves it), and only after this process has claimed the
 * match ({@link Hosting}): with several processes, one at a time hosts a match. When a match's
 * host is gone, {@link ensureMatchRoom} (called on a `joinById`) rebuilds the room here from the
 * stored log.
 */
import { randomBytes } from "node:crypto";
import { matchMaker } from "@colyseus/core";
import { localHosting, type Hosting } from "./hosting.js";

const grants = new Map<string, string>();
const opening = new Map<string, Promise<void>>();
let hosting: Hosting = localHosting;

/** The presence channel on which a process asks every other one to restore its missing room listings (see `ensureMatchRoom`). */
export const RESTORE_LISTINGS = "fogwar:restore-listings";

/** The room's creation options: `{ matchId, grant }`. */
export interface MatchRoomOptions {
  readonly matchId: string;
  readonly grant: string;
}

/** A match that another live process hosts: its room is not opened here. */
export class HostedElsewhereError extends Error {
  constructor(readonly matchId: string) {
    super(`match ${matchId} is hosted by another process`);
    this.name = "HostedElsewhereError";
  }
}

/**
 * A match whose host process still holds its lease but no longer answers (it died a moment ago):
 * a join now would wait for it in vain; the lease lapses within seconds and the match can then be
 * rebuilt elsewhere. Joining again later works.
 */
export class HostUnavailableError extends Error {
  constructor(
    readonly matchId: string,
    readonly processId: string,
  ) {
    super(`match ${matchId}: its host process ${processId} does not answer (its lease has not lapsed yet)`);
    this.name = "HostUnavailableError";
  }
}

/** Sets how matches are assigned to processes (default: this process hosts all). */
export function useHosting(value: Hosting): void {
  hosting = value;
}

/** The hosting in use (see `useHosting`). */
export function currentHosting(): Hosting {
  return hosting;
}

/**
 * Creates the room of a stored match on this process (room id = match id), after claiming the
 * match; concurrent calls for one match share one creation.
 * @throws HostedElsewhereError when another live process hosts the match; the room's error when
 *   the match cannot be loaded or a room for it is open already; Redis's error when the claim
 *   cannot be made.
 */
export function openMatchRoom(matchId: string): Promise<void> {
  const pending = opening.get(matchId);
  if (pending) return pending;
  const created = create(matchId).finally(() => opening.delete(matchId));
  opening.set(matchId, created);
  return created;
}

async function create(matchId: string): Promise<void> {
  if (!(await hosting.claim(matchId))) throw new HostedElsewhereError(matchId);
  const grant = randomBytes(16).toString("hex");
  grants.set(matchId, grant);
  try {
    await matchMaker.createRoom("match", { matchId, grant } satisfies MatchRoomOptions);
  } catch (error) {
    if (!matchMaker.getLocalRoomById(matchId)) await hosting.release(matchId);
    throw error;
  } finally {
    if (grants.get(matchId) === grant) grants.delete(matchId);
  }
}

/**
 * Makes sure a match's room is open on a live process before a join looks it up: open here, or
 * hosted by another live process, or else (its host is gone, or it never had one since the
 * processes started) rebuilt here from the stored log when `isLive(matchId)` says the match is
 * live. With Redis, a room listing that a clean-up removed (Colyseus's sweep of a process it took
 * for dead, or a room closed by a host that lost its lease) is restored: here at once, on another
 * live host by asking every process to restore theirs (the join is then retried by the client).
 * Concurrent calls for one match share one creation.
 * @returns whether the room is open somewhere (false: no live match of that id).
 * @throws HostUnavailableError when the match's host holds its lease but no longer answers; the
 *   store's or Redis's error, or the room's error when the match cannot be rebuilt.
 */
export async function ensureMatchRoom(matchId: string, isLive: (matchId: string) => Promise<boolean>): Promise<boolean> {
  if (matchMaker.getLocalRoomById(matchId)) {
    if (hosting.shared && !(await matchMaker.getRoomById(matchId))) await matchMaker.restoreMissingRoomCaches();
    return true;
  }
  if (opening.has(matchId)) {
    await opening.get(matchId);
    return true;
  }
  const host = await hosting.liveHostElsewhere(matchId);
  if (host) {
    // Colyseus would wait for a dead host (2 s), health-check it (2 s more) and then remove all
    // its listings at once, racing with their rebuilds: the join is answered "try again" instead.
    if (!host.answering) throw new HostUnavailableError(matchId, host.processId);
    if (!(await matchMaker.getRoomById(matchId))) await matchMaker.presence.publish(RESTORE_LISTINGS, matchId);
    return true;
  }
  if (!(await isLive(matchId))) return false;
  try {
    await openMatchRoom(matchId);
  } catch (error) {
    if (!(error instanceof HostedElsewhereError)) throw error;
  }
  return true;
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
