/**
 * Replaying a backup set (./backup.ts) into a freshly migrated embedded database: its base, then
 * each increment in order. Foreign keys are not checked while loading (`session_replication_role
 * = replica`: a file's rows come table by table), identity columns keep their values and their
 * sequences continue after the largest one. A file is streamed line by line (gunzip, readline),
 * so memory does not grow with the set.
 */
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import type { BackupFile, BackupLine } from "./backup.js";

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The schema a backup file was read from: the migrations applied then (its `begin` line), or
 * undefined for a file written before backups recorded it.
 * @throws Error when the file cannot be read.
 */
export async function backupSchema(file: BackupFile): Promise<number | undefined> {
  const lines = createInterface({ input: createReadStream(file.path).pipe(createGunzip()), crlfDelay: Infinity });
  try {
    for await (const text of lines) {
      if (text === "") continue;
      const line = JSON.parse(text) as BackupLine;
      return line.op === "begin" ? line.migrations : undefined;
    }
    return undefined;
  } finally {
    lines.close();
  }
}

/** What `restoreBackupSet` replayed. */
export interface RestoredSet {
  /** The files replayed, oldest first. */
  readonly files: readonly BackupFile[];
  /** When the last file replayed was started: commands acknowledged after it are not restored. */
  readonly takenAt: Date;
}

/**
 * Replays `files` (a base then its increments, as `backupSet` lists them) into `client` (a new
 * database with the schema migrated). A file that is unreadable or incomplete ends the replay
 * (the files before it stay applied); an unreadable base fails.
 * @throws Error when the base cannot be replayed.
 */
export async function restoreBackupSet(client: PGlite, files: readonly BackupFile[]): Promise<RestoredSet> {
  await client.exec("set session_replication_role = replica");
  const applied: BackupFile[] = [];
  let takenAt = new Date(0);
  try {
    for (const file of files) {
      try {
        takenAt = await client.transaction(async (tx) => replayFile(tx, file));
        applied.push(file);
      } catch (error) {
        if (applied.length === 0) throw error;
        break;
      }
    }
    await continueIdentities(client);
  } finally {
    await client.exec("set session_replication_role = default");
  }
  return { files: applied, takenAt };
}

type Tx = Parameters<Parameters<PGlite["transaction"]>[0]>[0];

async function insert(tx: Tx, table: string, rows: readonly unknown[]): Promise<void> {
  if (rows.length === 0) return;
  const t = quote(table);
  await tx.query(`insert into ${t} overriding system value select * from json_populate_recordset(null::${t}, $1::json) on conflict do nothing`, [JSON.stringify(rows)]);
}

/** Applies one file; @returns when it was started. @throws when it is unreadable or has no end. */
async function replayFile(tx: Tx, file: BackupFile): Promise<Date> {
  const lines = createInterface({ input: createReadStream(file.path).pipe(createGunzip()), crlfDelay: Infinity });
  let at: Date | null = null;
  let ended = false;
  for await (const text of lines) {
    if (text === "") continue;
    const line = JSON.parse(text) as BackupLine;
    switch (line.op) {
      case "begin":
        at = new Date(line.at);
        break;
      case "clear":
        await tx.query(`delete from ${quote(line.table)}`);
        break;
      case "rows":
        await insert(tx, line.table, line.rows);
        break;
      case "matches": {
        const ids = (line.matches as { id: string }[]).map((m) => m.id);
        await tx.query("delete from seats where match_id = any($1::text[])", [ids]);
        await tx.query("delete from matches where id = any($1::text[])", [ids]);
        await insert(tx, "matches", line.matches);
        await insert(tx, "seats", line.seats);
        await insert(tx, "entries", line.entries);
        break;
      }
      case "end":
        ended = true;
        break;
    }
  }
  if (!at || !ended) throw new Error(`the backup file ${file.path} is incomplete`);
  return at;
}

/** Sets every identity column's sequence past the largest value restored. */
async function continueIdentities(client: PGlite): Promise<void> {
  const identities = await client.query<{ table: string; column: string }>(
    "select table_name as table, column_name as column from information_schema.columns where table_schema = 'public' and is_identity = 'YES'",
  );
  for (const { table, column } of identities.rows) {
    const t = quote(table);
    const c = quote(column);
    await client.query(`select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${c}) from ${t}), 0) + 1, false)`, [t, column]);
  }
}
