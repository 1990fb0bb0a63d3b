/**
 * A list of units as buttons, one a line, each selecting its unit and pressed while it is the
 * selected one: the units that may shoot or fight now (./ready.tsx), those still to deploy and the
 * reserves that may be set up (./SigmarTableView.tsx) all read the same.
 */
import type { SigmarView } from "@fogwar/sigmar";
import { unitName, type SigmarWords } from "./words";

/** The props: `units` are unit ids in the order shown; `label` words a button from the unit's name (the name alone when absent). */
export interface UnitButtonsProps {
  readonly w: SigmarWords;
  readonly view: SigmarView;
  readonly units: readonly string[];
  readonly selected: string | null;
  readonly onSelect: (id: string) => void;
  /** Classes added to the list's `command-list`. */
  readonly className?: string;
  readonly label?: (name: string) => string;
}

/** The units as a `command-list` of buttons (`aria-pressed` on the selected one). */
export function UnitButtons({ w, view, units, selected, onSelect, className, label }: UnitButtonsProps) {
  return (
    <ul className={className ? `command-list ${className}` : "command-list"}>
      {units.map((id) => (
        <li key={id}>
          <button type="button" aria-pressed={selected === id} onClick={() => onSelect(id)}>
            {label ? label(unitName(w, view, id)) : unitName(w, view, id)}
          </button>
        </li>
      ))}
    </ul>
  );
}
