/**
 * The version of EMBER's rules (design.md principle 9): stored with each match, and bumped
 * whenever a rule change could change a replay.
 */
export const RULES_VERSION = "ember-1.3.0";
