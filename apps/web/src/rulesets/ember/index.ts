/**
 * EMBER in the web app: its table (`EmberConnected`), its review (`Replayer`, and the public log
 * of a live match), its create form (the army editor) and its end reasons in words. Only loaders
 * and the small reason words load with the lobby.
 */
import type { RulesetAdapter } from "../adapter";
import { endReason } from "../../table/reason";

export const adapter: RulesetAdapter = {
  id: "ember",
  loadTable: () => import("./EmberConnected").then((m) => m.EmberConnected),
  loadReview: () => import("./Replayer").then((m) => ({ Review: m.Replayer, LiveHistory: m.EmberLiveHistory })),
  loadCreateForm: () => import("./create").then((m) => m.EmberCreateForm),
  endReason: (t, reason) => endReason({ t }, reason),
  hasGuide: true,
};
