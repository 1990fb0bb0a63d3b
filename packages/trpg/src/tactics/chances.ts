/**
 * The chances and stakes the bot's turn search (./turn.ts) reads besides the attack odds
 * (./odds.ts): finding a concealed character and concealing (seed 002 3-3, 3-7), and what hangs
 * on bringing a character down (docs/rules/trpg.md "Winning").
 */
import type { Square } from "@fogwar/engine";
import { bonusOf, lightLevel, lit, RULES, standing, statsOf, type Board } from "../board";
import { distancePenalty, effectiveConcealment, spotCover } from "../conceal";
import { catalog } from "../data";
import { distance } from "../geometry";
import type { CharacterState } from "../types";
import { over, withStandIn } from "./odds";

/** The chance that a spotting attempt of `o` finds the concealed `c` (seed 002 3-3: d6 + COG + equipment + cover at or over its value), `shots` more shots on it. */
export function findChance(b: Board, o: CharacterState, c: CharacterState, shots: number): number {
  const value = effectiveConcealment({ ...c, concealment: { ...c.concealment!, shots: c.concealment!.shots + shots } }, o);
  return over(value - 1 - statsOf(o).COG - bonusOf(o, "spot") - spotCover(b, o, c));
}

/** The chance that `c`'s concealment roll on `b` succeeds (seed 002 3-3, 3-7: d6 + COG + field + equipment, over 4, or at least 4 outside the light at night). */
export function concealChance(b: Board, c: CharacterState): number {
  const mods = statsOf(c).COG + (catalog.fields.get(b.field)!.conceal ?? 0) + bonusOf(c, "conceal");
  const minimum = lightLevel(b) !== "day" && !lit(b, c.at!) ? RULES.conceal.lowLightMinimum : RULES.conceal.minimum;
  return over(minimum - 1 - mods);
}

/** The concealment value the search assumes for an opponent concealed where it cannot see (a middling roll, seed 002 3-3). */
export const GUESSED_CONCEALMENT = 7;

/** The chance a spotting roll of `o` from `from` finds an opponent concealed at `at` (its value guessed, cover left out). */
export function huntChance(o: CharacterState, from: Square, at: Square): number {
  return over(GUESSED_CONCEALMENT - distancePenalty(distance(from, at)) - 1 - statsOf(o).COG - bonusOf(o, "spot"));
}

/** What the last character a side's opponents know of is worth beyond its wounds (the match), in wound units. */
export const WORTH_OF_LAST = 8;

/**
 * What bringing each character down is worth beyond its wounds, in wound units (by id): a side
 * wins when every opposing character it knows of is down (docs/rules/trpg.md "Winning"), so the
 * last one its opponents know of standing carries the match ({@link WORTH_OF_LAST}), the last but
 * one a quarter of it.
 */
export function stakes(b: Board): Record<string, number> {
  const out: Record<string, number> = {};
  const counted = (c: CharacterState) => standing(c) && c.known;
  for (const c of Object.values(b.characters)) {
    if (!counted(c)) continue;
    const others = Object.values(b.characters).filter((o) => o.side === c.side && o.id !== c.id && counted(o)).length;
    out[c.id] = others === 0 ? WORTH_OF_LAST : others === 1 ? WORTH_OF_LAST / 4 : 0;
  }
  return out;
}

/** A board the tactics can read: a stat block for every character the view shows without one (./odds.ts `withStandIn`). */
export function tactical(view: Board): Board {
  if (Object.values(view.characters).every((c) => c.archetype !== null)) return view;
  return { ...view, characters: Object.fromEntries(Object.entries(view.characters).map(([id, c]) => [id, withStandIn(c)])) };
}
