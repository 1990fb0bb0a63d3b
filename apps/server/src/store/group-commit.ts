/**
 * The store's append path: group commit. The appends that arrive while the event loop runs one
 * round (across all matches) go to the database together, as one multi-row INSERT (with the
 * matches they finish updated in the same statement), and each caller's promise settles only
 * once that statement has committed: nothing acknowledged is ever lost. Up to `maxInFlight`
 * batches are written at once (each on its own connection of a pool: a batch's commit then never
 * waits for the one before it to reach the disk); an append of a match that is in a batch being
 * written waits for that batch and goes in a later one, so a match's entries are written in order.
 * With one batch at a time (the embedded database: one connection), later appends wait and form
 * the next batch.
 *
 * No subqueries on the way: each match has one writer, which appends 1, 2, 3, ... in order, so
 * the store keeps each match's last sequence number in memory (read once per match) and checks
 * the number there; the primary key (match_id, seq) settles what memory cannot know (another
 * process or store that appended meanwhile), and the foreign key refuses unknown matches. An
 * entry whose number memory does not expect (a duplicate, a gap, or memory out of date) is
 * checked against the database on its own, after the batch.
 *
 * A batch the database refuses (one entry with a value jsonb cannot hold, say) is retried entry
 * by entry, so one bad entry fails alone and the others are stored; every retried entry is
 * checked against the database's log end first, so a retry never leaves a gap.
 */
import { sql, type SQL } from "drizzle-orm";
import { SequenceConflictError, UnknownMatchError, type AppendOptions, type StoredEntry } from "./contract.js";
import { oweStatement } from "./drizzle-notifications.js";
import { entries, matches } from "./schema.js";

/**
 * Most entries one INSERT carries (8 parameters each, with the notifications they owe 9 each:
 * far below PostgreSQL's 65,535 for the few notifications an entry owes).
 */
export const MAX_BATCH = 500;

interface Pending {
  readonly matchId: string;
  readonly entry: StoredEntry;
  readonly finish: AppendOptions["finish"];
  readonly notify: AppendOptions["notify"];
  /** Settles the append with the notifications it stored (`AppendResult.owed`). */
  readonly resolve: (owed: number) => void;
  readonly reject: (error: unknown) => void;
}

/** The rows of a `db.execute` result (both drivers return `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The driver's error under drizzle's `DrizzleQueryError` (which wraps it as `cause`). */
function driverError(error: unknown): { code?: unknown; constraint?: unknown } {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return (typeof cause === "object" && cause !== null ? cause : error ?? {}) as { code?: unknown; constraint?: unknown };
}

/** The key of an entry's count of stored notifications: its match and number. */
const owedKey = (matchId: string, seq: number): string => `${matchId}\u0000${seq}`;

/** Batches appends; one instance per store. */
export class GroupCommit {
  private queue: Pending[] = [];
  private scheduled = false;
  /** The batches being written. */
  private readonly running = new Set<Promise<void>>();
  /** The matches with an entry in a batch being written. */
  private readonly writing = new Set<string>();
  /** Each match's last sequence number as this store last saw it committed (a lower bound). */
  private readonly lastSeqs = new Map<string, number>();

  /**
   * @param execute runs one SQL statement on the store's database (drizzle's `db.execute`).
   * @param maxInFlight most batches written at once (at least 1; at most the connections the
   *   database's pool holds, less some for everything else).
   */
  constructor(
    private readonly execute: (query: SQL) => Promise<unknown>,
    private readonly maxInFlight = 1,
  ) {}

  /**
   * Queues an append; resolves once it is committed, with how many of `notify` were stored (owed
   * to a seat bound to an account, not owed before). Rejects with `SequenceConflictError`,
   * `UnknownMatchError` or the database's error (uncleaned: the store cleans it).
   */
  append(matchId: string, entry: StoredEntry, finish: AppendOptions["finish"], notify?: AppendOptions["notify"]): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.queue.push({ matchId, entry, finish, notify, resolve, reject });
      this.schedule();
    });
  }

  /** Forgets what it knows of a match's log end (after `finishMatch`: no more appends expected). */
  forget(matchId: string): void {
    this.lastSeqs.delete(matchId);
  }

  /** Resolves once every queued append has settled. */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.scheduled || this.queue.length > 0) {
      if (this.running.size > 0) await Promise.all(this.running);
      else await new Promise((done) => setImmediate(done));
    }
  }

  /**
   * The match's last sequence number in the database.
   * @throws UnknownMatchError when there is no such match.
   */
  async lastSeqOrUnknown(matchId: string): Promise<number> {
    const known = await this.lastSeqsOf([matchId]);
    const last = known.get(matchId);
    if (last === undefined) throw new UnknownMatchError(matchId);
    return last;
  }

  private schedule(): void {
    if (this.scheduled || this.running.size >= this.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.start();
    });
  }

  /** Starts writing the next batch: the queued appends (at most MAX_BATCH) of matches not being written. */
  private start(): void {
    if (this.running.size >= this.maxInFlight) return;
    const batch: Pending[] = [];
    const later: Pending[] = [];
    for (const p of this.queue) {
      if (batch.length < MAX_BATCH && !this.writing.has(p.matchId)) batch.push(p);
      else later.push(p);
    }
    if (batch.length === 0) return;
    this.queue = later;
    for (const p of batch) this.writing.add(p.matchId);
    const run: Promise<void> = this.flush(batch)
      .catch((error: unknown) => {
        // Not expected (every failure is handed to its caller); never leave a caller waiting.
        for (const p of batch) p.reject(error);
      })
      .finally(() => {
        this.running.delete(run);
        for (const p of batch) this.writing.delete(p.matchId);
        if (this.queue.length > 0) this.schedule();
      });
    this.running.add(run);
    // More batches may start at once (the appends of matches this one does not hold).
    if (this.queue.length > 0) this.schedule();
  }

  private async flush(batch: Pending[]): Promise<void> {
    const unknown = [...new Set(batch.map((p) => p.matchId))].filter((id) => !this.lastSeqs.has(id));
    if (unknown.length > 0) {
      let read: Map<string, number>;
      try {
        read = await this.lastSeqsOf(unknown);
      } catch (error) {
        for (const p of batch) p.reject(error);
        return;
      }
      for (const [id, last] of read) this.lastSeqs.set(id, last);
    }
    const next = new Map<string, number>();
    const accepted: Pending[] = [];
    const unexpected: Pending[] = [];
    for (const p of batch) {
      const last = this.lastSeqs.get(p.matchId);
      if (last === undefined) {
        p.reject(new UnknownMatchError(p.matchId));
        continue;
      }
      const expected = next.get(p.matchId) ?? last + 1;
      if (p.entry.seq === expected) {
        accepted.push(p);
        next.set(p.matchId, expected + 1);
      } else unexpected.push(p);
    }
    if (accepted.length > 0) {
      try {
        const owed = await this.write(accepted);
        for (const p of accepted) this.committed(p);
        for (const p of accepted) p.resolve(owed.get(owedKey(p.matchId, p.entry.seq)) ?? 0);
      } catch (error) {
        for (const p of accepted) this.lastSeqs.delete(p.matchId);
        if (accepted.length === 1) await this.settleAlone(accepted[0]!, error);
        else for (const p of accepted) await this.checked(p);
      }
    }
    for (const p of unexpected) await this.checked(p);
  }

  /** Records a committed entry: the match's log end moves on; a finished match is forgotten. */
  private committed(p: Pending): void {
    if (p.finish) this.lastSeqs.delete(p.matchId);
    else this.lastSeqs.set(p.matchId, Math.max(this.lastSeqs.get(p.matchId) ?? 0, p.entry.seq));
  }

  /** One entry on its own: checked against the database's log end, then written. */
  private async checked(p: Pending): Promise<void> {
    let last: number;
    try {
      last = await this.lastSeqOrUnknown(p.matchId);
    } catch (error) {
      p.reject(error);
      return;
    }
    if (p.entry.seq !== last + 1) {
      this.lastSeqs.set(p.matchId, last);
      p.reject(new SequenceConflictError(p.matchId, p.entry.seq, last));
      return;
    }
    try {
      const owed = await this.write([p]);
      this.committed(p);
      p.resolve(owed.get(owedKey(p.matchId, p.entry.seq)) ?? 0);
    } catch (error) {
      this.lastSeqs.delete(p.matchId);
      await this.settleAlone(p, error);
    }
  }

  /** Hands a failed single-entry write's error to its caller, in the contract's terms. */
  private async settleAlone(p: Pending, error: unknown): Promise<void> {
    const { code, constraint } = driverError(error);
    if (code === "23505" && constraint === "entries_match_id_seq_pk") {
      // Another writer stored that number first.
      try {
        p.reject(new SequenceConflictError(p.matchId, p.entry.seq, await this.lastSeqOrUnknown(p.matchId)));
      } catch (readError) {
        p.reject(readError);
      }
    } else if (code === "23503" && constraint === "entries_match_id_matches_id_fk") {
      p.reject(new UnknownMatchError(p.matchId));
    } else p.reject(error);
  }

  /**
   * One statement: the entries, the notifications they owe (../notify: in the same statement, so
   * both commit or neither) and the matches they finish (only while live).
   * @returns the notifications stored per entry (`owedKey`); entries absent stored none.
   */
  private async write(batch: readonly Pending[]): Promise<Map<string, number>> {
    const rows = batch.map(
      ({ matchId, entry }) =>
        sql`(${matchId}::text, ${entry.seq}::integer, ${entry.seat}::text, ${JSON.stringify(entry.command ?? null)}::jsonb, ${JSON.stringify(entry.events ?? null)}::jsonb, ${entry.stateHash}::text, ${entry.commandId ?? null}::text, ${entry.acceptedAt ?? null}::bigint)`,
    );
    const insert = sql`insert into ${entries} (match_id, seq, seat, command, events, state_hash, command_id, accepted_at) values ${sql.join(rows, sql`, `)}`;
    const finishes = batch.filter((p) => p.finish);
    const owed = batch.flatMap((p) => p.notify ?? []);
    if (finishes.length === 0 && owed.length === 0) {
      await this.execute(insert);
      return new Map();
    }
    // Data-modifying CTEs run once and to completion whether read or not: one atomic statement.
    const parts: SQL[] = [sql`inserted as (${insert} returning 1)`];
    if (finishes.length > 0) {
      const values = finishes.map(({ matchId, finish }) => {
        const result = finish!.result === undefined || finish!.result === null ? null : JSON.stringify(finish!.result);
        return sql`(${matchId}::text, ${finish!.status}::text, ${result}::jsonb)`;
      });
      parts.push(sql`finished as (update ${matches} set status = f.status, result = f.result, finished_at = now()
        from (values ${sql.join(values, sql`, `)}) as f(id, status, result)
        where ${matches.id} = f.id and ${matches.status} = 'live' returning 1)`);
    }
    if (owed.length === 0) {
      await this.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
      return new Map();
    }
    // The rows stored (a seat bound to an account, a key not owed before), counted per entry.
    parts.push(sql`owed as (${oweStatement(owed)} returning match_id, cause_seq)`);
    const counted = rowsOf<{ match_id: string; cause_seq: number | string; n: number | string }>(
      await this.execute(sql`with ${sql.join(parts, sql`, `)} select match_id, cause_seq, count(*) as n from owed group by match_id, cause_seq`),
    );
    return new Map(counted.map((r) => [owedKey(r.match_id, Number(r.cause_seq)), Number(r.n)]));
  }

  /** The last sequence number of each of these matches that exists (0: no entries yet). */
  private async lastSeqsOf(ids: readonly string[]): Promise<Map<string, number>> {
    const list = sql.join(
      ids.map((id) => sql`${id}::text`),
      sql`, `,
    );
    const rows = rowsOf<{ id: string; last: number | string }>(
      // A subquery per match: a backward scan of `entries_pkey` that stops at the first row. As a
      // join, PGlite (never analyzed: it has no autovacuum) planned a sequential scan of the whole
      // log for a few dozen matches at once, as after a restart: seconds at 1 GB.
      await this.execute(sql`select m.id, coalesce((select max(e.seq) from ${entries} e where e.match_id = m.id), 0) as last from ${matches} m where m.id in (${list})`),
    );
    return new Map(rows.map((r) => [r.id, Number(r.last)]));
  }
}
