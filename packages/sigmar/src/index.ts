/**
 * @fogwar/sigmar: Age of Sigmar sections 19-30 (seed 003_3dcb36e83a2444ba.txt) on the project's
 * own minimal core, in continuous space, with original sample data. Pure TypeScript.
 */
export { sigmar, apply, onTimeout } from "./ruleset";
export { awaiting, legalCommands, legalCommandsInView, templates, templatesInView, greedyReturn } from "./legal";
export { viewFor, redact, stateFromView, knows, type SigmarView } from "./view";
export { RULES_VERSION } from "./version";
export { PHASES, controlled, reserveEntry, reserveSalt, setupBattle } from "./flow";
export { armyProblems, armyPoints } from "./army";
export { SigmarCommandSchema, parseCommand } from "./command-schema";
export { ERRORS, SEED, sigmarError } from "./errors";
export { catalog, buildCatalog, DataError, type SigmarCatalog } from "./data";
export * from "./data/schema";
export * from "./types";
export * as geometry from "./geometry";
export * as query from "./query";
export * as moves from "./moves";
export * as paths from "./paths";
export { suggestPlacement, suggestFor, type MovePlacement } from "./suggest";
export { type Mod, modsFor, applyMods, characteristic, moveOf, permitted, strikeOf, hasFlag, rollMod } from "./modifiers";
export { antiRend, critOptions, guarded, canShootAt, weaponsFor, modelsInReach, rollPasses, savePasses, reportedMod, dieVerdict } from "./attack";
export { attackOdds, outcomes, type AttackOdds, type WeaponOdds, type OddsStep, type OddsMod } from "./odds";
export { mayFightNow, pickable, picker } from "./combat";
export { rollValue, meanValue, maxValue } from "./dice";
export { sigmarBotPolicy, heuristicChoice, heuristicDecision, type HeuristicDecision } from "./bot";
export { POSITION_BUDGET } from "./bot-position";
export type { Pt, Disc, Box } from "./geometry";
