/** The notification store over drizzle (./notification-contract.ts). */
import { eq } from "drizzle-orm";
import type { StoreDatabase } from "./database.js";
import type { NotificationStore } from "./notification-contract.js";
import { notificationSettings, serverKeys } from "./schema.js";

/** Notifications owed, notification settings and the server's keys in the match store's database. */
export class DrizzleNotificationStore implements NotificationStore {
  constructor(private readonly db: StoreDatabase) {}

  async serverKey(name: string, fresh: unknown): Promise<unknown> {
    await this.db.insert(serverKeys).values({ name, value: fresh }).onConflictDoNothing();
    const [row] = await this.db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, name));
    return row!.value;
  }

  async settingsOf(accountId: string): Promise<unknown> {
    const [row] = await this.db.select({ settings: notificationSettings.settings }).from(notificationSettings).where(eq(notificationSettings.accountId, accountId));
    return row?.settings ?? null;
  }

  async saveSettings(accountId: string, settings: unknown): Promise<void> {
    await this.db
      .insert(notificationSettings)
      .values({ accountId, settings })
      .onConflictDoUpdate({ target: notificationSettings.accountId, set: { settings, updatedAt: new Date() } });
  }
}
