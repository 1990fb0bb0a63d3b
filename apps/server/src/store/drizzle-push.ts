/** The push store over drizzle (./push-contract.ts). */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { StoreDatabase } from "./database.js";
import type { NewPushSubscription, PushStore, PushSubscriptionRecord } from "./push-contract.js";
import { pushSubscriptions } from "./schema.js";

/** A transaction-scoped advisory lock on an account's subscriptions (serialises the insert and the trim). */
const lockAccount = (accountId: string) => sql`select pg_advisory_xact_lock(hashtext(${`push:${accountId}`}))`;

/** Web Push subscriptions in the match store's database. */
export class DrizzlePushStore implements PushStore {
  constructor(private readonly db: StoreDatabase) {}

  async savePushSubscription(subscription: NewPushSubscription, max: number): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      await tx.execute(lockAccount(subscription.accountId));
      const values = {
        accountId: subscription.accountId,
        endpoint: subscription.endpoint,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        device: subscription.device,
        createdAt: new Date(subscription.createdAt),
      };
      await tx
        .insert(pushSubscriptions)
        .values({ id: subscription.id, ...values })
        .onConflictDoUpdate({ target: pushSubscriptions.id, set: values });
      const kept = await tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.accountId, subscription.accountId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
      const extra = kept.slice(Math.max(0, max)).map((r) => r.id);
      if (extra.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra));
      return extra;
    });
  }

  async pushSubscriptionsOf(accountId: string): Promise<PushSubscriptionRecord[]> {
    const rows = await this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, accountId)).orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
    return rows.map((r) => ({ id: r.id, accountId: r.accountId, endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth, device: r.device, createdAt: r.createdAt.getTime(), lastSentAt: r.lastSentAt ? r.lastSentAt.getTime() : null }));
  }

  async deletePushSubscription(accountId: string, id: string): Promise<boolean> {
    const gone = await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.accountId, accountId), eq(pushSubscriptions.id, id)))
      .returning({ id: pushSubscriptions.id });
    return gone.length > 0;
  }

  async forgetPushSubscription(id: string): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }

  async markPushSent(ids: readonly string[], at: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(pushSubscriptions)
      .set({ lastSentAt: new Date(at) })
      .where(inArray(pushSubscriptions.id, [...ids]));
  }
}
