/**
 * The `MatchStore` over drizzle, one implementation for both drivers (node-postgres and PGlite):
 * everything goes through the pg-core query builder or driver-neutral SQL. Appends go through
 * group commit (./group-commit.ts).
 */
import { and, asc, desc, eq, gt, inArray, isNull, lt, max, notInArray, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { StoreDatabase } from "./database.js";
import {
  DEFAULT_LIST_LIMIT,
  MAX_LIST_LIMIT,
  SequenceConflictError,
  UnknownMatchError,
  type AppendOptions,
  type AppendResult,
  type ClaimOutcome,
  type HostAccess,
  type IdempotencyRecord,
  type ListFilter,
  type MatchRecord,
  type MatchStatus,
  type MatchStore,
  type NewMatch,
  type NewChatLine,
  type NewSeat,
  type StoredChatLine,
  type StoredEntry,
} from "./contract.js";
import type { AccountStore } from "./account-contract.js";
import { DrizzleAccountStore } from "./drizzle-accounts.js";
import { DrizzleLobbyStore } from "./drizzle-lobby.js";
import { DrizzleRatingStore } from "./drizzle-ratings.js";
import { DrizzleNotificationStore } from "./drizzle-notifications.js";
import { UnboundMatches } from "./unbound-matches.js";
import { DrizzlePushStore } from "./drizzle-push.js";
import { DrizzleSocialStore } from "./drizzle-social.js";
import type { LobbyStore } from "./lobby-contract.js";
import type { RatingStore } from "./rating-contract.js";
import type { NotificationStore } from "./notification-contract.js";
import type { PushStore } from "./push-contract.js";
import type { SocialStore } from "./social-contract.js";
import { GroupCommit } from "./group-commit.js";
import type { StatementRunner } from "./prepared.js";
import { chatLines, entries, matches, seats } from "./schema.js";

export type { StoreDatabase } from "./database.js";

/** What both drivers' clients offer (node-postgres's `Pool`, PGlite): a query with its parameters. */
interface DriverClient {
  query(text: string, params: unknown[]): Promise<unknown>;
}

const dialect = new PgDialect();

/** The first key of the advisory lock a chat line holds while it is numbered (the second: the match id's hash). */
const CHAT_LOCK_CLASS = 0x63686174; // "chat"

/**
 * How the appends' statements run: on `statements` when given (./prepared.ts: prepared
 * statements), else straight on the driver's client (`db.$client`) when it has one, as text and
 * parameters (drizzle's own SQL rendering), else through `db.execute`. The appends read no
 * timestamps, so drizzle's per-query result parsers are not needed; skipping its query layer
 * halves the cost of a lone append's statement on the embedded database (0.24-0.30 against
 * 0.10-0.16 ms of CPU per single-row insert, measured in PGlite in memory). All return the
 * driver's result (`{ rows }`); an error is the driver's own, which the store cleans as usual.
 */
function appendExecutor(db: StoreDatabase, statements: StatementRunner | undefined): (query: SQL) => Promise<unknown> {
  const client = (db as { $client?: Partial<DriverClient> }).$client;
  const run = statements ?? (client && typeof client.query === "function" ? (client as DriverClient).query.bind(client) : undefined);
  if (!run) return (query) => db.execute(query);
  return (query) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return run(text, params);
  };
}

/** A JSON value for a NOT NULL jsonb column: null and undefined become JSON null (not SQL NULL). */
function jsonOf(value: unknown): unknown {
  return value === null || value === undefined ? sql`'null'::jsonb` : value;
}

/** Columns of `matches` a MatchRecord shows (never the seed). */
const recordColumns = {
  id: matches.id,
  ruleset: matches.ruleset,
  rulesVersion: matches.rulesVersion,
  scenario: matches.scenario,
  status: matches.status,
  setup: matches.setup,
  seedCommitment: matches.seedCommitment,
  options: matches.options,
  createdAt: matches.createdAt,
  finishedAt: matches.finishedAt,
  result: matches.result,
};

type MatchRow = Omit<MatchRecord, "seats">;

/** How a `DrizzleMatchStore` writes its appends. */
export interface AppendSettings {
  /** Most append batches written at once (./group-commit.ts): 1 for a single connection (the default), more over a pool. */
  readonly appendsInFlight?: number;
  /**
   * Nothing but this store writes the database (the embedded database); it then knows which
   * matches it created have no seat bound to an account (./unbound-matches.ts).
   */
  readonly soleWriter?: boolean;
  /** Runs the appends' statements (./prepared.ts: as prepared statements); default: the driver's client, each statement planned anew. */
  readonly appendStatements?: StatementRunner;
}

/** The `MatchStore` over a drizzle database; `release` closes the driver. */
export class DrizzleMatchStore implements MatchStore {
  private closed: Promise<void> | null = null;
  private readonly appends: GroupCommit;
  /** With `soleWriter`: the matches known to have no seat bound to an account. */
  private readonly unbound: UnboundMatches | null;
  readonly accounts: AccountStore;
  readonly lobby: LobbyStore;
  readonly ratings: RatingStore;
  readonly social: SocialStore;
  readonly notifications: NotificationStore;
  readonly push: PushStore;

  constructor(
    private readonly db: StoreDatabase,
    private readonly release: () => Promise<void>,
    { appendsInFlight = 1, soleWriter = false, appendStatements }: AppendSettings = {},
  ) {
    this.appends = new GroupCommit(appendExecutor(db, appendStatements), appendsInFlight);
    this.unbound = soleWriter ? new UnboundMatches() : null;
    this.accounts = new DrizzleAccountStore(db);
    this.lobby = new DrizzleLobbyStore(db);
    this.ratings = new DrizzleRatingStore(db);
    this.social = new DrizzleSocialStore(db);
    this.notifications = new DrizzleNotificationStore(db);
    this.push = new DrizzlePushStore(db);
  }

  async createMatch(match: NewMatch, newSeats: NewSeat[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(matches).values({
        id: match.id,
        ruleset: match.ruleset,
        rulesVersion: match.rulesVersion,
        scenario: match.scenario,
        status: "live",
        setup: jsonOf(match.setup),
        seed: match.seed,
        seedCommitment: match.seedCommitment,
        options: jsonOf(match.options),
        idempotencyKey: match.idempotency?.key ?? null,
        requestHash: match.idempotency?.requestHash ?? null,
        tokenSecret: match.tokenSecret ?? match.idempotency?.tokenSecret ?? null,
        hostTokenHash: match.hostTokenHash ?? null,
      });
      if (newSeats.length > 0) {
        await tx.insert(seats).values(
          newSeats.map((s, position) => ({
            matchId: match.id,
            seat: s.seat,
            position,
            playerName: s.playerName,
            playerNameFolded: s.playerName.toLowerCase(),
            tokenHash: s.tokenHash,
            claimKeyHash: s.claimKeyHash ?? null,
            accountId: s.accountId ?? null,
          })),
        );
      }
    });
    this.unbound?.created(match.id, newSeats);
  }

  async getMatch(id: string): Promise<MatchRecord | null> {
    const rows = await this.db.select(recordColumns).from(matches).where(eq(matches.id, id));
    const row = rows[0];
    if (!row) return null;
    const [record] = await this.withSeats([row]);
    return record ?? null;
  }

  async getSeed(id: string): Promise<string | null> {
    const rows = await this.db.select({ seed: matches.seed }).from(matches).where(eq(matches.id, id));
    return rows[0]?.seed ?? null;
  }

  async listMatches(filter: ListFilter): Promise<MatchRecord[]> {
    const conditions: SQL[] = [];
    if (filter.ruleset !== undefined) conditions.push(eq(matches.ruleset, filter.ruleset));
    if (filter.status !== undefined) conditions.push(eq(matches.status, filter.status));
    if (filter.player !== undefined) {
      // Case folding in JS, not SQL: lower() depends on the database's locale (ASCII only in "C").
      const needle = filter.player.toLowerCase();
      conditions.push(
        sql`exists (select 1 from ${seats} where ${seats.matchId} = ${matches.id} and strpos(${seats.playerNameFolded}, ${needle}) > 0)`,
      );
    }
    const requested = filter.limit ?? DEFAULT_LIST_LIMIT;
    const limit = Number.isFinite(requested) ? Math.min(MAX_LIST_LIMIT, Math.max(0, Math.floor(requested))) : DEFAULT_LIST_LIMIT;
    if (limit === 0) return [];
    const rows = await this.db
      .select(recordColumns)
      .from(matches)
      .where(and(...conditions))
      .orderBy(desc(matches.createdAt), desc(matches.createdOrder))
      .limit(limit);
    return this.withSeats(rows);
  }

  async seatForToken(matchId: string, tokenHash: string): Promise<string | null> {
    const rows = await this.db
      .select({ seat: seats.seat })
      .from(seats)
      .where(and(eq(seats.matchId, matchId), eq(seats.tokenHash, tokenHash)))
      .limit(1);
    return rows[0]?.seat ?? null;
  }

  async claimSeat(matchId: string, seat: string): Promise<void> {
    const updated = await this.db
      .update(seats)
      .set({ claimedAt: sql`now()` })
      .where(and(eq(seats.matchId, matchId), eq(seats.seat, seat), isNull(seats.claimedAt)))
      .returning({ seat: seats.seat });
    if (updated.length > 0) return;
    const existing = await this.db
      .select({ seat: seats.seat })
      .from(seats)
      .where(and(eq(seats.matchId, matchId), eq(seats.seat, seat)));
    if (existing.length === 0) throw new UnknownMatchError(matchId, `there is no seat "${seat}"`);
  }

  async appendEntry(matchId: string, entry: StoredEntry, options: AppendOptions = {}): Promise<AppendResult> {
    const finish = options.finish;
    if (finish && finish.status !== "finished" && finish.status !== "abandoned") {
      throw new TypeError(`a match ends "finished" or "abandoned", not "${String(finish.status)}"`);
    }
    if (!Number.isSafeInteger(entry.seq) || entry.seq < 1) {
      throw new SequenceConflictError(matchId, entry.seq, await this.appends.lastSeqOrUnknown(matchId));
    }
    const notify = this.unbound ? this.unbound.owable(matchId, options.notify) : options.notify;
    if (finish) this.unbound?.ended(matchId);
    // Group commit (./group-commit.ts): one plain multi-row insert for the appends of one round.
    return { owed: await this.appends.append(matchId, entry, finish, notify) };
  }

  async entries(matchId: string, after = 0): Promise<StoredEntry[]> {
    const rows = await this.db
      .select({ seq: entries.seq, seat: entries.seat, command: entries.command, events: entries.events, stateHash: entries.stateHash, commandId: entries.commandId, acceptedAt: entries.acceptedAt })
      .from(entries)
      .where(and(eq(entries.matchId, matchId), gt(entries.seq, after)))
      .orderBy(asc(entries.seq));
    // bigint columns may come back as strings; entries written without a time carry none.
    return rows.map(({ acceptedAt, ...row }) => (acceptedAt === null ? row : { ...row, acceptedAt: Number(acceptedAt) }));
  }

  async lastSeq(matchId: string): Promise<number> {
    const rows = await this.db
      .select({ last: max(entries.seq) })
      .from(entries)
      .where(eq(entries.matchId, matchId));
    return Number(rows[0]?.last ?? 0);
  }

  async finishMatch(matchId: string, status: "finished" | "abandoned", result: unknown): Promise<void> {
    if (status !== "finished" && status !== "abandoned") throw new TypeError(`a match ends "finished" or "abandoned", not "${String(status)}"`);
    this.unbound?.ended(matchId);
    const updated = await this.db
      .update(matches)
      .set({ status, result: result === undefined ? null : result, finishedAt: sql`now()` })
      .where(and(eq(matches.id, matchId), eq(matches.status, "live")))
      .returning({ id: matches.id });
    this.appends.forget(matchId);
    if (updated.length > 0) return;
    const existing = await this.db.select({ id: matches.id }).from(matches).where(eq(matches.id, matchId));
    if (existing.length === 0) throw new UnknownMatchError(matchId);
  }

  async liveMatchIds(): Promise<string[]> {
    const rows = await this.db
      .select({ id: matches.id })
      .from(matches)
      .where(eq(matches.status, "live"))
      .orderBy(asc(matches.createdAt), asc(matches.createdOrder));
    return rows.map((r) => r.id);
  }

  async findIdempotent(key: string, expiredBefore?: Date): Promise<({ matchId: string } & IdempotencyRecord) | null> {
    if (expiredBefore) {
      await this.db
        .update(matches)
        .set({ idempotencyKey: null })
        .where(and(eq(matches.idempotencyKey, key), lt(matches.createdAt, expiredBefore)));
    }
    const rows = await this.db
      .select({ matchId: matches.id, key: matches.idempotencyKey, requestHash: matches.requestHash, tokenSecret: matches.tokenSecret })
      .from(matches)
      .where(eq(matches.idempotencyKey, key));
    const row = rows[0];
    return row ? { matchId: row.matchId, key: row.key ?? key, requestHash: row.requestHash ?? "", tokenSecret: row.tokenSecret ?? "" } : null;
  }

  async claimInvite(matchId: string, seat: string, generation: number, claimKeyHash: string, tokenHash: string, accountId?: string): Promise<ClaimOutcome> {
    if (accountId) this.unbound?.bound(matchId);
    const updated = await this.db
      .update(seats)
      .set({ tokenHash, claimKeyHash, accountId: accountId ?? null })
      .where(and(eq(seats.matchId, matchId), eq(seats.seat, seat), eq(seats.tokenGeneration, generation), isNull(seats.claimKeyHash)))
      .returning({ seat: seats.seat });
    if (updated.length > 0) return "claimed";
    const rows = await this.db
      .select({ stale: sql<boolean>`${seats.tokenGeneration} <> ${generation}`, again: sql<boolean>`coalesce(${seats.claimKeyHash} = ${claimKeyHash}, false)` })
      .from(seats)
      .where(and(eq(seats.matchId, matchId), eq(seats.seat, seat)));
    const row = rows[0];
    if (!row) throw new UnknownMatchError(matchId, `there is no seat "${seat}"`);
    if (row.stale) return "stale";
    return row.again ? "again" : "taken";
  }

  async hostAccess(matchId: string, hostTokenHash: string): Promise<HostAccess | null> {
    return this.access(and(eq(matches.id, matchId), eq(matches.hostTokenHash, hostTokenHash)) as SQL, matchId);
  }

  async inviteAccess(matchId: string): Promise<HostAccess | null> {
    return this.access(eq(matches.id, matchId), matchId);
  }

  /** The token secret and seats of the match `where` selects; null when it selects none. */
  private async access(where: SQL, matchId: string): Promise<HostAccess | null> {
    const rows = await this.db.select({ tokenSecret: matches.tokenSecret }).from(matches).where(where);
    const row = rows[0];
    if (!row) return null;
    const seatRows = await this.db
      .select({ seat: seats.seat, playerName: seats.playerName, generation: seats.tokenGeneration, claimedAt: seats.claimedAt, claimed: sql<boolean>`${seats.claimKeyHash} is not null` })
      .from(seats)
      .where(eq(seats.matchId, matchId))
      .orderBy(asc(seats.position));
    return {
      tokenSecret: row.tokenSecret,
      seats: seatRows.map((s) => ({ seat: s.seat, playerName: s.playerName, generation: s.generation, joined: s.claimedAt !== null, claimed: Boolean(s.claimed) })),
    };
  }

  async reissueSeat(matchId: string, seat: string, fromGeneration: number, tokenHash: string): Promise<boolean> {
    const updated = await this.db
      .update(seats)
      .set({ tokenHash, tokenGeneration: fromGeneration + 1, claimKeyHash: null, accountId: null })
      .where(and(eq(seats.matchId, matchId), eq(seats.seat, seat), eq(seats.tokenGeneration, fromGeneration)))
      .returning({ seat: seats.seat });
    if (updated.length > 0) return true;
    const existing = await this.db
      .select({ seat: seats.seat })
      .from(seats)
      .where(and(eq(seats.matchId, matchId), eq(seats.seat, seat)));
    if (existing.length === 0) throw new UnknownMatchError(matchId, `there is no seat "${seat}"`);
    return false;
  }

  async abandonUnclaimed(cutoff: Date, keep: readonly string[] = []): Promise<string[]> {
    return this.abandonLive(cutoff, keep, sql`not exists (select 1 from ${seats} where ${seats.matchId} = ${matches.id} and ${seats.claimedAt} is not null)`);
  }

  async abandonIdle(cutoff: Date, keep: readonly string[] = []): Promise<string[]> {
    // A match played by correspondence (from its creation, or switched to by a `time_control` entry) is
    // left to its clock: a move may take days longer than the idle time.
    return this.abandonLive(
      cutoff,
      keep,
      sql`not exists (select 1 from ${entries} where ${entries.matchId} = ${matches.id} and ${entries.createdAt} >= ${cutoff.toISOString()}::timestamptz)
        and not (${matches.options} ? 'correspondence')
        and not exists (select 1 from ${entries} where ${entries.matchId} = ${matches.id} and ${entries.command}->>'referee' = 'time_control')`,
    );
  }

  /** Marks `abandoned` the live matches created before `cutoff`, not in `keep`, that meet `untouched`; ids oldest first. */
  private async abandonLive(cutoff: Date, keep: readonly string[], untouched: SQL): Promise<string[]> {
    const rows = await this.db
      .update(matches)
      .set({ status: "abandoned", result: null, finishedAt: sql`now()` })
      .where(and(eq(matches.status, "live"), lt(matches.createdAt, cutoff), keep.length > 0 ? notInArray(matches.id, [...keep]) : undefined, untouched))
      .returning({ id: matches.id, createdOrder: matches.createdOrder });
    return rows.sort((a, b) => a.createdOrder - b.createdOrder).map((r) => r.id);
  }

  async appendChat(matchId: string, line: NewChatLine): Promise<StoredChatLine> {
    if (line.audience !== "players" && line.audience !== "team" && line.audience !== "spectators") {
      throw new TypeError(`a chat line's audience is "players", "team" or "spectators", not "${String(line.audience)}"`);
    }
    if ((line.audience === "team") !== (line.team !== null)) throw new TypeError("a team line names its team, and only a team line does");
    const row = await this.db.transaction(async (tx) => {
      const found = await tx.select({ id: matches.id }).from(matches).where(eq(matches.id, matchId));
      if (found.length === 0) return null;
      // One line of a match at a time (whichever process posts it): its number follows the last
      // of its audience, read after the lock, and its time is taken after the lock too (so times
      // rise with numbers). The unique key refuses a duplicate in any case.
      await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(CHAT_LOCK_CLASS))}, hashtext(${matchId}))`);
      const sameAudience = and(eq(chatLines.matchId, matchId), eq(chatLines.audience, line.audience), line.team === null ? isNull(chatLines.team) : eq(chatLines.team, line.team));
      const [last] = await tx.select({ number: max(chatLines.number) }).from(chatLines).where(sameAudience);
      const number = (last?.number ?? 0) + 1;
      const [inserted] = await tx
        .insert(chatLines)
        .values({ matchId, audience: line.audience, team: line.team, seat: line.seat, name: line.name, text: line.text, logSeq: line.logSeq, number, createdAt: sql`clock_timestamp()` })
        .returning({ id: chatLines.id, number: chatLines.number, createdAt: chatLines.createdAt });
      return inserted ?? null;
    });
    if (!row) throw new UnknownMatchError(matchId);
    return { ...line, id: Number(row.id), number: row.number, at: row.createdAt.getTime() };
  }

  async chatLines(matchId: string, last?: number): Promise<StoredChatLine[]> {
    const limit = last === undefined || !Number.isFinite(last) ? null : Math.max(0, Math.floor(last));
    if (limit === 0) return [];
    // The last `limit` of each audience: numbers above the audience's highest minus `limit`.
    const recent =
      limit === null
        ? undefined
        : sql`${chatLines.number} > (select max(c.number) from ${chatLines} c where c.match_id = ${chatLines.matchId} and c.audience = ${chatLines.audience} and c.team is not distinct from ${chatLines.team}) - ${limit}`;
    const rows = await this.db
      .select({
        id: chatLines.id,
        audience: chatLines.audience,
        team: chatLines.team,
        seat: chatLines.seat,
        name: chatLines.name,
        text: chatLines.text,
        logSeq: chatLines.logSeq,
        number: chatLines.number,
        createdAt: chatLines.createdAt,
      })
      .from(chatLines)
      .where(and(eq(chatLines.matchId, matchId), recent))
      .orderBy(asc(chatLines.id));
    return rows.map(({ createdAt, id, ...rest }) => ({ ...rest, id: Number(id), at: createdAt.getTime() }));
  }

  close(): Promise<void> {
    this.closed ??= this.appends.idle().then(() => this.release());
    return this.closed;
  }

  /** Adds the seats (in their order) to match rows, with one query for all of them. */
  private async withSeats(rows: { id: string; status: string }[]): Promise<MatchRecord[]> {
    if (rows.length === 0) return [];
    const seatRows = await this.db
      .select({ matchId: seats.matchId, seat: seats.seat, playerName: seats.playerName, claimedAt: seats.claimedAt })
      .from(seats)
      .where(
        inArray(
          seats.matchId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(seats.matchId), asc(seats.position));
    const byMatch = new Map<string, MatchRecord["seats"]>();
    for (const s of seatRows) {
      const list = byMatch.get(s.matchId) ?? [];
      list.push({ seat: s.seat, playerName: s.playerName, claimed: s.claimedAt !== null });
      byMatch.set(s.matchId, list);
    }
    return rows.map((row) => ({ ...(row as MatchRow), status: row.status as MatchStatus, seats: byMatch.get(row.id) ?? [] }));
  }
}
