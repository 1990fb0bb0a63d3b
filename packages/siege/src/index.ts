/**
 * @fogwar/siege: the rules core of 6: Siege - The Board Game (seed 004_cb264102299fbb71.txt) with
 * the project's original sample data. Pure TypeScript.
 */
export { siege, apply, onTimeout, clockTurn } from "./ruleset";
export { awaiting, legalCommands, legalCommandsInView, legalSteps } from "./legal";
export { reachableSquares, type Reachable, type StepCommand } from "./reach";
export { viewFor, sharedViewFor, redact, viewerTeam, casterViewFor, casterRedact, type SiegeView } from "./view";
export { RULES_VERSION } from "./version";
export { pickSalt, check, setupMatch, smokeOverlay, droneReach, watchCovers, gadgetDurability } from "./rules";
export { SiegeCommandSchema, parseCommand } from "./command-schema";
export { ERRORS, SEED, siegeError } from "./errors";
export { catalog, buildCatalog, DataError, type SiegeCatalog } from "./data";
export * from "./data/schema";
export * from "./types";
export * as board from "./board";
export * as query from "./query";
export { siegeBotPolicy } from "./bot";
export { shotOdds, sumDistribution, type ShotOdds, type OddsModifier } from "./odds";
export { siegeSearchBot, siegeSearch, SIEGE_SEARCH_BUDGET, evaluate as siegeEvaluate, attackValue, roomDistances } from "./search-bot";
export { determinize as siegeDeterminize } from "./determinize";
