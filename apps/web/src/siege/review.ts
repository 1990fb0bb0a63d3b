/**
 * The Siege review's model, pure: rebuilds a finished Siege match in the browser with the shared
 * engine (`setup`, then `apply` per entry) from its history, comparing each step's
 * events (as the omniscient viewer sees them) and state hash with the stored ones, and verifies
 * the dice seed and both teams' pick commitments (seed 004 "팀 준비": the commitment of
 * `picks_locked` must open with the revealed pick and its salt, and the salt must be the one the
 * seed derives). The rules are those of the match's rules version: this page's own package, or an
 * older version's frozen build given to `rebuildSiege`.
 */
import { canonicalJson, omniscient, replayCommand, stateHash, verifyCommitment, verifySeed, type EventEnvelope, type Ruleset, type Viewer } from "@fogwar/engine";
import { pickSalt, siege, type SiegeCommand, type SiegeEvent, type SiegeSetup, type SiegeState, type SiegeView, type Team } from "@fogwar/siege";
import type { MatchHistory } from "../api";

/** Siege's rules at some rules version, typed as today's, with that version's pick salt. */
export interface SiegeRules {
  readonly ruleset: Ruleset<SiegeSetup, SiegeState, SiegeCommand, SiegeEvent, SiegeView>;
  readonly pickSalt: (seed: string, team: Team) => string;
}

/** This page's own Siege rules. */
export const CURRENT_SIEGE: SiegeRules = { ruleset: siege, pickSalt };

/** One step: 0 is the state after setup, n the state after entry n. */
export interface SiegeStep {
  readonly index: number;
  readonly seq: number;
  readonly seat: string | null;
  readonly command: SiegeCommand | null;
  readonly envelopes: readonly EventEnvelope<SiegeEvent>[];
  readonly state: SiegeState;
  readonly hashOk: boolean | null;
  readonly eventsOk: boolean;
}

/** A pick commitment and whether it opens. */
export interface PickCheck {
  readonly team: Team;
  readonly commitment: string | null;
  readonly ok: boolean;
}

/** A rebuilt match and its verification. */
export interface SiegeReplay {
  /** The rules the match was rebuilt with (its rules version's). */
  readonly rules: SiegeRules;
  readonly steps: readonly SiegeStep[];
  readonly complete: boolean;
  readonly problems: readonly string[];
  readonly seedOk: boolean;
  readonly picks: readonly PickCheck[];
  readonly hashesMatched: number;
  readonly hashesTotal: number;
  /** Every check passed. */
  readonly ok: boolean;
}

/**
 * Rebuilds and verifies a finished match's history with `rules` (default: this page's; an older
 * match needs its rules version's). States are kept per step: Siege logs are a few hundred entries.
 */
export function rebuildSiege(history: MatchHistory, rules: SiegeRules = CURRENT_SIEGE): SiegeReplay {
  const { ruleset } = rules;
  const problems: string[] = [];
  if (history.rulesVersion !== ruleset.rulesVersion) problems.push(`rules version ${history.rulesVersion} ≠ ${ruleset.rulesVersion}`);
  const seed = history.seed ?? "";
  const omniscientEvents = (envelopes: readonly EventEnvelope<SiegeEvent>[]) => envelopes.map((e) => ruleset.redact(e, omniscient)).filter((e) => e !== null);
  const steps: SiegeStep[] = [];
  let state: SiegeState;
  try {
    const initial = ruleset.setup(history.setup as SiegeSetup, seed);
    state = initial.state;
    const eventsOk = canonicalJson(omniscientEvents(initial.events)) === canonicalJson(history.setupEvents);
    if (!eventsOk) problems.push("setup events differ");
    steps.push({ index: 0, seq: 0, seat: null, command: null, envelopes: initial.events, state, hashOk: null, eventsOk });
  } catch (error) {
    problems.push(`setup failed: ${error instanceof Error ? error.message : String(error)}`);
    return { rules, steps, complete: false, problems, seedOk: false, picks: [], hashesMatched: 0, hashesTotal: 0, ok: false };
  }
  let complete = true;
  for (const [i, entry] of history.entries.entries()) {
    const result = replayCommand(ruleset, state, entry.command, entry.seat, ruleset.seatsOf(history.setup as SiegeSetup));
    if (!result.ok) {
      problems.push(`entry ${entry.seq} refused on replay: ${result.error.code}`);
      complete = false;
      break;
    }
    state = result.state;
    const eventsOk = canonicalJson(omniscientEvents(result.events)) === canonicalJson(entry.events);
    if (!eventsOk) problems.push(`entry ${entry.seq}: events differ`);
    const hashOk = entry.stateHash === null ? null : stateHash(state) === entry.stateHash;
    if (hashOk === false) problems.push(`entry ${entry.seq}: state hash differs`);
    steps.push({ index: i + 1, seq: entry.seq, seat: entry.seat, command: entry.command as SiegeCommand, envelopes: result.events, state, hashOk, eventsOk });
  }
  const seedOk = history.seed !== null && verifySeed(history.seedCommitment, history.seed);
  const picks = checkPicks(history, seed, rules.pickSalt);
  const hashesTotal = history.entries.filter((e) => e.stateHash !== null).length;
  const hashesMatched = steps.filter((s) => s.hashOk === true).length;
  // A match conceded before the picks were revealed has no pick to open (the locked one stays secret).
  const concededBeforeReveal = picks.length === 0 && (steps.at(-1)?.state.result?.reason.endsWith(": conceded") ?? false);
  const ok = complete && problems.length === 0 && seedOk && (picks.length === 2 || concededBeforeReveal) && picks.every((p) => p.ok) && hashesMatched === hashesTotal;
  return { rules, steps, complete, problems, seedOk, picks, hashesMatched, hashesTotal, ok };
}

/** Both teams' pick commitments, opened by `picks_revealed` (stored, omniscient events); `salt`: the rules version's pick salt. */
export function checkPicks(history: MatchHistory, seed: string, salt: SiegeRules["pickSalt"] = pickSalt): PickCheck[] {
  const locked = new Map<Team, string>();
  const checks: PickCheck[] = [];
  for (const raw of [...history.setupEvents, ...history.entries.flatMap((e) => e.events)]) {
    const event = raw as SiegeEvent;
    if (event.type === "picks_locked") locked.set(event.team, event.commitment);
    if (event.type === "picks_revealed") {
      for (const team of ["attack", "defence"] as const) {
        const { salt: opened, ...choice } = event.picks[team];
        const commitment = locked.get(team) ?? null;
        checks.push({ team, commitment, ok: commitment !== null && verifyCommitment(commitment, choice, opened) && opened === salt(seed, team) });
      }
    }
  }
  return checks;
}

/** What a viewer sees of the events up to a step. */
export function siegeEventsUpTo(replay: SiegeReplay, index: number, viewer: Viewer): { seq: number; events: SiegeEvent[] }[] {
  return replay.steps.slice(0, index + 1).map((s) => ({ seq: s.seq, events: s.envelopes.map((e) => replay.rules.ruleset.redact(e, viewer)).filter((e): e is SiegeEvent => e !== null) }));
}
