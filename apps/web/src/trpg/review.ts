/**
 * The TRPG review's model, pure: rebuilds a finished match in the browser with the shared engine
 * (`trpg.setup`, then each entry) from its history, comparing each step's events (as the
 * omniscient viewer sees them) and state hash with the stored ones, and verifies the dice seed.
 * A match of an older rules version is rebuilt with that version's frozen build (`ruleset`).
 */
import { canonicalJson, omniscient, replayCommand, stateHash, verifySeed, type EventEnvelope, type Ruleset, type Viewer } from "@fogwar/engine";
import { trpg, type TrpgCommand, type TrpgEvent, type TrpgSetup, type TrpgState, type TrpgView } from "@fogwar/trpg";
import type { MatchHistory } from "../api";

/** One step: 0 is the state after setup, n the state after entry n. */
export interface TrpgStep {
  readonly index: number;
  readonly seq: number;
  readonly seat: string | null;
  readonly command: TrpgCommand | null;
  readonly envelopes: readonly EventEnvelope<TrpgEvent>[];
  readonly state: TrpgState;
  readonly hashOk: boolean | null;
}

/** The rules a match is rebuilt with: the current package, or an older version's frozen build (its own shapes, read through these types). */
export type TrpgRules = Ruleset<TrpgSetup, TrpgState, TrpgCommand, TrpgEvent, TrpgView>;

/** A rebuilt match and its verification. */
export interface TrpgReplay {
  readonly rules: TrpgRules;
  readonly steps: readonly TrpgStep[];
  readonly problems: readonly string[];
  readonly seedOk: boolean;
  readonly hashesMatched: number;
  readonly hashesTotal: number;
  readonly ok: boolean;
}

/** Rebuilds and verifies a finished match's history. */
export function rebuildTrpg(history: MatchHistory, rules: TrpgRules = trpg): TrpgReplay {
  const problems: string[] = [];
  if (history.rulesVersion !== rules.rulesVersion) problems.push(`rules version ${history.rulesVersion} ≠ ${rules.rulesVersion}`);
  const seed = history.seed ?? "";
  const seen = (envelopes: readonly EventEnvelope<TrpgEvent>[]) => envelopes.map((e) => rules.redact(e, omniscient)).filter((e) => e !== null);
  const steps: TrpgStep[] = [];
  const setup = history.setup as TrpgSetup;
  let state: TrpgState;
  try {
    const initial = rules.setup(setup, seed);
    state = initial.state;
    if (canonicalJson(seen(initial.events)) !== canonicalJson(history.setupEvents)) problems.push("setup events differ");
    steps.push({ index: 0, seq: 0, seat: null, command: null, envelopes: initial.events, state, hashOk: null });
  } catch (error) {
    return { rules, steps, problems: [...problems, `setup failed: ${error instanceof Error ? error.message : String(error)}`], seedOk: false, hashesMatched: 0, hashesTotal: 0, ok: false };
  }
  for (const [i, entry] of history.entries.entries()) {
    const result = replayCommand(rules, state, entry.command, entry.seat, rules.seatsOf(setup));
    if (!result.ok) {
      problems.push(`entry ${entry.seq} refused on replay: ${result.error.code}`);
      break;
    }
    state = result.state;
    if (canonicalJson(seen(result.events)) !== canonicalJson(entry.events)) problems.push(`entry ${entry.seq}: events differ`);
    const hashOk = entry.stateHash === null ? null : stateHash(state) === entry.stateHash;
    if (hashOk === false) problems.push(`entry ${entry.seq}: state hash differs`);
    steps.push({ index: i + 1, seq: entry.seq, seat: entry.seat, command: entry.command as TrpgCommand, envelopes: result.events, state, hashOk });
  }
  const seedOk = history.seed !== null && verifySeed(history.seedCommitment, history.seed);
  const hashesTotal = history.entries.filter((e) => e.stateHash !== null).length;
  const hashesMatched = steps.filter((s) => s.hashOk === true).length;
  return { rules, steps, problems, seedOk, hashesMatched, hashesTotal, ok: problems.length === 0 && seedOk && hashesMatched === hashesTotal && steps.length === history.entries.length + 1 };
}

/** What a viewer saw of the events up to a step. */
export function trpgEventsUpTo(replay: TrpgReplay, index: number, viewer: Viewer): { seq: number; events: TrpgEvent[] }[] {
  return replay.steps.slice(0, index + 1).map((s) => ({ seq: s.seq, events: s.envelopes.map((e) => replay.rules.redact(e, viewer)).filter((e): e is TrpgEvent => e !== null) }));
}
