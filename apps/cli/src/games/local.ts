/** What every game's local match (`pnpm match`, src/games/<id>/match.ts) prints and how it stops. */
import { replay, stateHash, type MatchLog, type Ruleset } from "@fogwar/engine";

/** Prints a usage error and exits with status 2. */
export function fail(message: string): never {
  console.error(`error: ${message}`);
  process.exit(2);
}

/**
 * Prints a played match's closing lines: its command count, final state hash, whether the log
 * replays to it and whether the seed opens its commitment (`seedOk`), then the winners (a team's
 * seats joined) or a draw. Exits with status 1 when the match has no result.
 */
export function printEnding<Setup, State, Command, Event, View>(ruleset: Ruleset<Setup, State, Command, Event, View>, log: MatchLog<Setup, Command, Event>, state: State, seedOk: boolean): void {
  const hash = stateHash(state);
  console.log(`\n${log.entries.length} commands; final state ${hash.slice(0, 16)}; replay ${replay(ruleset, log).hash === hash ? "matches" : "DIFFERS"}; seed commitment ${seedOk ? "verified" : "FAILED"}`);
  const result = ruleset.result(state);
  if (!result) process.exit(1);
  console.log(result.winner ? `Winner: ${(result.winners ?? [result.winner]).join(", ")} (${result.reason})` : `Draw (${result.reason})`);
}
