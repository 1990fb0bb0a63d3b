/** Siege in the web app: its table, review and create form, each its own chunk. */
import type { RulesetAdapter } from "../adapter";
import { siegeEndReason } from "./end-reason";

export const adapter: RulesetAdapter = {
  id: "siege",
  loadTable: () => import("./SiegeTable").then((m) => m.SiegeTable),
  loadReview: () => import("./SiegeReview").then((m) => ({ Review: m.SiegeReview, LiveHistory: m.SiegeLiveHistory })),
  loadCreateForm: () => import("./CreateSiegeMatch").then((m) => m.SiegeCreateForm),
  endReason: siegeEndReason,
  hasGuide: true,
};
