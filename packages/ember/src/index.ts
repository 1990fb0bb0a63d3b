/**
 * @fogwar/ember: the EMBER: Obsidian Protocol ruleset (seeds 000_200ff4b7b5d3d570.txt and
 * 001_f556d9be58b12b7c.txt) with the project's original sample data. Pure TypeScript.
 */
export { ember, apply, awaiting } from "./ruleset";
export { defaultAnswer, defaultAnswerInView, onTimeout } from "./decisions";
export { legalCommands, legalCommandsInView } from "./legal";
export { viewFor, sharedViewFor, redact, casterViewFor, casterRedact, type EmberView, type PlanView } from "./view";
export { RULES_VERSION } from "./version";
export { activationOrder, planSalt } from "./flow";
export { tieBreakScore } from "./victory";
export { validateArmy, armyPoints, unitPoints, pointLimit, type ArmyProblem } from "./army";
export { resolveDamage, countResult, faceCounts, applyReplacements, firstPlayerLights, type DamageOutcome } from "./dice";
export { EmberCommandSchema, parseCommand } from "./command-schema";
export { ERRORS, emberError } from "./errors";
export { catalog, buildCatalog, DataError, type EmberCatalog } from "./data";
export * from "./data/schema";
export * from "./types";
export * as board from "./board";
export { emberBotPolicy } from "./bot";
export { loseLink, canSpendLink } from "./resources";
export { targetProblem } from "./targeting";
export { buildPools } from "./pools";
export { hasLockOn, isLockedOn, lockersOf, locks } from "./melee";
export * as resources from "./resources";
export { ewValue, ewWinner, ewCount, canCastEw, type EwCount } from "./ew";
export { isCamouflaged, isLowObservable, exposureSquare, hiddenSquareOptions } from "./concealment";
export { emberSearchBot, emberSearch, EMBER_SEARCH_BUDGET, determinize as emberDeterminize, evaluate as emberEvaluate } from "./search-bot";
export { attackOdds, type AttackOdds, type OddsModifier, type OddsSource, type PartOdds } from "./odds";
export type { AttackUse } from "./attack-declare";
export { unavailableActions, unavailableDroneOrders, type UnavailableAction, type UnavailableDroneOrder } from "./why";
export { attackStanding, ewStanding, type AttackStanding, type EwStanding } from "./standing";
