/**
 * The map of a Siege match (seed 004 "지형"): spaces, rooms, the outside area, partitions (walls,
 * doors, windows), obstacles, the upper floor and its access points ("./map"); movement costs,
 * adjacency, line of sight and protection ("./sight"). Pure functions over the map data and the
 * match state.
 */
export * from "./map";
export * from "./sight";
