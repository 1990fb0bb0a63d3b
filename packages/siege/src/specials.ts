/**
 * Seed 004 "특수 도구 사용" and "능력" 특수 가젯: the operators' special gadgets (data/operators.json):
 * whether one may be used so, and its effect (breach, room scan, throw, vertical action, brace wall,
 * snare, room ping).
 */
import { isUpper } from "./board";
import { catalog, type Gadget } from "./data";
import { revealedActor, type Code, type CommandRules } from "./common";
import type { Ctx } from "./context";
import { breachSpace } from "./breach";
import { triggerClaymores } from "./claymore";
import { chargeProblem, detonate, placeProblem, throwProblem } from "./gadgets";
import { ping, scanRoom } from "./reveal";
import { afterAction, takeAction } from "./watch";
import { enemyOf, geoOf, inRoom, profile, roomOf, type Board } from "./query";
import type { OperatorState, Place } from "./types";

/** The effect gadget of a special gadget. */
const specialEffect = (op: OperatorState): Gadget | undefined => {
  const s = profile(op.id).special;
  return s.effect ? catalog.gadgets.get(s.effect) : undefined;
};

/** Seed 004 "특수 도구 사용": whether the operator's special gadget may be used so, or why not. */
export function specialProblem(b: Board, op: OperatorState, at: Place | undefined, target: string | undefined): Code | null {
  const s = profile(op.id).special;
  if (s.kind === "passive" || op.specialUses <= 0) return "no_special";
  const from = op.at!;
  const needs = (wantAt: boolean, wantTarget: boolean) => (at !== undefined) === wantAt && (target !== undefined) === wantTarget;
  switch (s.kind) {
    case "breach_adjacent":
      if (!needs(true, false) || isUpper(from)) return "invalid_target";
      return chargeProblem(b, from, at!);
    case "scan_room":
    case "ping_room":
      if (!needs(false, false)) return "invalid_target";
      return roomOf(b, from) ? null : "invalid_place";
    case "throw":
      if (!needs(true, false)) return "invalid_target";
      return throwProblem(b, from, at!, specialEffect(op)!);
    case "vertical": {
      if (!needs(true, false)) return "invalid_target";
      if (!isUpper(from)) return "invalid_place";
      const room = roomOf(b, at!);
      return room && geoOf(b).vertical.has(room) ? null : "invalid_place";
    }
    case "reinforce": {
      if (!needs(false, true) || isUpper(from)) return "invalid_target";
      const part = b.partitions[target!];
      if (!part || part.kind !== "thin" || part.broken) return "invalid_target";
      const def = geoOf(b).partitions.get(target!)!;
      return def.edges.some((e) => e.split("|").includes(from)) ? null : "not_adjacent";
    }
    case "snare":
      if (!needs(true, false)) return "invalid_target";
      return placeProblem(b, from, at!);
  }
}

/** Carries out a special gadget (seed 004 "특수 도구 사용"; effects in data/operators.json). */
export function useSpecial(ctx: Ctx, op: OperatorState, at: Place | undefined, target: string | undefined): void {
  const s = ctx.s;
  const sp = profile(op.id).special;
  ctx.emit({ type: "gadget_used", operator: op.id, gadget: sp.id, at: at ?? target ?? op.at! });
  switch (sp.kind) {
    case "breach_adjacent":
      breachSpace(ctx, at!, sp.power!, sp.id);
      return;
    case "scan_room": {
      const room = roomOf(s, op.at)!;
      ctx.emit({ type: "scanned", operator: op.id, room });
      scanRoom(ctx, op.team, room);
      return;
    }
    case "ping_room":
      for (const e of inRoom(s, enemyOf(op.team), roomOf(s, op.at)!)) ping(ctx, e.id, sp.id);
      return;
    case "throw":
    case "vertical":
      detonate(ctx, catalog.gadgets.get(sp.effect!)!, at!, sp.id);
      return;
    case "reinforce":
      s.partitions[target!]!.kind = "reinforced";
      ctx.emit({ type: "reinforced", partition: target! });
      return;
    case "snare": {
      const g = { id: `g${s.nextId++}`, kind: "snare", team: op.team, at: at! };
      s.gadgets.push(g);
      ctx.emit({ type: "gadget_placed", gadget: g });
      triggerClaymores(ctx, at!);
      return;
    }
    case "passive":
      return;
  }
}

/** Seed 004 "특수 도구 사용": the active operator's special gadget. */
export const specialRules: CommandRules<"special"> = {
  special: {
    check(b, team, cmd) {
      const op = revealedActor(b, team, cmd.operator, "special");
      if (typeof op === "string") return op;
      return specialProblem(b, op, cmd.at, cmd.target);
    },
    execute(ctx, _team, cmd) {
      const s = ctx.s;
      const op = s.operators[cmd.operator]!;
      takeAction(ctx, op, "special");
      op.specialUses--;
      useSpecial(ctx, op, cmd.at, cmd.target);
      if (!s.result) afterAction(ctx, op.id);
    },
  },
};
