/**
 * The EMBER board's nine tactical zones (seeds 000, 001: blocks A-I of 4 x 4 squares, each with its
 * victory points in the scenario's mission) as SVG: a dashed outline and a label ("E: 3 VP").
 *
 * A label stands along its zone's top or bottom edge, on squares where nothing stands (no unit,
 * camouflage marker, projectile, installation or objective marker): a unit on the zone's first
 * square covered it. The spots nearest the board's middle come first, so on a phone, where the
 * board opens zoomed in and its outer columns (a, l) may lie outside the frame, every label stands
 * in the middle eight columns and reads whole at any scroll (a label on column a showed only its
 * last syllable, "점"). With every spot taken, the label is drawn over the units at its first spot. Each label has a light halo, so it reads over dark terrain too (zone I starts
 * on a block in Crossroads).
 */
import { useTranslation } from "react-i18next";
import type { EmberView } from "@fogwar/ember";
import { textWidth } from "../../table/label-boxes";
import { inPlay, keyOf, scenarioOf } from "./model";
import "../../i18n/table-strings";

/** The zone labels' font size, board units. */
export const ZONE_FONT = 13;

/** Where one zone's label is drawn: its anchor point (board units), which end the point is, and whether it goes over the units. */
export interface ZoneLabelPlace {
  readonly zone: string;
  readonly label: string;
  readonly x: number;
  readonly y: number;
  readonly anchor: "start" | "middle" | "end";
  readonly over: boolean;
}

/** The board's geometry: `px(n)` is the board unit where square line n lies; `cell` a square's side. */
export interface ZoneGeometry {
  readonly px: (n: number) => number;
  readonly cell: number;
}

/** The squares (as `keyOf` keys) where something stands: units in play, projectiles and installations, objective markers. */
function takenSquares(view: EmberView): Set<string> {
  const taken = new Set<string>();
  for (const u of inPlay(view)) taken.add(keyOf(u.at!));
  for (const p of view.projectiles ?? []) if (!p.destroyed && p.at) taken.add(keyOf(p.at));
  for (const o of view.missionPrep?.objectives ?? []) taken.add(keyOf(o.at));
  return taken;
}

/**
 * Where each zone's label goes (A to I, each `labels[i]`): the first of its zone's spots along its
 * top or bottom edge whose squares under the label are all free, else the first spot, over the
 * units. Zones A, D, G (the left column) try their right end first, then their middle, then their
 * left end; zones C, F, I the mirror; zones B, E, H their middle, then their left and right ends;
 * each end and middle on the top edge, then on the bottom edge. So labels stand toward the board's
 * middle, apart from each other ("A: 0 VP" and "B: 1 VP" side by side across the zones' border read
 * as one line).
 */
export function zoneLabelPlaces(view: EmberView, labels: readonly string[], { px, cell }: ZoneGeometry): ZoneLabelPlace[] {
  const taken = takenSquares(view);
  return "ABCDEFGHI".split("").map((zone, i) => {
    const label = labels[i] ?? zone;
    const zx = (i % 3) * 4;
    const zy = Math.floor(i / 3) * 4;
    const w = textWidth(label, ZONE_FONT);
    const order: readonly ("start" | "middle" | "end")[] = i % 3 === 0 ? ["end", "middle", "start"] : i % 3 === 2 ? ["start", "middle", "end"] : ["middle", "start", "end"];
    const spots = order.flatMap((anchor) => [zy, zy + 3].map((row) => ({ anchor, row })));
    const left = (anchor: "start" | "middle" | "end") => (anchor === "start" ? px(zx) + 4 : anchor === "end" ? px(zx + 4) - 4 - w : px(zx + 2) - w / 2);
    const free = ({ anchor, row }: (typeof spots)[number]) =>
      [0, 1, 2, 3].every((k) => {
        const x0 = px(zx + k);
        return x0 + cell <= left(anchor) - 2 || x0 >= left(anchor) + w + 2 || !taken.has(keyOf({ x: zx + k, y: row }));
      });
    const chosen = spots.find(free);
    const spot = chosen ?? spots[0]!;
    return {
      zone,
      label,
      x: spot.anchor === "start" ? px(zx) + 4 : spot.anchor === "end" ? px(zx + 4) - 4 : px(zx + 2),
      y: spot.row === zy ? px(zy) + ZONE_FONT + 1 : px(zy + 4) - 5,
      anchor: spot.anchor,
      over: !chosen,
    };
  });
}

/** The zones' outlines and their labels under the units (`layer` "under"), or the labels that found no free corner (`layer` "over", drawn after the units). */
export function Zones({ view, geometry, layer }: { view: EmberView; geometry: ZoneGeometry; layer: "under" | "over" }) {
  const { t } = useTranslation("table");
  const values = scenarioOf(view).mission.zoneValues as Partial<Record<string, number>>;
  const labels = "ABCDEFGHI".split("").map((zone) => (values[zone] !== undefined ? t("board.zoneValue", { zone, vp: values[zone] }) : zone));
  const { px, cell } = geometry;
  const text = (p: ZoneLabelPlace) => (
    <text className="zone-label" data-zone-label={p.zone} x={p.x} y={p.y} textAnchor={p.anchor} fontSize={ZONE_FONT} fontWeight={700} fill="#333" fillOpacity={0.85} stroke="#fff" strokeWidth={3} strokeOpacity={0.85} strokeLinejoin="round" paintOrder="stroke">
      {p.label}
    </text>
  );
  const places = zoneLabelPlaces(view, labels, geometry);
  if (layer === "over") return <g aria-hidden="true">{places.filter((p) => p.over).map((p) => <g key={p.zone}>{text(p)}</g>)}</g>;
  return (
    <>
      {places.map((p, i) => (
        <g key={p.zone} className="zone" aria-label={t("board.zone", { zone: p.zone })}>
          <rect x={px((i % 3) * 4)} y={px(Math.floor(i / 3) * 4)} width={4 * cell} height={4 * cell} fill="none" stroke="#333" strokeWidth={2} strokeDasharray="8 4" />
          {!p.over && text(p)}
        </g>
      ))}
    </>
  );
}
