/** The `LobbyStore` over drizzle (both drivers): seeks, and the ratings and blocks the lobby checks (./lobby-contract.ts). */
import { and, asc, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { StoreDatabase } from "./database.js";
import type { LobbyStore, NewSeek, SeekState } from "./lobby-contract.js";
import { blocks, ratings, seeks } from "./schema.js";

/** The `match_id` of a seek whose pairing is being made (its match not created yet). */
const PAIRING = "";

/** The `LobbyStore` over a drizzle database (the match store's own). */
export class DrizzleLobbyStore implements LobbyStore {
  constructor(private readonly db: StoreDatabase) {}

  async ratingOf(accountId: string, ruleset: string, format: string): Promise<number | null> {
    const rows = await this.db
      .select({ rating: ratings.rating })
      .from(ratings)
      .where(and(eq(ratings.accountId, accountId), eq(ratings.ruleset, ruleset), eq(ratings.format, format)));
    return rows[0] ? Math.round(rows[0].rating) : null;
  }

  async blockedEither(a: string, b: string): Promise<boolean> {
    const rows = await this.db
      .select({ blocker: blocks.blocker })
      .from(blocks)
      .where(or(and(eq(blocks.blocker, a), eq(blocks.blocked, b)), and(eq(blocks.blocker, b), eq(blocks.blocked, a))))
      .limit(1);
    return rows.length > 0;
  }

  async placeSeek(seek: NewSeek, now: number, lapseMs: number): Promise<{ opponent: { seekId: string; accountId: string } | null }> {
    return this.db.transaction(async (tx) => {
      // One placement at a time per pool (across processes): two seeks never miss each other.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fogwar-seeks:${seek.ruleset}:${seek.format}`}))`);
      await tx.delete(seeks).where(lt(seeks.createdAt, new Date(now - lapseMs)));
      await tx.delete(seeks).where(and(eq(seeks.accountId, seek.accountId), eq(seeks.ruleset, seek.ruleset)));
      const blocked = sql`exists (select 1 from ${blocks} where (${blocks.blocker} = ${seek.accountId} and ${blocks.blocked} = ${seeks.accountId}) or (${blocks.blocker} = ${seeks.accountId} and ${blocks.blocked} = ${seek.accountId}))`;
      const found = await tx
        .select({ id: seeks.id, accountId: seeks.accountId })
        .from(seeks)
        .where(
          and(
            eq(seeks.ruleset, seek.ruleset),
            eq(seeks.format, seek.format),
            eq(seeks.rated, seek.rated),
            isNull(seeks.matchId),
            ne(seeks.accountId, seek.accountId),
            gte(seeks.rating, seek.minRating),
            lte(seeks.rating, seek.maxRating),
            lte(seeks.minRating, seek.rating),
            gte(seeks.maxRating, seek.rating),
            sql`not ${blocked}`,
          ),
        )
        .orderBy(asc(seeks.createdAt))
        .limit(1)
        .for("update", { skipLocked: true });
      const other = found[0];
      if (other) await tx.update(seeks).set({ matchId: PAIRING }).where(eq(seeks.id, other.id));
      await tx.insert(seeks).values({ ...seek, matchId: other ? PAIRING : null, createdAt: new Date(now) });
      return { opponent: other ? { seekId: other.id, accountId: other.accountId } : null };
    });
  }

  async settleSeeks(seekIds: readonly string[], matchId: string): Promise<void> {
    if (seekIds.length > 0) await this.db.update(seeks).set({ matchId }).where(inArray(seeks.id, [...seekIds]));
  }

  async abandonPairing(seekId: string, otherSeekId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(seeks).where(eq(seeks.id, seekId));
      await tx
        .update(seeks)
        .set({ matchId: null })
        .where(and(eq(seeks.id, otherSeekId), eq(seeks.matchId, PAIRING)));
    });
  }

  async seekOf(seekId: string, accountId: string, now: number, lapseMs: number): Promise<SeekState | null> {
    const rows = await this.db
      .select({ matchId: seeks.matchId, createdAt: seeks.createdAt })
      .from(seeks)
      .where(and(eq(seeks.id, seekId), eq(seeks.accountId, accountId)));
    const row = rows[0];
    if (!row) return null;
    if (row.matchId) return { status: "paired", matchId: row.matchId };
    if (row.createdAt.getTime() < now - lapseMs) return null;
    return { status: "waiting", matchId: null };
  }

  async cancelSeek(seekId: string, accountId: string): Promise<boolean> {
    const rows = await this.db
      .delete(seeks)
      .where(and(eq(seeks.id, seekId), eq(seeks.accountId, accountId), isNull(seeks.matchId)))
      .returning({ id: seeks.id });
    return rows.length > 0;
  }
}
