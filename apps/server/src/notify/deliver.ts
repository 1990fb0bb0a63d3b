/**
 * The deliverer (docs/design.md "Notifications"): every server process runs one. It claims the
 * owed notifications that are due with a lease (`store.notifications.claimDue`: FOR UPDATE SKIP
 * LOCKED, so with several processes each row is claimed by one at a time), drops those no longer
 * true (./stale.ts: closed `stale`), applies each account's settings (./policy.ts) and hands the
 * batches to the channels, then closes each row (`sent`, `skipped`, `failed`) in the update
 * right after its account's sends, or releases it to be tried again later.
 *
 * Once: a row is closed only by the process that holds its lease, and a send happens only while
 * the lease has at least half its length left. A process killed mid-way leaves its rows claimed
 * until their lease runs out; another (or the restarted) process claims them then and sends them.
 * The one window where a notification may go out twice: a channel accepted it and the process
 * died (or lost the database) before the closing update committed, a few milliseconds later; or
 * a send outlived the lease (the channels' own timeouts are far shorter than the lease).
 *
 * It wakes at once when this process owes a notification (./wake.ts), polls every `pollMs` for
 * the rest (other processes' rows, deferred rows), and stops cleanly on `close`.
 */
import { randomBytes } from "node:crypto";
import { DEFAULT_NOTIFICATION_SETTINGS, NotificationSettings, type NotificationChannel, type NotificationKind, type NotificationPayload } from "@fogwar/protocol";
import type { Logger } from "pino";
import { timeNow } from "../live.js";
import type { MatchProgress, MatchStore, SettledNotification, StoredNotification } from "../store/index.js";
import type { Channel, ChannelResult, OwedNotification, Recipient } from "./channel.js";
import { isOnPage } from "./on-page.js";
import { seatOfKey } from "./owe.js";
import { decide, type DueItem } from "./policy.js";
import { challengeOfKey, isStale } from "./stale.js";
import { onOwed } from "./wake.js";

/** The deliverer's settings (ms). */
export interface DelivererSettings {
  /** How often it looks for due rows besides its wake-ups (default 5 s). */
  readonly pollMs: number;
  /** How long a claim holds a row (default 60 s): a dead process's rows wait this long. */
  readonly leaseMs: number;
  /** With a digest, notifications wait this long after the last one sent to the account (default 10 min). */
  readonly digestWindowMs: number;
  /** Most rows claimed at once (default 100). */
  readonly batch: number;
  /** Tries of a notification a channel failed to send before it is given up (default 8). */
  readonly maxAttempts: number;
}

export const DEFAULT_DELIVERER_SETTINGS: DelivererSettings = { pollMs: 5_000, leaseMs: 60_000, digestWindowMs: 10 * 60_000, batch: 100, maxAttempts: 8 };

/** How a row ended (the outbox's `outcome` column). */
export interface Outcome {
  readonly outcome: "sent" | "stale" | "skipped" | "failed" | "retrying" | "deferred";
  readonly reason?: string;
  readonly channels: Partial<Record<NotificationChannel, ChannelResult>>;
}

/** What the deliverer needs. */
export interface DelivererServices {
  readonly store: MatchStore;
  readonly log: Logger;
  readonly channels: readonly Channel[];
  /** Whether the seat has its table open (default: ./on-page.ts). */
  readonly onPage?: (matchId: string, seat: string) => Promise<boolean>;
  /** The time (default: the server's, ../live.ts `timeNow`, which tests fake). */
  readonly now?: () => number;
}

/** Most delivery rounds one process runs at once. */
export const MAX_ROUNDS = 4;

/** The wait before the next try after `attempts` failed ones: 5 s, doubling, at most 1 h. */
export const retryDelay = (attempts: number): number => Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempts - 1));

/** An account's settings as stored, or the defaults when none (or unreadable). */
function settingsFrom(stored: unknown): NotificationSettings {
  const parsed = NotificationSettings.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_SETTINGS;
}

/** The channels a previous attempt sent a row on. */
function sentBefore(row: StoredNotification): NotificationChannel[] {
  const channels = (row.outcome as Outcome | null)?.channels ?? {};
  return (Object.entries(channels) as [NotificationChannel, ChannelResult][]).filter(([, r]) => r.status === "sent").map(([c]) => c);
}

/** Delivers owed notifications; one per process. */
export class Deliverer {
  /** This process's name on its claims. */
  readonly owner = `${process.pid}-${randomBytes(6).toString("hex")}`;
  private readonly settings: DelivererSettings;
  private readonly now: () => number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly running = new Set<Promise<void>>();
  private again = false;
  private closed = false;
  private stopWake: (() => void) | null = null;

  constructor(
    private readonly services: DelivererServices,
    settings: Partial<DelivererSettings> = {},
  ) {
    this.settings = { ...DEFAULT_DELIVERER_SETTINGS, ...settings };
    this.now = services.now ?? timeNow;
  }

  /** Starts delivering: at once, on every owe in this process, and every `pollMs`. */
  start(): void {
    if (this.closed || this.stopWake) return;
    this.stopWake = onOwed(() => this.wake());
    this.wake();
  }

  /**
   * Looks for due rows now: a new round, alongside those in progress (at most `MAX_ROUNDS`: their
   * claims never overlap, so a slow send does not hold up what was owed after it), or right after
   * one of them when that many are running.
   */
  wake(): void {
    if (this.closed) return;
    if (this.running.size >= MAX_ROUNDS) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const round: Promise<void> = this.rounds().finally(() => {
      this.running.delete(round);
      if (this.closed) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else if (this.running.size === 0 && !this.timer) this.schedule();
    });
    this.running.add(round);
  }

  /** Stops: no new round; waits for those in progress. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopWake?.();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.all(this.running);
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, this.settings.pollMs);
    this.timer.unref();
  }

  /** Rounds until a claim comes back short. */
  private async rounds(): Promise<void> {
    try {
      while (!this.closed && (await this.deliverDue()) >= this.settings.batch);
    } catch (error) {
      this.services.log.warn({ err: error }, "notifications: a delivery round failed");
    }
  }

  /**
   * One round: claims due rows and delivers them. @returns how many rows it claimed.
   * @throws the store's error when the claim fails.
   */
  async deliverDue(): Promise<number> {
    const { store } = this.services;
    const claimedAt = this.now();
    const rows = await store.notifications.claimDue(this.owner, claimedAt, this.settings.leaseMs, this.settings.batch);
    if (rows.length === 0) return 0;
    const matchIds = [...new Set(rows.flatMap((r) => (r.matchId ? [r.matchId] : [])))];
    const progress = new Map<string, MatchProgress>((await store.notifications.matchProgress(matchIds)).map((p) => [p.matchId, p]));
    const accounts = [...new Set(rows.map((r) => r.accountId))];
    const lastSent = await store.notifications.lastSentAt(accounts);
    const byAccount = new Map<string, StoredNotification[]>();
    for (const row of rows) byAccount.set(row.accountId, [...(byAccount.get(row.accountId) ?? []), row]);
    // A few accounts at a time: their sends overlap, each account's rows are closed right after its own.
    const queue = [...byAccount.entries()];
    const workers = Array.from({ length: Math.min(8, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        await this.deliverAccount(next[0], next[1], progress, lastSent[next[0]], claimedAt).catch((error: unknown) => this.services.log.warn({ err: error, accountId: next![0] }, "notifications: an account's delivery failed"));
      }
    });
    await Promise.all(workers);
    return rows.length;
  }

  /** One account's claimed rows: stale ones dropped, the policy applied, batches sent, rows settled. */
  private async deliverAccount(accountId: string, rows: readonly StoredNotification[], progress: ReadonlyMap<string, MatchProgress>, lastSentAt: number | undefined, claimedAt: number): Promise<void> {
    const { store, log } = this.services;
    const settled = new Map<number, SettledNotification>();
    const close = (row: StoredNotification, outcome: Outcome): void => void settled.set(row.id, { id: row.id, done: true, outcome });
    const live: StoredNotification[] = [];
    for (const row of rows) {
      let open = true;
      if (row.kind === "challenge_received") {
        const id = challengeOfKey(row.dedupeKey);
        open = id !== null && (await store.social.challengeById(id))?.status === "open";
      }
      if (isStale(row, row.matchId ? progress.get(row.matchId) : undefined, open)) close(row, { outcome: "stale", channels: {} });
      else live.push(row);
    }
    const account = live.length > 0 ? await store.accounts.accountById(accountId) : null;
    if (live.length > 0 && (!account || account.kind === "deleted")) for (const row of live) close(row, { outcome: "skipped", reason: "no_account", channels: {} });
    else if (live.length > 0 && account) {
      const settings = settingsFrom(await store.notifications.settingsOf(accountId));
      const onPage = new Set<string>();
      if (settings.notWhileOnPage) {
        const check = this.services.onPage ?? isOnPage;
        for (const row of live) {
          const seat = seatOfKey(row.dedupeKey);
          if (row.matchId && seat !== null && (await check(row.matchId, seat))) onPage.add(`${row.matchId}\u0000${seat}`);
        }
      }
      const items: DueItem[] = live.map((row) => ({ notification: owedOf(row), seat: row.matchId ? seatOfKey(row.dedupeKey) : null, sent: sentBefore(row) }));
      const now = this.now();
      const decision = decide(items, settings, {
        now,
        onPage: (matchId, seat) => onPage.has(`${matchId}\u0000${seat}`),
        lastSentAt,
        digestWindowMs: this.settings.digestWindowMs,
        channels: this.services.channels.map((c) => c.name),
      });
      const byId = new Map(live.map((row) => [row.id, row]));
      for (const s of decision.skipped) close(byId.get(s.id)!, { outcome: "skipped", reason: s.reason, channels: {} });
      if (decision.defer) {
        for (const id of decision.defer.ids) {
          const row = byId.get(id)!;
          settled.set(id, { id, done: false, dueAt: decision.defer.until, outcome: { ...((row.outcome as Outcome | null) ?? { channels: {} }), outcome: "deferred", reason: decision.defer.reason } });
        }
      }
      const results = new Map<number, Partial<Record<NotificationChannel, ChannelResult>>>(live.map((row) => [row.id, { ...((row.outcome as Outcome | null)?.channels ?? {}) }]));
      if (decision.batches.length > 0) {
        // Only while the lease has at least half its length left: a send never outlives it.
        if (this.now() > claimedAt + this.settings.leaseMs / 2) {
          for (const row of live) if (!settled.has(row.id)) settled.set(row.id, { id: row.id, done: false, outcome: row.outcome });
        } else {
          const recipient: Recipient = { accountId, name: account.name, email: account.email, language: settings.language };
          await Promise.all(
            decision.batches.map(async (batch) => {
              const channel = this.services.channels.find((c) => c.name === batch.channel)!;
              const result = await channel.send(recipient, batch.items).catch((error: unknown): ChannelResult => ({ status: "failed", retry: true, detail: error instanceof Error ? error.message : String(error) }));
              log.info({ channel: batch.channel, count: batch.items.length, status: result.status, ...(result.status === "failed" ? { detail: result.detail } : {}) }, "notifications: batch handed to a channel");
              for (const item of batch.items) results.get(item.id)![batch.channel] = result;
            }),
          );
        }
      }
      for (const row of live) {
        if (settled.has(row.id)) continue;
        const channels = results.get(row.id)!;
        const all = Object.values(channels);
        const retry = all.some((r) => r.status === "failed" && r.retry) && row.attempts < this.settings.maxAttempts;
        if (retry) settled.set(row.id, { id: row.id, done: false, dueAt: now + retryDelay(row.attempts), outcome: { outcome: "retrying", channels } });
        else close(row, { outcome: all.some((r) => r.status === "sent") ? "sent" : all.some((r) => r.status === "failed") ? "failed" : "skipped", channels });
      }
    }
    const done = await store.notifications.settle(this.owner, this.now(), [...settled.values()]);
    if (done.length < settled.size) log.warn({ lost: settled.size - done.length }, "notifications: rows whose lease ran out before they were settled (another process may send them again)");
  }
}

/** A claimed row as a channel receives it. */
function owedOf(row: StoredNotification): OwedNotification {
  return { id: row.id, kind: row.kind as NotificationKind, matchId: row.matchId, payload: row.payload as NotificationPayload, owedAt: row.owedAt };
}
