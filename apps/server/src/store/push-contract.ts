/**
 * The push store's contract: browsers' Web Push subscriptions of each account, and the server's
 * own long-lived keys made at first start (the VAPID key pair, the unsubscribe-link secret)
 * (../notify/). `MatchStore.push` is one. Times cross as ms since the epoch.
 */

/** The push store. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PushStore {}

/** The push store's methods (the embedded store's worker forwards exactly these). */
export const PUSH_METHODS: readonly (keyof PushStore)[] = [];
