/**
 * A bot that decides from one seat's projection only: determinized ("perfect-information") Monte
 * Carlo over the seat's information set. For each decision it samples full states consistent with
 * what the seat sees (the ruleset's `determinize`), tries each candidate command in each sample,
 * plays a short rollout with the rollout policy (random bots, as weighted by the ruleset's bot
 * policy) and scores the end with the match result or the ruleset's evaluation; the command with
 * the best mean score is chosen.
 *
 * Pure and reproducible: the budget is counted in simulations (determinizations x candidates), not
 * wall time, and every random draw comes from a generator seeded by the bot's seed and the hash of
 * the view, so the same view and seed always give the same command. The real state is never an
 * input: only `View` is.
 */
import { RandomBot, type BotPolicy } from "../bot";
import { stateHash } from "../hash";
import { Random, rngStateFromSeed } from "../rng";
import type { Ruleset } from "../ruleset";
import type { SeatId } from "../visibility";

/**
 * What the search needs to know about one ruleset, beyond the {@link Ruleset} itself.
 * - `determinize(view, seat, random)`: a full state consistent with everything `view` (the seat's
 *   projection) shows, its hidden parts sampled with `random` (other seats' secret choices, hidden
 *   positions, the dice generator state). Must not read anything but its arguments.
 * - `evaluate(state, seat)`: how good a live state is for `seat`, in [-1, 1] (1: as good as won).
 * - `candidates(view, seat, legal)`: optionally, the commands worth searching among `legal`
 *   (non-empty; a subset of `legal`); by default all of them.
 * - `rolloutPolicy`: how the rollout bots weigh commands (see {@link BotPolicy}).
 */
export interface SearchAdapter<State, Command, View> {
  determinize(view: View, seat: SeatId, random: Random): State;
  evaluate(state: State, seat: SeatId): number;
  candidates?(view: View, seat: SeatId, legal: readonly Command[]): Command[];
  rolloutPolicy?: BotPolicy<Command>;
}

/**
 * The think budget of a {@link SearchBot}, in units of work (never time):
 * - `simulations`: candidate trials per decision (one trial: determinize or reuse a sample, apply
 *   the candidate, roll out, evaluate); default 48;
 * - `maxCandidates`: the most commands compared per decision (a larger legal list is sampled,
 *   spread over the command groups of the rollout policy); default 24;
 * - `depth`: rollout length in commands after the candidate (0: evaluate at once); default 8;
 * - `settle`: the most commands the rollout goes on past `depth` while a decision is pending (a
 *   reroll, a reaction), so a state is never scored halfway through a shot; default 8.
 */
export interface SearchBudget {
  readonly simulations?: number;
  readonly maxCandidates?: number;
  readonly depth?: number;
  readonly settle?: number;
}

/** What a search decision did, for benchmarks: commands applied in simulations (`nodes`). */
export interface SearchStats {
  decisions: number;
  nodes: number;
}

/** Score of a finished match for `seat`: 1 won (alone or with its team), -1 lost, 0 drawn. */
export function resultScore(result: { winner: SeatId | null; winners?: readonly SeatId[] }, seat: SeatId): number {
  if (result.winner === null) return 0;
  const winners = result.winners ?? [result.winner];
  return winners.includes(seat) ? 1 : -1;
}

/**
 * A determinized Monte Carlo bot for any ruleset with `legalCommandsInView`. Construct it with the
 * ruleset, its {@link SearchAdapter}, a seed and a budget; `choose(view, seat)` returns a command
 * from `legalCommandsInView(view, seat)`, or null when there is none.
 */
export class SearchBot<Setup, State, Command extends { type: string }, Event, View> {
  /** Work done so far (summed over decisions). */
  readonly stats: SearchStats = { decisions: 0, nodes: 0 };

  constructor(
    private readonly ruleset: Ruleset<Setup, State, Command, Event, View>,
    private readonly adapter: SearchAdapter<State, Command, View>,
    private readonly seed: string,
    private readonly budget: SearchBudget = {},
  ) {
    if (!ruleset.legalCommandsInView) throw new Error(`ruleset ${ruleset.id} cannot list commands from a view`);
  }

  /**
   * The command the bot plays in the position `view` shows to `seat`. Pure in (seed, budget,
   * view, seat): the same inputs always give the same command.
   */
  choose(view: View, seat: SeatId): Command | null {
    const legal = (this.ruleset.legalCommandsInView as (v: View, s: SeatId) => Command[])(view, seat);
    if (legal.length <= 1) return legal[0] ?? null;
    this.stats.decisions++;
    const random = new Random(rngStateFromSeed(`${this.seed}:${seat}:${stateHash(view)}`, "search"));
    let candidates = this.adapter.candidates?.(view, seat, legal) ?? legal;
    if (candidates.length === 0) candidates = legal;
    const maxCandidates = this.budget.maxCandidates ?? 24;
    if (candidates.length > maxCandidates) candidates = this.sample(candidates, maxCandidates, random);
    if (candidates.length === 1) return candidates[0] as Command;
    const simulations = this.budget.simulations ?? 48;
    const rounds = Math.max(1, Math.ceil(simulations / candidates.length));
    const totals = new Float64Array(candidates.length);
    for (let r = 0; r < rounds; r++) {
      const world = this.adapter.determinize(view, seat, random);
      const rollSeed = `${random.int(0, 2 ** 31)}`;
      for (let i = 0; i < candidates.length; i++) {
        // The same rollout seed for every candidate of a round: common random numbers.
        totals[i] = (totals[i] as number) + this.trial(world, candidates[i] as Command, seat, rollSeed);
      }
    }
    let best = 0;
    for (let i = 1; i < candidates.length; i++) if ((totals[i] as number) > (totals[best] as number)) best = i;
    return candidates[best] as Command;
  }

  /** Up to `n` commands of `commands`, taken in turn from each group of the rollout policy. */
  private sample(commands: readonly Command[], n: number, random: Random): Command[] {
    const groupOf = (c: Command) => this.adapter.rolloutPolicy?.group?.(c) ?? c.type;
    const groups = new Map<string, Command[]>();
    for (const c of random.shuffle(commands)) {
      const g = groupOf(c);
      const list = groups.get(g);
      if (list) list.push(c);
      else groups.set(g, [c]);
    }
    const out: Command[] = [];
    const lists = [...groups.values()];
    for (let k = 0; out.length < n; k++) {
      for (const list of lists) if (k < list.length && out.length < n) out.push(list[k] as Command);
    }
    return out;
  }

  /** One simulation: the candidate in `world`, a rollout, and the score for `seat`. */
  private trial(world: State, command: Command, seat: SeatId, rollSeed: string): number {
    const first = this.ruleset.apply(world, command, seat);
    this.stats.nodes++;
    // A command legal in the view is legal in every consistent world; if not, never prefer it.
    if (!first.ok) return -2;
    let state = first.state;
    const depth = this.budget.depth ?? 8;
    const settle = depth + (this.budget.settle ?? 8);
    const bots = new Map<SeatId, RandomBot<Command>>();
    for (let n = 0; n < settle; n++) {
      if (this.ruleset.result(state)) break;
      if (n >= depth && this.ruleset.pending(state) === null) break;
      const mover = this.ruleset.awaiting(state)[0];
      if (mover === undefined) break;
      let bot = bots.get(mover);
      if (!bot) bots.set(mover, (bot = new RandomBot<Command>(`${rollSeed}:${mover}`, this.adapter.rolloutPolicy)));
      const next = bot.choose(this.ruleset.legalCommands(state, mover));
      if (!next) break;
      const outcome = this.ruleset.apply(state, next, mover);
      this.stats.nodes++;
      if (!outcome.ok) break;
      state = outcome.state;
    }
    const result = this.ruleset.result(state);
    return result ? resultScore(result, seat) : this.adapter.evaluate(state, seat);
  }
}
