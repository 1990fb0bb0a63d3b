/**
 * The version of the TRPG's rules (design.md principle 9): stored with each match, and bumped
 * whenever a rule change could change a replay.
 */
export const RULES_VERSION = "trpg-0.7.0";
