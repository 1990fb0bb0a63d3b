/**
 * The review's model, pure: rebuilds a finished match in the browser with the shared engine from
 * its history (`GET /api/matches/:id/history`), checks every step against the log, and verifies
 * the dice seed and every plan commitment. The rules are those of the match's rules version: this
 * page's own package, or an older version's frozen build (../table/rules-version.ts) given to
 * `rebuild`. Nothing here touches React or the network.
 */
import { ember, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState, type EmberView } from "@fogwar/ember";
import { canSee, omniscient, replayCommand, seatViewer, spectator, teamViewer, verifyCommitment, verifySeed, type EventEnvelope, type Ruleset, type Viewer } from "@fogwar/engine";
import type { MatchHistory } from "../api";
import { rebuildLog, type RebuildProblem } from "./rebuild";

/**
 * EMBER's rules at some rules version, typed as today's (an older version's states, commands,
 * events and views are read in the fields every version shares; the table does without the
 * fields an older view lacks).
 */
export type EmberRules = Ruleset<EmberSetup, EmberState, EmberCommand, EmberEvent, EmberView>;

/** The perspectives the review can show: everything, one seat, or the public picture. */
export type Perspective = "omniscient" | "spectator" | `p${number}` | `team:${string}` | (string & {});

/** The engine's viewer for a perspective. */
export function viewerOf(perspective: Perspective): Viewer {
  if (perspective === "omniscient") return omniscient;
  if (perspective === "spectator") return spectator;
  // A 2 v 2 team's shared knowledge (seed 001 6.1): `team:alpha`.
  if (perspective.startsWith("team:")) return teamViewer(perspective.slice("team:".length));
  return seatViewer(perspective);
}

/** One step of the replay: step 0 is the state after setup, step n the state after entry n. */
export interface Step {
  readonly index: number;
  /** The log's sequence number (0 for setup). */
  readonly seq: number;
  /** The seat that sent the command (null for setup). */
  readonly seat: string | null;
  readonly command: EmberCommand | null;
  /** The events as the engine produced them on replay, with their audiences. */
  readonly envelopes: readonly EventEnvelope<EmberEvent>[];
  /** The round the state is in after this step. */
  readonly round: number;
  /** The hash stored in the log, and whether the replayed state matched it (null: none stored). */
  readonly storedHash: string | null;
  readonly hashOk: boolean | null;
  /** Whether the replay produced exactly the events the log holds. */
  readonly eventsOk: boolean;
}

/** Why a replay could not go on, or a check that failed (../review/rebuild.ts, without the refusal's code apart). */
export type ReplayProblem = Omit<RebuildProblem, "code">;

/** A plan commitment and whether its opening checks out. */
export interface CommitmentCheck {
  readonly seat: string;
  readonly round: number;
  /** The entry whose events opened the plan. */
  readonly seq: number;
  readonly commitment: string | null;
  readonly ok: boolean;
}

export interface Replay {
  /** The rules the match was rebuilt with (its rules version's). */
  readonly ruleset: EmberRules;
  readonly steps: readonly Step[];
  /** Number of log entries (the last step's index when the replay is complete). */
  readonly total: number;
  /** Whether every entry replayed (a rejected command stops the replay). */
  readonly complete: boolean;
  readonly problems: readonly ReplayProblem[];
  /** The state after a step (recomputed from the nearest checkpoint, so memory stays small). */
  stateAt(index: number): EmberState;
}

/** Every this many steps the replay keeps a state; the states between are recomputed on demand. */
const CHECKPOINT = 16;

/**
 * Rebuilds the match with `rules` (default: this page's package; an older match needs its rules
 * version's): `setup(setup, seed)`, then `apply` for each entry, comparing the events (as the
 * omniscient viewer sees them) and the state hash with the stored ones (the reviews' shared loop,
 * ./rebuild.ts), keeping a state every `CHECKPOINT` steps. Rules of another version than the
 * history's are a problem (`rules_version`).
 */
export function rebuild(history: MatchHistory, rules: EmberRules = ember): Replay {
  const checkpoints = new Map<number, EmberState>();
  const built = rebuildLog(history, rules, (s): Step => {
    if (s.index % CHECKPOINT === 0) checkpoints.set(s.index, s.state);
    return { index: s.index, seq: s.seq, seat: s.seat, command: s.command, envelopes: s.envelopes, round: s.state.round, storedHash: s.storedHash, hashOk: s.hashOk, eventsOk: s.eventsOk };
  });
  const { steps, complete } = built;
  const problems = built.problems.map(({ seq, kind, detail }): ReplayProblem => ({ seq, kind, detail }));
  // Entries replayed: all, or (a mustered match) those after the checkpoint.
  const total = history.entries.filter((e) => !history.checkpoint || e.seq > history.checkpoint.seq).length;
  if (built.state === null) return { ruleset: rules, steps, total, complete, problems, stateAt: () => { throw new Error("no state"); } };
  const last = { index: steps.length - 1, state: built.state };

  let cache: { index: number; state: EmberState } | null = null;
  const stateAt = (index: number): EmberState => {
    const target = Math.max(0, Math.min(index, steps.length - 1));
    if (target === last.index) return last.state;
    if (cache?.index === target) return cache.state;
    // Start from the cached state when it lies between the checkpoint and the target.
    const base = Math.floor(target / CHECKPOINT) * CHECKPOINT;
    let at = cache && cache.index >= base && cache.index < target ? cache.index : base;
    let s = at === cache?.index ? cache.state : (checkpoints.get(base) as EmberState);
    while (at < target) {
      const step = steps[at + 1] as Step;
      const r = replayCommand(rules, s, step.command, step.seat as string, rules.seatsOf(history.setup as EmberSetup));
      if (!r.ok) throw new Error(`step ${at + 1} did not replay`);
      s = r.state;
      at++;
    }
    cache = { index: target, state: s };
    return s;
  };
  return { ruleset: rules, steps, total, complete, problems, stateAt };
}

/** What a viewer sees of a step's events (by the replay's rules). */
export function eventsFor(replay: Replay, step: Step, viewer: Viewer): EmberEvent[] {
  return step.envelopes.map((e) => replay.ruleset.redact(e, viewer)).filter((e): e is EmberEvent => e !== null);
}

/**
 * Whether a viewer may see a step's command: its own seat's commands, any command for the
 * omniscient viewer, and otherwise only commands whose every event was visible to the viewer
 * (the rule of the live history API: a `lock_plan` carries the dials).
 */
export function commandVisible(step: Step, viewer: Viewer): boolean {
  if (viewer.kind === "omniscient") return true;
  if (viewer.kind === "seat" && viewer.seat === step.seat) return true;
  return step.envelopes.every((e) => canSee(e.audience, viewer));
}

/** A viewer's projection of the state after a step, by the replay's rules. */
export function viewAt(replay: Replay, index: number, viewer: Viewer): EmberView {
  return replay.ruleset.viewFor(replay.stateAt(index), viewer);
}

/** The steps where a round starts (the step whose events include `round_started`). */
export function roundStarts(steps: readonly Step[]): { round: number; index: number }[] {
  const starts: { round: number; index: number }[] = [];
  for (const step of steps) {
    for (const e of step.envelopes) {
      if (e.event.type === "round_started") starts.push({ round: e.event.round, index: step.index });
    }
  }
  return starts;
}

/**
 * Every plan commitment of the log: for each `plan_opened` (seat, dials, salt), the commitment of
 * that seat's latest `plan_locked` before it, checked with `verifyCommitment(commitment, dials, salt)`.
 * Read from the stored (omniscient) events of the history, which is what the server published.
 */
export function checkCommitments(history: MatchHistory): CommitmentCheck[] {
  const locked = new Map<string, string>();
  const checks: CommitmentCheck[] = [];
  let round = 0;
  const scan = (seq: number, events: readonly unknown[]) => {
    for (const raw of events) {
      const event = raw as EmberEvent;
      if (event.type === "round_started") round = event.round;
      else if (event.type === "plan_locked") locked.set(event.seat, event.commitment);
      else if (event.type === "plan_opened") {
        const commitment = locked.get(event.seat) ?? null;
        checks.push({ seat: event.seat, round, seq, commitment, ok: commitment !== null && verifyCommitment(commitment, event.dials, event.salt) });
        locked.delete(event.seat);
      }
    }
  };
  scan(0, history.setupEvents);
  for (const entry of history.entries) scan(entry.seq, entry.events);
  return checks;
}

/** The whole verification of a finished match. */
export interface Verification {
  readonly seedOk: boolean;
  readonly commitments: readonly CommitmentCheck[];
  /** Entries whose stored state hash the replay reproduced, out of those with a hash. */
  readonly hashesMatched: number;
  readonly hashesTotal: number;
  readonly replayComplete: boolean;
  readonly ok: boolean;
}

export function verify(history: MatchHistory, replay: Replay): Verification {
  const seedOk = history.seed !== null && verifySeed(history.seedCommitment, history.seed);
  const commitments = checkCommitments(history);
  const hashed = history.entries.filter((e) => e.stateHash !== null && (!history.checkpoint || e.seq >= history.checkpoint.seq)).length;
  const hashesMatched = replay.steps.filter((s) => s.hashOk === true).length;
  const ok = seedOk && commitments.every((c) => c.ok) && replay.complete && replay.problems.length === 0 && hashesMatched === hashed;
  return { seedOk, commitments, hashesMatched, hashesTotal: hashed, replayComplete: replay.complete, ok };
}
