/**
 * Which models are removed when damage slays some of a unit (project core rule C8,
 * docs/rules/sigmar.md): the unit's owner chooses, keeping the models that remain in coherency
 * (core C3) whenever the suggested choice does. An attack sequence (a shooting, a fight, a mortal
 * damage) allocates its damage once, at its end (attack.ts `allocate`), so one attack asks at most
 * once. The owner is asked only when another legal choice exists; otherwise the suggestion is
 * applied at once. The suggestion (also the bot's and a run-out clock's answer): the models
 * farthest from the attacker first, skipping a model whose removal would break the remaining
 * models' coherency while another can go.
 *
 * Nothing here is secret: the unit and its models are on the battlefield, public to every viewer.
 */
import type { SeatId } from "@fogwar/engine";
import { catalog } from "./data";
import { coherent, inches } from "./geometry";
import { radiusOf } from "./query";
import type { Ctx } from "./context";
import type { Model, Removal, SigmarErrorCode, SigmarState, UnitState } from "./types";

/** Whether the models `keep` of `unit` are in coherency (core C3). */
function coherentSet(unit: UnitState, keep: readonly Model[]): boolean {
  const r = radiusOf(unit);
  return coherent(keep.map((m) => ({ x: m.x, y: m.y, r })), inches(catalog.rules.coherency), catalog.rules.coherencyLarge);
}

/** Squared distance (hundredths of an inch, squared) from a model to the nearest model of `from`. */
const distance2 = (m: Model, from: readonly Model[]): number => Math.min(...from.map((f) => (f.x - m.x) ** 2 + (f.y - m.y) ** 2));

/**
 * The suggested `count` model ids to remove from `unit` (count below its size): one at a time,
 * the model farthest from `from` (the attacker's models; none given: the last model), among those
 * whose removal keeps the rest coherent when any such model exists. Ties: the later model.
 */
export function suggestRemoval(unit: UnitState, count: number, from: readonly Model[]): string[] {
  let left = [...unit.models];
  const out: string[] = [];
  for (let k = 0; k < count && left.length > 0; k++) {
    const order = left.map((m, i) => ({ m, i, d: from.length ? distance2(m, from) : i })).sort((a, b) => b.d - a.d || b.i - a.i);
    const keeps = order.find((o) => coherentSet(unit, left.filter((x) => x !== o.m)));
    const pick = (keeps ?? order[0]!).m;
    out.push(pick.id);
    left = left.filter((x) => x !== pick);
  }
  return out;
}

/**
 * Why removing the models `ids` from the held removal `hold` is not allowed (null: it is): exactly
 * `hold.count` distinct models of the unit; the remaining models coherent when the suggestion
 * leaves them coherent (when even it cannot, any models may go).
 */
export function removalProblem(s: SigmarState, hold: Removal, ids: readonly string[]): SigmarErrorCode | null {
  const unit = s.units[hold.unit]!;
  if (ids.length !== hold.count || new Set(ids).size !== ids.length || ids.some((id) => !unit.models.some((m) => m.id === id))) return "invalid_choice";
  const mustCohere = coherentSet(unit, unit.models.filter((m) => !hold.suggested.includes(m.id)));
  if (mustCohere && !coherentSet(unit, unit.models.filter((m) => !ids.includes(m.id)))) return "not_coherent";
  return null;
}

/**
 * Other legal choices than the suggestion, each differing from it by one model (at most `max`):
 * the finite answers a bot or a list offers, and the test of whether to ask at all.
 */
export function alternatives(s: SigmarState, hold: Removal, max: number): string[][] {
  const unit = s.units[hold.unit]!;
  const out: string[][] = [];
  for (const gone of [...hold.suggested].reverse()) {
    for (const m of unit.models) {
      if (hold.suggested.includes(m.id)) continue;
      const ids = [...hold.suggested.filter((id) => id !== gone), m.id];
      if (removalProblem(s, hold, ids) === null) out.push(ids);
      if (out.length >= max) return out;
    }
  }
  return out;
}

/** Removes the models `ids` from `unit` and reports it. */
function removeNow(ctx: Ctx, unit: UnitState, ids: readonly string[], chosen: boolean): void {
  unit.models = unit.models.filter((m) => !ids.includes(m.id));
  ctx.emit({ type: "models_removed", unit: unit.id, models: [...ids], chosen });
}

/**
 * `count` models of `unit` (fewer than it has) are slain by an attack from `from`'s models: removed
 * at once when the owner has no other legal choice, else held for the owner's choice (the
 * `remove_models` decision, raised now when no other decision is pending, else by `raiseRemoval`
 * once it is answered). A unit already held adds to its count.
 */
export function slay(ctx: Ctx, unit: UnitState, count: number, from: readonly Model[]): void {
  const s = ctx.state;
  const held = s.removals.find((r) => r.unit === unit.id);
  const total = count + (held?.count ?? 0);
  const hold: Removal = { unit: unit.id, seat: unit.owner, count: total, suggested: suggestRemoval(unit, total, from) };
  s.removals = s.removals.filter((r) => r.unit !== unit.id);
  if (alternatives(s, hold, 1).length === 0) {
    removeNow(ctx, unit, hold.suggested, false);
    if (s.pending?.kind === "remove_models" && s.pending.unit === unit.id) s.pending = null;
    return;
  }
  s.removals.push(hold);
  if (!s.pending || (s.pending.kind === "remove_models" && s.pending.unit === unit.id)) raise(s, hold);
}

/** Drops a held removal (the unit was destroyed, its every model slain). */
export function dropHold(s: SigmarState, unit: string): void {
  s.removals = s.removals.filter((r) => r.unit !== unit);
  if (s.pending?.kind === "remove_models" && s.pending.unit === unit) s.pending = null;
}

/** How many of `unit`'s models are slain and held for removal (core C8: their owner has not yet picked them), 0 when none. */
export const heldCount = (s: SigmarState, unit: string): number => s.removals.find((r) => r.unit === unit)?.count ?? 0;

const raise = (s: SigmarState, hold: Removal): void => {
  s.pending = { kind: "remove_models", seat: hold.seat, unit: hold.unit, count: hold.count, suggested: hold.suggested };
};

/** Asks for the first held removal when no decision is pending (true when it did). */
export function raiseRemoval(s: SigmarState): boolean {
  const hold = s.removals[0];
  if (s.pending || !hold) return false;
  raise(s, hold);
  return true;
}

/** The owner's answer (core C8): the models it removes. Bad input changes nothing. */
export function answerRemoval(ctx: Ctx, seat: SeatId, ids: readonly string[]): SigmarErrorCode | null {
  const s = ctx.state;
  const p = s.pending;
  if (!p || p.kind !== "remove_models" || p.seat !== seat) return "no_decision_pending";
  const hold = s.removals.find((r) => r.unit === p.unit)!;
  const problem = removalProblem(s, hold, ids);
  if (problem) return problem;
  s.pending = null;
  s.removals = s.removals.filter((r) => r !== hold);
  removeNow(ctx, s.units[hold.unit]!, ids, true);
  return null;
}
