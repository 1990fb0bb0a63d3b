/** The `SocialStore` over drizzle (both drivers): challenges, blocks and reports (./social-contract.ts). */
import type { StoreDatabase } from "./drizzle-store.js";
import type { SocialStore } from "./social-contract.js";

/** The `SocialStore` over a drizzle database (the match store's own). */
export class DrizzleSocialStore implements SocialStore {
  constructor(private readonly db: StoreDatabase) {}
}
