/**
 * The rebuild-and-verify loop every ruleset's review model shares, pure: a finished match's
 * history (`GET /api/matches/:id/history`) is rebuilt with the rules of its version (this page's
 * own package, or an older version's frozen build): `setup(setup, seed)` (or, for a mustered
 * match, the history's checkpoint: the state after the muster's reveal, checked against the log's
 * hash there; the muster's entries before it are the spectator's and are not replayed), then each entry
 * (`replayCommand`: referee entries as logged), comparing each step's events, as the omniscient
 * viewer sees them, and its state hash with the stored ones, and the dice seed with its
 * commitment. Each model adds its own checks (commitments, picks, lists) and its own step shape.
 */
import { canonicalJson, everyone, omniscient, replayCommand, stateHash, verifySeed, type EventEnvelope, type Ruleset, type Viewer } from "@fogwar/engine";
import type { MatchHistory } from "../api";

/**
 * One rebuilt step: step 0 is the state after setup (or the history's checkpoint), step n the
 * state after the n-th entry replayed.
 */
export interface RebuiltStep<State, Command, Event> {
  readonly index: number;
  /** The log's sequence number (0 for setup). */
  readonly seq: number;
  /** The seat that sent the command (null for setup). */
  readonly seat: string | null;
  readonly command: Command | null;
  /** The events as the rules produced them on replay, with their audiences. */
  readonly envelopes: readonly EventEnvelope<Event>[];
  readonly state: State;
  /** The hash stored in the log, and whether the replayed state matched it (null: none stored). */
  readonly storedHash: string | null;
  readonly hashOk: boolean | null;
  /** Whether the replay produced exactly the events the log holds. */
  readonly eventsOk: boolean;
}

/** Why a rebuild could not go on, or a step that differs from the log. */
export interface RebuildProblem {
  readonly seq: number;
  readonly kind: "setup_failed" | "rejected" | "events_differ" | "hash_differs" | "rules_version";
  /**
   * `rules_version`: "<stored> ≠ <rules>"; `setup_failed`: the error's message; `rejected`:
   * "<code>: <message>"; `events_differ`: "setup" or "seq <n>"; `hash_differs`: "seq <n>".
   */
  readonly detail: string;
  /** The refusal's error code (`rejected` only). */
  readonly code?: string;
}

/** A rebuilt log: the model's steps, the problems met, and the checks every ruleset shares. */
export interface RebuiltLog<State, Step> {
  readonly steps: readonly Step[];
  readonly problems: readonly RebuildProblem[];
  /** Whether setup and every entry replayed (a refused entry stops the rebuild). */
  readonly complete: boolean;
  /** The state after the last step rebuilt (null when setup failed). */
  readonly state: State | null;
  /** The dice seed opens its commitment (false when setup failed). */
  readonly seedOk: boolean;
  /** Entries whose stored state hash the rebuild reproduced, out of those with a hash (0 of 0 when setup failed). */
  readonly hashesMatched: number;
  readonly hashesTotal: number;
  /** Every shared check passed: complete, no problem, the seed, every hash. */
  readonly ok: boolean;
}

/**
 * A review model's rebuilt match: the rules it was rebuilt with (`Rules`: its rules version's),
 * its steps (`Step`, the model's shape), the shared checks' problems in words (`problemText`),
 * and the model's verdict; a model adds its own checks' results.
 */
export interface RebuiltReplay<Rules, Step> {
  readonly rules: Rules;
  readonly steps: readonly Step[];
  readonly problems: readonly string[];
  /** The dice seed opens its commitment. */
  readonly seedOk: boolean;
  /** Entries whose stored state hash the rebuild reproduced, out of those with a hash. */
  readonly hashesMatched: number;
  readonly hashesTotal: number;
  /** Every check passed, the model's own with the shared ones. */
  readonly ok: boolean;
}

/**
 * Rebuilds `history` with `rules`; `toStep` makes the model's step of each rebuilt step (in order,
 * step 0 first: a model may keep only some states). Rules of another version than the history's
 * are a problem (`rules_version`). Never throws: a failed setup is a problem (`setup_failed`).
 */
export function rebuildLog<Setup, State, Command, Event, View, Step>(
  history: MatchHistory,
  rules: Ruleset<Setup, State, Command, Event, View>,
  toStep: (step: RebuiltStep<State, Command, Event>) => Step,
): RebuiltLog<State, Step> {
  const problems: RebuildProblem[] = [];
  if (history.rulesVersion !== rules.rulesVersion) problems.push({ seq: 0, kind: "rules_version", detail: `${history.rulesVersion} ≠ ${rules.rulesVersion}` });
  const setup = history.setup as Setup;
  const seen = (envelopes: readonly EventEnvelope<Event>[]) => canonicalJson(envelopes.map((e) => rules.redact(e, omniscient)).filter((e) => e !== null));
  const steps: Step[] = [];
  let state: State;
  const checkpoint = history.checkpoint;
  // Entries replayed: all, or those after the checkpoint.
  const replayed = checkpoint ? history.entries.filter((e) => e.seq > checkpoint.seq) : history.entries;
  let checkpointOk = false;
  if (checkpoint) {
    // A mustered match: start from the state after the reveal, as the log hashed it.
    state = checkpoint.state as State;
    const at = history.entries.find((e) => e.seq === checkpoint.seq);
    const hashOk = at !== undefined && at.stateHash === checkpoint.stateHash && stateHash(state) === checkpoint.stateHash;
    checkpointOk = hashOk;
    if (!hashOk) problems.push({ seq: checkpoint.seq, kind: "hash_differs", detail: `seq ${checkpoint.seq}` });
    // Its events as the history shows them (public: the reveal).
    const envelopes = (at?.events ?? []).map((event) => ({ audience: everyone, event: event as Event }));
    steps.push(toStep({ index: 0, seq: checkpoint.seq, seat: at?.seat ?? null, command: null, envelopes, state, storedHash: checkpoint.stateHash, hashOk, eventsOk: true }));
  } else {
    try {
      const initial = rules.setup(setup, history.seed ?? "");
      state = initial.state;
      const eventsOk = seen(initial.events) === canonicalJson(history.setupEvents);
      if (!eventsOk) problems.push({ seq: 0, kind: "events_differ", detail: "setup" });
      steps.push(toStep({ index: 0, seq: 0, seat: null, command: null, envelopes: initial.events, state, storedHash: null, hashOk: null, eventsOk }));
    } catch (error) {
      problems.push({ seq: 0, kind: "setup_failed", detail: error instanceof Error ? error.message : String(error) });
      return { steps, problems, complete: false, state: null, seedOk: false, hashesMatched: 0, hashesTotal: 0, ok: false };
    }
  }
  let complete = true;
  let hashesMatched = checkpointOk ? 1 : 0;
  for (const [i, entry] of replayed.entries()) {
    const result = replayCommand(rules, state, entry.command, entry.seat, rules.seatsOf(setup));
    if (!result.ok) {
      problems.push({ seq: entry.seq, kind: "rejected", detail: `${result.error.code}: ${result.error.message}`, code: result.error.code });
      complete = false;
      break;
    }
    state = result.state as State;
    const eventsOk = seen(result.events as EventEnvelope<Event>[]) === canonicalJson(entry.events);
    if (!eventsOk) problems.push({ seq: entry.seq, kind: "events_differ", detail: `seq ${entry.seq}` });
    const hashOk = entry.stateHash === null ? null : stateHash(state) === entry.stateHash;
    if (hashOk === false) problems.push({ seq: entry.seq, kind: "hash_differs", detail: `seq ${entry.seq}` });
    if (hashOk === true) hashesMatched++;
    steps.push(toStep({ index: i + 1, seq: entry.seq, seat: entry.seat, command: entry.command as Command, envelopes: result.events as EventEnvelope<Event>[], state, storedHash: entry.stateHash, hashOk, eventsOk }));
  }
  const seedOk = history.seed !== null && verifySeed(history.seedCommitment, history.seed);
  const hashesTotal = replayed.filter((e) => e.stateHash !== null).length + (checkpoint ? 1 : 0);
  return { steps, problems, complete, state, seedOk, hashesMatched, hashesTotal, ok: complete && problems.length === 0 && seedOk && hashesMatched === hashesTotal };
}

/** A problem in words, as the Siege, TRPG and Age of Sigmar reviews list them (e.g. "entry 12: state hash differs"). */
export function problemText(problem: RebuildProblem): string {
  switch (problem.kind) {
    case "rules_version":
      return `rules version ${problem.detail}`;
    case "setup_failed":
      return `setup failed: ${problem.detail}`;
    case "events_differ":
      return problem.seq === 0 ? "setup events differ" : `entry ${problem.seq}: events differ`;
    case "rejected":
      return `entry ${problem.seq} refused on replay: ${problem.code}`;
    case "hash_differs":
      return `entry ${problem.seq}: state hash differs`;
  }
}

/** What `viewer` sees of the events of the steps up to `index`, by `redact` (the rules the match was rebuilt with). */
export function eventsUpTo<Event>(
  steps: readonly { readonly seq: number; readonly envelopes: readonly EventEnvelope<Event>[] }[],
  index: number,
  redact: (envelope: EventEnvelope<Event>, viewer: Viewer) => Event | null,
  viewer: Viewer,
): { seq: number; events: Event[] }[] {
  return steps.slice(0, index + 1).map((s) => ({ seq: s.seq, events: s.envelopes.map((e) => redact(e, viewer)).filter((e): e is Event => e !== null) }));
}
