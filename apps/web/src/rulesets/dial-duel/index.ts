/**
 * The dial-duel fixture ruleset (@fogwar/engine/testing) in the web app: a plain table and review,
 * each its own chunk. It joins the registry by this folder alone; the lobby offers a ruleset only
 * when the server lists it, and no production server hosts this one, so players never see it. The
 * browser tests play it against a test server that hosts it.
 */
import type { RulesetAdapter } from "../adapter";

export const adapter: RulesetAdapter = {
  id: "dial-duel",
  loadTable: () => import("./DialDuelTable").then((m) => m.DialDuelTable),
  loadReview: () => import("./DialDuelReview").then((m) => ({ Review: m.DialDuelReview, LiveHistory: m.DialDuelReview })),
};
