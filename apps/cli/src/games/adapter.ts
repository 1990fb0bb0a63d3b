/**
 * The shape of one game in the terminal tools: what `pnpm match` and `pnpm bots` need from a
 * ruleset, each game in its own folder `src/games/<id>/index.ts` exporting `game` (found by
 * ./registry.ts, so the scripts name no game).
 */
import type { ParseArgsOptionsConfig } from "node:util";
import type { OnlineMatchReport } from "../online";

/** What `pnpm bots` hands a game: its parsed command line and the checks every option uses. */
export interface BotsContext {
  /** Every option of the command line, parsed (the common ones and every game's `botOptions`). */
  readonly values: Readonly<Record<string, string | boolean | readonly string[] | undefined>>;
  /** How many matches will be played (for the title). */
  readonly matches: number;
  /** Every server address given (`--url`, several for one deployment). */
  readonly urls: readonly string[];
  /** Spectators joining each match. */
  readonly spectators: number;
  /** The spectators' delay, in rounds. */
  readonly delay: number;
  /** The seed prefix: match n plays seed `${seed}-${n}`. */
  readonly seed: string;
  /** A whole number option in [min, max]; exits with a usage error otherwise. */
  count(name: string, value: string | undefined, min: number, max: number): number;
  /** Prints a usage error and exits with status 2. */
  fail(message: string): never;
}

/** The matches `pnpm bots` plays for a game: a title for the log and one match's play. */
export interface BotsPlan {
  readonly title: string;
  /** Plays match number n (from 0) against the server at `url`. */
  play(n: number, url: string): Promise<OnlineMatchReport>;
}

/** One game of the terminal tools. */
export interface GameAdapter {
  /** The ruleset id, as the server's API names it (`--game <id>` or `--ruleset <id>`). */
  readonly id: string;
  /** Where usage messages list the game (smaller first; games without one come last, by id). */
  readonly listOrder?: number;
  /** True for a game kept for tests: playable when named, but not listed among the choices. */
  readonly unlisted?: boolean;
  /**
   * Plays a whole local match between bots and prints its log (`pnpm match --game <id>`): reads
   * the game's own options from the command line (see ./args.ts, `gameArgs`).
   */
  match(): Promise<unknown>;
  /** The options this game adds to `pnpm bots` (node:util parseArgs options). */
  readonly botOptions?: ParseArgsOptionsConfig;
  /** Online bot matches against a running server (`pnpm bots --game <id>`); absent if the game has none. */
  bots?(context: BotsContext): BotsPlan;
}
