/**
 * The tools beside the map while a unit is moved: drag the whole unit in formation or one model
 * alone, and "suggest the best placement" (the rules' placement helper on the seat's own
 * projection: for a charge, every model that can reach the target does; placing.ts). The Shift
 * key's shortcut for dragging one model is named only where a mouse or pen can press it (a screen
 * with a fine pointer), not on a touch-only phone. When there is nothing to suggest, the reason
 * shows inline beside the button (a polite status line), not in a browser pop-up.
 */
import { useState } from "react";
import type { Pt, SigmarView } from "@fogwar/sigmar";
import { bestPlacement, placementFor } from "./placing";
import type { SigmarWords } from "./words";

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
      <SuggestPlacement view={view} w={w} unit={unit} onSuggest={onSuggest} />
      <label>
        <input type="checkbox" checked={dragOne} onChange={(e) => onDragOne(e.target.checked)} /> {w.t(touchOnly() ? "move.dragOneTouch" : "move.dragOne")}
      </label>
    </div>
  );
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
        {nothingFor === unit ? w.t("move.noPlacement") : ""}
      </span>
    </>
  );
}
