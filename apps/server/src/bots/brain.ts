/**
 * What a bot seat decides with, per ruleset: the commands its seat may send in the position its
 * projection shows (`legalCommandsInView`) and the command its search bot picks there
 * (determinized Monte Carlo over the seat's information set: packages/engine/src/search). Both
 * read the seat's decoded view only, never a full state.
 *
 * Levels are think budgets counted in simulations, not time, so a level plays the same on any
 * machine: "normal" is each ruleset's benchmarked budget (`pnpm bench` prints its strength against
 * the random bot and its think time per move); "easy" a fraction of it, for quick moves.
 *
 * A match of an older rules version (a live match the server kept across an update) is played by
 * that version's own bot: its frozen build's random bot with its bot policy, over the commands its
 * rules list from the seat's view (`versionBrain`). The search bot knows the current rules only,
 * so the level does not apply there.
 */
import { RandomBot, type SearchBudget, type SeatId } from "@fogwar/engine";
import { EMBER_SEARCH_BUDGET, emberBotPolicy, emberSearchBot, legalCommandsInView as emberLegal, type EmberCommand, type EmberView } from "@fogwar/ember";
import { SIEGE_SEARCH_BUDGET, siegeBotPolicy, siegeSearchBot, legalCommandsInView as siegeLegal, type SiegeCommand, type SiegeView } from "@fogwar/siege";
import { heuristicChoice, sigmarBotPolicy, legalCommandsInView as sigmarLegal, type SigmarCommand, type SigmarView } from "@fogwar/sigmar";
import { TRPG_SEARCH_BUDGET, trpgBotPolicy, trpgSearchBot, awaiting as trpgAwaiting, legalCommandsInView as trpgLegal, type TrpgCommand, type TrpgView } from "@fogwar/trpg";
import type { BotLevel } from "@fogwar/protocol";
import { rulesetFor } from "@fogwar/rules-archive";

/** A ruleset's command as a bot handles it: plain JSON with a `type`. */
export type BotCommand = { readonly type: string };

/**
 * One seat's decision maker: `legal(view)` lists what the seat may send now (empty: not its move);
 * `awaits(view)`, when given, tells the same as a non-empty `legal(view)` without listing (the
 * TRPG's list is long, and its length follows what the seat's own view holds);
 * `choose(view)` picks one by search (null when there is nothing to do); `fallback(view)` picks one
 * at random among the legal commands (used when the search fails, so a match never waits on a
 * faulty bot). `view` is the seat's decoded projection.
 */
export interface Brain {
  legal(view: unknown): BotCommand[];
  awaits?(view: unknown): boolean;
  choose(view: unknown): BotCommand | null;
  fallback(view: unknown): BotCommand | null;
}

/** The search budgets of each level, per ruleset. */
export const BOT_BUDGETS: Readonly<Record<string, Readonly<Record<BotLevel, SearchBudget>>>> = {
  ember: { easy: { simulations: 8, maxCandidates: 6, depth: 4 }, normal: EMBER_SEARCH_BUDGET },
  siege: { easy: { simulations: 24, maxCandidates: 12, depth: 0 }, normal: SIEGE_SEARCH_BUDGET },
  // Age of Sigmar's bot is a heuristic (no search: its budget is a fixed count of positions judged
  // per decision, POSITION_BUDGET in @fogwar/sigmar): "normal" plays its best-judged command,
  // "easy" picks at random among the legal commands.
  sigmar: { easy: { simulations: 0 }, normal: { simulations: 0 } },
  // The TRPG's search counts its work in units (packages/trpg/src/search-bot.ts), not simulations;
  // "easy" is a smaller budget: it weighs fewer places to go.
  trpg: { easy: { simulations: 700 }, normal: TRPG_SEARCH_BUDGET },
};

/** The rulesets a bot can play. */
export const BOT_RULESETS: readonly string[] = Object.keys(BOT_BUDGETS);

/**
 * A brain for `seat` of a match of `ruleset` at `level`; `seed` makes its choices reproducible
 * (the same view and seed give the same command).
 * @throws Error for a ruleset no bot plays.
 */
export function brainFor(ruleset: string, level: BotLevel, seat: SeatId, seed: string): Brain {
  const budget = BOT_BUDGETS[ruleset]?.[level];
  if (ruleset === "ember" && budget) {
    const search = emberSearchBot(seed, budget);
    const random = new RandomBot<EmberCommand>(`${seed}:fallback`, emberBotPolicy);
    return {
      legal: (view) => emberLegal(view as EmberView, seat),
      choose: (view) => search.choose(view as EmberView, seat),
      fallback: (view) => random.choose(emberLegal(view as EmberView, seat)),
    };
  }
  if (ruleset === "siege" && budget) {
    const search = siegeSearchBot(seed, budget);
    const random = new RandomBot<SiegeCommand>(`${seed}:fallback`, siegeBotPolicy);
    return {
      legal: (view) => siegeLegal(view as SiegeView, seat),
      choose: (view) => search.choose(view as SiegeView, seat),
      fallback: (view) => random.choose(siegeLegal(view as SiegeView, seat)),
    };
  }
  if (ruleset === "sigmar" && budget) {
    const random = new RandomBot<SigmarCommand>(`${seed}:fallback`, sigmarBotPolicy);
    return {
      legal: (view) => sigmarLegal(view as SigmarView, seat),
      choose: (view) => (level === "easy" ? random.choose(sigmarLegal(view as SigmarView, seat)) : heuristicChoice(view as SigmarView, seat)),
      fallback: (view) => random.choose(sigmarLegal(view as SigmarView, seat)),
    };
  }
  if (ruleset === "trpg" && budget) {
    // Decisions and the round-end step by the bot's quick rules; a turn's commands by search.
    const bot = trpgSearchBot(seed, budget);
    const random = new RandomBot<TrpgCommand>(`${seed}:fallback`, trpgBotPolicy);
    return {
      legal: (view) => trpgLegal(view as TrpgView, seat),
      awaits: (view) => trpgAwaiting(view as TrpgView).includes(seat),
      choose: (view) => bot.choose(view as TrpgView, seat),
      fallback: (view) => random.choose(trpgLegal(view as TrpgView, seat)),
    };
  }
  throw new Error(`no bot plays the ruleset "${ruleset}"`);
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
