/** The `RatingStore` over drizzle (both drivers): ratings and rating changes (./rating-contract.ts). */
import type { StoreDatabase } from "./drizzle-store.js";
import type { RatingStore } from "./rating-contract.js";

/** The `RatingStore` over a drizzle database (the match store's own). */
export class DrizzleRatingStore implements RatingStore {
  constructor(private readonly db: StoreDatabase) {}
}
