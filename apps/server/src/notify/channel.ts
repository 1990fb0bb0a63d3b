/**
 * The notification channels' contract (docs/design.md "Notifications"): the deliverer (./deliver.ts)
 * claims the notifications owed to an account that are due, drops those no longer true, applies
 * the account's settings, and hands each channel the batch it should send: one notification, or
 * several (a digest, when the settings ask for one). A channel renders the payloads into words in
 * the recipient's language and sends them; it never reads the match (the payload is all it knows).
 */
import type { NotificationChannel, NotificationKind, NotificationPayload } from "@fogwar/protocol";

/** Who a batch goes to. `email` is null for a guest or an account without an address. */
export interface Recipient {
  readonly accountId: string;
  readonly name: string;
  readonly email: string | null;
  readonly language: "en" | "ko";
}

/** A notification owed, as a channel receives it. `id`: the outbox row's id; `owedAt`: ms since the epoch. */
export interface OwedNotification {
  readonly id: number;
  readonly kind: NotificationKind;
  readonly matchId: string | null;
  readonly payload: NotificationPayload;
  readonly owedAt: number;
}

/**
 * What a channel did with a batch:
 * - `sent`: delivered to `count` destinations (devices, or one address);
 * - `none`: there was nowhere to send it (no device subscribed, no address, e-mail not configured);
 * - `failed`: the service refused or could not be reached (`retry`: whether trying later may help).
 * A channel resolves with one of these and does not throw; `detail` never carries an address,
 * an endpoint or a key.
 */
export type ChannelResult =
  | { readonly status: "sent"; readonly count: number }
  | { readonly status: "none" }
  | { readonly status: "failed"; readonly retry: boolean; readonly detail: string };

/** A way to reach a player outside the tab. */
export interface Channel {
  readonly name: NotificationChannel;
  /** Sends one batch (one notification, or a digest of several) to one recipient. */
  send(recipient: Recipient, batch: readonly OwedNotification[]): Promise<ChannelResult>;
}
