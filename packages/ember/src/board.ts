/**
 * The table of an EMBER match, for the `board` namespace other programs read: the board, terrain
 * and zones ("./map"); units, cards, forces and projectiles ("./query"); line of sight, cover, arcs
 * and smoke ("./sight"). Pure functions over the scenario data and the match state.
 */
export * from "./map";
export * from "./query";
export * from "./sight";
