/**
 * The notification store's contract: notifications owed to accounts (an outbox written in the
 * transaction of what causes them, claimed and delivered once) and each account's notification
 * settings (../notify/). `MatchStore.notifications` is one. Times cross as ms since the epoch.
 */

/** The notification store. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface NotificationStore {}

/** The notification store's methods (the embedded store's worker forwards exactly these). */
export const NOTIFICATION_METHODS: readonly (keyof NotificationStore)[] = [];
