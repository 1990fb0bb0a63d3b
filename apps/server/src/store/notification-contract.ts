/**
 * The notification store's contract: notifications owed to accounts (an outbox written in the
 * transaction of what causes them, claimed and delivered once), each account's notification
 * settings, and the server's own long-lived keys (../notify/). `MatchStore.notifications` is one.
 * Times cross as ms since the epoch.
 */

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
}

/** The notification store's methods (the embedded store's worker forwards exactly these). */
export const NOTIFICATION_METHODS: readonly (keyof NotificationStore)[] = ["serverKey", "settingsOf", "saveSettings"];
