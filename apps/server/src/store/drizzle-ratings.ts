/** The `RatingStore` over drizzle (both drivers): ratings and rating changes (./rating-contract.ts). */
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { StoreDatabase } from "./database.js";
import { MAX_RATING_ROWS, type BoardRow, type RatedSeat, type RatingHistoryRow, type RatingStore, type RatingUpdate, type RecordOutcome, type StoredRating } from "./rating-contract.js";
import { accounts, matches, ratingChanges, ratings, seats } from "./schema.js";

const ratingColumns = {
  accountId: ratings.accountId,
  ruleset: ratings.ruleset,
  format: ratings.format,
  rating: ratings.rating,
  deviation: ratings.deviation,
  volatility: ratings.volatility,
  games: ratings.games,
};

/** Thrown inside `recordRatedMatch`'s transaction to roll it back when a rating moved meanwhile. */
class StaleRating extends Error {}

const clampRows = (limit: number): number => Math.min(Math.max(1, Math.floor(limit) || 1), MAX_RATING_ROWS);

/** The `RatingStore` over a drizzle database (the match store's own). */
export class DrizzleRatingStore implements RatingStore {
  constructor(private readonly db: StoreDatabase) {}

  async ratingsOf(accountIds: readonly string[], ruleset: string, format: string): Promise<StoredRating[]> {
    if (accountIds.length === 0) return [];
    return this.db
      .select(ratingColumns)
      .from(ratings)
      .where(and(inArray(ratings.accountId, [...accountIds]), eq(ratings.ruleset, ruleset), eq(ratings.format, format)));
  }

  async accountRatings(accountId: string): Promise<StoredRating[]> {
    return this.db.select(ratingColumns).from(ratings).where(eq(ratings.accountId, accountId)).orderBy(asc(ratings.ruleset), asc(ratings.format));
  }

  async recordRatedMatch(matchId: string, ruleset: string, format: string, updates: readonly RatingUpdate[]): Promise<RecordOutcome> {
    if (updates.length === 0) return "already";
    try {
      return await this.db.transaction(async (tx) => {
        // The primary key (match_id, account_id) rates a match once: a second call inserts nothing.
        const inserted = await tx
          .insert(ratingChanges)
          .values(updates.map((u) => ({ matchId, accountId: u.accountId, ruleset, format, before: u.before.rating, after: u.after.rating })))
          .onConflictDoNothing()
          .returning({ accountId: ratingChanges.accountId });
        if (inserted.length === 0) return "already";
        if (inserted.length !== updates.length) throw new StaleRating();
        const ids = updates.map((u) => u.accountId);
        const current = await tx
          .select(ratingColumns)
          .from(ratings)
          .where(and(inArray(ratings.accountId, ids), eq(ratings.ruleset, ruleset), eq(ratings.format, format)))
          .for("update");
        const byAccount = new Map(current.map((r) => [r.accountId, r]));
        for (const u of updates) {
          const now = byAccount.get(u.accountId);
          const same = u.before.games === 0 ? now === undefined : now !== undefined && now.rating === u.before.rating && now.deviation === u.before.deviation && now.games === u.before.games;
          if (!same) throw new StaleRating();
        }
        for (const u of updates) {
          await tx
            .insert(ratings)
            .values({ accountId: u.accountId, ruleset, format, ...u.after, games: 1 })
            .onConflictDoUpdate({
              target: [ratings.accountId, ratings.ruleset, ratings.format],
              set: { ...u.after, games: sql`${ratings.games} + 1`, updatedAt: sql`now()` },
            });
        }
        return "recorded" as const;
      });
    } catch (error) {
      if (error instanceof StaleRating) return "stale";
      throw error;
    }
  }

  async leaderboard(ruleset: string, format: string, limit: number): Promise<BoardRow[]> {
    return this.db
      .select({ name: accounts.name, rating: ratings.rating, deviation: ratings.deviation, games: ratings.games })
      .from(ratings)
      .innerJoin(accounts, eq(accounts.id, ratings.accountId))
      .where(and(eq(ratings.ruleset, ruleset), eq(ratings.format, format), ne(accounts.kind, "deleted")))
      .orderBy(desc(ratings.rating), desc(ratings.games), asc(accounts.nameFolded))
      .limit(clampRows(limit));
  }

  async ratingHistory(accountId: string, matchIds?: readonly string[]): Promise<RatingHistoryRow[]> {
    if (matchIds && matchIds.length === 0) return [];
    const mine = eq(ratingChanges.accountId, accountId);
    const rows = await this.db
      .select({ matchId: ratingChanges.matchId, ruleset: ratingChanges.ruleset, format: ratingChanges.format, before: ratingChanges.before, after: ratingChanges.after, at: ratingChanges.createdAt })
      .from(ratingChanges)
      .where(matchIds ? and(mine, inArray(ratingChanges.matchId, [...matchIds])) : mine)
      .orderBy(desc(ratingChanges.createdAt), desc(ratingChanges.matchId))
      .limit(MAX_RATING_ROWS);
    return rows.map((r) => ({ ...r, at: r.at.getTime() }));
  }

  async ratedSeats(matchId: string): Promise<RatedSeat[]> {
    const rows = await this.db
      .select({ seat: seats.seat, accountId: seats.accountId, claimKeyHash: seats.claimKeyHash })
      .from(seats)
      .where(eq(seats.matchId, matchId))
      .orderBy(asc(seats.position));
    return rows.map((r) => ({ seat: r.seat, accountId: r.accountId, bot: r.claimKeyHash === "bot" }));
  }

  async unratedFinishedRatedMatches(limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: matches.id })
      .from(matches)
      .where(
        and(
          eq(matches.status, "finished"),
          sql`${matches.result} is not null and ${matches.result} <> 'null'::jsonb`,
          sql`${matches.options} ->> 'rated' = 'true'`,
          sql`not exists (select 1 from rating_changes rc where rc.match_id = ${matches.id})`,
          sql`not exists (select 1 from seats s where s.match_id = ${matches.id} and (s.account_id is null or s.claim_key_hash = 'bot'))`,
          sql`(select count(distinct s.account_id) from seats s where s.match_id = ${matches.id}) >= 2`,
          sql`(select count(distinct s.account_id) from seats s where s.match_id = ${matches.id}) = (select count(*) from seats s where s.match_id = ${matches.id})`,
          sql`exists (select 1 from entries e where e.match_id = ${matches.id} and e.seq = 2)`,
        ),
      )
      .orderBy(asc(matches.finishedAt), asc(matches.createdOrder))
      .limit(Math.max(1, Math.floor(limit) || 1));
    return rows.map((r) => r.id);
  }
}
