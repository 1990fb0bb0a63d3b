/**
 * Seed 004 "사격" (the shoot action: dice by range, protection, damage, red ping), "대응 사격" (the
 * reaction shot a watcher may take, `react`, or not, `hold`) and the reroll tokens (project sample
 * rule: `reroll` or `keep` after an action shot).
 */
import type { Team } from "./data";
import { opOf, revealedActor, type CommandOf, type CommandRules } from "./common";
import type { Ctx } from "./context";
import { damage, roll, sum } from "./damage";
import { ping, reveal, spot } from "./reveal";
import { afterAction, takeAction, watchCovers } from "./watch";
import { shotAt, shotDice } from "./query";
import type { OperatorId, RolledDamageDie } from "./types";

/**
 * Seed 004 "사격": rolls a shot. An action shot of a team with reroll tokens left waits for the
 * reroll decision; otherwise it resolves at once.
 */
export function fire(ctx: Ctx, shooter: OperatorId, target: OperatorId, kind: "action" | "reaction" | "exchange", forced?: { distance: number; protection: number }): void {
  const s = ctx.s;
  const a = s.operators[shooter]!;
  const t = s.operators[target]!;
  const shot = forced ?? shotAt(s, a, t);
  if (!shot || t.dead || a.dead) return;
  const dice = roll(ctx, shotDice(a, shot.distance, shot.protection));
  if (kind === "action" && s.rerolls[a.team] > 0) {
    s.pending = { kind: "reroll", team: a.team, shooter, target, distance: shot.distance, protection: shot.protection, dice };
    return;
  }
  resolveShot(ctx, shooter, target, kind, shot.distance, shot.protection, dice);
}

/** Seed 004 "사격" 3-5: sum, minus protection, damage, then a red ping on a survivor. */
export function resolveShot(ctx: Ctx, shooter: OperatorId, target: OperatorId, kind: "action" | "reaction" | "exchange", dist: number, prot: number, dice: RolledDamageDie[]): void {
  const dmg = Math.max(0, sum(dice) - prot);
  ctx.emit({ type: "shot", shooter, target, kind, distance: dist, protection: prot, dice, damage: dmg });
  damage(ctx, target, dmg, shooter);
  if (!ctx.s.operators[target]!.dead) ping(ctx, target, shooter);
}

/** A reroll decision's answer: the dice are rerolled (`reroll`) or kept (`keep`), then the shot resolves. */
function answerReroll(ctx: Ctx, team: Team, cmd: CommandOf<"reroll" | "keep">): void {
  const s = ctx.s;
  const p = s.pending as Extract<typeof s.pending, { kind: "reroll" }>;
  let dice = p.dice;
  if (cmd.type === "reroll") {
    s.rerolls[team]--;
    const fresh = roll(ctx, cmd.dice.map((i) => p.dice[i]!.colour));
    dice = p.dice.map((d, i) => {
      const k = cmd.dice.indexOf(i);
      return k >= 0 ? fresh[k]! : d;
    });
    ctx.emit({ type: "rerolled", team, dice });
  }
  s.pending = null;
  resolveShot(ctx, p.shooter, p.target, "action", p.distance, p.protection, dice);
  if (!s.result && s.activation) afterAction(ctx, s.activation.operator);
}

/** Seed 004 "사격", "대응 사격" and the reroll tokens. */
export const shootingRules: CommandRules<"shoot" | "react" | "hold" | "reroll" | "keep"> = {
  shoot: {
    check(b, team, cmd) {
      const op = revealedActor(b, team, cmd.operator, "shoot");
      if (typeof op === "string") return op;
      const target = opOf(b, cmd.target);
      if (!target || target.team === team || target.dead || target.hidden || target.at === null) return "invalid_target";
      return shotAt(b, op, target) ? null : "no_line_of_sight";
    },
    execute(ctx, _team, cmd) {
      const s = ctx.s;
      const op = s.operators[cmd.operator]!;
      takeAction(ctx, op, "shoot");
      fire(ctx, op.id, cmd.target, "action");
      if (!s.pending) afterAction(ctx, op.id);
    },
  },
  react: {
    check(b, _team, cmd) {
      const p = b.pending!;
      if (p.kind !== "reaction" || !p.watchers.includes(cmd.operator)) return "invalid_choice";
      const op = b.operators[cmd.operator]!;
      const target = b.operators[p.target]!;
      // A hidden watcher fires from its real token (the defence alone sends this, and knows it).
      const from = op.hidden ? b.tokens.find((x) => x.id === b.hidden.real[op.id]) : op;
      return from && watchCovers(b, from, target) ? null : "invalid_choice";
    },
    execute(ctx, _team, cmd) {
      const s = ctx.s;
      const p = s.pending as Extract<typeof s.pending, { kind: "reaction" }>;
      p.watchers = p.watchers.filter((w) => w !== cmd.operator);
      const w = s.operators[cmd.operator]!;
      if (w.hidden) reveal(ctx, w.id, "reaction");
      fire(ctx, w.id, p.target, "reaction");
      spot(ctx);
      const target = s.operators[p.target]!;
      if (s.pending === p && (p.watchers.length === 0 || target.dead)) s.pending = null;
    },
  },
  hold: {
    check: () => null,
    execute(ctx) {
      ctx.s.pending = null;
    },
  },
  reroll: {
    check(b, team, cmd) {
      const p = b.pending!;
      if (p.kind !== "reroll" || b.rerolls[team] <= 0 || cmd.dice.length === 0) return "invalid_choice";
      for (let i = 0; i < cmd.dice.length; i++) {
        const d = cmd.dice[i]!;
        if (!Number.isInteger(d) || d < 0 || d >= p.dice.length || (i > 0 && d <= cmd.dice[i - 1]!)) return "invalid_choice";
      }
      return null;
    },
    execute: answerReroll,
  },
  keep: {
    check: () => null,
    execute: answerReroll,
  },
};
