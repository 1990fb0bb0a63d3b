/**
 * The `AccountStore` over drizzle (both drivers): accounts, sessions, passkeys, WebAuthn
 * challenges, password resets, and the seats that belong to accounts (./account-contract.ts).
 */
import { and, asc, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { AccountChange, AccountRecord, AccountSeat, AccountSeatFilter, AccountStore, NewAccount, SeatAdoption, StoredChallenge, StoredPasskey } from "./account-contract.js";
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, type MatchStatus } from "./contract.js";
import type { StoreDatabase } from "./database.js";
import { accounts, accountSessions, authChallenges, matches, passkeys, passwordResets, seats } from "./schema.js";

/** The columns an `AccountRecord` is read from. */
const accountColumns = {
  id: accounts.id,
  kind: accounts.kind,
  name: accounts.name,
  email: accounts.email,
  hasPassword: sql<boolean>`${accounts.passwordHash} is not null`,
  seatSecret: accounts.seatSecret,
  createdAt: accounts.createdAt,
};

type AccountRow = { id: string; kind: AccountRecord["kind"]; name: string; email: string | null; hasPassword: boolean; seatSecret: string; createdAt: Date };

const toRecord = (row: AccountRow): AccountRecord => ({ ...row, hasPassword: Boolean(row.hasPassword), createdAt: row.createdAt.getTime() });

/** A folded e-mail or name: how uniqueness and look-ups compare them (JS case folding, not the database locale's). */
export const fold = (text: string): string => text.toLowerCase();

/** The `AccountStore` over a drizzle database (the match store's own). */
export class DrizzleAccountStore implements AccountStore {
  constructor(private readonly db: StoreDatabase) {}

  async createAccount(account: NewAccount): Promise<void> {
    await this.db.insert(accounts).values({
      id: account.id,
      kind: account.kind,
      name: account.name,
      nameFolded: fold(account.name),
      email: account.email ? fold(account.email) : null,
      passwordHash: account.passwordHash ?? null,
      seatSecret: account.seatSecret,
    });
  }

  async accountById(id: string): Promise<AccountRecord | null> {
    const rows = await this.db.select(accountColumns).from(accounts).where(eq(accounts.id, id));
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async accountByName(name: string): Promise<AccountRecord | null> {
    const rows = await this.db
      .select(accountColumns)
      .from(accounts)
      .where(and(eq(accounts.nameFolded, fold(name)), ne(accounts.kind, "deleted")));
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async passwordHashFor(email: string): Promise<{ account: AccountRecord; passwordHash: string | null } | null> {
    const rows = await this.db
      .select({ ...accountColumns, passwordHash: accounts.passwordHash })
      .from(accounts)
      .where(and(eq(accounts.email, fold(email)), ne(accounts.kind, "deleted")));
    const row = rows[0];
    if (!row) return null;
    const { passwordHash, ...account } = row;
    return { account: toRecord(account), passwordHash };
  }

  async updateAccount(id: string, change: AccountChange): Promise<boolean> {
    const set: Partial<typeof accounts.$inferInsert> = {};
    if (change.kind !== undefined) set.kind = change.kind;
    if (change.name !== undefined) Object.assign(set, { name: change.name, nameFolded: fold(change.name) });
    if (change.email !== undefined) set.email = change.email === null ? null : fold(change.email);
    if (change.passwordHash !== undefined) set.passwordHash = change.passwordHash;
    if (Object.keys(set).length === 0) return (await this.accountById(id))?.kind !== undefined;
    const updated = await this.db
      .update(accounts)
      .set(set)
      .where(and(eq(accounts.id, id), ne(accounts.kind, "deleted")))
      .returning({ id: accounts.id });
    if (updated.length > 0 && change.name !== undefined) {
      // The seats the account plays (not bots' nor others') carry its name.
      await this.db.update(seats).set({ playerName: change.name, playerNameFolded: fold(change.name) }).where(eq(seats.accountId, id));
    }
    return updated.length > 0;
  }

  async deleteAccount(id: string, anonymousName: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(accountSessions).where(eq(accountSessions.accountId, id));
      await tx.delete(passkeys).where(eq(passkeys.accountId, id));
      await tx.delete(passwordResets).where(eq(passwordResets.accountId, id));
      await tx.update(seats).set({ playerName: anonymousName, playerNameFolded: fold(anonymousName) }).where(eq(seats.accountId, id));
      await tx
        .update(accounts)
        .set({ kind: "deleted", name: anonymousName, nameFolded: fold(anonymousName), email: null, passwordHash: null, deletedAt: new Date() })
        .where(eq(accounts.id, id));
    });
  }

  async createSession(tokenHash: string, accountId: string, expiresAt: number): Promise<void> {
    await this.db.insert(accountSessions).values({ tokenHash, accountId, expiresAt: new Date(expiresAt) });
  }

  async sessionAccount(tokenHash: string, now: number): Promise<AccountRecord | null> {
    const rows = await this.db
      .select(accountColumns)
      .from(accountSessions)
      .innerJoin(accounts, eq(accounts.id, accountSessions.accountId))
      .where(and(eq(accountSessions.tokenHash, tokenHash), gt(accountSessions.expiresAt, new Date(now)), ne(accounts.kind, "deleted")));
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.delete(accountSessions).where(eq(accountSessions.tokenHash, tokenHash));
  }

  async deleteSessionsOf(accountId: string, keepTokenHash?: string): Promise<void> {
    const mine = eq(accountSessions.accountId, accountId);
    await this.db.delete(accountSessions).where(keepTokenHash === undefined ? mine : and(mine, ne(accountSessions.tokenHash, keepTokenHash)));
  }

  async addPasskey(passkey: StoredPasskey): Promise<void> {
    await this.db.insert(passkeys).values({
      credentialId: passkey.credentialId,
      accountId: passkey.accountId,
      publicKey: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports,
    });
  }

  async passkeyById(credentialId: string): Promise<StoredPasskey | null> {
    const rows = await this.db
      .select({ credentialId: passkeys.credentialId, accountId: passkeys.accountId, publicKey: passkeys.publicKey, counter: passkeys.counter, transports: passkeys.transports, createdAt: passkeys.createdAt })
      .from(passkeys)
      .innerJoin(accounts, eq(accounts.id, passkeys.accountId))
      .where(and(eq(passkeys.credentialId, credentialId), ne(accounts.kind, "deleted")));
    return rows[0] ? toPasskey(rows[0]) : null;
  }

  async passkeysOf(accountId: string): Promise<StoredPasskey[]> {
    const rows = await this.db.select().from(passkeys).where(eq(passkeys.accountId, accountId)).orderBy(asc(passkeys.createdAt));
    return rows.map(toPasskey);
  }

  async updatePasskeyCounter(credentialId: string, counter: number): Promise<void> {
    await this.db.update(passkeys).set({ counter }).where(eq(passkeys.credentialId, credentialId));
  }

  async putChallenge(challenge: StoredChallenge): Promise<void> {
    // Expired challenges go as new ones come: the table holds only what may still be answered.
    await this.db.delete(authChallenges).where(sql`${authChallenges.expiresAt} < now()`);
    await this.db.insert(authChallenges).values({ ...challenge, expiresAt: new Date(challenge.expiresAt) });
  }

  async takeChallenge(id: string, now: number): Promise<StoredChallenge | null> {
    const rows = await this.db.delete(authChallenges).where(eq(authChallenges.id, id)).returning();
    const row = rows[0];
    if (!row || row.expiresAt.getTime() <= now) return null;
    return { id: row.id, challenge: row.challenge, purpose: row.purpose as StoredChallenge["purpose"], accountId: row.accountId, expiresAt: row.expiresAt.getTime() };
  }

  async putReset(tokenHash: string, accountId: string, expiresAt: number): Promise<void> {
    await this.db.insert(passwordResets).values({ tokenHash, accountId, expiresAt: new Date(expiresAt) });
  }

  async takeReset(tokenHash: string, now: number): Promise<string | null> {
    const rows = await this.db.delete(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).returning();
    const row = rows[0];
    return row && row.expiresAt.getTime() > now ? row.accountId : null;
  }

  async adoptSeats(from: string, to: string, moves: readonly SeatAdoption[]): Promise<number> {
    if (moves.length === 0) return 0;
    return this.db.transaction(async (tx) => {
      let moved = 0;
      for (const move of moves) {
        const updated = await tx
          .update(seats)
          .set({ accountId: to, tokenHash: move.tokenHash, claimKeyHash: move.claimKeyHash })
          .where(and(eq(seats.matchId, move.matchId), eq(seats.seat, move.seat), eq(seats.accountId, from), eq(seats.tokenGeneration, move.generation)))
          .returning({ seat: seats.seat });
        moved += updated.length;
      }
      return moved;
    });
  }

  async accountSeats(accountId: string, filter: AccountSeatFilter = {}): Promise<AccountSeat[]> {
    const limit = Math.min(Math.max(1, filter.limit ?? DEFAULT_LIST_LIMIT), MAX_LIST_LIMIT);
    const conditions = [eq(seats.accountId, accountId)];
    if (filter.status) conditions.push(eq(matches.status, filter.status));
    if (filter.matchId) conditions.push(eq(matches.id, filter.matchId));
    const rows = await this.db
      .select({
        matchId: matches.id,
        seat: seats.seat,
        generation: seats.tokenGeneration,
        ruleset: matches.ruleset,
        scenario: matches.scenario,
        status: matches.status,
        result: matches.result,
        createdAt: matches.createdAt,
        finishedAt: matches.finishedAt,
      })
      .from(seats)
      .innerJoin(matches, eq(matches.id, seats.matchId))
      .where(and(...conditions))
      .orderBy(desc(matches.createdAt), desc(matches.createdOrder), asc(seats.position))
      .limit(limit);
    if (rows.length === 0) return [];
    const seatRows = await this.db
      .select({ matchId: seats.matchId, seat: seats.seat, playerName: seats.playerName, claimKeyHash: seats.claimKeyHash })
      .from(seats)
      .where(inArray(seats.matchId, [...new Set(rows.map((r) => r.matchId))]))
      .orderBy(asc(seats.matchId), asc(seats.position));
    const byMatch = new Map<string, AccountSeat["seats"]>();
    for (const s of seatRows) byMatch.set(s.matchId, [...(byMatch.get(s.matchId) ?? []), { seat: s.seat, playerName: s.playerName, bot: s.claimKeyHash === "bot" }]);
    return rows.map(({ createdAt, finishedAt, status, ...row }) => ({
      ...row,
      status: status as MatchStatus,
      seats: byMatch.get(row.matchId) ?? [],
      createdAt: createdAt.getTime(),
      finishedAt: finishedAt ? finishedAt.getTime() : null,
    }));
  }
}

function toPasskey(row: { credentialId: string; accountId: string; publicKey: string; counter: number; transports: unknown; createdAt: Date }): StoredPasskey {
  return { ...row, counter: Number(row.counter), transports: Array.isArray(row.transports) ? (row.transports as string[]) : [], createdAt: row.createdAt.getTime() };
}
