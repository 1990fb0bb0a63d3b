/**
 * The combat phase's fight order (seed 003 19): units in combat at the start of the phase with
 * STRIKE-FIRST fight before any other (the players alternate among them, the active player first);
 * then the active player picks the next unit and the players alternate; a STRIKE-LAST unit cannot
 * fight while another unit in combat has not fought; a unit with both has neither; a unit that
 * entered combat after the phase began gets no STRIKE-FIRST benefit; an ability to fight
 * immediately after another unit cannot break these limits (a riposte is offered only when they allow it).
 */
import type { SeatId } from "@fogwar/engine";
import { strikeOf } from "./modifiers";
import { fieldUnits, inCombat, onField, otherSeat } from "./query";
import { abilitiesOf } from "./query";
import { spent } from "./abilities";
import type { Ctx } from "./context";
import type { SigmarState, UnitState } from "./types";

/** Opens the combat phase's bookkeeping: who is in combat now, and which of them strike first. */
export function startCombat(ctx: Ctx): void {
  const s = ctx.state;
  const engaged = fieldUnits(s).filter((u) => inCombat(s, u));
  const strikeFirst = engaged.filter((u) => strikeOf(s, u) === "first").map((u) => u.id);
  s.combat = { engaged: engaged.map((u) => u.id), strikeFirst, fought: [], picker: s.active!, firstDone: strikeFirst.length === 0, answer: null };
}

/** Whether a unit may still fight this phase: on the battlefield, in combat now, not yet fought. */
const eligible = (s: SigmarState, u: UnitState | undefined): u is UnitState => onField(u) && !s.combat!.fought.includes(u.id) && inCombat(s, u);

/** Strike-first units (at the start of the phase) that may still fight. */
const firstLeft = (s: SigmarState): UnitState[] => s.combat!.strikeFirst.map((id) => s.units[id]).filter((u): u is UnitState => eligible(s, u));

/**
 * Whether `unit` may fight now under seed 003 19 (ignoring whose pick it is): while strike-first
 * units remain, only they; a strike-last unit only when every other eligible unit has fought.
 */
export function mayFightNow(s: SigmarState, unit: UnitState): boolean {
  if (!s.combat || !eligible(s, unit)) return false;
  const first = firstLeft(s);
  if (first.length > 0) return first.some((u) => u.id === unit.id);
  if (strikeOf(s, unit) === "last") return !fieldUnits(s).some((u) => u.id !== unit.id && eligible(s, u) && strikeOf(s, u) !== "last");
  return true;
}

/** The units `seat` may pick to fight now. */
export const pickable = (s: SigmarState, seat: SeatId): UnitState[] => (s.combat ? fieldUnits(s, seat).filter((u) => mayFightNow(s, u)) : []);

/**
 * Who picks the next unit to fight: the seat whose turn to pick it is when it has a unit that may
 * fight, else the other seat, else nobody (the phase is over). Once the strike-first units are done
 * the active player picks next (seed 003 19).
 */
export function picker(s: SigmarState): SeatId | null {
  const c = s.combat;
  if (!c) return null;
  const turn = !c.firstDone && firstLeft(s).length === 0 ? s.active! : c.picker;
  if (pickable(s, turn).length > 0) return turn;
  const other = otherSeat(s, turn);
  return pickable(s, other).length > 0 ? other : null;
}

/** Records `seat`'s pick: the strike-first stage may be over, and the other seat picks next. */
export function recordPick(s: SigmarState, seat: SeatId, unit: string): void {
  const c = s.combat!;
  if (!c.firstDone && firstLeft(s).length === 0) c.firstDone = true;
  c.fought.push(unit);
  c.picker = otherSeat(s, seat);
}

/** Whether `unit` can riposte now (fight immediately after the enemy that targeted it), within seed 003 19's limits. */
export function canRiposte(s: SigmarState, unit: UnitState | undefined): unit is UnitState {
  if (!onField(unit) || !s.combat) return false;
  const ability = abilitiesOf(unit).find((a) => a.kind === "reaction" && a.trigger === "fought_against" && a.effects.some((e) => e.kind === "fight_now"));
  return ability !== undefined && !spent(s, ability, unit.owner, unit) && mayFightNow(s, unit);
}

/** After a fight's delayed effects: its target may fight at once when it has a riposte and seed 003 19 allows. */
export function offerRiposte(ctx: Ctx): void {
  const s = ctx.state;
  const answer = s.combat?.answer;
  if (!answer || s.pending || s.delayed.length > 0) return;
  s.combat!.answer = null;
  const target = s.units[answer.target];
  if (canRiposte(s, target) && onField(s.units[answer.fighter])) s.pending = { kind: "riposte", seat: target.owner, unit: target.id, target: answer.fighter };
}
