/**
 * The deliverer's policy (docs/design.md "Notifications"), pure: given one account's notifications
 * that are due and still true, its settings and the time, what to do with them:
 * - not while on the page: a match's notification whose seat has its table open is skipped
 *   (`on_page`: the player sees it there);
 * - quiet hours: everything is deferred to their end (local time in the settings' IANA zone);
 * - digest: with a notification sent less than the digest window ago, everything waits for the
 *   window's end and then goes together; several due together go as one batch per channel;
 * - kinds x channels: each notification goes to the channels its kind has on (and the deliverer
 *   has); one with none is skipped (`off`).
 */
import { NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationSettings } from "@fogwar/protocol";
import type { OwedNotification } from "./channel.js";

/** A due notification with the seat it is about (null: not about a seat). */
export interface DueItem {
  readonly notification: OwedNotification;
  readonly seat: string | null;
  /** Channels that already sent it (an earlier attempt). */
  readonly sent: readonly NotificationChannel[];
}

/** What to do with one account's due notifications. */
export interface Decision {
  /** These wait until `until` (ms): quiet hours or the digest window. */
  readonly defer: { readonly ids: readonly number[]; readonly until: number; readonly reason: "quiet_hours" | "digest" } | null;
  /** Notifications closed without sending, and why. */
  readonly skipped: readonly { readonly id: number; readonly reason: "on_page" | "off" }[];
  /** What each channel sends: one batch per notification, or one per channel with a digest. */
  readonly batches: readonly { readonly channel: NotificationChannel; readonly items: readonly OwedNotification[] }[];
}

/** What the policy reads beyond the settings. */
export interface PolicyContext {
  /** ms since the epoch. */
  readonly now: number;
  /** Whether the seat has the match's table open (any process). */
  readonly onPage: (matchId: string, seat: string) => boolean;
  /** When the account was last sent a notification (ms), if ever. */
  readonly lastSentAt: number | undefined;
  /** The digest window (ms): with a digest, notifications wait this long after the last one sent. */
  readonly digestWindowMs: number;
  /** The channels the deliverer has. */
  readonly channels: readonly NotificationChannel[];
}

const MINUTES_PER_DAY = 24 * 60;

/** "HH:MM" as minutes of the day. */
const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The wall-clock minute of the day, second and millisecond at `now` in `timeZone` (UTC when the zone is unknown). */
function localTime(now: number, timeZone: string): { minutes: number; seconds: number } {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, hourCycle: "h23", hour: "2-digit", minute: "2-digit", second: "2-digit" });
  } catch {
    format = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", hourCycle: "h23", hour: "2-digit", minute: "2-digit", second: "2-digit" });
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(now)).map((p) => [p.type, p.value]));
  return { minutes: (Number(parts.hour) % 24) * 60 + Number(parts.minute), seconds: Number(parts.second) + (now % 1000) / 1000 };
}

/**
 * When the quiet hours around `now` end (ms), or null when `now` is not in them. `to` before
 * `from` spans midnight; `from` equal to `to` is no quiet hours. Across a daylight-saving change the
 * end may be an hour off: the deliverer then looks again at that time and defers once more.
 */
export function quietUntil(quiet: NotificationSettings["quietHours"], now: number): number | null {
  if (!quiet) return null;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return null;
  const { minutes, seconds } = localTime(now, quiet.timeZone);
  const inside = from < to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
  if (!inside) return null;
  const left = (to - minutes + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return Math.round(now + (left * 60 - seconds) * 1000);
}

/** Decides what happens to one account's due, still true notifications (see the module comment). */
export function decide(items: readonly DueItem[], settings: NotificationSettings, context: PolicyContext): Decision {
  const skipped: { id: number; reason: "on_page" | "off" }[] = [];
  const sendable: { item: DueItem; channels: NotificationChannel[] }[] = [];
  for (const item of items) {
    const n = item.notification;
    if (settings.notWhileOnPage && n.matchId !== null && item.seat !== null && context.onPage(n.matchId, item.seat)) {
      skipped.push({ id: n.id, reason: "on_page" });
      continue;
    }
    const switches = settings.kinds[n.kind];
    const channels = NOTIFICATION_CHANNELS.filter((c) => switches?.[c] && context.channels.includes(c) && !item.sent.includes(c));
    if (channels.length === 0) {
      if (item.sent.length === 0) skipped.push({ id: n.id, reason: "off" });
      continue;
    }
    sendable.push({ item, channels });
  }
  if (sendable.length === 0) return { defer: null, skipped, batches: [] };
  const quiet = quietUntil(settings.quietHours, context.now);
  const ids = sendable.map((s) => s.item.notification.id);
  if (quiet !== null) return { defer: { ids, until: quiet, reason: "quiet_hours" }, skipped, batches: [] };
  if (settings.digest && context.lastSentAt !== undefined && context.now < context.lastSentAt + context.digestWindowMs) {
    return { defer: { ids, until: context.lastSentAt + context.digestWindowMs, reason: "digest" }, skipped, batches: [] };
  }
  const batches: { channel: NotificationChannel; items: OwedNotification[] }[] = [];
  for (const channel of NOTIFICATION_CHANNELS) {
    const items = sendable.filter((s) => s.channels.includes(channel)).map((s) => s.item.notification);
    if (items.length === 0) continue;
    if (settings.digest) batches.push({ channel, items });
    else for (const item of items) batches.push({ channel, items: [item] });
  }
  return { defer: null, skipped, batches };
}
