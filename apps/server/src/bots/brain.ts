/**
 * What a bot seat decides with: its ruleset's host's bot (../hosts: each host's `bot` field) for
 * the current rules, or an older version's own bot. A brain reads the seat's decoded view only,
 * never a full state.
 *
 * Levels are think budgets counted in simulations, not time, so a level plays the same on any
 * machine: "normal" is each ruleset's benchmarked budget (`pnpm bench` prints its strength against
 * the random bot and its think time per move); "easy" a fraction of it, for quick moves; "hard"
 * a larger budget (apps/cli/bench/levels.bench.ts measures every level against the normal bot).
 *
 * A match of an older rules version (a live match the server kept across an update) is played by
 * that version's own bot: its frozen build's random bot with its bot policy, over the commands its
 * rules list from the seat's view (`versionBrain`). The search bot knows the current rules only,
 * so the level does not apply there.
 */
import type { SeatId } from "@fogwar/engine";
import type { BotLevel } from "@fogwar/protocol";
import { rulesetFor } from "@fogwar/rules-archive";
import { RULESETS, type BotCommand, type Brain } from "../hosts/index.js";

export type { BotCommand, Brain } from "../hosts/index.js";

/** The ids of the hosted rulesets a bot can play. */
export function botRulesets(): string[] {
  return [...RULESETS.values()].filter((host) => host.bot).map((host) => host.ruleset.id);
}

/** Whether a bot plays the hosted ruleset `id`. */
export const botPlays = (id: string): boolean => RULESETS.get(id)?.bot !== undefined;

/**
 * A brain for `seat` of a match of `ruleset` at `level`; `seed` makes its choices reproducible
 * (the same view and seed give the same command).
 * @throws Error for a ruleset no bot plays.
 */
export function brainFor(ruleset: string, level: BotLevel, seat: SeatId, seed: string): Brain {
  const bot = RULESETS.get(ruleset)?.bot;
  if (!bot) throw new Error(`no bot plays the ruleset "${ruleset}"`);
  return bot.brain(level, seat, seed);
}

/**
 * A brain for `seat` of a match of `ruleset` at rules version `version`: `brainFor` for the
 * current version; for an older one, that version's own random bot and policy over the legal
 * commands its rules list from the seat's view (its frozen build). `seed` as for `brainFor`.
 * @throws Error (rejects) for a ruleset no bot plays, or a version with no build or whose rules
 *   cannot list commands from a view.
 */
export async function versionBrain(ruleset: string, version: string, level: BotLevel, seat: SeatId, seed: string): Promise<Brain> {
  const rules = await rulesetFor(ruleset, version);
  if (!rules.frozen) return brainFor(ruleset, level, seat, seed);
  const inView = rules.ruleset.legalCommandsInView?.bind(rules.ruleset);
  if (!inView) throw new Error(`${version} cannot list a seat's commands from its view: no bot plays it`);
  const legal = (view: unknown): BotCommand[] => inView(view, seat) as BotCommand[];
  const random = new rules.RandomBot(seed, rules.botPolicy);
  return { legal, choose: (view) => random.choose(legal(view)), fallback: (view) => random.choose(legal(view)) };
}
