/**
 * The dice odds of an attack, exactly as the rules roll them (seed 002 3-4 "전투 판정": the hit
 * check with the modifiers of 3-1, 3-3 and 3-7, the dodge check, the penetration check with full
 * cover's toughness) and what the wounds it may deal are worth: the bot's turn search (./turn.ts)
 * score a turn by these expectations instead of rolling dice.
 *
 * Everything here reads a {@link Board} (a seat's projection with its blanks filled by
 * ./chances.ts `tactical`), never the dice.
 */
import { catalog } from "../data";
import { archetypeOf, bonusOf, equipmentOf, RULES, standing, statsOf, weaponById, type Board } from "../board";
import { coverToughness, hitMods, shotCover, sum } from "../attack";
import type { AttackVia, CharacterState } from "../types";

/** The chance that a d6 is over `need` (seed 002 3-4: a check succeeds when the die exceeds its need). */
export const over = (need: number): number => Math.min(1, Math.max(0, (6 - need) / 6));

/** One attack as the tactics count it: the chance it wounds, and the wounds it deals when it does. */
export interface Blow {
  readonly p: number;
  readonly damage: number;
}

/** The dodge penalty of the attacker's abilities (seed 002 3-4). */
const abilityPenalty = (a: CharacterState): number => (archetypeOf(a).abilities ?? []).reduce((n, x) => n + (x.dodgePenalty ?? 0), 0);

/** The chance that `t` dodges a shot of `a` that hit (seed 002 3-4): it always tries while a supercharger use is left. */
export function dodgeChance(a: CharacterState, t: CharacterState): number {
  if (!standing(t) || !equipmentOf(t).some((e) => e.kind === "supercharger" && (t.slots[e.id] ?? 0) > 0)) return 0;
  const mods = -t.dodges - abilityPenalty(a) + bonusOf(t, "dodge");
  return over(6 - statsOf(t).SPD - mods);
}

/**
 * One attack of `a` on `t` with `weapon` as the board stands (both placed): hit, the dodge a hit
 * shot meets, then penetration (a medium full cover counts as the versus rule's value).
 */
export function blow(b: Board, a: CharacterState, t: CharacterState, weapon: string, via: AttackVia, called: boolean): Blow {
  const w = weaponById(weapon);
  const stat = w.kind === "melee" ? statsOf(a).BRT : statsOf(a).PRC;
  const hit = over(6 - stat - sum(hitMods(b, a, t, weapon, via, called)));
  if (hit === 0) return { p: 0, damage: 0 };
  const dodge = w.kind === "melee" ? 0 : dodgeChance(a, t);
  const cover = w.kind === "melee" ? 0 : coverToughness(shotCover(b, a, t), RULES.cover.mediumToughness.versus);
  const pen = over(statsOf(t).TGH + cover - w.penetration);
  return { p: hit * (1 - dodge) * pen, damage: w.damage + (called ? RULES.modifiers.calledShotDamage : 0) };
}

/** The tactics' worth of a wound and of a character brought down (out of the fight), in wound units. */
export const WORTH = { wound: 1, down: 3, fallen: 0.15 } as const;

/** The wounds `c` has left to lose before it is down (its stat block's W when the view does not show them). */
export const woundsLeft = (c: CharacterState): number => (c.status !== "active" ? 0 : c.wounds < 0 ? archetypeOf(c).stats.W : c.wounds);

/**
 * What a series of blows on `t` is worth on average, and the chance they bring it down: each wound
 * is {@link WORTH}.wound, bringing it down {@link WORTH}.down plus `stake` (what else hangs on it,
 * ./chances.ts `stakes`); blows on a character already down (death-save failures) a little.
 */
export function worth(t: CharacterState, blows: readonly Blow[], stake = 0): { value: number; down: number } {
  const left = woundsLeft(t);
  if (left === 0) return { value: blows.reduce((n, x) => n + x.p * x.damage * WORTH.fallen, 0), down: 0 };
  // The chance of each number of wounds dealt so far (capped at `left`).
  let dist = new Float64Array(left + 1);
  dist[0] = 1;
  for (const x of blows) {
    if (x.p === 0) continue;
    const next = new Float64Array(left + 1);
    for (let d = 0; d <= left; d++) {
      const p = dist[d]!;
      if (p === 0) continue;
      next[d] = next[d]! + p * (1 - x.p);
      const to = Math.min(left, d + x.damage);
      next[to] = next[to]! + p * x.p;
    }
    dist = next;
  }
  let value = 0;
  for (let d = 1; d <= left; d++) value += dist[d]! * d * WORTH.wound;
  return { value: value + dist[left]! * (WORTH.down + stake), down: dist[left]! };
}

/** The archetype the tactics assume for a character whose stat block the view does not show (the commonest sample enemy). */
export const STAND_IN = "raider";

/** A stat block for a character the view shows without one (GM mode, seed 002 3-4): the stand-in's, unhurt. */
export function withStandIn(c: CharacterState): CharacterState {
  if (c.archetype !== null) return c;
  const arch = catalog.archetypes.get(STAND_IN)!;
  return { ...c, archetype: arch.id, weapon: arch.weapons[0]!, wounds: c.wounds < 0 ? arch.stats.W : c.wounds };
}
