/**
 * Siege's search bot: the engine's determinized Monte Carlo ({@link SearchBot}) with Siege's
 * determinization ({@link determinize}) and an evaluation of the sample mission (seed 004 "요약",
 * "라운드 종료": the attack wins with an attacker alone in the objective room at the end of a
 * round, or when no defender lives). It decides from one seat's projection only.
 */
import { SearchBot, type SearchAdapter, type SearchBudget, type SeatId } from "@fogwar/engine";
import { coords, durability, isUpper, neighbours8, partitionOn, stepCost } from "./board";
import { siegeBotPolicy } from "./bot";
import { catalog } from "./data";
import { determinize } from "./determinize";
import { geoOf, profile, roomOf, teamOfSeat, type Board } from "./query";
import { siege } from "./ruleset";
import type { Place, SiegeCommand, SiegeEvent, SiegeSetup, SiegeState } from "./types";
import type { SiegeView } from "./view";

/** Extra cost of crossing a barricade or a breakable wall: it must be breached first. */
const BREACH_COST = 3;
/** Distance of an operator not yet on the map, and the cap of any distance. */
const FAR = 16;

const distanceCache = new Map<string, Map<Place, number>>();

/**
 * Movement distance from every lower-floor space to the objective room, on the partitions as they
 * stand (seed 004 "이동"): a step costs what the rules charge, and a barricade or breakable wall in
 * the way costs {@link BREACH_COST} more (unbreakable walls are not crossed). Cached per partition
 * state.
 */
export function roomDistances(b: Pick<Board, "map" | "partitions" | "mission">): Map<Place, number> {
  const room = catalog.missions.get(b.mission)!.objectiveRoom;
  const key = `${b.map}:${room}:${Object.entries(b.partitions).map(([id, p]) => `${id}${p.kind}${p.barricaded ? 1 : 0}${p.broken ? 1 : 0}`).join()}`;
  const known = distanceCache.get(key);
  if (known) return known;
  const geo = geoOf(b);
  const dist = new Map<Place, number>();
  const queue: [Place, number][] = [];
  for (const p of geo.spaces) if (geo.roomOf.get(p) === room) queue.push([p, 0]);
  // Dijkstra on a small grid: a sorted frontier is fast enough (about 120 spaces).
  while (queue.length > 0) {
    queue.sort((x, y) => x[1] - y[1]);
    const [p, d] = queue.shift()!;
    if (dist.has(p)) continue;
    dist.set(p, d);
    for (const n of neighbours8(geo, p)) {
      if (dist.has(n)) continue;
      let cost = stepCost(b, p, n);
      if (cost === null) {
        const a = coords(p);
        const c = coords(n);
        const part = Math.abs(a.x - c.x) + Math.abs(a.y - c.y) === 1 ? partitionOn(b, a, c) : null;
        if (!part || durability(part.s) === null) continue;
        cost = 1 + BREACH_COST;
      }
      queue.push([n, d + cost]);
    }
  }
  if (distanceCache.size > 256) distanceCache.clear();
  distanceCache.set(key, dist);
  return dist;
}

/** An operator's distance to the objective room (upper floor: through its nearest access point). */
function distanceOf(b: Board, dist: Map<Place, number>, at: Place | null): number {
  if (at === null) return FAR;
  if (!isUpper(at)) return Math.min(FAR, dist.get(at) ?? FAR);
  const aps = [...geoOf(b).accessPoints.keys()];
  return Math.min(FAR, 1 + Math.min(...aps.map((p) => dist.get(p) ?? FAR)));
}

/**
 * How good a live state is for the attack, in (-1, 1) (the defence's value is its negation):
 * operators lost and damage taken on each side, attackers' distance to the objective room,
 * attackers and defenders in the room (a hidden defender counts where its real token is), and, as
 * the last round nears, the room weighed more.
 */
export function attackValue(s: SiegeState): number {
  const room = catalog.missions.get(s.mission)!.objectiveRoom;
  const dist = roomDistances(s);
  let score = 0;
  let attackersIn = 0;
  let defendersIn = 0;
  let travel = 0;
  let attackers = 0;
  for (const op of Object.values(s.operators)) {
    const health = profile(op.id).health;
    const sign = op.team === "attack" ? 1 : -1;
    if (op.dead) {
      score -= sign * 1.2;
      continue;
    }
    score -= (sign * 0.8 * Math.min(op.damage, health)) / health;
    if (op.team === "attack") {
      attackers++;
      const at = op.at;
      travel += distanceOf(s, dist, at);
      if (at && roomOf(s, at) === room) attackersIn++;
    } else {
      const realToken = op.hidden ? s.tokens.find((t) => t.id === s.hidden.real[op.id]) : undefined;
      const at = op.hidden ? (realToken?.at ?? null) : op.at;
      if (at && roomOf(s, at) === room) defendersIn++;
    }
  }
  // The operator on the move: movement left is worth something while it has a way to go (so
  // running, or activating an operator far from the room, is seen before the steps it allows).
  const active = s.activation ? s.operators[s.activation.operator] : undefined;
  if (active?.team === "attack" && !s.activation!.stopped) score += 0.02 * Math.min(s.activation!.mp, distanceOf(s, dist, active.at));
  const late = 1 + s.round / 3;
  score -= attackers > 0 ? (0.25 * travel) / attackers : 0;
  score += late * (0.9 * Math.min(attackersIn, 3) - 0.6 * defendersIn);
  return Math.tanh(score / 4);
}

/** The value of a live state for `seat`'s team, in (-1, 1). */
export function evaluate(state: SiegeState, seat: SeatId): number {
  const value = attackValue(state);
  return teamOfSeat(state, seat) === "defence" ? -value : value;
}

/** Siege's {@link SearchAdapter}: the determinization and evaluation above, the random bot's weights for rollouts. */
export const siegeSearch: SearchAdapter<SiegeState, SiegeCommand, SiegeView> = {
  determinize,
  evaluate,
  rolloutPolicy: siegeBotPolicy,
};

/**
 * The default think budget of Siege's search bot, in simulations (not time): 240 candidate trials
 * per decision among at most 48 candidates, each scored once the candidate's decisions are
 * settled (depth 0: Siege's commands are small steps, and its evaluation reads the position well).
 * Against the random bot as the attack, on the benchmark's 20 seeds: 18 wins at 72 trials among
 * 24, 19 at 160 among 40, 20 at this budget.
 */
export const SIEGE_SEARCH_BUDGET: SearchBudget = { simulations: 240, maxCandidates: 48, depth: 0 };

/** Siege's search bot for one seed: `choose(viewFor(state, seat), seat)` gives its command. */
export function siegeSearchBot(seed: string, budget: SearchBudget = SIEGE_SEARCH_BUDGET): SearchBot<SiegeSetup, SiegeState, SiegeCommand, SiegeEvent, SiegeView> {
  return new SearchBot(siege, siegeSearch, seed, budget);
}
