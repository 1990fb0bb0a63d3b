/**
 * The TRPG's bot: a search over its seat's own projection for each command of a turn (./tactics:
 * every plan of the turn scored by the exact odds of its dice and the position it ends in), the
 * same search for the whole turns of its unseen characters in the round-end step, and quick
 * fixed rules (./plan.ts) for decisions. It decides from its seat's projection only: solo play's
 * enemies never see what they could not see.
 *
 * Its think time is bounded by a budget of work counted in units (./tactics/reach.ts `Work`), not
 * time, and is deterministic: the same view and budget always give the same command.
 */
import type { SearchBudget, SearchStats, SeatId } from "@fogwar/engine";
import { check } from "./check";
import { awaiting } from "./legal";
import { answer } from "./plan";
import { OVERSHOOT, Work } from "./tactics/reach";
import { roundEndCommand } from "./tactics/round-end";
import { tactical } from "./tactics/chances";
import { TurnSearch } from "./tactics/turn";
import { WEIGHTS, type SearchWeights } from "./tactics/weights";
import type { TrpgCommand } from "./types";
import type { TrpgView } from "./view";

/**
 * The default think budget: `simulations` is the TRPG search's work per decision in units
 * (./tactics/reach.ts `Work`: a unit per attack whose odds are worked out, per command checked;
 * a route search counts 12), shared out among the delayed turns of a round-end step; about 5 µs
 * of CPU a unit. The other fields of {@link SearchBudget} do not apply.
 */
export const TRPG_SEARCH_BUDGET: SearchBudget = { simulations: 3000 };

/** The "hard" level's think budget: three times {@link TRPG_SEARCH_BUDGET} (more places to go weighed before the work is spent). */
export const TRPG_HARD_BUDGET: SearchBudget = { simulations: 9000 };

/** The most work units a decision counts past its budget (it finishes what it had begun): ./tactics/reach.ts `OVERSHOOT`. */
export const TRPG_SEARCH_OVERSHOOT = OVERSHOOT;

/** A TRPG bot for one seat: `choose(view, seat)` is its command in the position `view` shows (null when it has none). */
export interface TrpgBot {
  choose(view: TrpgView, seat: SeatId): TrpgCommand | null;
  /** Whether the command the bot would send now is decided by its quick rules (no search). */
  quick(view: TrpgView): boolean;
  /** The search's counts: decisions searched and work units spent (`nodes`). */
  readonly stats: SearchStats;
}

/**
 * The TRPG's bot with a budget (see {@link TRPG_SEARCH_BUDGET}) and the weights its search
 * scores positions by (./tactics/weights.ts: the default ones at every level today; sets that
 * weigh threat, concealment or overwatch more measured no better against the party's bot).
 * `_seed` is the engine's bot interface's: the search draws no random numbers.
 */
export function trpgSearchBot(_seed: string, budget: SearchBudget = TRPG_SEARCH_BUDGET, weights: SearchWeights = WEIGHTS): TrpgBot {
  const units = budget.simulations ?? TRPG_SEARCH_BUDGET.simulations!;
  const stats: SearchStats = { decisions: 0, nodes: 0 };
  const quick = (view: TrpgView) => view.pending !== null;
  return {
    quick,
    stats,
    choose(view, seat) {
      if (!awaiting(view).includes(seat)) return null;
      if (view.pending) return answer(view);
      if (view.phase === "round_end") {
        const work = new Work(units, {}, weights);
        stats.decisions++;
        const command = roundEndCommand(view, seat, work);
        stats.nodes += work.used;
        return check(view, seat, command) === null ? command : { type: "end_round" };
      }
      const actor = view.turn?.actor;
      if (!actor || view.characters[actor]?.at == null) return { type: "end_turn" };
      const work = new Work(units, {}, weights);
      stats.decisions++;
      const plan = new TurnSearch(tactical(view), actor, work).best();
      stats.nodes += work.used;
      const first = plan.commands[0];
      return first && check(view, seat, first) === null ? first : { type: "end_turn" };
    },
  };
}
