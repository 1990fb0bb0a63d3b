/**
 * Random characteristics (seed 003 26): a value is a number or `D3`, `D6`, `2D6`, `D3+1`...; it is
 * rolled each time it is needed, by the unit's controlling player's dice (the match RNG).
 */
import type { Random } from "@fogwar/engine";
import type { Value } from "./data/schema";

/** Whether a value is random. */
export const isRandom = (v: Value): v is string => typeof v === "string";

/** The value's rolled result and the dice rolled (none for a fixed number). */
export function rollValue(v: Value, rng: Random): { value: number; dice: number[] } {
  if (typeof v === "number") return { value: v, dice: [] };
  const m = /^([1-3]?)D([36])(?:\+([1-3]))?$/.exec(v)!;
  const n = Number(m[1] || 1);
  const sides = Number(m[2]);
  const dice = Array.from({ length: n }, () => rng.int(1, sides));
  return { value: dice.reduce((a, b) => a + b, 0) + Number(m[3] ?? 0), dice };
}

/** The largest value a characteristic can take (bots' estimates). */
export function maxValue(v: Value): number {
  if (typeof v === "number") return v;
  const m = /^([1-3]?)D([36])(?:\+([1-3]))?$/.exec(v)!;
  return Number(m[1] || 1) * Number(m[2]) + Number(m[3] ?? 0);
}

/** The mean of a characteristic (bots' estimates). */
export function meanValue(v: Value): number {
  if (typeof v === "number") return v;
  const m = /^([1-3]?)D([36])(?:\+([1-3]))?$/.exec(v)!;
  return (Number(m[1] || 1) * (Number(m[2]) + 1)) / 2 + Number(m[3] ?? 0);
}
