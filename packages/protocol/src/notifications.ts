/**
 * Notifications outside the tab (docs/protocol.md "Notifications"): the kinds, the channels, an
 * account's settings and the bodies of `/api/me/notifications` and `/api/me/push-subscriptions`.
 * Every route needs a signed-in player (a guest too; a guest has no e-mail, so push only).
 */
import { z } from "zod";

/** What a notification tells: it is your move, your opponent joined, the match is over, a challenge came, your clock runs low. */
export const NOTIFICATION_KINDS = ["your_move", "opponent_joined", "match_over", "challenge_received", "time_running_out"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Where a notification goes: Web Push to each subscribed device, or e-mail. */
export const NOTIFICATION_CHANNELS = ["push", "email"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A wall-clock time of day, `HH:MM` (24 hours). */
const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a time of day HH:MM");

/** Whether each channel is on for one kind. */
export const KindChannels = z.strictObject({ push: z.boolean(), email: z.boolean() });

/**
 * An account's notification settings (every field is required in a PUT; GET answers the stored
 * settings, or {@link DEFAULT_NOTIFICATION_SETTINGS}):
 * - `kinds[kind]`: which channels are on for that kind;
 * - `quietHours`: from `from` to `to` (local times in the IANA `timeZone`; `to` before `from`
 *   spans midnight) nothing is sent; what falls due then is sent when they end, unless it is no
 *   longer true by then; null: no quiet hours;
 * - `notWhileOnPage`: nothing about a match is sent while the player has its table open (default true);
 * - `digest`: several notifications due together are sent as one (default true);
 * - `language`: the language of e-mails and push texts.
 */
export const NotificationSettings = z.strictObject({
  kinds: z.strictObject(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, KindChannels])) as Record<NotificationKind, typeof KindChannels>),
  quietHours: z.strictObject({ from: TimeOfDay, to: TimeOfDay, timeZone: z.string().min(1).max(64) }).nullable(),
  notWhileOnPage: z.boolean(),
  digest: z.boolean(),
  language: z.enum(["en", "ko"]),
});
export type NotificationSettings = z.output<typeof NotificationSettings>;

/** The settings of an account that never chose: everything by push; e-mail for your move, challenges and time running out. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  kinds: {
    your_move: { push: true, email: true },
    opponent_joined: { push: true, email: false },
    match_over: { push: true, email: false },
    challenge_received: { push: true, email: true },
    time_running_out: { push: true, email: true },
  },
  quietHours: null,
  notWhileOnPage: true,
  digest: true,
  language: "en",
};

/** A device subscribed to Web Push, as the settings page lists it. */
export interface PushDevice {
  readonly id: string;
  /** A short label from the browser's user agent ("Chrome on Android"). */
  readonly device: string;
  /** ms since the epoch. */
  readonly createdAt: number;
}

/**
 * `GET /api/me/notifications`: the settings, and whether e-mail can be sent at all (an SMTP server
 * is configured) and this account has an address. `PUT` takes a {@link NotificationSettings} and
 * answers the same body.
 */
export interface NotificationSettingsResponse {
  readonly settings: NotificationSettings;
  readonly email: { readonly available: boolean; readonly hasAddress: boolean };
}

/** `GET /api/me/push-subscriptions`: the VAPID public key browsers subscribe with (base64url) and the devices subscribed. */
export interface PushDevicesResponse {
  readonly vapidPublicKey: string;
  readonly devices: readonly PushDevice[];
}

/** `POST /api/me/push-subscriptions`: a browser's PushSubscription (its toJSON()) and an optional device label. */
export const PushSubscriptionRequest = z.strictObject({
  /** The push service's address; the server accepts only the push services it knows (`push_service_refused` otherwise). */
  endpoint: z.string().url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  device: z.string().max(80).optional(),
});
export type PushSubscriptionRequest = z.output<typeof PushSubscriptionRequest>;

/** Most push subscriptions one account keeps (the oldest goes when a new one comes). */
export const MAX_PUSH_DEVICES = 20;

/**
 * What a notification says, built from the recipient's own view only (it never carries what the
 * recipient's view does not show). Channels render it into words in the recipient's language.
 * - `url`: the path on this site the notification opens (the match's table, my games, challenges);
 * - `ruleset`, `matchId`, `title`: the match (its public title: the scenario and the players' names);
 * - `actor`: the player whose entry caused it, when the recipient's view shows who acted;
 * - `whoseTurn`: the names of the players awaited now (public);
 * - `deadline`: ms since the epoch when the recipient's clock runs out (time running out);
 * - `outcome`: the recipient's side's result, `win`, `loss` or `draw` (match over);
 * - `from`: the challenger's name (challenge received).
 */
export interface NotificationPayload {
  readonly kind: NotificationKind;
  readonly url: string;
  readonly ruleset?: string;
  readonly matchId?: string;
  readonly title?: string;
  readonly actor?: string;
  readonly whoseTurn?: readonly string[];
  readonly deadline?: number;
  readonly outcome?: "win" | "loss" | "draw";
  readonly from?: string;
}

/** The Web Push message a service worker receives (JSON): one payload, or a digest of several. */
export interface PushMessage {
  /** The notification's title and body, already in the recipient's language. */
  readonly title: string;
  readonly body: string;
  /** The path to open on a click. */
  readonly url: string;
  /** Replaces an earlier notification with the same tag on the device (one per match). */
  readonly tag: string;
  readonly payloads: readonly NotificationPayload[];
}
