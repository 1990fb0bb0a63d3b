/**
 * A bot that plays any ruleset by picking random legal commands, and an autoplay loop that runs a
 * whole match with bots in every seat. Deterministic for a given bot seed. Used by the terminal
 * match, property tests and benchmarks; the online bots of the server drive the same bot.
 */
import { Match, type MatchLog } from "./log";
import { Random, rngStateFromSeed } from "./rng";
import type { Ruleset } from "./ruleset";
import { sampleTemplate, shiftTemplate, type CommandTemplate } from "./template";
import type { SeatId } from "./visibility";

/**
 * How a bot groups and weighs the commands on offer: `group` names a command's group (by default
 * its `type`), `weight` gives a group's relative weight (by default 1).
 */
export interface BotPolicy<C> {
  group?(command: C): string;
  weight?(group: string): number;
}

/**
 * Picks among legal commands: first a group (by default the command `type`) at random, weighted
 * by the policy, then a command of that group uniformly. Grouping keeps rare choices (attacks,
 * rerolls) from being drowned by the many destination squares of a move.
 */
export class RandomBot<C extends { type: string } = { type: string }> {
  private readonly random: Random;

  /** @param seed any string; the same seed makes the same choices from the same options. */
  constructor(
    seed: string,
    private readonly policy: BotPolicy<C> = {},
  ) {
    this.random = new Random(rngStateFromSeed(seed, "bot"));
  }

  /** One of `commands`, or null when there is none. */
  choose(commands: readonly C[]): C | null {
    if (commands.length === 0) return null;
    // Each command's group, asked once; groups numbered in the order they first appear.
    const groups: string[] = [];
    const numbers = new Map<string, number>();
    const groupNumber = new Uint32Array(commands.length);
    for (let i = 0; i < commands.length; i++) {
      const c = commands[i] as C;
      const name = this.policy.group ? (this.policy.group(c) ?? c.type) : c.type;
      let n = numbers.get(name);
      if (n === undefined) {
        n = groups.length;
        groups.push(name);
        numbers.set(name, n);
      }
      groupNumber[i] = n;
    }
    const weights = groups.map((g) => Math.max(0, this.policy.weight?.(g) ?? 1));
    const total = weights.reduce((a, b) => a + b, 0);
    let group = 0;
    if (total > 0) {
      // Weights are scaled to integers so the draw stays an exact integer draw.
      const scaled = weights.map((w) => Math.round((w / total) * 1_000_000));
      let ticket = this.random.int(0, scaled.reduce((a, b) => a + b, 0) - 1);
      for (let i = 0; i < groups.length; i++) {
        ticket -= scaled[i] as number;
        if (ticket < 0) {
          group = i;
          break;
        }
      }
    } else group = numbers.get(this.random.pick(groups)) as number;
    return this.random.pick(commands.filter((_, i) => groupNumber[i] === group));
  }
}

/**
 * A bot's pick among listed commands and continuous choices (./template.ts): `choose` over the
 * listed commands and each template's default command (grouped as `template:<type>`); a chosen
 * template is filled at random up to `tries` times (first every point moved by one common offset,
 * then each point on its own), and the first filling `accepts` takes is played, else its default.
 */
export function chooseWithTemplates<C extends { type: string }>(
  bot: RandomBot<C>,
  random: Random,
  commands: readonly C[],
  templates: readonly CommandTemplate<C>[],
  accepts: (command: C) => boolean,
  tries = 4,
): C | null {
  if (templates.length === 0) return bot.choose(commands);
  const defaults = templates.map((t) => t.command);
  const all = [...commands, ...defaults];
  const picked = bot.choose(all);
  // By position: a listed command is played as it is, a template's default is filled.
  const at = picked === null ? -1 : all.indexOf(picked);
  if (picked === null || at < commands.length) return picked;
  const template = templates[at - commands.length] as CommandTemplate<C>;
  for (let i = 0; i < tries; i++) {
    const filled = i % 2 === 0 ? shiftTemplate(template, random) : sampleTemplate(template, random);
    if (accepts(filled)) return filled;
  }
  return picked;
}

/** Thrown when an autoplayed match cannot go on (no legal command for an awaited seat, or too long). */
export class AutoplayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AutoplayError";
  }
}

/**
 * Plays a whole match with one {@link RandomBot} per seat (continuous choices filled at random:
 * {@link chooseWithTemplates}).
 * @param options.maxCommands a guard against rules that never end (default 20,000 commands).
 * @param options.policy how the bots weigh their choices (see {@link BotPolicy}).
 * @param options.onCommand called after each accepted command.
 * @returns the finished match (its state, result and log).
 * @throws AutoplayError if an awaited seat has no legal command, a listed command is rejected, or
 *   the match exceeds `maxCommands`.
 */
export function autoplay<Setup, State, Command extends { type: string }, Event, View>(
  ruleset: Ruleset<Setup, State, Command, Event, View>,
  setup: Setup,
  seed: string,
  botSeed: string,
  options: {
    maxCommands?: number;
    policy?: BotPolicy<Command>;
    onCommand?: (match: Match<Setup, State, Command, Event, View>, seat: SeatId, command: Command) => void;
  } = {},
): Match<Setup, State, Command, Event, View> {
  const match = new Match(ruleset, setup, seed);
  const bots = new Map<SeatId, RandomBot<Command>>(
    ruleset.seatsOf(setup).map((seat) => [seat, new RandomBot<Command>(`${botSeed}:${seat}`, options.policy)]),
  );
  const max = options.maxCommands ?? 20_000;
  // Fills continuous choices (rulesets with templates only: the others never draw from it).
  const fills = new Random(rngStateFromSeed(botSeed, "bot-fill"));
  for (let n = 0; ruleset.result(match.state) === null; n++) {
    if (n >= max) throw new AutoplayError(`no result after ${max} commands`);
    const seat = ruleset.awaiting(match.state)[0];
    if (seat === undefined) throw new AutoplayError("the match awaits nobody but has no result");
    const bot = bots.get(seat);
    const legal = ruleset.legalCommands(match.state, seat);
    const templates = ruleset.templates?.(match.state, seat) ?? [];
    const state = match.state;
    const command = bot && chooseWithTemplates(bot, fills, legal, templates, (c) => ruleset.apply(state, c, seat).ok);
    if (!command) throw new AutoplayError(`seat ${seat} is awaited but has no legal command`);
    const outcome = match.submit(seat, command);
    if (!outcome.ok) {
      throw new AutoplayError(`listed command rejected: ${outcome.error.code} ${JSON.stringify(command)}`);
    }
    options.onCommand?.(match, seat, command);
  }
  return match;
}

/** The log type of an autoplayed match, for convenience. */
export type AutoplayLog<Setup, Command, Event> = MatchLog<Setup, Command, Event>;
