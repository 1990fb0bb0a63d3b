/**
 * One process per embedded data folder: a lock file next to the folder (`<folder>.lock`) holding
 * the holder's pid, host name and start time, created exclusively (O_EXCL). Two PGlite processes
 * on one folder silently lose each other's acknowledged writes (the last writer's pages win), so
 * a second process refuses to start, naming the folder and the holder.
 *
 * A stale lock (its holder's pid is not running on this host, or is this process's own pid,
 * which after a container restart belonged to an earlier life; or an unreadable lock file older
 * than a minute, left half written) is taken over. The take-over
 * renames the lock aside and checks that what it moved is the stale lock it examined, so two
 * processes taking over at once cannot both win. A lock from another host (a shared folder) is
 * never taken over: remove it by hand when that host's server is gone.
 */
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";

/** Who holds a data folder's lock (the lock file's content). */
export interface LockHolder {
  readonly pid: number;
  readonly host: string;
  /** ISO time the holder took the lock. */
  readonly since: string;
  readonly nonce: string;
}

/** Thrown when another running process holds the data folder's lock. */
export class DataDirLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: LockHolder | null,
    readonly lockFile: string,
  ) {
    super(
      holder
        ? `the data folder ${folder} is in use by process ${holder.pid} on ${holder.host} (since ${holder.since}); stop that server first, or give this one another FOGWAR_DATA_DIR (lock file ${lockFile})`
        : `the data folder ${folder} is locked by another process (lock file ${lockFile} is being written or unreadable); if no server uses the folder, remove the lock file`,
    );
    this.name = "DataDirLockedError";
  }
}

/** Locks held by this process (folder -> nonce), so a second open in the same process is refused too. */
const held = new Map<string, string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // exists, owned by someone else
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const value = JSON.parse(readFileSync(file, "utf8")) as Partial<LockHolder>;
    if (typeof value.pid === "number" && typeof value.host === "string" && typeof value.nonce === "string") return value as LockHolder;
  } catch {
    // unreadable or half written
  }
  return null;
}

/**
 * Takes the lock of `folder` (an absolute path).
 * @returns `release()`, which removes the lock file (idempotent).
 * @throws DataDirLockedError when a running process (or this one) holds it.
 * @throws the file system's error (EACCES, EROFS, ENOSPC, ENOTDIR...) when the lock file cannot be written.
 */
export function lockDataDir(folder: string): { release(): void } {
  const file = `${folder}.lock`;
  if (held.has(folder)) throw new DataDirLockedError(folder, readHolder(file), file);
  const mine: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString(), nonce: randomBytes(8).toString("hex") };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o644);
      try {
        writeSync(fd, JSON.stringify(mine));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      held.set(folder, mine.nonce);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          held.delete(folder);
          if (readHolder(file)?.nonce === mine.nonce) unlinkSync(file);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 2) throw error;
    }
    const holder = readHolder(file);
    // An unreadable lock older than a minute was left half written by a process that died
    // between creating and writing it (a live one writes it at once).
    const abandoned = holder === null && ageMs(file) > 60_000;
    const stale = abandoned || (holder !== null && holder.host === mine.host && (holder.pid === process.pid || !isRunning(holder.pid)));
    if (!stale) throw new DataDirLockedError(folder, holder, file);
    // Move the stale lock aside, then check it is the one examined (not a fresh lock another
    // process took in between); if not, put it back and give up.
    const aside = `${file}.stale-${mine.nonce}`;
    try {
      renameSync(file, aside);
    } catch {
      continue; // someone else moved it: try again
    }
    if (readHolder(aside)?.nonce !== holder?.nonce) {
      try {
        linkSync(aside, file);
      } catch {
        // a third process locked meanwhile: it holds the lock
      }
      unlinkSync(aside);
      throw new DataDirLockedError(folder, readHolder(file), file);
    }
    unlinkSync(aside);
  }
}
