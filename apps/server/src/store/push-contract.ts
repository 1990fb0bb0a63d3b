/**
 * The push store's contract: browsers' Web Push subscriptions of each account (../notify/push.ts
 * sends to them, ../notify/routes.ts adds, lists and removes them). `MatchStore.push` is one.
 * Times cross as ms since the epoch. An endpoint and its keys are credentials of the device: they
 * are never logged and never leave the server.
 */

/** A subscription to store: `id` is the SHA-256 of its endpoint (base64url). */
export interface NewPushSubscription {
  readonly id: string;
  readonly accountId: string;
  /** The push service's URL for this device. */
  readonly endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), which the payload is encrypted to. */
  readonly p256dh: string;
  readonly auth: string;
  /** A short label of the device ("Chrome on Android"). */
  readonly device: string;
  /** ms since the epoch. */
  readonly createdAt: number;
}

/** A stored subscription. `lastSentAt`: ms of the last message the push service accepted, or null. */
export interface PushSubscriptionRecord extends NewPushSubscription {
  readonly lastSentAt: number | null;
}

/** The push store. */
export interface PushStore {
  /**
   * Stores a subscription: a new one, or the same endpoint subscribed again (its keys, label,
   * account and `createdAt` replaced: a browser signed in to another account now gets that
   * account's notifications). Then the account keeps at most `max` subscriptions: the oldest
   * (by `createdAt`) go.
   * @returns the ids removed to keep `max`.
   */
  savePushSubscription(subscription: NewPushSubscription, max: number): Promise<string[]>;
  /** An account's subscriptions, newest first. */
  pushSubscriptionsOf(accountId: string): Promise<PushSubscriptionRecord[]>;
  /** Removes one of an account's subscriptions. @returns whether it was the account's and is gone. */
  deletePushSubscription(accountId: string, id: string): Promise<boolean>;
  /** Removes a subscription whatever its account (the push service said it is gone). */
  forgetPushSubscription(id: string): Promise<void>;
  /** Records that messages to these subscriptions were accepted at `at` (ms). */
  markPushSent(ids: readonly string[], at: number): Promise<void>;
}

/** The push store's methods (the embedded store's worker forwards exactly these). */
export const PUSH_METHODS: readonly (keyof PushStore)[] = ["savePushSubscription", "pushSubscriptionsOf", "deletePushSubscription", "forgetPushSubscription", "markPushSent"];
