/** Age of Sigmar in the web app: its table, review and create form, each its own chunk. */
import type { RulesetAdapter } from "../adapter";
import { sigmarEndReason } from "./end-reason";

export const adapter: RulesetAdapter = {
  id: "sigmar",
  loadTable: () => import("./SigmarTable").then((m) => m.SigmarTable),
  loadReview: () => import("./SigmarReview").then((m) => ({ Review: m.SigmarReview, LiveHistory: m.SigmarLiveHistory })),
  loadCreateForm: () => import("./CreateSigmarMatch").then((m) => m.SigmarCreateForm),
  endReason: sigmarEndReason,
  hasGuide: true,
};
