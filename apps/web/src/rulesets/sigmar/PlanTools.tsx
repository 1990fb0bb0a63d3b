/**
 * A unit being moved or placed, at the top of the action bar: the move tools (MoveTools.tsx: the
 * best placement suggested, one model dragged alone), then the plan made on the map, its ruler's
 * readout (inches moved and left, or why the rules refuse it) with Confirm and Cancel. The bar is
 * beside a desktop's map and pinned to a phone's bottom edge, so what the player reads and presses
 * after a drag stays in sight: under the map, on a phone, it lay under the bar, and the tools above
 * the map pushed the map down as they came and went. The block stays while the bar is folded
 * (`keep-folded`, ../../table/ActionBar.tsx), and the bar folds on a phone while a plan stands, so
 * the map keeps the screen.
 */
import type { Pt, SigmarView } from "@fogwar/sigmar";
import type { MapPlan } from "./SigmarMap";
import { MoveTools } from "./MoveTools";
import { rulerText } from "./commands";
import { placementFor } from "./placing";
import type { SigmarWords } from "./words";

export interface PlanToolsProps {
  readonly view: SigmarView;
  readonly w: SigmarWords;
  /** The unit being moved now (a plan's, a pending decision's, or the selected unit), if any. */
  readonly unit: string | null;
  /** The plan made on the map, and the farthest its unit may go (fine units), if one stands. */
  readonly planning: { readonly plan: MapPlan; readonly max?: number } | null;
  readonly dragOne: boolean;
  readonly onDragOne: (one: boolean) => void;
  readonly onSuggest: (unit: string, positions: Pt[]) => void;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

export function PlanTools({ view, w, unit, planning, dragOne, onDragOne, onSuggest, onConfirm, onCancel }: PlanToolsProps) {
  const t = w.t;
  // Nothing to show: no block (an empty one would stand first among the bar's questions).
  if (!planning && !(unit && placementFor(view, unit))) return null;
  return (
    <div className="plan-tools keep-folded ask">
      <MoveTools view={view} w={w} unit={unit} dragOne={dragOne} onDragOne={onDragOne} onSuggest={onSuggest} />
      {planning && (
        <p className={`ruler-line ${planning.plan.problem ? "illegal" : "legal"}`} role="status">
          {rulerText(w, planning.plan, planning.max)}{" "}
          {!planning.plan.problem && (
            <button type="button" className="primary" onClick={onConfirm}>
              {t("controls.place")}
            </button>
          )}{" "}
          <button type="button" onClick={onCancel}>
            {t("controls.cancel")}
          </button>
        </p>
      )}
    </div>
  );
}
