/** The tactical TRPG in the web app: its table, review and create form (folded in the lobby), each its own chunk. */
import type { RulesetAdapter } from "../adapter";
import { trpgEndReason } from "./end-reason";

export const adapter: RulesetAdapter = {
  id: "trpg",
  loadTable: () => import("./TrpgTable").then((m) => m.TrpgTable),
  loadReview: () => import("./TrpgReview").then((m) => ({ Review: m.TrpgReview, LiveHistory: m.TrpgLiveHistory })),
  loadCreateForm: () => import("./CreateTrpgMatch").then((m) => m.TrpgCreateForm),
  foldCreateForm: "trpgNewMatch",
  endReason: trpgEndReason,
  hasGuide: true,
};
