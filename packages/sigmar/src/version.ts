/**
 * The version of Age of Sigmar's rules (design.md principle 9): stored with each match, and bumped
 * whenever a rule change could change a replay; `<ruleset>-x.y.z` like every ruleset's, the form the
 * rules archive orders versions by (`pnpm freeze-rules sigmar` freezes each).
 */
export const RULES_VERSION = "sigmar-0.6.0";
