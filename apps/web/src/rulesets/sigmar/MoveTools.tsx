/**
 * The tools beside the map while a unit is moved: drag the whole unit in formation or one model
 * alone, and "suggest the best placement" (the rules' placement helper on the seat's own
 * projection: for a charge, every model that can reach the target does; placing.ts).
 */
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

export function MoveTools({ view, w, unit, dragOne, onDragOne, onSuggest }: MoveToolsProps) {
  if (!unit || !placementFor(view, unit)) return null;
  const suggest = () => {
    const to = bestPlacement(view, unit);
    if (to) onSuggest(unit, to);
    else window.alert?.(w.t("move.noPlacement"));
  };
  return (
    <div className="move-tools" role="group" aria-label={w.t("move.tools")}>
      <button type="button" onClick={suggest}>
        {w.t("move.suggest")}
      </button>
      <label>
        <input type="checkbox" checked={dragOne} onChange={(e) => onDragOne(e.target.checked)} /> {w.t("move.dragOne")}
      </label>
    </div>
  );
}
