/**
 * How much one character could hurt another in a turn of its own (seed 002 3-1: 6 AP and the move
 * action; 3-4 the attack checks): the bot's measure of the threat a position is under and of the
 * attacks it offers next turn. Each estimate is a few exact attack odds (./odds.ts), counted
 * against the decision's {@link Work} budget.
 */
import type { Square } from "@fogwar/engine";
import { meleeWeaponOf, reducedRange } from "../attack";
import { catalog } from "../data";
import { lightLevel, lit, mapOf, moveAllowance, RULES, statsOf, weaponById, weaponOf, type Board } from "../board";
import { DIRECTIONS, distance, passable, wallBetween } from "../geometry";
import type { CharacterState } from "../types";
import { blow, worth, type Blow } from "./odds";
import { WEIGHTS, type SearchWeights } from "./weights";

/**
 * A decision's budget of work, in units that bound its time: a unit per attack's odds worked out,
 * per command checked or board copied, {@link ROUTE_UNITS} per route search, {@link LINE_MAP_UNITS}
 * per line map. The search counts everything it does here and stops taking up new plans once `limit` is reached
 * (what it has begun it finishes: at most {@link OVERSHOOT} more), then plays the best plan found.
 * So a decision's time has a bound that no hidden information can move.
 */
export class Work {
  used = 0;
  /**
   * @param limit the units it may spend.
   * @param stakes what bringing each character down is worth beyond its wounds (by id; ./chances.ts
   *   `stakes`), read by every estimate made within this budget.
   * @param weights how the searches within this budget weigh what they cannot count (./weights.ts).
   */
  constructor(
    readonly limit: number,
    public stakes: Readonly<Record<string, number>> = {},
    readonly weights: SearchWeights = WEIGHTS,
  ) {}
  /** Counts `n` units of work done. */
  spend(n = 1): void {
    this.used += n;
  }
  /** Whether the budget is spent: no new plan is taken up. */
  get exhausted(): boolean {
    return this.used >= this.limit;
  }
  /** The units left (0 once exhausted). */
  get left(): number {
    return Math.max(0, this.limit - this.used);
  }
}

/**
 * The most units a decision may count past its limit: what it finishes of what it had begun (a
 * search's set-up, a stage of destinations, one destination's packages and endings), for the
 * boards of the sample scenarios (up to 8 characters). `test/search-bot.test.ts` checks it.
 */
export const OVERSHOOT = 2000;

/** The work units a route search counts for (about the time of that many attack odds). */
export const ROUTE_UNITS = 12;

/** The work units a line map ({@link firingDistances}) counts for. */
export const LINE_MAP_UNITS = 5;

/** The board with some characters moved (their other fields as `patch` says): a shallow copy. */
export function placed(b: Board, moves: readonly (readonly [CharacterState, Square, Partial<CharacterState>?])[]): Board {
  const characters = { ...b.characters };
  for (const [c, at, patch] of moves) characters[c.id] = { ...c, ...patch, at };
  return { ...b, characters };
}

/** A weight for an attack that needs the attacker to come closer first: 1 within reach, less the further. */
function approach(extra: number, stride: number): number {
  if (extra <= 0) return 1;
  if (extra <= stride) return 0.8;
  return 0.8 * 0.5 ** ((extra - stride) / Math.max(stride, 3));
}

/** The best of the shooting packages of a 6-AP turn with a ranged weapon from where `a` stands on `b` (no range check). */
function bestShooting(b: Board, a: CharacterState, t: CharacterState, work: Work): number {
  const w = weaponOf(a);
  const braced = w.kind === "heavy" ? { ...a, braced: true } : a;
  const bb = braced === a ? b : placed(b, [[braced, braced.at!]]);
  work.spend(2);
  const aimed = blow(bb, braced, t, w.id, "aimed", false);
  const called = blow(bb, braced, t, w.id, "aimed", true);
  const options: Blow[][] = [[aimed], [called]];
  if (w.rateOfFire >= 2) options.push(Array.from({ length: w.rateOfFire }, () => ({ ...aimed })));
  if (w.kind === "pistol") work.spend();
  if (w.kind === "pistol") options.push([aimed, blow(bb, braced, t, w.id, "snapshot", false)]);
  return Math.max(...options.map((x) => worth(t, x, work.stakes[t.id]).value));
}

/** Whether a character on `from` could look at one on `to` (no wall between; in darkness within sight or in the light: seed 002 3-7). */
export function lineFrom(b: Board, from: Square, to: Square): boolean {
  if (wallBetween(mapOf(b), from, to)) return false;
  return !(lightLevel(b) === "dark" && !lit(b, to) && distance(from, to) > catalog.light.dark.sight);
}

/**
 * For a target square `to`: how far (in squares, a diagonal 1.5, around walls) each square of the
 * map is from the nearest square with a line to it ({@link lineFrom}); Infinity where none is
 * reachable. What an attacker without a line must first cover.
 */
export function firingDistances(b: Board, to: Square): Float64Array {
  const map = mapOf(b);
  const size = map.width * map.height;
  const dist = new Float64Array(size).fill(Infinity);
  const queue: number[] = [];
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const s = { x, y };
      if (passable(map, s) && lineFrom(b, s, to)) {
        dist[y * map.width + x] = 0;
        queue.push(y * map.width + x);
      }
    }
  }
  // Relaxation in waves (the map is small): each wave improves distances by one step.
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head]!;
    const x = i % map.width;
    const y = (i - x) / map.width;
    for (const d of DIRECTIONS) {
      const n = { x: x + d.x, y: y + d.y };
      if (!passable(map, n)) continue;
      const j = n.y * map.width + n.x;
      const via = dist[i]! + (d.x !== 0 && d.y !== 0 ? 1.5 : 1);
      if (via < dist[j]!) {
        dist[j] = via;
        queue.push(j);
      }
    }
  }
  return dist;
}

/**
 * What `a` standing on `from` could deal `t` standing on `at` in one turn of its own, on average
 * and in {@link worth} units: its best shooting package (weighted down by how far it must first
 * come: to a square with a line, by `firing` when given ({@link firingDistances}), else
 * by looking from a ring of squares around it; then into range), or two melee strikes when it can
 * come to touch with its move (one after a sprint).
 */
export function reach(b: Board, a: CharacterState, from: Square, t: CharacterState, at: Square, work: Work, firing?: Float64Array): number {
  work.spend();
  const board = placed(b, [
    [a, from],
    [t, at],
  ]);
  const ap = board.characters[a.id]!;
  const tp = board.characters[t.id]!;
  const d = distance(from, at);
  const stride = moveAllowance(board, ap);
  let best = 0;
  const w = weaponOf(ap);
  if (w.kind !== "melee") {
    let extra = Math.max(0, d - w.range);
    let factor = 1;
    if (!lineFrom(board, from, at)) {
      extra += firing ? firing[from.y * mapOf(board).width + from.x]! : ringDistance(board, from, at, stride);
      factor = 0.9;
    }
    if (extra < Infinity) best = bestShooting(board, ap, tp, work) * approach(extra, stride) * factor;
  }
  const melee = meleeWeaponOf(ap);
  if (d <= stride + statsOf(ap).SPD + 1.5) {
    work.spend();
    const strike = blow(board, ap, tp, melee, "melee", false);
    const strikes = d <= 1.5 || d <= stride + 1.5 ? 2 : 1;
    best = Math.max(best, worth(tp, Array.from({ length: strikes }, () => strike), work.stakes[t.id]).value * (d <= 1.5 ? 1 : 0.9));
  }
  return best;
}

/** How far from `from` the nearest square with a line to `at` lies among 16 around it (half and whole `stride` away), Infinity when none. */
function ringDistance(b: Board, from: Square, at: Square, stride: number): number {
  const map = mapOf(b);
  let best = Infinity;
  for (const r of [stride / 2, stride]) {
    for (const d of DIRECTIONS) {
      const s = { x: Math.round(from.x + (d.x * r) / Math.hypot(d.x, d.y)), y: Math.round(from.y + (d.y * r) / Math.hypot(d.x, d.y)) };
      if (passable(map, s) && lineFrom(b, s, at)) best = Math.min(best, distance(from, s));
    }
  }
  return best;
}

/** The overwatch radius of `a`'s weapon in hand (seed 002 3-1: 75 % of its range). */
export const watchRadius = (a: CharacterState): number => reducedRange(weaponOf(a).range, RULES.rangePercent.overwatch);

/** Whether `weapon` is fired (not a melee weapon). */
export const ranged = (weapon: string): boolean => weaponById(weapon).kind !== "melee";

/** The direction (0-7, north clockwise) that points most nearly from `from` to `to`. */
export function directionTo(from: Square, to: Square): number {
  let best = 0;
  let score = -Infinity;
  DIRECTIONS.forEach((d, i) => {
    const dot = ((to.x - from.x) * d.x + (to.y - from.y) * d.y) / Math.hypot(d.x, d.y);
    if (dot > score) [best, score] = [i, dot];
  });
  return best;
}
