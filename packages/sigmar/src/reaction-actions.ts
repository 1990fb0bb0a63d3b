/**
 * Carrying out the core reactions (project core rule C14, docs/rules/sigmar.md; what is open to whom:
 * `reactions.ts`). Each returns null when done or the error code (the caller drops the context).
 * Every roll comes from the match's public dice stream.
 */
import type { SeatId } from "@fogwar/engine";
import { healUnit, markUsed } from "./abilities";
import { addModels, rollCharge } from "./actions";
import { returnProblem } from "./answers";
import { RALLY_DICE, RALLY_POINT, reactionProblem, reactionUse, returnableFor } from "./reactions";
import { ws } from "./query";
import type { Ctx } from "./context";
import type { Pt } from "./geometry";
import type { SigmarCommand, SigmarErrorCode, SigmarState } from "./types";

type CommandCmd = Extract<SigmarCommand, { type: "command" }>;

/**
 * Uses a reaction (core C14) for 1 command point, once per phase for the army: a counter-charge
 * rolls 2D6 and leaves a `charge_move` for the reacting seat (placed like any charge, core C6); a
 * rally rolls six dice and heals at once, or leaves a `rally` decision when a slain model could return.
 */
export function useReaction(ctx: Ctx, seat: SeatId, c: CommandCmd): SigmarErrorCode | null {
  const s = ctx.state;
  const problem = reactionProblem(s, seat, c.command, c.unit, c.target);
  if (problem) return problem;
  const unit = s.units[c.unit]!;
  s.pending = null;
  s.cp[seat]! -= 1;
  markUsed(s, reactionUse(c.command), seat, null);
  ctx.emit({ type: "command_used", seat, command: c.command, unit: unit.id, ...(c.target ? { target: c.target } : {}) });
  if (c.command === "counter_charge") {
    // Core C6's charge: 2D6 (with the unit's charge-roll modifiers), then the reacting seat moves it.
    const target = s.units[c.target!]!;
    rollCharge(ctx, seat, unit, target);
    return null;
  }
  const dice = Array.from({ length: RALLY_DICE }, () => ctx.d6());
  const points = dice.filter((d) => d >= RALLY_POINT).length;
  ctx.emit({ type: "rallied", unit: unit.id, dice, points });
  const returnable = returnableFor(unit, points);
  if (returnable > 0) {
    s.pending = { kind: "rally", seat, unit: unit.id, points, health: ws(unit).health, returnable };
    return null;
  }
  healUnit(ctx, unit, points);
  return null;
}

/**
 * The answer to a pending rally (core C14): `to` the slain models returned (at most `returnable`,
 * each costing the unit's Health in rally points; set up one at a time in coherency, seed 003 22),
 * the points left heal the unit (seed 003 21). `decline` is the same with no model returned.
 */
export function rallyAnswer(ctx: Ctx, seat: SeatId, to: readonly Pt[]): SigmarErrorCode | null {
  const s: SigmarState = ctx.state;
  const p = s.pending;
  if (!p || p.kind !== "rally" || p.seat !== seat) return "no_decision_pending";
  if (to.length > p.returnable) return "bad_positions";
  const unit = s.units[p.unit]!;
  const problem = to.length ? returnProblem(s, unit, to, p.returnable) : null;
  if (problem) return problem;
  s.pending = null;
  if (to.length) {
    const ids = addModels(unit, to);
    unit.returned = { turn: s.turn, models: [...(unit.returned?.turn === s.turn ? unit.returned.models : []), ...ids] };
    ctx.emit({ type: "models_returned", unit: unit.id, rolled: to.length, models: [...to] });
  }
  healUnit(ctx, unit, p.points - to.length * p.health);
  return null;
}
