/**
 * The match store: matches, their seats and their append-only logs (design.md principle 7), in
 * PostgreSQL (`databaseUrl`, through node-postgres) or in an embedded PGlite database (a data
 * folder, or memory). Both run the same drizzle schema (./schema.ts) and the same SQL migrations
 * (the top-level `migrations/` folder, applied by `openStore`).
 *
 * The embedded database runs in a worker thread (./embedded.ts), so its work never blocks the
 * event loop. Appends are group-committed (./group-commit.ts).
 *
 * Durability: `appendEntry` resolves once its row is committed. On PostgreSQL that is a
 * synchronous commit (fsync'd WAL, with the server's default settings). PGlite runs with
 * fsync=off: a committed row has been written to the operating system, so it survives the
 * server process being killed (tested), but not a power loss or a kernel crash; production
 * belongs on PostgreSQL.
 *
 * Database errors are `StoreDatabaseError`s, which never carry query parameters (seeds, token
 * hashes): see ./errors.ts.
 */
import { resolve } from "node:path";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { DrizzleMatchStore, type StoreDatabase } from "./drizzle-store.js";
import { openEmbeddedStore } from "./embedded.js";
import { cleanError, withCleanErrors } from "./errors.js";
import { nodePostgresRunner } from "./prepared.js";
import { StoreOpenError, type RestoreInfo } from "./folder.js";
import { findMigrationsFolder, MIGRATION_LOCK_KEY } from "./migrations.js";
import type { BackupResult } from "./backup.js";
import * as schema from "./schema.js";

export * from "./account-contract.js";
export * from "./lobby-contract.js";
export * from "./rating-contract.js";
export * from "./social-contract.js";
export * from "./notification-contract.js";
export * from "./push-contract.js";
export {
  DEFAULT_LIST_LIMIT,
  MAX_LIST_LIMIT,
  SequenceConflictError,
  UnknownMatchError,
  type ListFilter,
  type MatchRecord,
  type MatchStatus,
  type MatchStore,
  type NewMatch,
  type NewSeat,
  type StoredEntry,
  type AppendOptions,
  type AppendResult,
  type IdempotencyRecord,
  type HostAccess,
  type NewChatLine,
  type StoredChatLine,
  type StoredChatAudience,
} from "./contract.js";
export { isStoreUnavailable, StoreDatabaseError } from "./errors.js";
export { findMigrationsFolder } from "./migrations.js";
export { StoreOpenError, type RestoreInfo } from "./folder.js";
export type { BackupResult, BackupFile } from "./backup.js";
export { EmbeddedStore } from "./embedded.js";
export { DataDirLockedError } from "./lock.js";
import type { MatchStore } from "./contract.js";

/** Where `openStore` keeps the data. */
export interface StoreOptions {
  /**
   * A PostgreSQL connection string (postgres://user:password@host:port/database). When given,
   * the store uses a `pg.Pool` on it and `dataDir` is ignored.
   */
  databaseUrl?: string;
  /**
   * The folder of the embedded PGlite database, created when missing (with its parents). Used
   * only without `databaseUrl`; undefined = a PGlite database in memory, gone at `close()`. Only
   * one process may open a data folder at a time: it is locked (`<dataDir>.lock`, see ./lock.ts).
   */
  dataDir?: string;
  /** The drizzle-kit migrations folder; default: the workspace's top-level `migrations/`. */
  migrationsFolder?: string;
  /** Most connections the PostgreSQL pool opens (default 10). */
  poolSize?: number;
  /**
   * PGlite in a data folder only: milliseconds between backups of the folder (into
   * `<dataDir>.backup/`, ./backup.ts: a base right after opening, then increments; they never
   * stop play); 0 or undefined: none.
   */
  backupIntervalMs?: number;
  /** PGlite in a data folder only: told when a folder that would not open was restored from its backup. */
  onRestore?: (info: RestoreInfo) => void;
  /** PGlite in a data folder only: told when a backup fails (the previous one stays). */
  onBackupError?: (error: unknown) => void;
  /** PGlite in a data folder only: told when a backup file is complete (./backup.ts). */
  onBackup?: (result: BackupResult) => void;
}

/**
 * Opens the store and brings its schema up to date (applies the migrations not applied yet;
 * opening an up-to-date database changes nothing). On PostgreSQL the migration holds an advisory
 * lock, so servers starting together migrate one after the other.
 * @throws StoreOpenError (./folder.ts) naming the folder and the cause when a data folder cannot
 *   be used (locked by another process, no permission, read-only or full, will not open and has
 *   no usable backup).
 * @throws Error when the migrations folder cannot be found, the database cannot be reached or
 *   opened, or a migration fails (then nothing of that migration run is applied, and nothing is
 *   left open).
 */
export async function openStore(options: StoreOptions): Promise<MatchStore> {
  const migrationsFolder = findMigrationsFolder(options.migrationsFolder);
  if (options.databaseUrl) return openPostgres(options.databaseUrl, migrationsFolder, options.poolSize ?? 10);
  return openEmbeddedStore(options.dataDir === undefined ? undefined : resolve(options.dataDir), migrationsFolder, options);
}

async function openPostgres(databaseUrl: string, migrationsFolder: string, poolSize: number): Promise<MatchStore> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle client that loses its connection emits "error" on the pool; without a listener that
  // would crash the process. The pool drops that client and the next query opens a new one.
  pool.on("error", () => undefined);
  try {
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      try {
        await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new StoreOpenError(`cannot open the PostgreSQL database (DATABASE_URL): ${(cleanError(error) as Error).message}`, error);
  }
  const db = drizzleNodePg({ client: pool, schema }) as unknown as StoreDatabase;
  // Append batches go to the database at once on up to half the pool's connections: a commit then
  // never queues behind the one before it (each waits for the disk), and the other half serves
  // joins, listings and history.
  return withCleanErrors(new DrizzleMatchStore(db, () => pool.end(), { appendsInFlight: Math.max(1, Math.floor(poolSize / 2)), appendStatements: nodePostgresRunner(pool) }));
}
