/** The notification store over drizzle (./notification-contract.ts). */
import type { StoreDatabase } from "./database.js";
import type { NotificationStore } from "./notification-contract.js";

/** Notifications owed and notification settings in the match store's database. */
export class DrizzleNotificationStore implements NotificationStore {
  constructor(private readonly db: StoreDatabase) {}
}
