/**
 * @fogwar/engine: the game-agnostic kernel every fogwar ruleset is built on. Pure TypeScript:
 * no I/O, no clock, no ambient randomness.
 */
export * from "./rng";
export * from "./dice";
export * from "./grid";
export * from "./visibility";
export * from "./hash";
export * from "./clone";
export * from "./data";
export * from "./ruleset";
export * from "./log";
export * from "./clock";
export * from "./referee";
export * from "./time-control";
export * from "./bot";
export * from "./search";
export * from "./muster";
export * from "./template";
export * from "./history";
