/**
 * The TRPG review's model, pure: rebuilds a finished match in the browser with the shared engine
 * (`trpg.setup`, then each entry) from its history, comparing each step's events (as the
 * omniscient viewer sees them) and state hash with the stored ones, and verifies the dice seed
 * (../review/rebuild.ts). A match of an older rules version is rebuilt with that version's frozen
 * build (`ruleset`).
 */
import type { Ruleset, Viewer } from "@fogwar/engine";
import { trpg, type TrpgCommand, type TrpgEvent, type TrpgSetup, type TrpgState, type TrpgView } from "@fogwar/trpg";
import type { MatchHistory } from "../../api";
import { eventsUpTo, problemText, rebuildLog, type RebuiltReplay, type RebuiltStep } from "../../review/rebuild";

/** One step: 0 is the state after setup, n the state after entry n. */
export type TrpgStep = RebuiltStep<TrpgState, TrpgCommand, TrpgEvent>;

/** The rules a match is rebuilt with: the current package, or an older version's frozen build (its own shapes, read through these types). */
export type TrpgRules = Ruleset<TrpgSetup, TrpgState, TrpgCommand, TrpgEvent, TrpgView>;

/** A rebuilt match and its verification (the shared checks only). */
export type TrpgReplay = RebuiltReplay<TrpgRules, TrpgStep>;

/** Rebuilds and verifies a finished match's history. */
export function rebuildTrpg(history: MatchHistory, rules: TrpgRules = trpg): TrpgReplay {
  const { steps, problems, seedOk, hashesMatched, hashesTotal, ok } = rebuildLog(history, rules, (step) => step);
  return { rules, steps, problems: problems.map(problemText), seedOk, hashesMatched, hashesTotal, ok };
}

/** What a viewer saw of the events up to a step. */
export function trpgEventsUpTo(replay: TrpgReplay, index: number, viewer: Viewer): { seq: number; events: TrpgEvent[] }[] {
  return eventsUpTo(replay.steps, index, (e, v) => replay.rules.redact(e, v), viewer);
}
