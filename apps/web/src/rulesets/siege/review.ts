/**
 * The Siege review's model, pure: rebuilds a finished Siege match in the browser with the shared
 * engine (`setup`, then `apply` per entry) from its history, comparing each step's
 * events (as the omniscient viewer sees them) and state hash with the stored ones, and verifies
 * the dice seed and both teams' pick commitments (seed 004 "팀 준비": the commitment of
 * `picks_locked` must open with the revealed pick and its salt, and the salt must be the one the
 * seed derives). The rules are those of the match's rules version: this page's own package, or an
 * older version's frozen build given to `rebuildSiege`. The rebuild itself is the reviews' shared
 * loop (../review/rebuild.ts).
 */
import { verifyCommitment, type Ruleset, type Viewer } from "@fogwar/engine";
import { pickSalt, siege, type SiegeCommand, type SiegeEvent, type SiegeSetup, type SiegeState, type SiegeView, type Team } from "@fogwar/siege";
import type { MatchHistory } from "../../api";
import { eventsUpTo, problemText, rebuildLog, type RebuiltReplay, type RebuiltStep } from "../../review/rebuild";

/** Siege's rules at some rules version, typed as today's, with that version's pick salt. */
export interface SiegeRules {
  readonly ruleset: Ruleset<SiegeSetup, SiegeState, SiegeCommand, SiegeEvent, SiegeView>;
  readonly pickSalt: (seed: string, team: Team) => string;
}

/** This page's own Siege rules. */
export const CURRENT_SIEGE: SiegeRules = { ruleset: siege, pickSalt };

/** One step: 0 is the state after setup, n the state after entry n. */
export type SiegeStep = RebuiltStep<SiegeState, SiegeCommand, SiegeEvent>;

/** A pick commitment and whether it opens. */
export interface PickCheck {
  readonly team: Team;
  readonly commitment: string | null;
  readonly ok: boolean;
}

/** A rebuilt match and its verification. */
export interface SiegeReplay extends RebuiltReplay<SiegeRules, SiegeStep> {
  /** Setup and every entry replayed. */
  readonly complete: boolean;
  readonly picks: readonly PickCheck[];
}

/**
 * Rebuilds and verifies a finished match's history with `rules` (default: this page's; an older
 * match needs its rules version's). States are kept per step: Siege logs are a few hundred entries.
 */
export function rebuildSiege(history: MatchHistory, rules: SiegeRules = CURRENT_SIEGE): SiegeReplay {
  const { steps, problems, complete, seedOk, hashesMatched, hashesTotal, ok } = rebuildLog(history, rules.ruleset, (step) => step);
  // No pick is checked when setup failed (no step).
  const picks = steps.length > 0 ? checkPicks(history, history.seed ?? "", rules.pickSalt) : [];
  // A match conceded before the picks were revealed has no pick to open (the locked one stays secret).
  const concededBeforeReveal = picks.length === 0 && (steps.at(-1)?.state.result?.reason.endsWith(": conceded") ?? false);
  return { rules, steps, complete, problems: problems.map(problemText), seedOk, picks, hashesMatched, hashesTotal, ok: ok && (picks.length === 2 || concededBeforeReveal) && picks.every((p) => p.ok) };
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
  return eventsUpTo(replay.steps, index, (e, v) => replay.rules.ruleset.redact(e, v), viewer);
}
