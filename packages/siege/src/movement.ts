/**
 * Seed 004 "이동", "장애물", "기울이기", "달리기", "상층부와 진입로": steps (hidden operators' tokens
 * too), leaning and standing up, running, going up and down through access points; and what
 * happens as an operator enters a space (claymores, snares, barbed wire, cameras).
 */
import { areaOf, coords, isUpper, partitionOn, stepCost } from "./board";
import type { Team } from "./data";
import { accessOk, actionProblem, activeOp, type Code, type CommandRules } from "./common";
import type { Ctx } from "./context";
import { triggerClaymores } from "./claymore";
import { hitSpace } from "./damage";
import { cameraPing } from "./reveal";
import { afterAction, dropWatch, takeAction } from "./watch";
import { emptySpace, geoOf, obstacleAt, occupant, profile, reinforcedAt, tokensOf, upperHolder, upperReaches, type Board } from "./query";
import type { Activation, OperatorId, OperatorState, Place } from "./types";

/**
 * The activation's flags after a step from `from` to `to` (seed 004 "이동": going up through an
 * access point ends the movement, so `climbed` once up; "상층부와 진입로": down once, so
 * `descended` once a step leaves an upper floor). The step rule's own update, shared with the
 * walk planner (`reachableSquares`), which applies it to a whole walk from its start: a walk's
 * inner squares are all on the ground (a walk ends once up, and only its first step can come down),
 * so the walk sets the flags as its single step from start to end would.
 */
export function flagsAfterStep(act: Pick<Activation, "climbed" | "descended">, from: Place, to: Place): Pick<Activation, "climbed" | "descended"> {
  return { climbed: act.climbed || isUpper(to), descended: act.descended || isUpper(from) };
}

/** The movement cost of a `step` command, or an error (seed 004 "이동", "장애물", "상층부와 진입로"). */
export function stepProblem(b: Board, team: Team, op: OperatorState, from: Place, to: Place, via: Place | undefined): Code | number {
  const act = b.activation!;
  if (act.climbed) return "no_movement";
  const geo = geoOf(b);
  if (isUpper(to)) {
    if (via !== undefined || isUpper(from) || !geo.areas.includes(areaOf(to))) return "invalid_place";
    if (act.descended) return "blocked";
    if (!accessOk(b, from, team, areaOf(to)) || reinforcedAt(b, from)) return "blocked";
    if (upperHolder(b, areaOf(to), team) !== null) return "space_occupied";
    return 1;
  }
  if (!geo.spaceSet.has(to)) return "invalid_place";
  if (isUpper(from)) {
    if (via !== undefined) return "invalid_place";
    if (!accessOk(b, to, team, areaOf(from)) || !upperReaches(b, areaOf(from), team, to)) return "blocked";
    if (!emptySpace(b, to)) return "space_occupied";
    return 1;
  }
  if (via === undefined) {
    const cost = stepCost(b, from, to);
    if (cost === null) return "blocked";
    if (!emptySpace(b, to)) return "space_occupied";
    return cost;
  }
  if (!geo.spaceSet.has(via) || via === to || via === from) return "invalid_place";
  const first = stepCost(b, from, via);
  const second = stepCost(b, via, to);
  if (first === null || second === null) return "blocked";
  const occ = occupant(b, via);
  const friend = occ !== null && b.operators[occ.operator]?.team === team;
  const obstacle = obstacleAt(b, via);
  if (!obstacle && !friend) return "invalid_place";
  if (obstacle && occ !== null) return "blocked";
  if (!emptySpace(b, to)) return "space_occupied";
  return first + (obstacle ? 1 : 0) + second;
}

/**
 * What happens as an operator (or a token) enters a space: claymores go off (seed 004 "클레이모어"),
 * an enemy snare springs (a reaction gadget, seed 004 "반응 액션"), barbed wire stops an attacker's
 * activation (seed 004 "철조망"), a camera red-pings an attacker (seed 004 "카메라").
 */
export function enter(ctx: Ctx, id: OperatorId, p: Place): void {
  const s = ctx.s;
  const op = s.operators[id]!;
  if (isUpper(p)) return;
  const snare = s.gadgets.find((g) => g.at === p && g.kind === "snare" && g.team !== op.team);
  if (snare) {
    s.gadgets = s.gadgets.filter((g) => g.id !== snare.id);
    ctx.emit({ type: "exploded", gadget: snare.id, at: p });
    const owner = Object.values(s.operators).find((o) => o.team === snare.team && profile(o.id).special.kind === "snare");
    hitSpace(ctx, p, owner ? profile(owner.id).special.damage! : ["yellow"], snare.id);
  }
  triggerClaymores(ctx, p);
  if (op.team === "attack" && s.gadgets.some((g) => g.at === p && g.kind === "barbed_wire") && s.activation?.operator === id) {
    s.activation.stopped = true;
  }
  if (op.team === "attack") cameraPing(ctx, id);
}

/** Seed 004 "이동", "기울이기", "달리기": moving the active operator (or a hidden one's tokens). */
export const movementRules: CommandRules<"step" | "lean" | "stand" | "run"> = {
  step: {
    check(b, team, cmd) {
      const op = activeOp(b, team, cmd.operator);
      if (typeof op === "string") return op;
      let from: Place;
      if (op.hidden) {
        const t = b.tokens.find((x) => x.id === cmd.token && x.operator === op.id);
        if (!t) return "invalid_target";
        from = t.at;
      } else {
        if (cmd.token !== undefined) return "not_hidden";
        if (op.stand) return "leaning";
        from = op.at!;
      }
      const cost = stepProblem(b, team, op, from, cmd.to, cmd.via);
      if (typeof cost === "string") return cost;
      return cost <= b.activation!.mp ? null : "no_movement";
    },
    execute(ctx, team, cmd) {
      const s = ctx.s;
      const op = s.operators[cmd.operator]!;
      const act = s.activation!;
      const token = op.hidden ? s.tokens.find((t) => t.id === cmd.token)! : null;
      const from = token ? token.at : op.at!;
      const cost = stepProblem(s, team, op, from, cmd.to, cmd.via) as number;
      dropWatch(ctx, op);
      if (token) token.at = cmd.to;
      else op.at = cmd.to;
      act.mp -= cost;
      Object.assign(act, flagsAfterStep(act, from, cmd.to));
      ctx.emit({ type: "moved", operator: op.id, ...(token ? { token: token.id } : {}), from, to: cmd.to, cost });
      enter(ctx, op.id, cmd.to);
      afterAction(ctx, op.id);
    },
  },
  lean: {
    check(b, team, cmd) {
      const op = activeOp(b, team, cmd.operator);
      if (typeof op === "string") return op;
      if (op.hidden) return "hidden_operator";
      if (op.stand) return "leaning";
      if (b.activation!.climbed || b.activation!.mp < 1) return "no_movement";
      if (isUpper(op.at!) || !geoOf(b).spaceSet.has(cmd.to) || isUpper(cmd.to)) return "invalid_place";
      const a = coords(op.at!);
      const c = coords(cmd.to);
      if (Math.abs(a.x - c.x) + Math.abs(a.y - c.y) !== 1) return "invalid_place";
      const part = partitionOn(b, a, c);
      if (part && !(part.s.kind === "door" && !part.s.barricaded)) return "blocked";
      return emptySpace(b, cmd.to) ? null : "space_occupied";
    },
    execute(ctx, _team, cmd) {
      const s = ctx.s;
      const op = s.operators[cmd.operator]!;
      dropWatch(ctx, op);
      op.stand = op.at;
      op.at = cmd.to;
      s.activation!.mp -= 1;
      ctx.emit({ type: "leaned", operator: op.id, to: cmd.to });
      enter(ctx, op.id, cmd.to);
      afterAction(ctx, op.id);
    },
  },
  stand: {
    check(b, team, cmd) {
      const op = activeOp(b, team, cmd.operator);
      if (typeof op === "string") return op;
      if (!op.stand) return "not_leaning";
      return b.activation!.mp >= 1 ? null : "no_movement";
    },
    execute(ctx, _team, cmd) {
      const s = ctx.s;
      const op = s.operators[cmd.operator]!;
      dropWatch(ctx, op);
      op.stand = null;
      s.activation!.mp -= 1;
      ctx.emit({ type: "stood", operator: op.id });
      afterAction(ctx, op.id);
    },
  },
  run: {
    check(b, team, cmd) {
      const op = activeOp(b, team, cmd.operator);
      if (typeof op === "string") return op;
      const problem = actionProblem(b, "run");
      if (problem) return problem;
      if (profile(op.id).run === null) return "cannot_run";
      const places = op.hidden ? tokensOf(b, op.id).map((t) => t.at) : [op.at!];
      if (places.some(isUpper) || b.activation!.climbed) return "cannot_run";
      return null;
    },
    execute(ctx, _team, cmd) {
      const s = ctx.s;
      const op = s.operators[cmd.operator]!;
      takeAction(ctx, op, "run");
      const gained = profile(op.id).run!;
      s.activation!.mp += gained;
      ctx.emit({ type: "ran", operator: op.id, gained });
      afterAction(ctx, op.id);
    },
  },
};
