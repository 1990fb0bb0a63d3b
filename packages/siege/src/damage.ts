/**
 * Seed 004 "상태이상 사망", "능력" (damage dice) and "전술 도구" (gadget damage): rolling damage dice,
 * damage on an operator's profile and death, and gadget damage on whatever holds a space.
 */
import { catalog, type Colour } from "./data";
import type { Ctx } from "./context";
import { reveal } from "./reveal";
import { eliminationCheck } from "./victory";
import { occupant, profile } from "./query";
import type { OperatorId, Place, RolledDamageDie } from "./types";

/** Rolls damage dice (faces from dice.json). */
export function roll(ctx: Ctx, colours: readonly Colour[]): RolledDamageDie[] {
  return colours.map((colour) => {
    const face = ctx.dice().int(0, 5);
    return { colour, face, value: catalog.data.dice[colour][face]! };
  });
}

/** The damage the dice show, added up. */
export const sum = (dice: readonly RolledDamageDie[]) => dice.reduce((a, d) => a + d.value, 0);

/** Seed 004 "상태이상 사망": damage on the profile; at health or more the operator dies and leaves the board. */
export function damage(ctx: Ctx, id: OperatorId, amount: number, source: string): void {
  const op = ctx.s.operators[id]!;
  if (amount <= 0 || op.dead) return;
  op.damage += amount;
  ctx.emit({ type: "damaged", operator: id, amount, source });
  if (op.damage >= profile(id).health) {
    op.dead = true;
    op.at = null;
    op.stand = null;
    op.watch = null;
    op.redPing = false;
    op.stunned = false;
    ctx.emit({ type: "died", operator: id });
    if (ctx.s.activation?.operator === id) ctx.s.activation.stopped = true;
    if (ctx.s.pending?.kind === "reaction" && ctx.s.pending.watchers.includes(id)) {
      ctx.s.pending.watchers = ctx.s.pending.watchers.filter((w) => w !== id);
    }
    eliminationCheck(ctx);
  }
}

/** Gadget damage on whatever holds a space (seed 004 "전술 도구": no protection; a token hit reveals its operator). */
export function hitSpace(ctx: Ctx, p: Place, colours: readonly Colour[], source: string): void {
  if (colours.length === 0 || ctx.s.result) return;
  const occ = occupant(ctx.s, p);
  if (!occ) return;
  if (occ.kind === "token") {
    ctx.emit({ type: "token_hit", token: occ.token, source });
    reveal(ctx, occ.operator, "damaged");
    if (ctx.s.operators[occ.operator]!.at !== p) return;
  }
  const dice = roll(ctx, colours);
  const op = ctx.s.operators[occ.operator]!;
  ctx.emit({ type: "shot", shooter: source, target: op.id, kind: "action", distance: 0, protection: 0, dice, damage: sum(dice) });
  damage(ctx, op.id, sum(dice), source);
}
