/**
 * Expiry of matches nobody ever joined: a live match none of whose seats was ever claimed, older
 * than the configured time, is marked `abandoned` and its room disposed (so it is not rebuilt at
 * the next start either). Runs once at start (before the live rooms are rebuilt) and then
 * periodically. With several processes (Redis) every process sweeps: rooms with a client on any
 * process are spared, and an abandoned match's room is closed on whichever process hosts it.
 */
import { matchMaker } from "@colyseus/core";
import type { Logger } from "pino";
import { roomPresence, type MatchRoom } from "./room.js";
import { currentHosting } from "./rooms.js";
import type { MatchStore, StoreOptions } from "./store/index.js";

/** The default time an unjoined match stays live: 24 hours, in ms. */
export const DEFAULT_UNJOINED_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * One sweep: abandons the live matches created more than `ttlMs` ago that no seat ever joined
 * (sparing rooms with a client connected right now) and disposes their rooms.
 * @returns the ids abandoned. @throws the store's error when the store fails (nothing disposed).
 */
export async function expireUnjoined(store: MatchStore, log: Logger, ttlMs: number, now = Date.now()): Promise<string[]> {
  const abandoned = await store.abandonUnclaimed(new Date(now - ttlMs), await busyRooms());
  await closeRooms(abandoned);
  for (const matchId of abandoned) log.info({ matchId, unjoinedForMs: ttlMs }, "match abandoned: no seat was joined in time");
  return abandoned;
}

/** The default time a live match nobody touches stays live: 14 days, in ms. */
export const DEFAULT_IDLE_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * One sweep: abandons the live matches nobody touched (no command, no claim, no timeout) for
 * `idleMs` (sparing rooms with a client connected right now) and closes their rooms.
 * @returns the ids abandoned. @throws the store's error when the store fails (nothing closed).
 */
export async function expireIdle(store: MatchStore, log: Logger, idleMs: number, now = Date.now()): Promise<string[]> {
  const abandoned = await store.abandonIdle(new Date(now - idleMs), await busyRooms());
  await closeRooms(abandoned);
  for (const matchId of abandoned) log.info({ matchId, idleForMs: idleMs }, "match abandoned: nobody touched it in time");
  return abandoned;
}

/**
 * The matches whose room has a person connected right now (on this process, or on any with
 * Redis): a room holding only its bots is not spared.
 */
async function busyRooms(): Promise<string[]> {
  const busy = [...roomPresence.keys()].filter((id) => (matchMaker.getLocalRoomById(id) as MatchRoom | undefined)?.hasPeople() ?? false);
  if (currentHosting().shared) for (const listing of await matchMaker.query({ name: "match" })) if (listing.clients > 0) busy.push(listing.roomId);
  return busy;
}

/** Closes the rooms of abandoned matches, on whichever process hosts them. */
async function closeRooms(ids: readonly string[]): Promise<void> {
  for (const matchId of ids) {
    const room = matchMaker.getLocalRoomById(matchId);
    if (room) await room.disconnect();
    else if (currentHosting().shared && (await matchMaker.getRoomById(matchId))) await matchMaker.remoteRoomCall(matchId, "disconnect").catch(() => undefined);
  }
}

/**
 * Sweeps every `min(ttlMs / 4, 15 min)` (at least 1 s); a failing sweep is logged and retried at
 * the next tick. The timer does not keep the process alive.
 * @returns `stop()` to end the sweeps.
 */
export function startExpiry(store: MatchStore, log: Logger, ttlMs: number, idleMs = DEFAULT_IDLE_TTL_MS): { stop(): void } {
  const every = Math.max(1000, Math.min(ttlMs / 4, idleMs / 4, 15 * 60 * 1000));
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expireUnjoined(store, log, ttlMs)
      .catch((error: unknown) => log.warn({ err: error }, "could not expire unjoined matches"))
      .then(() => expireIdle(store, log, idleMs))
      .catch((error: unknown) => log.warn({ err: error }, "could not expire idle matches"))
      .finally(() => (running = false));
  }, every);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** The default time between backups of the embedded data folder: 10 minutes, in ms. */
export const DEFAULT_BACKUP_INTERVAL_MS = 10 * 60 * 1000;

/** The data folder's backup settings for `openStore`, logging restores and failed backups. */
export function folderSafety(log: Logger, config: { readonly backupIntervalMs?: number }): Pick<StoreOptions, "backupIntervalMs" | "onRestore" | "onBackupError"> {
  return {
    backupIntervalMs: config.backupIntervalMs ?? 0,
    onRestore: (info) =>
      log.error(
        { ...info, backupTakenAt: info.backupTakenAt.toISOString() },
        `the data folder ${info.folder} would not open (${info.reason}); restored from the backup of ${info.backupTakenAt.toISOString()}: commands accepted after that time are lost; the folder that would not open is kept at ${info.brokenFolderKeptAt}`,
      ),
    onBackupError: (error) => log.warn({ err: error }, "could not back up the data folder (the previous backup stays)"),
  };
}
