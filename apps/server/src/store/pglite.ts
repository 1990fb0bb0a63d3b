/**
 * Opening the embedded PGlite database in a data folder (in the store's worker thread,
 * ./embedded.ts, once ./folder.ts has checked and locked the folder):
 * - backups into `<folder>.backup/` (./backup.ts: a base, then increments, read in small chunks
 *   between the commands, never stopping play), one started right after opening, then one
 *   every `backupIntervalMs`, and a last increment when the store closes (so a folder damaged
 *   after a clean stop loses nothing acknowledged);
 * - a folder that no longer opens is restored: the broken folder is kept aside
 *   (`<folder>.broken-<time>`), a new database is created and migrated, the backup set is replayed
 *   (./restore.ts), and `onRestore` says from when (commands acknowledged after the last backup
 *   started are lost). A folder with only a backup of an earlier version
 *   (`<folder>.backup.tar.gz`, a whole-folder dump) is restored from that.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { BackupWriter, backupSet } from "./backup.js";
import { StoreOpenError, type PgliteFolderOptions } from "./folder.js";
import { createPglite, isNewFolder, templateCacheFile } from "./pglite-template.js";
import { backupSchema, restoreBackupSet } from "./restore.js";

/**
 * Migrates `client` to the schema of the first `count` migrations only (for a restore: the schema
 * a backup set was read from). @throws Error when `count` is more than this server knows.
 */
export type MigrateTo = (client: PGlite, count: number) => Promise<void>;

/** The opened folder: its client, its backups, and how to close it. */
export interface OpenedFolder {
  readonly client: PGlite;
  /** Call once the store serves: a backup now, then every `backupIntervalMs`. */
  startBackups(): void;
  /** Tells the backups of a committed change to a match (see `BackupWriter.touched`). */
  touched(matchId: string, seq?: number): void;
  /** Writes a backup now (waits for one in progress first); for tests and tools. */
  backupNow(): Promise<void>;
  /**
   * Waits for a backup in progress, writes a last increment once backups have started (every
   * command acknowledged before the close is then in the set), and closes the database.
   */
  close(): Promise<void>;
}

/**
 * Opens (or creates) the database in `folder` (absolute, claimed with `claimPgliteFolder`) and
 * runs `prepare` (the migrations) on it, or restores it from its backups when it no longer opens.
 * @throws StoreOpenError naming the folder and the cause.
 */
export async function openPgliteFolder(folder: string, options: PgliteFolderOptions, prepare: (client: PGlite) => Promise<void>, migrateTo?: MigrateTo): Promise<OpenedFolder> {
  const backupDir = `${folder}.backup`;
  const client = await open(folder, backupDir, options, prepare, migrateTo);
  const writer = options.backupIntervalMs && options.backupIntervalMs > 0 ? new BackupWriter(client, backupDir) : null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let backingUp: Promise<void> | null = null;
  const backup = (): Promise<void> => {
    if (!writer) return Promise.resolve();
    backingUp ??= writer
      .backup()
      .then((result) => options.onBackup?.(result))
      .catch((error: unknown) => options.onBackupError?.(error))
      .finally(() => (backingUp = null));
    return backingUp;
  };
  return {
    client,
    startBackups() {
      if (timer || !writer) return;
      void backup();
      timer = setInterval(() => void backup(), options.backupIntervalMs);
      timer.unref();
    },
    touched: (matchId, seq) => writer?.touched(matchId, seq),
    async backupNow() {
      while (backingUp) await backingUp;
      await backup();
    },
    async close() {
      const started = timer !== undefined;
      if (timer) clearInterval(timer);
      timer = undefined;
      while (backingUp) await backingUp;
      // The last increment: only the matches touched since the previous file, so a clean stop is quick.
      if (started) await backup();
      await client.close();
    },
  };
}

async function open(folder: string, backupDir: string, options: PgliteFolderOptions, prepare: (client: PGlite) => Promise<void>, migrateTo?: MigrateTo): Promise<PGlite> {
  let client: PGlite;
  try {
    client = isNewFolder(folder) ? await createPglite(templateCacheFile(options.workspace), folder) : await PGlite.create(folder);
  } catch (error) {
    return restore(folder, backupDir, options, prepare, error, migrateTo);
  }
  try {
    await prepare(client);
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return client;
}

async function restore(folder: string, backupDir: string, options: PgliteFolderOptions, prepare: (client: PGlite) => Promise<void>, error: unknown, migrateTo?: MigrateTo): Promise<PGlite> {
  const reason = error instanceof Error ? error.message.split("\n")[0]! : String(error);
  const files = backupSet(backupDir);
  const legacy = `${folder}.backup.tar.gz`;
  if (files.length === 0 && !existsSync(legacy)) {
    throw new StoreOpenError(`cannot open the database in the data folder ${folder}: ${reason}; there is no backup (${backupDir}) to restore from`, error);
  }
  const brokenFolderKeptAt = `${folder}.broken-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  renameSync(folder, brokenFolderKeptAt);
  mkdirSync(folder);
  let restored: PGlite | undefined;
  try {
    if (files.length > 0) {
      restored = await createPglite(templateCacheFile(options.workspace), folder);
      // The set's rows fit the schema they were read from: replay them into that schema, then
      // apply the migrations that came after (which fill new columns with their defaults).
      const schema = migrateTo ? await backupSchema(files[0]!) : undefined;
      if (schema !== undefined) await migrateTo!(restored, schema);
      else await prepare(restored);
      const set = await restoreBackupSet(restored, files);
      if (schema !== undefined) await prepare(restored);
      options.onRestore?.({ folder, reason, backupFile: backupDir, backupTakenAt: set.takenAt, brokenFolderKeptAt });
    } else {
      restored = await PGlite.create({ dataDir: folder, loadDataDir: new Blob([readFileSync(legacy)]) });
      await prepare(restored);
      options.onRestore?.({ folder, reason, backupFile: legacy, backupTakenAt: statSync(legacy).mtime, brokenFolderKeptAt });
    }
    return restored;
  } catch (restoreError) {
    await restored?.close().catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
    renameSync(brokenFolderKeptAt, folder);
    throw new StoreOpenError(`cannot open the database in the data folder ${folder}: ${reason}; restoring ${files.length > 0 ? backupDir : legacy} failed too: ${String(restoreError)}`, error);
  }
}
