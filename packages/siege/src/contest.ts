/**
 * Seed 004 "경계" (the watch action: 하층부, a facing; 상층부, an access-point watch token or a
 * contest for one) and "사격 교환" (the exchange of fire of a contest: the challenger's shot, then
 * the surviving holder's choice to fire back), with the reveals of hidden operators in contests
 * (seed 004 "비밀 오퍼레이터 공개").
 */
import { accessWatchAt } from "./board";
import { actionProblem, activeOp, RULES, type CommandRules } from "./common";
import type { Ctx } from "./context";
import { roll } from "./damage";
import { reveal } from "./reveal";
import { resolveShot } from "./shooting";
import { afterAction, dropWatch, takeAction, watchOrderProblem } from "./watch";
import { shotDice, tokensOf } from "./query";
import type { OperatorId, OperatorState, Place } from "./types";

/** Seed 004 "사격 교환": a shot at distance 1 against strong protection that costs no action and takes no reroll. */
export function resolveExchange(ctx: Ctx, shooter: OperatorId, target: OperatorId): void {
  if (ctx.s.result) return;
  const a = ctx.s.operators[shooter]!;
  const distance = 1;
  const protection = RULES.protection.strong;
  const dice = roll(ctx, shotDice(a, distance, protection));
  resolveShot(ctx, shooter, target, "exchange", distance, protection, dice);
}

/**
 * Seed 004 "경계" 상층부: the end of a contest at `ap`: the challenger's watch token placed there
 * if it won it (announced), then what follows the challenger's watch action (seed 004 "대응 사격").
 */
function endContest(ctx: Ctx, challenger: OperatorState, ap: Place): void {
  if (challenger.watch) ctx.emit({ type: "watching", operator: challenger.id, watches: [{ ap }] });
  if (!ctx.s.result && !challenger.dead) afterAction(ctx, challenger.id);
}

/**
 * Seed 004 "상층부" 경계: a watch on an access point held by the other team's token starts a
 * contest; a hidden holder is revealed first, and if its token there was the decoy the watch
 * is simply placed.
 */
export function startContest(ctx: Ctx, op: OperatorState, ap: Place, holderId: OperatorId): void {
  const s = ctx.s;
  const holder = s.operators[holderId]!;
  if (holder.hidden) reveal(ctx, holderId, "contest");
  const still = accessWatchAt(s, ap);
  if (!still || still.team === op.team) {
    op.watch = { ap };
    ctx.emit({ type: "watching", operator: op.id, watches: [{ ap }] });
    afterAction(ctx, op.id);
    return;
  }
  ctx.emit({ type: "contest_started", ap, challenger: op.id, holder: holderId });
  s.pending = { kind: "contest", team: holder.team, ap, challenger: op.id, holder: holderId };
}

/**
 * Seed 004 "경계" and "사격 교환": the watch action, the holder's answer to a contest (yield, or
 * exchange fire), and its answer after the challenger's shot (fire back or not).
 */
export const contestRules: CommandRules<"watch" | "contest" | "return_fire"> = {
  watch: {
    check(b, team, cmd) {
      const op = activeOp(b, team, cmd.operator);
      if (typeof op === "string") return op;
      const problem = actionProblem(b, "watch");
      if (problem) return problem;
      if (op.hidden) {
        const tokens = tokensOf(b, op.id);
        if (cmd.watches.length !== tokens.length) return "invalid_watch";
        for (let i = 0; i < tokens.length; i++) {
          const order = cmd.watches[i]!;
          if (order.token !== tokens[i]!.id) return "invalid_watch";
          const p = watchOrderProblem(b, team, tokens[i]!.at, order, op.id);
          if (p) return p;
        }
        const aps = cmd.watches.map((o) => o.ap).filter((x) => x !== undefined);
        return new Set(aps).size === aps.length ? null : "invalid_watch";
      }
      if (cmd.watches.length !== 1 || cmd.watches[0]!.token !== undefined) return "invalid_watch";
      return watchOrderProblem(b, team, op.at!, cmd.watches[0]!, null);
    },
    execute(ctx, team, cmd) {
      const s = ctx.s;
      const op = s.operators[cmd.operator]!;
      takeAction(ctx, op, "watch");
      if (op.hidden) {
        for (const order of cmd.watches) {
          const t = s.tokens.find((x) => x.id === order.token)!;
          t.watch = order.ap !== undefined ? { ap: order.ap } : { facing: order.facing! };
        }
        ctx.emit({ type: "watching", operator: op.id, watches: cmd.watches });
        afterAction(ctx, op.id);
        return;
      }
      const order = cmd.watches[0]!;
      if (order.ap !== undefined) {
        const held = accessWatchAt(s, order.ap);
        if (held && held.team !== team) {
          startContest(ctx, op, order.ap, held.operator);
          return;
        }
        if (held) dropWatch(ctx, s.operators[held.operator]!);
        op.watch = { ap: order.ap };
      } else op.watch = { facing: order.facing! };
      ctx.emit({ type: "watching", operator: op.id, watches: cmd.watches });
      afterAction(ctx, op.id);
    },
  },
  contest: {
    check: () => null,
    execute(ctx, _team, cmd) {
      const s = ctx.s;
      const p = s.pending as Extract<typeof s.pending, { kind: "contest" }>;
      s.pending = null;
      const challenger = s.operators[p.challenger]!;
      const holder = s.operators[p.holder]!;
      if (cmd.fight) {
        resolveExchange(ctx, challenger.id, holder.id);
        if (holder.dead && !challenger.dead) challenger.watch = { ap: p.ap };
        else if (!holder.dead && !challenger.dead && !s.result) {
          // Seed 004 "사격 교환": the holder survived; its token stays, and it may fire back.
          s.pending = { kind: "return_fire", team: holder.team, ap: p.ap, challenger: challenger.id, holder: holder.id };
          return;
        }
      } else {
        dropWatch(ctx, holder);
        ctx.emit({ type: "contest_yielded", ap: p.ap });
        challenger.watch = { ap: p.ap };
      }
      endContest(ctx, challenger, p.ap);
    },
  },
  return_fire: {
    // Both answers are always open: firing back is the holder's choice (seed 004 "사격 교환": 대상은
    // 대응 사격을 할 수 있습니다), asked of its team whoever holds; both operators are revealed by now.
    check: () => null,
    execute(ctx, _team, cmd) {
      const s = ctx.s;
      const p = s.pending as Extract<typeof s.pending, { kind: "return_fire" }>;
      s.pending = null;
      if (cmd.fire) resolveExchange(ctx, p.holder, p.challenger);
      endContest(ctx, s.operators[p.challenger]!, p.ap);
    },
  },
};
