/**
 * `@fogwar/engine/testing`: the secrecy and contract kit every ruleset's tests import. Given a
 * ruleset, seeded match cases and a bot policy, {@link runKit} plays every match once and checks:
 * - termination: every bot match ends with a result within `maxCommands`;
 * - replay: the log replays to the live state hash (twice, with its keys reordered, and the same
 *   seeds play the same match, as asked);
 * - invariants: the ruleset's own predicate, at every step;
 * - the contract: `legalCommands` lists exactly what `apply` accepts (listed commands accepted,
 *   probe commands accepted only when listed, refused ones change nothing, errors are the fixed
 *   sentences), and `legalCommandsInView` agrees with it;
 * - redaction and non-interference of each declared {@link Secret}: for every viewer not entitled,
 *   changing the secret within the rules changes nothing received (views, events, awaited seats,
 *   pending decision, legal commands, answers to probes), and no view or event mentions it.
 * {@link describeRulesDoc} checks a ruleset's `docs/rules/<game>.md` against its tests.
 * Pure like the rest of the engine: it uses jest's globals (`describe`, `test`, `expect`) and
 * nothing from Node or the server.
 */
export { runKit, caseLabel } from "./run";
export { commandShapeChecks, type CommandShapeChecks, type CommandShapeSpec } from "./command-shapes";
export { Counters, Problems } from "./problems";
export { firstDifference, maskedJson, reverseKeys } from "./json";
export { describeRulesDoc, rulesDocReport, tablesOf, testsNamed, RULE_STATUSES, type DocRow, type DocTable, type RulesDocOptions, type RulesDocReport } from "./rules-doc";
export type { Channel, KitReport, KitSpec, MatchCase, PlayedMatch, Probe, Secret, StepContext } from "./types";
export { checkEndedHistories, opensDraft, randomMatch, storedEntries, ENDINGS, type AdversaryMatch, type AdversaryReport, type AdversarySpec, type Ending } from "./adversary";
export { viewCopiesStandAlone } from "./view-copies";
export { dialDuel, dialLabel, dialLegalInView, DIAL_DUEL_RULES_VERSION, ROUNDS_TO_WIN } from "./dial-duel";
export type { Dial, DialDuelCommand, DialDuelErrorCode, DialDuelEvent, DialDuelPhase, DialDuelSetup, DialDuelState, DialView, RoundRecord } from "./dial-duel";
