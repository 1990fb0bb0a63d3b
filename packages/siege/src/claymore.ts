/**
 * Seed 004 "클레이모어" and "인접판정": the spaces adjacent to a space, and claymores going off (an
 * operator entering, or a gadget placed on, a claymore's space or aimed space; a claymore destroyed
 * by a gadget).
 */
import { neighbours8, terrainAdjacent } from "./board";
import { catalog } from "./data";
import type { Ctx } from "./context";
import { hitSpace } from "./damage";
import { geoOf, type Board } from "./query";
import type { Place } from "./types";

/** The spaces adjacent to `p` by the adjacency rule (seed 004 "인접판정"). */
export const adjacentSpaces = (s: Board, p: Place): Place[] => neighbours8(geoOf(s), p).filter((n) => terrainAdjacent(s, p, n));

/** Seed 004 "클레이모어": two red dice to everything in its space and the adjacent spaces. */
export function explodeClaymore(ctx: Ctx, at: Place, id: string): void {
  ctx.s.gadgets = ctx.s.gadgets.filter((x) => x.id !== id);
  ctx.emit({ type: "exploded", gadget: id, at });
  const dmg = catalog.gadgets.get("claymore")!.damage!;
  const spaces = [at, ...adjacentSpaces(ctx.s, at)];
  for (const p of spaces) hitSpace(ctx, p, p === at ? dmg.centre : dmg.adjacent, id);
}

/** Seed 004 "클레이모어": an operator entering, or a gadget placed on, a claymore's space or aimed space sets it off. */
export function triggerClaymores(ctx: Ctx, p: Place): void {
  for (const g of [...ctx.s.gadgets]) {
    if (g.kind === "claymore" && (g.at === p || g.aim === p) && ctx.s.gadgets.includes(g)) explodeClaymore(ctx, g.at, g.id);
  }
}
