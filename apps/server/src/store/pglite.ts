/**
 * Opening the embedded PGlite database in a data folder (in the store's worker thread,
 * ./embedded.ts, once ./folder.ts has checked and locked the folder):
 * - a backup (`<folder>.backup.tar.gz`, PGlite's `dumpDataDir`, written atomically) taken after
 *   opening and then periodically, from which a folder that no longer opens is restored: the
 *   broken folder is kept aside (`<folder>.broken-<time>`) and `onRestore` says what was
 *   restored and from when (commands accepted after the backup are lost).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { StoreOpenError, type PgliteFolderOptions } from "./folder.js";

/**
 * Opens (or creates) the database in `folder` (absolute, claimed with `claimPgliteFolder`): opens
 * it, or restores it from its backup when it no longer opens.
 * @returns the client, `startBackups()` (call once the schema is migrated: a backup now, then
 *   every `backupIntervalMs`) and `close()` (waits for a backup in progress, closes the database).
 * @throws StoreOpenError naming the folder and the cause.
 */
export async function openPgliteFolder(folder: string, options: PgliteFolderOptions = {}): Promise<{ client: PGlite; startBackups(): void; close(): Promise<void> }> {
  const backupFile = `${folder}.backup.tar.gz`;
  const client = await open(folder, backupFile, options);
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
      await client.close();
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
