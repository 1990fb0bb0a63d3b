/** The `SocialStore` over drizzle (both drivers): challenges, blocks and reports (./social-contract.ts). */
import { and, count, desc, eq, gte, isNotNull, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { StoreDatabase } from "./database.js";
import { oweStatement } from "./drizzle-notifications.js";
import type { NewNotification } from "./notification-contract.js";
import { accounts, blocks, challenges, chatLines, reports, seats } from "./schema.js";
import type { BlockRecord, ChallengeRecord, ChallengeStatus, NewChallenge, NewReport, ReportRecord, SocialStore } from "./social-contract.js";

const fromAccounts = alias(accounts, "from_accounts");
const toAccounts = alias(accounts, "to_accounts");

/** The columns a `ChallengeRecord` is read from. */
const challengeColumns = {
  id: challenges.id,
  fromAccount: challenges.fromAccount,
  fromName: fromAccounts.name,
  toAccount: challenges.toAccount,
  toName: toAccounts.name,
  settings: challenges.settings,
  rematchOf: challenges.rematchOf,
  status: challenges.status,
  matchId: challenges.matchId,
  createdAt: challenges.createdAt,
};

type ChallengeRow = Omit<ChallengeRecord, "createdAt" | "status"> & { status: string; createdAt: Date };
const toChallenge = (row: ChallengeRow): ChallengeRecord => ({ ...row, status: row.status as ChallengeStatus, createdAt: row.createdAt.getTime() });

/** A transaction-scoped advisory lock on a key (serialises the checks and the insert that follow). */
const lockKey = (key: string) => sql`select pg_advisory_xact_lock(hashtext(${key}))`;

/** The `SocialStore` over a drizzle database (the match store's own). */
export class DrizzleSocialStore implements SocialStore {
  constructor(private readonly db: StoreDatabase) {}

  private selectChallenges() {
    return this.db.select(challengeColumns).from(challenges).innerJoin(fromAccounts, eq(fromAccounts.id, challenges.fromAccount)).innerJoin(toAccounts, eq(toAccounts.id, challenges.toAccount));
  }

  async createChallenge(challenge: NewChallenge, maxOpen: number, notify: readonly NewNotification[] = []): Promise<{ outcome: "created" } | { outcome: "too_many" } | { outcome: "existing"; id: string }> {
    return this.db.transaction(async (tx) => {
      if (challenge.rematchOf !== undefined) {
        await tx.execute(lockKey(`rematch:${challenge.rematchOf}`));
        const pair = or(
          and(eq(challenges.fromAccount, challenge.fromAccount), eq(challenges.toAccount, challenge.toAccount)),
          and(eq(challenges.fromAccount, challenge.toAccount), eq(challenges.toAccount, challenge.fromAccount)),
        );
        const existing = await tx
          .select({ id: challenges.id })
          .from(challenges)
          .where(and(eq(challenges.rematchOf, challenge.rematchOf), eq(challenges.status, "open"), pair));
        if (existing[0]) return { outcome: "existing" as const, id: existing[0].id };
      }
      await tx.execute(lockKey(`challenges-from:${challenge.fromAccount}`));
      const [open] = await tx
        .select({ n: count() })
        .from(challenges)
        .where(and(eq(challenges.fromAccount, challenge.fromAccount), eq(challenges.status, "open")));
      if ((open?.n ?? 0) >= maxOpen) return { outcome: "too_many" as const };
      await tx.insert(challenges).values({
        id: challenge.id,
        fromAccount: challenge.fromAccount,
        toAccount: challenge.toAccount,
        settings: challenge.settings,
        rematchOf: challenge.rematchOf ?? null,
        status: "open",
      });
      if (notify.length > 0) await tx.execute(oweStatement(notify));
      return { outcome: "created" as const };
    });
  }

  async challengeById(id: string): Promise<ChallengeRecord | null> {
    const rows = await this.selectChallenges().where(eq(challenges.id, id));
    return rows[0] ? toChallenge(rows[0]) : null;
  }

  async openChallengesOf(accountId: string): Promise<{ incoming: ChallengeRecord[]; outgoing: ChallengeRecord[] }> {
    const [incoming, outgoing] = await Promise.all([
      this.selectChallenges()
        .where(and(eq(challenges.toAccount, accountId), eq(challenges.status, "open")))
        .orderBy(desc(challenges.createdAt))
        .limit(200),
      this.selectChallenges()
        .where(and(eq(challenges.fromAccount, accountId), eq(challenges.status, "open")))
        .orderBy(desc(challenges.createdAt))
        .limit(200),
    ]);
    return { incoming: incoming.map(toChallenge), outgoing: outgoing.map(toChallenge) };
  }

  async closeChallenge(id: string, status: Exclude<ChallengeStatus, "open">): Promise<boolean> {
    const rows = await this.db
      .update(challenges)
      .set({ status })
      .where(and(eq(challenges.id, id), eq(challenges.status, "open")))
      .returning({ id: challenges.id });
    return rows.length === 1;
  }

  async reopenChallenge(id: string): Promise<void> {
    await this.db
      .update(challenges)
      .set({ status: "open" })
      .where(and(eq(challenges.id, id), eq(challenges.status, "accepted"), isNull(challenges.matchId)));
  }

  async setChallengeMatch(id: string, matchId: string): Promise<void> {
    await this.db.update(challenges).set({ matchId }).where(eq(challenges.id, id));
  }

  async block(blocker: string, blocked: string, max: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.execute(lockKey(`blocks:${blocker}`));
      const already = await tx
        .select({ blocked: blocks.blocked })
        .from(blocks)
        .where(and(eq(blocks.blocker, blocker), eq(blocks.blocked, blocked)));
      if (already.length === 0) {
        const [held] = await tx.select({ n: count() }).from(blocks).where(eq(blocks.blocker, blocker));
        if ((held?.n ?? 0) >= max) return false;
        await tx.insert(blocks).values({ blocker, blocked }).onConflictDoNothing();
      }
      await tx
        .update(challenges)
        .set({ status: "withdrawn" })
        .where(and(eq(challenges.fromAccount, blocker), eq(challenges.toAccount, blocked), eq(challenges.status, "open")));
      await tx
        .update(challenges)
        .set({ status: "declined" })
        .where(and(eq(challenges.fromAccount, blocked), eq(challenges.toAccount, blocker), eq(challenges.status, "open")));
      return true;
    });
  }

  async unblock(blocker: string, blocked: string): Promise<boolean> {
    const rows = await this.db
      .delete(blocks)
      .where(and(eq(blocks.blocker, blocker), eq(blocks.blocked, blocked)))
      .returning({ blocked: blocks.blocked });
    return rows.length === 1;
  }

  async blocksOf(blocker: string): Promise<BlockRecord[]> {
    const rows = await this.db
      .select({ accountId: blocks.blocked, name: accounts.name, since: blocks.createdAt })
      .from(blocks)
      .innerJoin(accounts, eq(accounts.id, blocks.blocked))
      .where(eq(blocks.blocker, blocker))
      .orderBy(desc(blocks.createdAt));
    return rows.map((r) => ({ ...r, since: r.since.getTime() }));
  }

  async blockedEither(a: string, b: string): Promise<boolean> {
    const rows = await this.db
      .select({ blocker: blocks.blocker })
      .from(blocks)
      .where(or(and(eq(blocks.blocker, a), eq(blocks.blocked, b)), and(eq(blocks.blocker, b), eq(blocks.blocked, a))))
      .limit(1);
    return rows.length > 0;
  }

  async seatAccounts(matchId: string): Promise<{ seat: string; accountId: string }[]> {
    const rows = await this.db
      .select({ seat: seats.seat, accountId: seats.accountId })
      .from(seats)
      .where(and(eq(seats.matchId, matchId), isNotNull(seats.accountId)))
      .orderBy(seats.position);
    return rows.map((r) => ({ seat: r.seat, accountId: r.accountId! }));
  }

  async addReport(report: NewReport, maxPerDay: number, now: number): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(lockKey(`reports:${report.reporter}`));
      const [sent] = await tx
        .select({ n: count() })
        .from(reports)
        .where(and(eq(reports.reporter, report.reporter), gte(reports.createdAt, new Date(now - 24 * 3600 * 1000))));
      if ((sent?.n ?? 0) >= maxPerDay) return null;
      const chatAudience = report.chat ? (report.chat.team !== undefined ? `team:${report.chat.team}` : report.chat.audience) : null;
      const [row] = await tx
        .insert(reports)
        .values({ reporter: report.reporter, matchId: report.matchId, chatAudience, chatNumber: report.chat?.number ?? null, reason: report.reason })
        .returning({ id: reports.id });
      return row!.id;
    });
  }

  async listReports(limit: number): Promise<ReportRecord[]> {
    const lineAudience = sql`case when ${chatLines.team} is null then ${chatLines.audience} else 'team:' || ${chatLines.team} end`;
    const rows = await this.db
      .select({
        id: reports.id,
        matchId: reports.matchId,
        reporterName: accounts.name,
        chatAudience: reports.chatAudience,
        chatNumber: reports.chatNumber,
        chatText: chatLines.text,
        reason: reports.reason,
        createdAt: reports.createdAt,
      })
      .from(reports)
      .innerJoin(accounts, eq(accounts.id, reports.reporter))
      .leftJoin(chatLines, and(eq(chatLines.matchId, reports.matchId), eq(chatLines.number, reports.chatNumber), sql`${lineAudience} = ${reports.chatAudience}`))
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(limit);
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.getTime() }));
  }
}
