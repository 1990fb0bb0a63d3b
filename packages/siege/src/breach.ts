/**
 * Seed 004 "파괴" (the breach action and breach effects), "벽", "문", "창문" (what breaks at which
 * class), "도구 특성" 방탄 and 항상 보임, "강화된 진입로": what a breach may destroy, breaking
 * partitions and destroying gadgets.
 */
import { accessWatchAt, areaOf, breaks, coords, durability, gadgetAt, isUpper, lineOfSight, partitionOn } from "./board";
import { catalog, type Colour } from "./data";
import { adjacentTo, revealedActor, type Code, type CommandRules } from "./common";
import type { Ctx } from "./context";
import { explodeClaymore } from "./claymore";
import { spot } from "./reveal";
import { afterAction, takeAction } from "./watch";
import { geoOf, profile, type Board } from "./query";
import type { OperatorState, Place, SiegeState } from "./types";

/** Seed 004 "파괴": what a breach of `power` from `op` may destroy of `target`, or an error. */
export function breachTargetProblem(b: Board, op: OperatorState, target: string, power: Colour): Code | null {
  const at = op.at!;
  const part = b.partitions[target];
  if (part) {
    if (isUpper(at)) return "invalid_target";
    const dur = durability(part);
    if (!dur) return "invalid_target";
    if (!breaks(power, dur)) return "too_strong";
    const def = geoOf(b).partitions.get(target)!;
    const seen = def.edges.some((e) => e.split("|").some((p) => lineOfSight(b, at, p)));
    return seen ? null : "no_line_of_sight";
  }
  const g = b.gadgets.find((x) => x.id === target);
  if (!g) return "invalid_target";
  const dur = gadgetDurability(g.kind);
  if (!dur) return "invalid_target";
  if (!breaks(power, dur)) return "too_strong";
  if (isUpper(at)) {
    const info = geoOf(b).accessPoints.get(g.at);
    if (!info || info.area !== areaOf(at)) return "invalid_target";
    const w = accessWatchAt(b, g.at);
    return w && w.team !== op.team ? "no_line_of_sight" : null;
  }
  if (isUpper(g.at)) return "invalid_target";
  const def = catalog.gadgets.get(g.kind);
  // Seed 004 "도구 특성" 방탄: from an adjacent space (seed 004 "인접판정": not through a wall or barricade), or its own.
  if (def?.traits.includes("bulletproof")) return at === g.at || adjacentTo(b, at, g.at) ? null : "not_adjacent";
  const always = def?.traits.includes("always_visible") ?? false;
  return lineOfSight(b, at, g.at, { ignoreOccupants: always, ignoreSmoke: always }) ? null : "no_line_of_sight";
}

/** The durability of a gadget kind (seed 004 gadget lists; reinforced access points and snares are project decisions). */
export function gadgetDurability(kind: string): Colour | null {
  if (kind === "reinforced_access") return "red";
  if (kind === "snare") return "yellow";
  return catalog.gadgets.get(kind)?.durability ?? null;
}

/** Breaks a partition: a wall becomes a broken wall (both spaces of a two-space wall), a barricade goes (seed 004 "파괴"). */
export function breakPartition(s: SiegeState, id: string): void {
  const part = s.partitions[id]!;
  if (part.kind === "door" || part.kind === "window") part.barricaded = false;
  else part.broken = true;
}

/** Removes a gadget; a claymore destroyed by a gadget explodes (seed 004 "클레이모어"). */
export function destroyGadget(ctx: Ctx, id: string, byGadget: boolean): void {
  const g = ctx.s.gadgets.find((x) => x.id === id);
  if (!g) return;
  ctx.s.gadgets = ctx.s.gadgets.filter((x) => x.id !== id);
  if (g.kind === "claymore" && byGadget) explodeClaymore(ctx, g.at, g.id);
}

/** Seed 004 "파괴": a breach effect of `power` on a space: its partitions and its gadget, when not too strong. */
export function breachSpace(ctx: Ctx, p: Place, power: Colour, by: string): void {
  const s = ctx.s;
  const { x, y } = coords(p);
  const broken: string[] = [];
  for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
    const part = partitionOn(s, { x, y }, { x: x + dx, y: y + dy });
    if (!part || broken.includes(part.id)) continue;
    const dur = durability(part.s);
    if (dur && breaks(power, dur)) {
      breakPartition(s, part.id);
      broken.push(part.id);
    }
  }
  const g = gadgetAt(s, p);
  const dur = g ? gadgetDurability(g.kind) : null;
  const gone = g && dur && breaks(power, dur) ? [g.id] : [];
  ctx.emit({ type: "breached", by, partitions: broken, gadgets: gone });
  for (const id of gone) destroyGadget(ctx, id, true);
  spot(ctx);
}

/** Seed 004 "파괴": the breach action on a partition or a gadget in sight. */
export const breachRules: CommandRules<"breach"> = {
  breach: {
    check(b, team, cmd) {
      const op = revealedActor(b, team, cmd.operator, "breach");
      if (typeof op === "string") return op;
      return breachTargetProblem(b, op, cmd.target, profile(op.id).breach);
    },
    execute(ctx, _team, cmd) {
      const s = ctx.s;
      const op = s.operators[cmd.operator]!;
      takeAction(ctx, op, "breach");
      if (s.partitions[cmd.target]) {
        breakPartition(s, cmd.target);
        ctx.emit({ type: "breached", by: op.id, partitions: [cmd.target], gadgets: [] });
      } else {
        ctx.emit({ type: "breached", by: op.id, partitions: [], gadgets: [cmd.target] });
        destroyGadget(ctx, cmd.target, false);
      }
      afterAction(ctx, op.id);
    },
  },
};
