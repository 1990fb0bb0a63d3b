/**
 * Replay fixtures (design.md principle 9): a stored match of one rules version, as the server
 * stores it (setup, seed, setup events, every accepted command with its events and state hash),
 * with its expected final state hash and result. Each published version has one, played by that
 * version's frozen build with its own bot policy (`pnpm freeze-rules`); the tests replay it with
 * the loader's ruleset for that version, on the server's path and on the review's.
 */
import { canonicalJson, replayCommand, stateHash, type EventEnvelope, type MatchResult } from "@fogwar/engine";
import type { AnyRuleset } from "./types.js";

/** One stored log entry, as the store holds it. */
export interface FixtureEntry {
  readonly seq: number;
  readonly seat: string;
  readonly command: unknown;
  /** The events with their audiences (what `apply` returned). */
  readonly events: readonly EventEnvelope<unknown>[];
  /** The engine state hash after the entry; null for an entry stored without one (a live server hashes only some). */
  readonly stateHash: string | null;
}

/** A stored match of one rules version with its expected outcome. */
export interface ReplayFixture {
  /** What the file is, for a reader who opens it. */
  readonly about: string;
  readonly ruleset: string;
  readonly rulesVersion: string;
  readonly setup: unknown;
  /** The dice seed (revealed: the match is over) and its public commitment. */
  readonly seed: string;
  readonly seedCommitment: string;
  /** The bot seed the frozen build's `autoplay` played the match with. */
  readonly botSeed: string;
  readonly setupEvents: readonly EventEnvelope<unknown>[];
  readonly entries: readonly FixtureEntry[];
  /** The state hash after the last entry. */
  readonly finalHash: string;
  readonly result: MatchResult;
}

/** What replaying a fixture found: the final hash reached, and every difference from the stored log. */
export interface FixtureReplay {
  readonly finalHash: string | null;
  readonly result: MatchResult | null;
  readonly problems: readonly string[];
}

/**
 * Replays `fixture` with `ruleset`: setup, then every entry (referee entries as logged), checking
 * the setup events, each entry's events and state hash, the final hash and the result. Never
 * throws: a refused command or an exception ends the replay with a problem.
 */
export function replayFixture(ruleset: AnyRuleset, fixture: ReplayFixture): FixtureReplay {
  const problems: string[] = [];
  if (ruleset.rulesVersion !== fixture.rulesVersion) problems.push(`rules version ${ruleset.rulesVersion} replays a fixture of ${fixture.rulesVersion}`);
  try {
    const initial = ruleset.setup(fixture.setup, fixture.seed);
    if (canonicalJson(initial.events) !== canonicalJson(fixture.setupEvents)) problems.push("setup events differ");
    let state: unknown = initial.state;
    const seats = ruleset.seatsOf(fixture.setup);
    for (const entry of fixture.entries) {
      const result = replayCommand(ruleset, state, entry.command, entry.seat, seats);
      if (!result.ok) {
        problems.push(`entry ${entry.seq} refused: ${result.error.code}`);
        return { finalHash: null, result: null, problems };
      }
      state = result.state;
      if (canonicalJson(result.events) !== canonicalJson(entry.events)) problems.push(`entry ${entry.seq}: events differ`);
      if (entry.stateHash !== null && stateHash(state) !== entry.stateHash) problems.push(`entry ${entry.seq}: state hash differs`);
    }
    const finalHash = stateHash(state);
    const result = ruleset.result(state);
    if (finalHash !== fixture.finalHash) problems.push(`final state hash ${finalHash} is not ${fixture.finalHash}`);
    if (canonicalJson(result) !== canonicalJson(fixture.result)) problems.push("result differs");
    return { finalHash, result, problems };
  } catch (error) {
    problems.push(`replay threw: ${error instanceof Error ? error.message : String(error)}`);
    return { finalHash: null, result: null, problems };
  }
}
