/**
 * The embedded database's data folder as the store's own thread sees it: checks that the folder
 * can be used and takes its lock (./lock.ts: one process per folder), with a clear error naming
 * the folder and the cause (missing permission, read-only or full file system, a file in the
 * way) instead of PGlite's own aborts. The database itself opens in the store's worker thread
 * (./pglite.ts, ./embedded.ts).
 */
import { accessSync, constants, mkdirSync, rmSync, writeFileSync } from "node:fs";
import type { BackupResult } from "./backup.js";
import { lockDataDir } from "./lock.js";

/** Thrown when the data folder cannot be used; the message names the folder and the cause. */
export class StoreOpenError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = "StoreOpenError";
  }
}

/** What `onRestore` is told after a folder was restored from its backup. */
export interface RestoreInfo {
  readonly folder: string;
  /** Why the folder would not open (PGlite's message). */
  readonly reason: string;
  /** The backup set's folder (`<folder>.backup`), or an earlier version's `<folder>.backup.tar.gz`. */
  readonly backupFile: string;
  /** When the last backup replayed was taken: commands acknowledged after it are lost. */
  readonly backupTakenAt: Date;
  /** Where the folder that would not open was moved. */
  readonly brokenFolderKeptAt: string;
}

/** Options of `openPgliteFolder`. */
export interface PgliteFolderOptions {
  /** Milliseconds between backups; 0 or undefined: no periodic backup (and none after opening). */
  readonly backupIntervalMs?: number;
  /** Told when the folder was restored from its backup. */
  readonly onRestore?: (info: RestoreInfo) => void;
  /** Told when a backup fails (the server keeps running; the previous backup stays). */
  readonly onBackupError?: (error: unknown) => void;
  /** Told when a backup file is complete. */
  readonly onBackup?: (result: BackupResult) => void;
  /** The fogwar workspace root, where a new database's template is kept (./pglite-template.ts); undefined: in memory only. */
  readonly workspace?: string;
}

const CAUSES: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "the file system is read-only",
  ENOSPC: "no space left on the device",
  EDQUOT: "the disk quota is exhausted",
  ENOTDIR: "a part of the path is a file, not a folder",
  EEXIST: "a file is in the way",
  ENOENT: "a part of the path does not exist",
};

/** One line for a file system error: the cause in words and the code (or the first line of its message). */
export function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code && CAUSES[code]) return `${CAUSES[code]} (${code})`;
  return error instanceof Error ? error.message.split("\n")[0]! : String(error);
}

/** Checks the folder exists (creating it) and takes a write: catches what PGlite would abort on. */
function probe(folder: string): void {
  try {
    mkdirSync(folder, { recursive: true });
    accessSync(folder, constants.R_OK | constants.W_OK | constants.X_OK);
    const file = `${folder}/.fogwar-write-test`;
    writeFileSync(file, Buffer.alloc(64 * 1024));
    rmSync(file);
  } catch (error) {
    throw new StoreOpenError(`cannot use the data folder ${folder}: ${describe(error)}`, error);
  }
}

/**
 * Makes sure `folder` (absolute) can be used and takes its lock (./lock.ts). Runs in the thread
 * that owns the store, so a second store on the folder in this process is refused too.
 * @returns the lock (`release()` when the database is closed).
 * @throws StoreOpenError naming the folder and the cause.
 */
export function claimPgliteFolder(folder: string): { release(): void } {
  probe(folder);
  try {
    return lockDataDir(folder);
  } catch (error) {
    if ((error as Error).name === "DataDirLockedError") throw new StoreOpenError(`cannot open the data folder: ${(error as Error).message}`, error);
    throw new StoreOpenError(`cannot lock the data folder ${folder}: ${describe(error)}`, error);
  }
}

