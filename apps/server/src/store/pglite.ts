/**
 * Opening the embedded PGlite database in a data folder, with the folder's safety around it:
 * - one process per folder (./lock.ts);
 * - a clear error naming the folder and the cause when it cannot be used (missing permission,
 *   read-only or full file system, a file in the way), instead of PGlite's own aborts;
 * - a backup (`<folder>.backup.tar.gz`, PGlite's `dumpDataDir`, written atomically) taken after
 *   opening and then periodically, from which a folder that no longer opens is restored: the
 *   broken folder is kept aside (`<folder>.broken-<time>`) and `onRestore` says what was
 *   restored and from when (commands accepted after the backup are lost).
 */
import { accessSync, constants, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
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
  readonly backupFile: string;
  /** When the backup was written: commands accepted after it are lost. */
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

/** One line for a file system error: the cause in words and the code. */
function describe(error: unknown): string {
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

/** A PGlite database open in `folder` (absolute), with its lock, backups and `close()`. */
/**
 * Opens (or creates) the database in `folder` (absolute): probe, lock, open or restore.
 * @returns the client, `startBackups()` (call once the schema is migrated: a backup now, then
 *   every `backupIntervalMs`) and `close()` (waits for a backup in progress, releases the lock).
 * @throws StoreOpenError naming the folder and the cause.
 */
export async function openPgliteFolder(folder: string, options: PgliteFolderOptions = {}): Promise<{ client: PGlite; startBackups(): void; close(): Promise<void> }> {
  probe(folder);
  let lock: { release(): void };
  try {
    lock = lockDataDir(folder);
  } catch (error) {
    if ((error as Error).name === "DataDirLockedError") throw new StoreOpenError(`cannot open the data folder: ${(error as Error).message}`, error);
    throw new StoreOpenError(`cannot lock the data folder ${folder}: ${describe(error)}`, error);
  }
  const backupFile = `${folder}.backup.tar.gz`;
  let client: PGlite;
  try {
    client = await open(folder, backupFile, options);
  } catch (error) {
    lock.release();
    throw error;
  }
  let timer: ReturnType<typeof setInterval> | undefined;
  let backingUp: Promise<void> | null = null;
  const backup = () => {
    backingUp ??= writeBackup(client, backupFile)
      .catch((error: unknown) => options.onBackupError?.(error))
      .finally(() => (backingUp = null));
    return backingUp;
  };
  return {
    client,
    startBackups() {
      if (timer || !options.backupIntervalMs || options.backupIntervalMs <= 0) return;
      void backup();
      timer = setInterval(() => void backup(), options.backupIntervalMs);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      await backingUp;
      try {
        await client.close();
      } finally {
        lock.release();
      }
    },
  };
}

async function open(folder: string, backupFile: string, options: PgliteFolderOptions): Promise<PGlite> {
  try {
    return await PGlite.create(folder);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0]! : String(error);
    if (!existsSync(backupFile)) {
      throw new StoreOpenError(`cannot open the database in the data folder ${folder}: ${reason}; there is no backup (${backupFile}) to restore from`, error);
    }
    const backupTakenAt = statSync(backupFile).mtime;
    const brokenFolderKeptAt = `${folder}.broken-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    renameSync(folder, brokenFolderKeptAt);
    mkdirSync(folder);
    try {
      const restored = await PGlite.create({ dataDir: folder, loadDataDir: new Blob([readFileSync(backupFile)]) });
      options.onRestore?.({ folder, reason, backupFile, backupTakenAt, brokenFolderKeptAt });
      return restored;
    } catch (restoreError) {
      rmSync(folder, { recursive: true, force: true });
      renameSync(brokenFolderKeptAt, folder);
      throw new StoreOpenError(`cannot open the database in the data folder ${folder}: ${reason}; restoring ${backupFile} failed too: ${String(restoreError)}`, error);
    }
  }
}

/** Writes the database's dump to `file` atomically (a temporary file, then a rename). */
async function writeBackup(client: PGlite, file: string): Promise<void> {
  const dump = await client.dumpDataDir("gzip");
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
  renameSync(temporary, file);
}
