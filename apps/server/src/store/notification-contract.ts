/**
 * The notification store's contract: notifications owed to accounts (an outbox written in the
 * transaction of what causes them, claimed and delivered once), each account's notification
 * settings, and the server's own long-lived keys (../notify/). `MatchStore.notifications` is one.
 * Times cross as ms since the epoch.
 *
 * Owing is idempotent by `dedupeKey` (a key already owed owes nothing again). Delivery is by
 * lease: `claimDue` claims due rows for a while (`claimed_by`, `claimed_until`) with
 * `FOR UPDATE SKIP LOCKED`, so two processes never claim the same row at once, and a row whose
 * claimer died is claimed again once its lease has run out; `settle` closes or defers the
 * claimer's own rows only (a row claimed since by another process is left alone).
 */

/**
 * A notification to owe. The recipient is `accountId`, or the account that holds `seat` of
 * `matchId` when the notification is written (resolved in the same statement; a seat held by no
 * account, a bot's or an anonymous player's, owes nothing).
 */
export interface NewNotification {
  /** A `NotificationKind` (@fogwar/protocol). */
  kind: string;
  accountId?: string;
  seat?: string;
  matchId: string | null;
  /** The sequence number of the log entry that causes it; null when not caused by an entry. */
  causeSeq: number | null;
  /** Unique among all notifications ever owed: owing the same key again does nothing. */
  dedupeKey: string;
  /** The `NotificationPayload` (JSON). */
  payload: unknown;
  /** When it was owed and when it falls due (ms since the epoch). */
  owedAt: number;
  dueAt: number;
}

/** An owed notification as the deliverer holds it (`outcome`: what earlier attempts recorded, or null). */
export interface StoredNotification {
  id: number;
  accountId: string;
  kind: string;
  matchId: string | null;
  causeSeq: number | null;
  dedupeKey: string;
  payload: unknown;
  owedAt: number;
  dueAt: number;
  /** How many times it was claimed (this claim included). */
  attempts: number;
  /** ms since the epoch when it was closed; null while owed. */
  doneAt: number | null;
  outcome: unknown;
}

/**
 * What the deliverer decided for one claimed row: `done` closes it with `outcome` (at `now`);
 * otherwise it is released to fall due again at `dueAt`, keeping `outcome` (what was already sent).
 */
export interface SettledNotification {
  id: number;
  done: boolean;
  outcome: unknown;
  dueAt?: number;
}

/** Where a match stands, for staleness: its status, and the last entry each seat made (seat -> seq). */
export interface MatchProgress {
  matchId: string;
  status: string;
  lastActs: Record<string, number>;
}

/** The notification store. */
export interface NotificationStore {
  /**
   * The server's key named `name` (any JSON value): the stored one, or `fresh` stored now when
   * there is none. Every process gets the same value (the first insert wins), so keys made at
   * first start (the VAPID key pair, the unsubscribe-link secret) are shared and survive restarts.
   */
  serverKey(name: string, fresh: unknown): Promise<unknown>;
  /** An account's stored notification settings (JSON as saved), or null when it never saved any. */
  settingsOf(accountId: string): Promise<unknown>;
  /** Saves an account's notification settings (JSON, validated by the caller), replacing any earlier. */
  saveSettings(accountId: string, settings: unknown): Promise<void>;
  /**
   * Owes notifications in one statement (outside any log entry: a challenge, a claimed seat);
   * keys owed before are skipped. @returns how many were written.
   */
  owe(notifications: readonly NewNotification[]): Promise<number>;
  /**
   * Claims up to `limit` owed rows due at `now` (ms) that nobody holds (never claimed, or their
   * lease ended), for `owner` until `now + leaseMs`; each claim counts an attempt. Rows another
   * transaction is claiming are skipped, not waited for. Oldest due first.
   */
  claimDue(owner: string, now: number, leaseMs: number, limit: number): Promise<StoredNotification[]>;
  /**
   * Closes (`done`) or releases the rows `owner` still holds (claimed by it, lease not ended at
   * `now`); rows it no longer holds are left as they are. @returns the ids settled.
   */
  settle(owner: string, now: number, settled: readonly SettledNotification[]): Promise<number[]>;
  /** The earliest time (ms) an owed row falls due or its lease ends; null when nothing is owed. */
  nextDue(): Promise<number | null>;
  /** Each of these matches' status and each seat's last entry (unknown matches: absent). */
  matchProgress(matchIds: readonly string[]): Promise<MatchProgress[]>;
  /** When each of these accounts was last sent a notification (ms; absent: never). */
  lastSentAt(accountIds: readonly string[]): Promise<Record<string, number>>;
  /** The notifications owed to an account, newest first, at most `limit` (default 100): for tests and operators. */
  owedTo(accountId: string, limit?: number): Promise<StoredNotification[]>;
}

/** The notification store's methods (the embedded store's worker forwards exactly these). */
export const NOTIFICATION_METHODS: readonly (keyof NotificationStore)[] = ["serverKey", "settingsOf", "saveSettings", "owe", "claimDue", "settle", "nextDue", "matchProgress", "lastSentAt", "owedTo"];
