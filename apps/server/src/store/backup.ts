/**
 * Backups of the embedded database that never stop play: logical, streamed and incremental.
 *
 * A backup set lives in `<folder>.backup/`: numbered gzip'd NDJSON files, a `base` (every row of
 * every table) followed by `increment`s. Each file is read from the database in small chunks
 * (`CHUNK_ROWS` rows by primary key, one short query each), so the commands of every match run
 * between two chunks and a backup holds the worker for a few milliseconds at a time, whatever the
 * folder's size; rows go straight into a gzip stream with back-pressure, so memory does not grow
 * with the folder. A file is written to `<name>.tmp`, fsync'd and renamed: a set only ever holds
 * complete files; a new base deletes the files before it once it is complete.
 *
 * An increment holds:
 * 1. the chat lines after the previous file's last one (`chat_lines` is append-only, numbered);
 * 2. every row of the other tables but `entries` (small: matches, seats, accounts, lobby...),
 *    each table first cleared at restore;
 * 3. for each match the store touched (committed a change to) since the previous file started
 *    its step 3, in one transaction per group of matches: the match's row, its seats and its log
 *    entries from the first sequence number appended since. The match log is append-only, so the
 *    log entries of a match nobody touched are already in an earlier file.
 * Step 3 starts after step 2 ends, so every match row in step 2 is either unchanged since the
 * previous file or replaced by its newer, consistent row of step 3; chat lines are read before
 * the matches they belong to. A base does the same with every chat line and log entry (steps 1-2
 * by chunks), then step 3 for the matches touched while it was read.
 *
 * What a backup holds: every command acknowledged before it started step 3 (an append is marked
 * touched once committed, before it is acknowledged). `restore.ts` replays a set.
 *
 * Each file's `begin` line records the schema it was read from: the number of migrations applied
 * (`migrations`). A server starts its set with a new base after its migrations ran, so one set has
 * one schema; a newer server restoring it migrates the new database to that schema first, replays
 * the set, then applies the migrations that came after (./pglite.ts).
 */
import { once } from "node:events";
import { createWriteStream, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { open, rename } from "node:fs/promises";
import { createGzip } from "node:zlib";
import type { PGlite, Transaction } from "@electric-sql/pglite";

/** Rows read by one chunk query (one short hold of the database). */
export const CHUNK_ROWS = 500;
/** Matches whose changes one step-3 transaction reads, at most. */
export const GROUP_MATCHES = 20;
/**
 * Rows (a match's row, seats and new log entries) one step-3 transaction reads, about: a group
 * closes when the next match would pass it, and a match with more new log entries than this has
 * them read first by chunks (`CHUNK_ROWS`, one query each), so no transaction holds the worker
 * for longer than a chunk does, however busy a match was while a base was read.
 */
export const GROUP_ROWS = 200;
/** Increments after which the next backup is a new base. */
export const INCREMENTS_PER_BASE = 24;

/** The append-only tables read incrementally (every other table is read whole). */
const INCREMENTAL = new Set(["entries", "chat_lines"]);

/** One line of a backup file (see the module's docstring). */
export type BackupLine =
  | { readonly op: "begin"; readonly kind: "base" | "increment"; readonly number: number; readonly at: string; readonly migrations?: number }
  | { readonly op: "clear"; readonly table: string }
  | { readonly op: "rows"; readonly table: string; readonly rows: readonly unknown[] }
  | { readonly op: "matches"; readonly matches: readonly unknown[]; readonly seats: readonly unknown[]; readonly entries: readonly unknown[] }
  | { readonly op: "end"; readonly lastChatId: number };

/** A file of a backup set, as named on disk. */
export interface BackupFile {
  readonly number: number;
  readonly kind: "base" | "increment";
  readonly path: string;
}

/** The complete files of the set in `dir`, oldest first, from its newest base on ([] when none). */
export function backupSet(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const files = names
    .map((name) => /^(\d{8})-(base|increment)\.ndjson\.gz$/.exec(name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ number: Number(m[1]), kind: m[2] as BackupFile["kind"], path: `${dir}/${m[0]}` }))
    .sort((a, b) => a.number - b.number);
  const base = files.map((f) => f.kind).lastIndexOf("base");
  return base < 0 ? [] : files.slice(base);
}

/** What one backup wrote. */
export interface BackupResult {
  readonly file: BackupFile;
  readonly bytes: number;
  readonly rows: number;
  /** Wall time of the whole backup, ms. */
  readonly ms: number;
  /** The longest single hold of the database (one query or one step-3 transaction), ms: how long a command could wait behind the backup. */
  readonly longestHoldMs: number;
  /** What that hold read: `<table> chunk`, `<table> whole` or `step 3 group`. */
  readonly longestHoldWhat: string;
  /** How many holds the backup took. */
  readonly holds: number;
}

/** A match touched since the previous step 3: the first log entry appended since (Infinity: none) and how many were. */
interface Touch {
  from: number;
  appended: number;
}

interface Table {
  readonly name: string;
  /** Primary key columns and their types (empty: none, read whole). */
  readonly key: readonly { readonly column: string; readonly type: string }[];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Writes the backups of one database into `dir` (`<folder>.backup`). `touched` must be told of
 * every committed change to a match (before it is acknowledged); `backup()` writes the next file
 * (a base first, then increments, a new base every `INCREMENTS_PER_BASE`).
 */
export class BackupWriter {
  private touchedSince = new Map<string, Touch>();
  private longestHold = { ms: 0, what: "" };
  private holds = 0;
  private lastChatId = 0;
  private nextNumber: number;
  private incrementsSinceBase = -1;
  private tables: Table[] | null = null;

  constructor(
    private readonly client: PGlite,
    private readonly dir: string,
  ) {
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(dir)) if (name.endsWith(".tmp")) rmSync(`${dir}/${name}`, { force: true });
    const existing = backupSet(dir);
    this.nextNumber = (existing.at(-1)?.number ?? 0) + 1;
  }

  /**
   * Records a committed change to `matchId`; `seq`: the sequence number of a log entry it
   * appended (the next increment reads the log from the smallest one).
   */
  touched(matchId: string, seq = Number.POSITIVE_INFINITY, appended = Number.isFinite(seq) ? 1 : 0): void {
    const before = this.touchedSince.get(matchId);
    if (before) {
      before.from = Math.min(before.from, seq);
      before.appended += appended;
    } else this.touchedSince.set(matchId, { from: seq, appended });
  }

  /** Runs one hold of the database (a query or a transaction), counts it and keeps the longest. */
  private async hold<T>(what: string, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await run();
    } finally {
      const ms = performance.now() - started;
      this.holds++;
      if (ms > this.longestHold.ms) this.longestHold = { ms, what };
    }
  }

  /** Writes the next file of the set (never two at once: the caller waits for the previous one). */
  async backup(): Promise<BackupResult> {
    const started = Date.now();
    const base = this.incrementsSinceBase < 0 || this.incrementsSinceBase >= INCREMENTS_PER_BASE;
    const file: BackupFile = { number: this.nextNumber, kind: base ? "base" : "increment", path: `${this.dir}/${String(this.nextNumber).padStart(8, "0")}-${base ? "base" : "increment"}.ndjson.gz` };
    if (base) this.touchedSince = new Map(); // what was committed so far is read whole below
    this.longestHold = { ms: 0, what: "" };
    this.holds = 0;
    const temporary = `${file.path}.tmp`;
    const gzip = createGzip({ level: 6 });
    const out = createWriteStream(temporary);
    gzip.pipe(out);
    let rows = 0;
    const write = async (line: BackupLine) => {
      if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, "drain");
    };
    try {
      const migrations = await this.migrationsApplied();
      await write({ op: "begin", kind: file.kind, number: file.number, at: new Date(started).toISOString(), ...(migrations !== undefined ? { migrations } : {}) });
      const tables = await this.listTables();
      // 1. chat lines (all of them in a base, the new ones in an increment), before their matches.
      let lastChatId = base ? 0 : this.lastChatId;
      const chat = tables.find((t) => t.name === "chat_lines");
      if (chat) {
        for await (const chunk of this.chunks(chat, lastChatId > 0 ? [String(lastChatId)] : null)) {
          rows += chunk.rows.length;
          lastChatId = Number(chunk.last[0]);
          await write({ op: "rows", table: chat.name, rows: chunk.rows });
        }
      }
      // 2. the other tables whole (and, in a base, the whole match log).
      for (const table of tables) {
        if (table.name === "chat_lines" || (!base && INCREMENTAL.has(table.name))) continue;
        await write({ op: "clear", table: table.name });
        for await (const chunk of this.chunks(table, null)) {
          rows += chunk.rows.length;
          await write({ op: "rows", table: table.name, rows: chunk.rows });
        }
      }
      // 3. the matches touched since: a busy match's log entries first by chunks, then each group
      //    of matches read in one transaction.
      const since = [...this.touchedSince];
      const touched = since.map(([id, t]) => ({ id, ...t }));
      this.touchedSince = new Map();
      try {
        const entries = tables.find((t) => t.name === "entries");
        for (const match of touched) {
          if (!entries || match.appended <= GROUP_ROWS || !Number.isFinite(match.from)) continue;
          // The log is append-only: entries read now never change, and the group's transaction
          // below reads the match's row with the entries after the last one read here.
          for await (const chunk of this.chunks(entries, [match.id, String(match.from - 1)], match.id)) {
            rows += chunk.rows.length;
            match.from = Number(chunk.last[1]) + 1;
            await write({ op: "rows", table: "entries", rows: chunk.rows });
          }
          match.appended = 0;
        }
        for (const group of groups(touched)) {
          const line = await this.hold("step 3 group", () => this.client.transaction((tx) => readMatches(tx, group)));
          rows += line.matches.length + line.seats.length + line.entries.length;
          await write(line);
        }
      } catch (error) {
        for (const [id, { from, appended }] of since) this.touched(id, from, appended); // read them again next time (this file is dropped)
        throw error;
      }
      await write({ op: "end", lastChatId });
      gzip.end();
      await once(out, "close");
      const handle = await open(temporary, "r+");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, file.path);
      this.lastChatId = lastChatId;
      this.nextNumber++;
      this.incrementsSinceBase = base ? 0 : this.incrementsSinceBase + 1;
      if (base) for (const old of readdirSync(this.dir)) if (/^\d{8}-/.test(old) && old < `${String(file.number).padStart(8, "0")}-`) rmSync(`${this.dir}/${old}`, { force: true });
      return { file, bytes: statSync(file.path).size, rows, ms: Date.now() - started, longestHoldMs: Math.round(this.longestHold.ms), longestHoldWhat: this.longestHold.what, holds: this.holds };
    } catch (error) {
      gzip.destroy();
      out.destroy();
      rmSync(temporary, { force: true });
      throw error;
    }
  }

  /** The public tables and their primary keys (read once). */
  /** The migrations applied to the database (drizzle's journal table), undefined when it has none. */
  private async migrationsApplied(): Promise<number | undefined> {
    try {
      const result = await this.client.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
      return result.rows[0]?.n;
    } catch {
      return undefined;
    }
  }

  private async listTables(): Promise<Table[]> {
    if (this.tables) return this.tables;
    const names = await this.client.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by tablename");
    const keys = await this.client.query<{ table: string; column: string; type: string }>(
      `select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type
         from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey::int2[])
        where i.indisprimary and n.nspname = 'public'
        order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
    );
    this.tables = names.rows.map(({ name }) => ({ name, key: keys.rows.filter((k) => k.table === name).map(({ column, type }) => ({ column, type })) }));
    return this.tables;
  }

  /**
   * The table's rows as JSON objects, CHUNK_ROWS at a time by primary key, after `after` (its
   * key's values as text); `matchId`: only that match's rows (the table's key starts with it).
   */
  private async *chunks(table: Table, after: string[] | null, matchId?: string): AsyncGenerator<{ rows: unknown[]; last: string[] }> {
    const t = quote(table.name);
    if (table.key.length === 0) {
      const all = await this.hold(`${table.name} whole`, () => this.client.query<{ j: unknown }>(`select row_to_json(t) as j from ${t} t`));
      if (all.rows.length > 0) yield { rows: all.rows.map((r) => r.j), last: [] };
      return;
    }
    const columns = table.key.map((k) => `t.${quote(k.column)}`).join(", ");
    const texts = table.key.map((k, i) => `t.${quote(k.column)}::text as k${i}`).join(", ");
    let last = after;
    const only = matchId === undefined ? "" : `t.${quote(table.key[0]!.column)} = $${table.key.length + 1}`;
    for (;;) {
      const past = last ? `(${columns}) > (${table.key.map((k, i) => `$${i + 1}::${k.type}`).join(", ")})` : "";
      const where = [past, only].filter((w) => w !== "").join(" and ");
      const values = [...(last ?? []), ...(matchId === undefined ? [] : [matchId])];
      const sql = `select row_to_json(t) as j, ${texts} from ${t} t ${where ? `where ${where}` : ""} order by ${columns} limit ${CHUNK_ROWS}`;
      const result = await this.hold(`${table.name} chunk`, () => this.client.query<Record<string, unknown>>(sql, values));
      if (result.rows.length === 0) return;
      const tail = result.rows.at(-1)!;
      last = table.key.map((_, i) => String(tail[`k${i}`]));
      yield { rows: result.rows.map((r) => r.j), last };
      if (result.rows.length < CHUNK_ROWS) return;
    }
  }
}

/** The touched matches in groups of at most GROUP_MATCHES matches and about GROUP_ROWS rows (a match's row, its seats, its new entries). */
function* groups<T extends Touch>(touched: readonly T[]): Generator<T[]> {
  let group: T[] = [];
  let rows = 0;
  for (const match of touched) {
    const cost = 3 + match.appended;
    if (group.length > 0 && (group.length >= GROUP_MATCHES || rows + cost > GROUP_ROWS)) {
      yield group;
      group = [];
      rows = 0;
    }
    group.push(match);
    rows += cost;
  }
  if (group.length > 0) yield group;
}

/** Step 3 for a group of matches: their rows, seats and the log entries from the given numbers, in one transaction. */
async function readMatches(tx: Transaction, group: readonly { readonly id: string; readonly from: number }[]): Promise<Extract<BackupLine, { op: "matches" }>> {
  const ids = group.map(({ id }) => id);
  const from = group.map(({ from: seq }) => (Number.isFinite(seq) ? seq : 2_147_483_647));
  const matches = await tx.query<{ j: unknown }>("select row_to_json(m) as j from matches m where m.id = any($1::text[])", [ids]);
  const seats = await tx.query<{ j: unknown }>("select row_to_json(s) as j from seats s where s.match_id = any($1::text[])", [ids]);
  // A lateral read per match: an index range of `entries_pkey` each. PGlite never analyzes its
  // tables (no autovacuum), and a plain join of `unnest` with `entries` is planned as a hash join
  // over a sequential scan of the whole log without statistics: a second and more at 1 GB.
  const entries = await tx.query<{ j: unknown }>(
    `select x.j from unnest($1::text[], $2::int[]) as f(id, seq)
       cross join lateral (select row_to_json(e) as j, e.seq from entries e where e.match_id = f.id and e.seq >= f.seq order by e.seq) x
      order by f.id, x.seq`,
    [ids, from],
  );
  return { op: "matches", matches: matches.rows.map((r) => r.j), seats: seats.rows.map((r) => r.j), entries: entries.rows.map((r) => r.j) };
}
