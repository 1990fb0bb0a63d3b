/**
 * The TRPG's bot: the engine's determinized Monte Carlo ({@link SearchBot}) for the commands of a
 * turn, over worlds sampled from one seat's projection ({@link determinize}), scored by wounds and
 * characters down on each side; quick fixed rules (./plan.ts) for decisions and for the round-end
 * step. It decides from its seat's projection only: solo play's enemies never see what they could
 * not see.
 */
import { SearchBot, type SearchAdapter, type SearchBudget, type SearchStats, type SeatId } from "@fogwar/engine";
import { catalog } from "./data";
import { sideOfSeat } from "./board";
import { trpgBotPolicy } from "./bot";
import { determinize } from "./determinize";
import { distance } from "./geometry";
import { legalCommandsInView } from "./legal";
import { answer, delayedTurns } from "./plan";
import { trpg } from "./ruleset";
import type { TrpgCommand, TrpgEvent, TrpgSetup, TrpgState } from "./types";
import type { TrpgView } from "./view";

/** How good a live state is for `seat`'s side, in (-1, 1): the other side's wounds and fallen, less its own. */
export function evaluate(state: TrpgState, seat: SeatId): number {
  const side = sideOfSeat(state, seat) ?? "enemies";
  let score = 0;
  for (const c of Object.values(state.characters)) {
    const max = catalog.archetypes.get(c.archetype ?? "raider")?.stats.W ?? 2;
    const lost = (c.status === "dead" ? 2 : c.status === "incapacitated" ? 1.5 : 0) + (max - Math.max(0, c.wounds)) / max;
    score += c.side === side ? -lost : lost;
  }
  return Math.tanh(score / 3);
}

/**
 * The commands worth searching: every attack, healing and stabilising, concealing and spotting, the
 * end of the turn, an overwatch toward the nearest enemy, and a few moves: those that bring the
 * character nearest to an enemy and a sample of the rest.
 */
function candidates(view: TrpgView, _seat: SeatId, legal: readonly TrpgCommand[]): TrpgCommand[] {
  const actor = view.turn ? view.characters[view.turn.actor] : undefined;
  const keep = new Set(["shoot", "snapshot", "melee", "shove", "suppress", "heal", "stabilise", "conceal", "spot", "end_turn", "stand", "brace"]);
  const out = legal.filter((c) => keep.has(c.type));
  if (!actor?.at) return [...legal];
  const foes = Object.values(view.characters).filter((o) => o.side !== actor.side && o.status !== "dead" && (o.at ?? o.lastSeen));
  const closeness = (to: { x: number; y: number }) => Math.min(99, ...foes.map((f) => distance(to, (f.at ?? f.lastSeen)!)));
  const moves = legal.filter((c): c is TrpgCommand & { to: { x: number; y: number } } => c.type === "move" || c.type === "sprint" || c.type === "step");
  const sorted = [...moves].sort((a, b) => closeness(a.to) - closeness(b.to));
  out.push(...sorted.slice(0, 4), ...sorted.filter((_, i) => i >= 4 && i % Math.max(1, Math.floor(sorted.length / 4)) === 0).slice(0, 4));
  const watch = legal.find((c) => c.type === "overwatch");
  if (watch) out.push(watch);
  return out.length > 0 ? out : [...legal];
}

/** The TRPG's {@link SearchAdapter}. */
export const trpgSearch: SearchAdapter<TrpgState, TrpgCommand, TrpgView> = {
  determinize,
  evaluate,
  candidates,
  rolloutPolicy: trpgBotPolicy,
};

/** The default think budget, in simulations (not time): 48 trials among at most 16 candidates, rollouts of 2 commands. */
export const TRPG_SEARCH_BUDGET: SearchBudget = { simulations: 48, maxCandidates: 16, depth: 2, settle: 2 };

/** A TRPG bot for one seat: `choose(view, seat)` is its command in the position `view` shows (null when it has none). */
export interface TrpgBot {
  choose(view: TrpgView, seat: SeatId): TrpgCommand | null;
  /** Whether the command the bot would send now is decided by its quick rules (no search). */
  quick(view: TrpgView): boolean;
  /** The search's counts: decisions searched and commands simulated. */
  readonly stats: SearchStats;
}

/** The TRPG's bot for one seed and budget. */
export function trpgSearchBot(seed: string, budget: SearchBudget = TRPG_SEARCH_BUDGET): TrpgBot {
  const search = new SearchBot<TrpgSetup, TrpgState, TrpgCommand, TrpgEvent, TrpgView>(trpg, trpgSearch, seed, budget);
  const quick = (view: TrpgView) => view.pending !== null || view.phase === "round_end";
  return {
    quick,
    stats: search.stats,
    choose(view, seat) {
      if (legalCommandsInView(view, seat).length === 0) return null;
      if (view.pending) return answer(view);
      if (view.phase === "round_end") return delayedTurns(view, seat);
      return search.choose(view, seat);
    },
  };
}
