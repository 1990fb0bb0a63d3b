/**
 * EMBER's search bot: the engine's determinized Monte Carlo ({@link SearchBot}) with EMBER's
 * determinization and evaluation. It decides from one seat's projection (`viewFor(state, seat)`)
 * only: the other seats' timing dials and camouflaged squares, and the dice, are sampled.
 */
import { Random, rngStateFromSeed, SearchBot, type SearchAdapter, type SearchBudget, type SeatId } from "@fogwar/engine";
import { emberBotPolicy } from "./bot";
import { hiddenSquareOptions } from "./concealment";
import { TIMINGS } from "./data/terms";
import type { Timing } from "./data/schema";
import { tieBreakScore } from "./victory";
import { musterFromView, presetArmies } from "./muster";
import { ember } from "./ruleset";
import type { EmberCommand, EmberEvent, EmberSetup, EmberState, PlanState, UnitId } from "./types";
import type { EmberView } from "./view";

/** Whether two seats fight on the same side (the same seat, or teammates in a 2 v 2 battle). */
const allied = (state: Pick<EmberState, "teams">, a: SeatId, b: SeatId): boolean =>
  a === b || (state.teams !== undefined && state.teams[a] !== undefined && state.teams[a] === state.teams[b]);

/**
 * A full state consistent with `view` as `seat` sees it (seed 001 5, seed 000 6.2):
 * - every plan the seat cannot see that is locked gets dials: revealed ones as revealed, the
 *   others uniform among the timings not yet passed (with progressive reveal, later than the
 *   timing called);
 * - every camouflaged unit whose real square the seat cannot see gets one, uniform among the
 *   squares the rules allow around its marker;
 * - a fresh dice generator (the real one is nobody's to know) and a stand-in seed.
 * Reads nothing but its arguments.
 */
export function determinize(view: EmberView, seat: SeatId, random: Random): EmberState {
  const { plans: planViews, seed: _seed, ...open } = structuredClone(view);
  const plans: Record<SeatId, PlanState> = {};
  for (const [owner, plan] of Object.entries(planViews)) {
    if (plan.dials) plans[owner] = { commitment: plan.commitment, dials: plan.dials };
    else if (!plan.locked) plans[owner] = { commitment: plan.commitment, dials: null };
    else {
      const dials: Record<UnitId, Timing> = {};
      const later = open.options.progressiveReveal ? TIMINGS.slice(Math.min(open.calledTiming, TIMINGS.length - 1)) : TIMINGS;
      for (const unit of open.units) {
        if (unit.kind !== "mech" || unit.owner !== owner || !unit.deployed || unit.destroyed) continue;
        const shown = open.revealed[unit.id];
        dials[unit.id] = shown ?? (open.activated.includes(unit.id) ? random.pick(TIMINGS) : random.pick(later));
      }
      plans[owner] = { commitment: plan.commitment, dials };
    }
  }
  const worldSeed = `determinized:${random.int(0, 2 ** 31)}`;
  const { muster, ...rest } = open;
  const state: EmberState = {
    ...rest,
    ...(muster ? { muster: musterFromView(muster) } : {}),
    plans,
    secret: { seed: worldSeed, rng: { dice: rngStateFromSeed(worldSeed, "dice") } },
  };
  // Another seat's locked list is unknown until the reveal: guess one of the sample lists (seed 001 2).
  for (const entry of Object.values(state.muster?.seats ?? {})) {
    if (entry.commitment !== null && entry.list === null) entry.list = random.pick(presetArmies(state));
  }
  const concealed = { ...(state.concealed ?? {}) };
  for (const unit of state.units) {
    if (!unit.camouflage || !unit.at || unit.destroyed || concealed[unit.id] || allied(state, unit.owner, seat)) continue;
    const options = hiddenSquareOptions({ ...state, concealed }, unit, unit.at, unit.camouflage.concealment);
    concealed[unit.id] = options.length > 0 ? random.pick(options) : { ...unit.at };
  }
  if (Object.keys(concealed).length > 0) state.concealed = concealed;
  return state;
}

/** Material of a side: intact parts of its mechs (damaged ones count half), drones, link. */
function material(state: EmberState, seat: SeatId): number {
  let sum = 0;
  for (const unit of state.units) {
    if (unit.owner !== seat || unit.destroyed) continue;
    if (unit.kind === "drone") sum += unit.damaged ? 0.5 : 1;
    else {
      sum += 2;
      for (const part of Object.values(unit.parts)) sum += part.destroyed ? 0 : part.damaged ? 0.5 : 1;
      sum += 0.1 * unit.link;
    }
  }
  return sum;
}

/**
 * How good a live state is for `seat`, in (-1, 1): its side's victory points against the best
 * opposing side's (seed 001 7), then material and the tie-break (seed 001 7: intact parts and
 * drones), squashed.
 */
export function evaluate(state: EmberState, seat: SeatId): number {
  const mine = state.seats.filter((s) => allied(state, s, seat));
  const theirs = state.seats.filter((s) => !allied(state, s, seat));
  const vp = (seats: SeatId[]) => Math.max(0, ...seats.map((s) => state.vp[s] ?? 0));
  const side = (seats: SeatId[]) => seats.reduce((n, s) => n + material(state, s) + 0.2 * tieBreakScore(state, s), 0);
  const opposing = theirs.length > 0 ? Math.max(...theirs.map((s) => side([s]))) : 0;
  const score = 1.5 * (vp(mine) - vp(theirs)) + 0.15 * (side(mine) - opposing);
  return Math.tanh(score / 4);
}

/** EMBER's {@link SearchAdapter}: the determinization and evaluation above, and the random bot's weights for rollouts. */
export const emberSearch: SearchAdapter<EmberState, EmberCommand, EmberView> = {
  determinize,
  evaluate,
  rolloutPolicy: emberBotPolicy,
};

/**
 * The default think budget of EMBER's search bot, in simulations (not time): 32 candidate trials
 * per decision, at most 12 candidates, rollouts of 8 commands.
 */
export const EMBER_SEARCH_BUDGET: SearchBudget = { simulations: 32, maxCandidates: 12, depth: 8 };

/** EMBER's search bot for one seed: `choose(viewFor(state, seat), seat)` gives its command. */
export function emberSearchBot(seed: string, budget: SearchBudget = EMBER_SEARCH_BUDGET): SearchBot<EmberSetup, EmberState, EmberCommand, EmberEvent, EmberView> {
  return new SearchBot(ember, emberSearch, seed, budget);
}
