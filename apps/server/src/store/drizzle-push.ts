/** The push store over drizzle (./push-contract.ts). */
import type { StoreDatabase } from "./database.js";
import type { PushStore } from "./push-contract.js";

/** Web Push subscriptions and the server's keys in the match store's database. */
export class DrizzlePushStore implements PushStore {
  constructor(private readonly db: StoreDatabase) {}
}
