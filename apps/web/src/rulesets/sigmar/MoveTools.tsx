/**
 * The tools beside the map while a unit is moved: drag the whole unit in formation or one model
 * alone, and "suggest the best placement" (the rules' placement helper on the seat's own
 * projection: for a charge, every model that can reach the target does; placing.ts). The Shift
 * key's shortcut for dragging one model is named only where a mouse or pen can press it (a screen
 * with a fine pointer), not on a touch-only phone. When there is nothing to suggest, the reason
 * shows inline beside the button (a polite status line), not in a browser pop-up.
 */
import { useState } from "react";
import { query, type Pt, type SigmarView } from "@fogwar/sigmar";
import { bestPlacement, placementFor } from "./placing";
import { unitName, type SigmarWords } from "./words";

export interface MoveToolsProps {
  readonly view: SigmarView;
  readonly w: SigmarWords;
  /** The unit being moved now (a plan's, a pending run or charge's, or the selected unit), if any. */
  readonly unit: string | null;
  readonly dragOne: boolean;
  readonly onDragOne: (one: boolean) => void;
  /** Called with the suggested positions (the caller makes them the plan). */
  readonly onSuggest: (unit: string, positions: Pt[]) => void;
}

/** Whether the device has no fine pointer (a touch-only phone or tablet): no Shift key to hold while dragging. */
const touchOnly = (): boolean => typeof window !== "undefined" && window.matchMedia?.("(any-pointer: fine)").matches === false;

export function MoveTools({ view, w, unit, dragOne, onDragOne, onSuggest }: MoveToolsProps) {
  if (!unit || !placementFor(view, unit)) return null;
  return (
    <div className="move-tools" role="group" aria-label={w.t("move.tools")}>
      {!pendingMove(view, unit) && <SuggestPlacement view={view} w={w} unit={unit} onSuggest={onSuggest} />}
      <label>
        <input type="checkbox" checked={dragOne} onChange={(e) => onDragOne(e.target.checked)} /> {w.t(touchOnly() ? "move.dragOneTouch" : "move.dragOne")}
      </label>
    </div>
  );
}

/** Whether `unit` has a pending charge, run or retreat to place: the action bar offers its suggestion beside the prompt (one button, not two). */
export function pendingMove(view: SigmarView, unit: string): boolean {
  const p = view.pending;
  return (p?.kind === "charge_move" || p?.kind === "run_move" || p?.kind === "retreat_move") && p.unit === unit;
}

/**
 * The "suggest the best placement" button for `unit` (bestPlacement, placing.ts), with its note
 * when there is nothing to suggest; beside the map (MoveTools) and, for a pending charge, run or
 * retreat, in the action bar beside the prompt's decline, where a player reading the prompt looks.
 */
export function SuggestPlacement({ view, w, unit, onSuggest }: { view: SigmarView; w: SigmarWords; unit: string; onSuggest: (unit: string, positions: Pt[]) => void }) {
  // The unit for which the last suggestion found nothing (the note goes once another unit moves).
  const [nothingFor, setNothingFor] = useState<string | null>(null);
  const suggest = () => {
    const to = bestPlacement(view, unit);
    setNothingFor(to ? null : unit);
    if (to) onSuggest(unit, to);
  };
  return (
    <>
      <button type="button" onClick={suggest}>
        {w.t("move.suggest")}
      </button>
      <span className="move-note" role="status">
        {nothingFor === unit ? noPlacement(view, w, unit) : ""}
      </span>
    </>
  );
}

/**
 * How far `unit`'s pending charge must go (core rule C6: it must end within 1" of the target): the
 * gap between the nearest models of the two units, the least the charge needs and what it rolled,
 * in inches; null when `unit` has no pending charge.
 */
export function chargeReach(view: SigmarView, unit: string): { gap: number; need: number; roll: number; target: string } | null {
  const p = view.pending;
  const me = view.units[unit];
  const target = p?.kind === "charge_move" && p.unit === unit ? view.units[p.target] : undefined;
  if (p?.kind !== "charge_move" || !me || !target) return null;
  const ours = query.discs(me as never);
  const theirs = query.discs(target as never);
  const gap = Math.max(0, Math.min(...ours.flatMap((a) => theirs.map((b) => Math.hypot(a.x - b.x, a.y - b.y) - a.r - b.r)))) / 100;
  return { gap, need: Math.max(0, gap - 1), roll: p.roll, target: p.target };
}

/** The words of a charge's reach (chargeReach), each inch count to one decimal. */
export function reachWords(view: SigmarView, w: SigmarWords, reach: NonNullable<ReturnType<typeof chargeReach>>): Record<string, string | number> {
  const one = (n: number) => (Math.round(n * 10) / 10).toString();
  return { gap: one(reach.gap), need: one(reach.need), roll: reach.roll, target: unitName(w, view, reach.target) };
}

/**
 * Why nothing could be suggested for `unit`: for its pending charge (chargeReach), how far apart
 * the nearest models stand, what the charge needs at least and what it rolled; for anything else,
 * that no legal placement was found.
 */
export function noPlacement(view: SigmarView, w: SigmarWords, unit: string): string {
  const reach = chargeReach(view, unit);
  if (!reach) return w.t("move.noPlacement");
  return w.t(reach.need > reach.roll ? "move.noChargeShort" : "move.noChargeBlocked", reachWords(view, w, reach));
}
