/**
 * The battlefield's legend under the map: each kind of thing drawn on it (territories, objectives,
 * combat range, ruins, standing stones, tokens) with its swatch, explained on hover and on tap.
 */
import type { ReactElement } from "react";
import type { TFunction } from "i18next";
import { Tip, type SigmarTip } from "./tips";

/** Each entry's swatch, drawn as the map draws it (colours of SigmarMap's styles). */
const SWATCHES: readonly [SigmarTip, ReactElement][] = [
  ["territory", <rect key="t" x="1" y="3" width="14" height="10" fill="#2563eb" fillOpacity="0.2" stroke="#1d4ed8" strokeWidth="0.5" />],
  [
    "objective",
    <g key="o">
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="#ca8a04" strokeWidth="1" strokeDasharray="2 1.5" />
      <circle cx="8" cy="8" r="2.5" fill="#facc15" stroke="#854d0e" />
    </g>,
  ],
  ["combatRange", <circle key="c" cx="8" cy="8" r="6.5" fill="#ef4444" fillOpacity="0.12" stroke="#ef4444" strokeOpacity="0.5" />],
  ["ruin", <rect key="r" x="1" y="5" width="14" height="6" fill="#78716c" stroke="#44403c" />],
  [
    "stone",
    <g key="s">
      <circle cx="8" cy="8" r="6.5" fill="#a78bfa" fillOpacity="0.1" stroke="#7c3aed" strokeDasharray="2 1.5" />
      <rect x="6" y="6" width="4" height="4" fill="#a8a29e" stroke="#57534e" />
    </g>,
  ],
  ["token", <rect key="k" x="4" y="4" width="8" height="8" transform="rotate(45 8 8)" fill="#7c3aed" stroke="#fff" />],
];

/** The legend, in the reader's language (`t`: the table's). */
export function MapLegend({ t }: { t: TFunction }) {
  return (
    <ul className="map-legend" aria-label={t("map.legend")}>
      {SWATCHES.map(([tip, swatch]) => (
        <li key={tip}>
          <svg className="swatch" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            {swatch}
          </svg>{" "}
          <Tip t={t} tip={tip} />
        </li>
      ))}
    </ul>
  );
}
