/**
 * @fogwar/trpg: the combat rules of a tactical TRPG (seed 002_867c0cd57d46adf1.txt) with the
 * project's original sample data. Pure TypeScript.
 */
export { trpg, apply, onTimeout } from "./ruleset";
export { awaiting, legalCommands, legalCommandsInView } from "./legal";
export { viewFor, sharedViewFor, redact, viewerSide, casterViewFor, casterRedact, statsHidden, type TrpgView } from "./view";
export { RULES_VERSION } from "./version";
export { setupMatch } from "./setup";
export { check, checkAction, actionCost, movesOf, areaOf, canPeek } from "./check";
export { TrpgCommandSchema, ActionCommandSchema, parseCommand } from "./command-schema";
export { ERRORS, SEED, trpgError } from "./errors";
export { catalog, buildCatalog, DataError, type TrpgCatalog } from "./data";
export * from "./data/schema";
export * from "./types";
export * as board from "./board";
export * as geometry from "./geometry";
export { hitMods, shotCover, coverToughness, flanked } from "./attack";
export { effectiveConcealment, concealmentMods, concealmentAgainst, distancePenalty, spotCover, spotCoverMods, canConceal } from "./conceal";
export { trpgBotPolicy } from "./bot";
export { comparePresence, type PresenceReport } from "./presence";
export { presenceSetup } from "./presence-setup";
export { trpgSearchBot, TRPG_HARD_BUDGET, TRPG_SEARCH_BUDGET, TRPG_SEARCH_OVERSHOOT, type TrpgBot } from "./search-bot";
export { determinize as trpgDeterminize } from "./determinize";
export { answer as botAnswer } from "./plan";
export { directionTo } from "./tactics/reach";
export { roundEndCommand } from "./tactics/round-end";
export { delayedTurnOptions } from "./compose";
export { attackOdds, reactionOdds, dodgeOdds, healOdds, overChance, type AttackOdds, type DodgeOdds, type UnknownFactor } from "./odds";
export type { SearchWeights } from "./tactics/weights";
export { freeStrikeCause, freeStrikeCauseInLog, coverAgainst, type FreeStrikeCause, type CoverAgainst } from "./hints";
