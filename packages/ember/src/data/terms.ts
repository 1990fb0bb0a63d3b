/**
 * The fixed word lists of EMBER's data and rules, as plain constants: the schema (./schema.ts)
 * builds its enums from them, and the rules and pages that only need the lists import them from
 * here, so they do not build the whole data schema (zod) at load.
 */

/** The mech parts, in display order (seed 000 1.2.3). */
export const PART_SLOTS = ["torso", "chassis", "left_arm", "right_arm"] as const;

/** The six action timings on the timing dial, in order 1..6 (seed 001 5, 6.1). */
export const TIMINGS = ["quick", "melee", "launch", "shoot", "move", "tactical"] as const;

/** The stances a player may choose (seed 000 1.1); shutdown is entered by the rules, never chosen. */
export const CHOOSABLE_STANCES = ["DEF", "MOB", "OFF"] as const;
