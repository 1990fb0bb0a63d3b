/**
 * The version of Siege's rules (design.md principle 9): stored with each match, and bumped
 * whenever a rule change could change a replay.
 */
export const RULES_VERSION = "siege-0.4.0";
