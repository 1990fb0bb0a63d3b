/** The `LobbyStore` over drizzle (both drivers): seeks, challenges, blocks and reports (./lobby-contract.ts). */
import type { StoreDatabase } from "./drizzle-store.js";
import type { LobbyStore } from "./lobby-contract.js";

/** The `LobbyStore` over a drizzle database (the match store's own). */
export class DrizzleLobbyStore implements LobbyStore {
  constructor(private readonly db: StoreDatabase) {}
}
