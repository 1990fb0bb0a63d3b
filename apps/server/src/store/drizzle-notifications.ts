/** The notification store over drizzle (./notification-contract.ts). */
import { eq, sql, type SQL } from "drizzle-orm";
import type { StoreDatabase } from "./database.js";
import type { MatchProgress, NewNotification, NotificationStore, SettledNotification, StoredNotification } from "./notification-contract.js";
import { entries, matches, notificationOutbox, notificationSettings, seats, serverKeys } from "./schema.js";

/** A time in ms as a timestamptz parameter. */
const at = (ms: number): SQL => sql`to_timestamp(${ms}::float8 / 1000)`;
/** A timestamptz column read as ms (float8: a number on both drivers). */
const ms = (column: SQL | typeof notificationOutbox.dueAt): SQL => sql`(extract(epoch from ${column}) * 1000)::float8`;

/**
 * The statement that owes `items` (a CTE's body, or a statement of its own): each row's account
 * is its `accountId`, or the account holding its seat now; rows with neither, and keys owed
 * before, write nothing. Used alone by `owe` and inside an append's statement (./group-commit.ts),
 * so a log entry and what it owes commit together.
 */
export function oweStatement(items: readonly NewNotification[]): SQL {
  const rows = items.map(
    (n) =>
      sql`(${n.accountId ?? null}::text, ${n.seat ?? null}::text, ${n.kind}::text, ${n.matchId}::text, ${n.causeSeq}::integer, ${n.dedupeKey}::text, ${JSON.stringify(n.payload ?? null)}::jsonb, ${n.owedAt}::float8, ${n.dueAt}::float8)`,
  );
  return sql`insert into ${notificationOutbox} (account_id, kind, match_id, cause_seq, dedupe_key, payload, owed_at, due_at)
    select coalesce(n.account_id, s.account_id), n.kind, n.match_id, n.cause_seq, n.dedupe_key, n.payload, to_timestamp(n.owed_at / 1000), to_timestamp(n.due_at / 1000)
    from (values ${sql.join(rows, sql`, `)}) as n(account_id, seat, kind, match_id, cause_seq, dedupe_key, payload, owed_at, due_at)
    left join ${seats} s on n.seat is not null and s.match_id = n.match_id and s.seat = n.seat
    where coalesce(n.account_id, s.account_id) is not null
    on conflict (dedupe_key) do nothing`;
}

/** The columns of a `StoredNotification`, times as ms. */
const stored = sql`id, account_id, kind, match_id, cause_seq, dedupe_key, payload, ${ms(sql`owed_at`)} as owed_at, ${ms(sql`due_at`)} as due_at, attempts, ${ms(sql`done_at`)} as done_at, outcome`;

interface Row {
  id: number | string;
  account_id: string;
  kind: string;
  match_id: string | null;
  cause_seq: number | null;
  dedupe_key: string;
  payload: unknown;
  owed_at: number | string;
  due_at: number | string;
  attempts: number;
  done_at: number | string | null;
  outcome: unknown;
}

const toStored = (r: Row): StoredNotification => ({
  id: Number(r.id),
  accountId: r.account_id,
  kind: r.kind,
  matchId: r.match_id,
  causeSeq: r.cause_seq,
  dedupeKey: r.dedupe_key,
  payload: r.payload,
  owedAt: Number(r.owed_at),
  dueAt: Number(r.due_at),
  attempts: Number(r.attempts),
  doneAt: r.done_at === null ? null : Number(r.done_at),
  outcome: r.outcome,
});

/** The rows of a `db.execute` result (both drivers return `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Notifications owed, notification settings and the server's keys in the match store's database. */
export class DrizzleNotificationStore implements NotificationStore {
  constructor(private readonly db: StoreDatabase) {}

  async serverKey(name: string, fresh: unknown): Promise<unknown> {
    await this.db.insert(serverKeys).values({ name, value: fresh }).onConflictDoNothing();
    const [row] = await this.db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, name));
    return row!.value;
  }

  async settingsOf(accountId: string): Promise<unknown> {
    const [row] = await this.db.select({ settings: notificationSettings.settings }).from(notificationSettings).where(eq(notificationSettings.accountId, accountId));
    return row?.settings ?? null;
  }

  async saveSettings(accountId: string, settings: unknown): Promise<void> {
    await this.db
      .insert(notificationSettings)
      .values({ accountId, settings })
      .onConflictDoUpdate({ target: notificationSettings.accountId, set: { settings, updatedAt: new Date() } });
  }

  async owe(notifications: readonly NewNotification[]): Promise<number> {
    if (notifications.length === 0) return 0;
    const result = await this.db.execute(sql`with owed as (${oweStatement(notifications)} returning 1) select count(*)::int as n from owed`);
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  }

  async claimDue(owner: string, now: number, leaseMs: number, limit: number): Promise<StoredNotification[]> {
    const n = Math.max(1, Math.min(1000, Math.floor(limit)));
    const result = await this.db.execute(sql`update ${notificationOutbox} set claimed_by = ${owner}, claimed_until = ${at(now + leaseMs)}, attempts = attempts + 1
      where id in (
        select id from ${notificationOutbox}
        where done_at is null and due_at <= ${at(now)} and (claimed_until is null or claimed_until < ${at(now)})
        order by due_at, id limit ${n} for update skip locked)
      returning ${stored}`);
    return rowsOf<Row>(result).map(toStored).sort((a, b) => a.dueAt - b.dueAt || a.id - b.id);
  }

  async settle(owner: string, now: number, settled: readonly SettledNotification[]): Promise<number[]> {
    if (settled.length === 0) return [];
    const values = settled.map((s) => sql`(${s.id}::bigint, ${s.done}::boolean, ${JSON.stringify(s.outcome ?? null)}::jsonb, ${s.dueAt ?? null}::float8)`);
    const result = await this.db.execute(sql`update ${notificationOutbox} o set
        done_at = case when v.done then ${at(now)} else null end,
        outcome = v.outcome,
        due_at = case when v.done or v.due_at is null then o.due_at else to_timestamp(v.due_at / 1000) end,
        claimed_by = null, claimed_until = null
      from (values ${sql.join(values, sql`, `)}) as v(id, done, outcome, due_at)
      where o.id = v.id and o.claimed_by = ${owner} and o.done_at is null and o.claimed_until >= ${at(now)}
      returning o.id`);
    return rowsOf<{ id: number | string }>(result).map((r) => Number(r.id));
  }

  async nextDue(): Promise<number | null> {
    const result = await this.db.execute(sql`select ${ms(sql`min(greatest(due_at, coalesce(claimed_until, due_at)))`)} as next from ${notificationOutbox} where done_at is null`);
    const next = rowsOf<{ next: number | string | null }>(result)[0]?.next;
    return next === null || next === undefined ? null : Number(next);
  }

  async matchProgress(matchIds: readonly string[]): Promise<MatchProgress[]> {
    if (matchIds.length === 0) return [];
    const ids = sql.join(
      [...new Set(matchIds)].map((id) => sql`${id}::text`),
      sql`, `,
    );
    const result = await this.db.execute(sql`select m.id, m.status, e.seat, max(e.seq) as last from ${matches} m left join ${entries} e on e.match_id = m.id where m.id in (${ids}) group by m.id, m.status, e.seat`);
    const out = new Map<string, MatchProgress>();
    for (const r of rowsOf<{ id: string; status: string; seat: string | null; last: number | string | null }>(result)) {
      const progress = out.get(r.id) ?? { matchId: r.id, status: r.status, lastActs: {} };
      if (r.seat !== null && r.last !== null) progress.lastActs[r.seat] = Number(r.last);
      out.set(r.id, progress);
    }
    return [...out.values()];
  }

  async lastSentAt(accountIds: readonly string[]): Promise<Record<string, number>> {
    if (accountIds.length === 0) return {};
    const ids = sql.join(
      [...new Set(accountIds)].map((id) => sql`${id}::text`),
      sql`, `,
    );
    const result = await this.db.execute(
      sql`select account_id, ${ms(sql`max(done_at)`)} as last from ${notificationOutbox} where account_id in (${ids}) and done_at is not null and outcome->>'outcome' = 'sent' group by account_id`,
    );
    return Object.fromEntries(rowsOf<{ account_id: string; last: number | string }>(result).map((r) => [r.account_id, Number(r.last)]));
  }

  async owedTo(accountId: string, limit = 100): Promise<StoredNotification[]> {
    const n = Math.max(1, Math.min(1000, Math.floor(limit)));
    const result = await this.db.execute(sql`select ${stored} from ${notificationOutbox} where account_id = ${accountId} order by id desc limit ${n}`);
    return rowsOf<Row>(result).map(toStored);
  }
}
