/**
 * Bots for the ruleset: the random bot's policy (still random among legal commands, but attacks,
 * charges and moves are favoured so bot battles reach combat), and a heuristic bot that decides
 * from its seat's projection only: it judges the positions its moves lead to (objectives held,
 * ground still to cover, charges and shots opened), the damage its attacks may expect to deal, and
 * the abilities, cards and command points worth their cost, within a fixed budget of positions.
 */
import type { BotPolicy, SeatId } from "@fogwar/engine";
import { catalog } from "./data";
import { legalCommandsInView } from "./legal";
import { apply } from "./ruleset";
import { Judge, POSITION_BUDGET } from "./bot-position";
import { musterLock } from "./bot-muster";
import { answer, battle, deployment } from "./bot-turn";
import { stateFromView, type SigmarView } from "./view";
import type { SigmarCommand } from "./types";

const WEIGHTS: Record<string, number> = {
  fight: 20,
  shoot: 16,
  charge: 10,
  place: 12,
  move: 8,
  set_up: 8,
  deploy: 4,
  run: 2,
  use_ability: 2,
  play_card: 1,
  command: 1,
  pass_fight: 1,
  end_phase: 1,
  decline: 1,
  order: 1,
  lock_army: 1,
  unlock_army: 0.05,
};

/** The random bot's policy. */
export const sigmarBotPolicy: BotPolicy<SigmarCommand> = {
  group: (command) => command.type,
  weight: (group) => WEIGHTS[group] ?? 1,
};

/** The sample list the heuristic bot plays best. */
const PREFERRED_LIST = "Grove vanguard";

/**
 * The sample lists a bot with more than POSITION_BUDGET positions to judge (the "hard" level)
 * musters, by the edge its own seat deploys on: on each edge, the list that won most often in the
 * levels benchmark against the heuristic bot's Grove vanguard (apps/cli/bench/levels.bench.ts;
 * docs/rules/sigmar.md, "The bot"). It knows only its own seat, never the other seat's list.
 */
export const STRONG_LISTS: Readonly<Record<"south" | "north", string>> = { south: "Grove vanguard", north: "Pyre host" };

/** The sample list whose units on the battlefield the heuristic bot of `seat` with `budget` positions to judge musters: {@link STRONG_LISTS} above POSITION_BUDGET, else Grove vanguard (its reserve: bot-muster.ts). */
export function listFor(seat: SeatId, budget: number): string {
  const edge = catalog.battleplan.edges[seat];
  return budget > POSITION_BUDGET && edge ? STRONG_LISTS[edge] : PREFERRED_LIST;
}

/** A decision of the heuristic bot: the command (null when it has none to send) and the positions it judged for it. */
export interface HeuristicDecision {
  readonly command: SigmarCommand | null;
  /** Positions judged (at most POSITION_BUDGET, bot-position.ts): the decision's work, a count. */
  readonly judged: number;
}

/**
 * The heuristic bot's decision for `seat` in the position its projection `view` shows. It reads
 * the projection only (`stateFromView`: the other seat's hand, reserves and deck are not in it),
 * decides by phase (bot-turn.ts: objectives, charges, fight order, abilities, cards and command
 * points) and is deterministic: the same view gives the same command for the same work (at most
 * POSITION_BUDGET positions judged), so neither the command nor its think time depends on anything
 * the seat may not see. A command it builds itself (a position of its own choosing) is checked by
 * the rules on the projection first; were it refused, the bot plays a listed command instead.
 * `budget` is the most positions judged (POSITION_BUDGET by default). `seed`, the bot's own secret
 * (the server's brain seed of its seat), picks the reserve of the list it musters (bot-muster.ts
 * `musterLock`, core rule C2): its units fielded are those of `listFor`'s sample list, its reserve
 * one of that list's valid variants, so the other seat cannot tell the reserve from the units it
 * sees; without a seed, the sample list as listed.
 */
export function heuristicDecision(view: SigmarView, seat: SeatId, budget: number = POSITION_BUDGET, seed?: string): HeuristicDecision {
  const legal = legalCommandsInView(view, seat);
  // Core C2: once its list is locked the bot waits for the other seat's; its one command then, to
  // unlock, would only lock again (a muster log of lock, unlock, lock... while the other seat chose).
  if (view.phase === "muster") return { command: musterLock(view, seat, legal, listFor(seat, budget), seed), judged: 0 };
  if (legal.length <= 1) return { command: legal[0] ?? null, judged: 0 };
  const s = stateFromView(view);
  const judge = new Judge(s, seat, budget);
  const choice = s.pending ? answer(s, seat, legal, judge) : s.phase === "deployment" ? deployment(s, seat, legal, judge) : battle(s, seat, legal, judge);
  const command = choice && (legal.includes(choice) || apply(s, choice, seat).ok) ? choice : (legal.find((c) => c.type === "end_phase") ?? legal.find((c) => c.type === "decline") ?? legal[0]!);
  return { command, judged: judge.judged };
}

/** The heuristic bot's command for `seat` in its projection `view` ({@link heuristicDecision}), or null when it has none to send. */
export const heuristicChoice = (view: SigmarView, seat: SeatId, budget: number = POSITION_BUDGET, seed?: string): SigmarCommand | null => heuristicDecision(view, seat, budget, seed).command;
