/**
 * The TRPG map as SVG from a projection (seed 002 3-3 cover, 3-7 light and contamination): the
 * squares by terrain (walls, half, three-quarter and full cover), contamination, the lights'
 * reach at night, the characters the viewer may know of (its own side's concealed ones dashed;
 * another side's concealed one as a question mark where it was last seen; nothing at all for one
 * it has never seen), overwatch cones the viewer can see, and the squares and characters a click
 * answers now; and the legend of what the map shows.
 */
import { board, catalog, type CharacterState, type TrpgCommand, type TrpgView } from "@fogwar/trpg";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { inLanguage, squareCode, type TrpgWords } from "./words";
import "../../i18n/trpg-strings";
import { pickProps } from "../../table/pick";
import { focusOn, type BoardFocus } from "../../table/BoardViewport";

const CELL = 30;
const MARGIN = 20;
/** The map's edge labels, in squares: the board is this many squares wider than the map. */
export const MAP_COLUMNS_EXTRA = MARGIN / CELL;
const TERRAIN: Record<string, { fill: string; key?: string }> = {
  ".": { fill: "#ece7da" },
  "#": { fill: "#3f3f46", key: "wall" },
  h: { fill: "#cdb98a", key: "half" },
  q: { fill: "#a38f6b", key: "three_quarter" },
  H: { fill: "#5b4e3c", key: "full_hard" },
  M: { fill: "#7d6b52", key: "full_medium" },
  P: { fill: "#b98f55", key: "full_soft" },
};
const SIDE_COLOUR = { party: "#1d4ed8", enemies: "#b91c1c" } as const;
/** An incapacitated character's token (./table.css `.token.incapacitated`), and its legend swatch. */
const INCAPACITATED = "#9ca3af";
/** The marks of a move's square with cover against every enemy in sight, or some (seed 002 3-3). */
const COVER_MARK = { all: "●", some: "◐" } as const;

export interface TrpgMapProps {
  readonly view: TrpgView;
  readonly w: TrpgWords;
  /** Clickable squares (`x,y`) and characters (`c:<id>`), with the label of what a click does. */
  readonly targets?: ReadonlyMap<string, string>;
  readonly onPick?: (value: string) => void;
  /** Squares of `targets` a move to which has cover against every enemy in sight (`all`, marked ●) or some (◐; seed 002 3-3). */
  readonly covered?: ReadonlyMap<string, "all" | "some">;
  /** The character whose turn it is (outlined). */
  readonly active?: string | null;
  /** The cone an overwatch being chosen would watch ({@link watchPreview}), drawn dashed before it is set. */
  readonly preview?: WatchPreview | null;
}

/** Where an overwatch not yet set would watch: from `at` towards `dir`, `radius` squares. */
export interface WatchPreview {
  readonly at: NonNullable<CharacterState["at"]>;
  readonly dir: number;
  readonly radius: number;
}

/**
 * The cone the overwatch `command` of the view's active character would watch (seed 002 3-1
 * 오버와치: 90 degrees, 75 % of the range of the weapon in hand, the rules data's
 * `rangePercent.overwatch`, not rounded), or null for another command, no turn, or a character
 * off the map or with no weapon the view shows.
 */
export function watchPreview(view: TrpgView, command: TrpgCommand | null): WatchPreview | null {
  const actor = view.turn ? view.characters[view.turn.actor] : undefined;
  if (command?.type !== "overwatch" || !actor?.at || !actor.weapon) return null;
  return { at: actor.at, dir: command.dir, radius: (board.weaponOf(actor).range * catalog.rules.rangePercent.overwatch) / 100 };
}

/** The SVG path of a 90-degree cone of `r` around (cx, cy) pointing to direction `dir` (0 north, clockwise by 45 degrees). */
export function conePath(cx: number, cy: number, dir: number, r: number): string {
  const a = ((dir * 45 - 90) * Math.PI) / 180;
  const [a1, a2] = [a - Math.PI / 4, a + Math.PI / 4];
  return `M ${cx} ${cy} L ${cx + r * Math.cos(a1)} ${cy + r * Math.sin(a1)} A ${r} ${r} 0 0 1 ${cx + r * Math.cos(a2)} ${cy + r * Math.sin(a2)} Z`;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((p) => p[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();

function describe(w: TrpgWords, c: CharacterState): string {
  const parts = [inLanguage(w, c.name), w.t(`side.${c.side}`)];
  if (c.status !== "active") parts.push(w.t(`status.${c.status}`));
  if (c.concealed) parts.push(w.t("concealed"));
  if (c.prone) parts.push(w.t("prone"));
  return parts.join(", ");
}

/**
 * Where the map opens when zoomed in on a phone (../../table/BoardViewport.tsx): the one of
 * `characters` on the map (the viewer's own) nearest their middle (`focusOn`), or null (the map's
 * top left).
 */
export function mapFocus(view: TrpgView, characters: readonly CharacterState[]): BoardFocus | null {
  const map = catalog.scenarios.get(view.scenario)!.map;
  const placed = characters.flatMap((c) => (c.at ? [c.at] : []));
  return focusOn(placed.map((at) => ({ x: (MARGIN + (at.x + 0.5) * CELL) / (MARGIN + map.width * CELL), y: (MARGIN + (at.y + 0.5) * CELL) / (MARGIN + map.height * CELL) })));
}

export function TrpgMap({ view, w, targets, onPick, active, covered, preview }: TrpgMapProps) {
  const { t } = useTranslation("trpg");
  const scenario = catalog.scenarios.get(view.scenario)!;
  const map = scenario.map;
  const width = MARGIN + map.width * CELL;
  const height = MARGIN + map.height * CELL;
  const x0 = (x: number) => MARGIN + x * CELL;
  const y0 = (y: number) => MARGIN + y * CELL;
  const centre = (s: { x: number; y: number }) => [x0(s.x) + CELL / 2, y0(s.y) + CELL / 2] as const;
  const night = view.night >= catalog.light.lowLightFrom;
  const characters = Object.values(view.characters).sort((a, b) => (a.id < b.id ? -1 : 1));
  // Drawn bottom to top: the dead, then where unseen ones were last seen, then the living, so a
  // living token is never under another's marker; a marker on a square someone stands on moves to its corner.
  const layer = (c: CharacterState) => (c.status === "dead" ? 0 : c.at === null ? 1 : 2);
  const tokens = [...characters].sort((a, b) => layer(a) - layer(b));
  const standing = new Set(characters.filter((c) => c.at && c.status !== "dead").map((c) => `${c.at!.x},${c.at!.y}`));
  return (
    <svg className="trpg-map" viewBox={`0 0 ${width} ${height}`} role="group" aria-label={t("map.name", { scenario: inLanguage(w, scenario.name) })}>
      <title>{t("map.name", { scenario: inLanguage(w, scenario.name) })}</title>
      {Array.from({ length: map.width }, (_, x) => (
        <text key={`c${x}`} x={x0(x) + CELL / 2} y={MARGIN - 6} className="edge" textAnchor="middle">
          {String.fromCharCode(65 + x)}
        </text>
      ))}
      {Array.from({ length: map.height }, (_, y) => (
        <text key={`r${y}`} x={MARGIN - 4} y={y0(y) + CELL / 2 + 4} className="edge" textAnchor="end">
          {y + 1}
        </text>
      ))}
      {map.rows.map((row, y) =>
        [...row].map((letter, x) => {
          const terrain = TERRAIN[letter] ?? TERRAIN["."]!;
          return (
            <rect key={`${x},${y}`} x={x0(x)} y={y0(y)} width={CELL} height={CELL} fill={terrain.fill} stroke="#d6d0c0" strokeWidth={0.5} data-terrain={letter}>
              {terrain.key && <title>{`${squareCode({ x, y })}: ${t(`terrain.${terrain.key}`)}`}</title>}
            </rect>
          );
        }),
      )}
      {map.hazards.map((h, i) => (
        <rect key={`hz${i}`} x={x0(h.from[0])} y={y0(h.from[1])} width={(h.to[0] - h.from[0] + 1) * CELL} height={(h.to[1] - h.from[1] + 1) * CELL} fill="#6b8e23" opacity={0.35} className="hazard">
          <title>{t("terrain.hazard", { level: h.level })}</title>
        </rect>
      ))}
      {night &&
        map.lights.map((l, i) => (
          <circle key={`l${i}`} cx={x0(l.at[0]) + CELL / 2} cy={y0(l.at[1]) + CELL / 2} r={l.radius * CELL} fill="#fde68a" opacity={0.22} className="light">
            <title>{t("terrain.light", { radius: l.radius })}</title>
          </circle>
        ))}
      {night &&
        characters
          .filter((c) => c.at && c.lamp > 0 && !c.concealed && c.status !== "dead")
          .map((c) => <circle key={`lamp-${c.id}`} cx={centre(c.at!)[0]} cy={centre(c.at!)[1]} r={c.lamp * CELL} fill="#fef3c7" opacity={0.15} className="light" />)}
      {characters
        .filter((c) => c.overwatch && c.at && c.status === "active")
        .map((c) => (
          <path key={`ow-${c.id}`} d={conePath(centre(c.at!)[0], centre(c.at!)[1], c.overwatch!.dir, c.overwatch!.radius * CELL)} fill={SIDE_COLOUR[c.side]} opacity={0.13} stroke={SIDE_COLOUR[c.side]} strokeDasharray="4 3" className="cone">
            <title>{t("map.cone", { who: inLanguage(w, c.name), dir: t(`dir.${c.overwatch!.dir}`), radius: c.overwatch!.radius })}</title>
          </path>
        ))}
      {preview && (
        <path d={conePath(centre(preview.at)[0], centre(preview.at)[1], preview.dir, preview.radius * CELL)} fill={SIDE_COLOUR[view.characters[view.turn!.actor]!.side]} opacity={0.2} stroke="#111" strokeWidth={1.5} strokeDasharray="6 3" className="cone preview" pointerEvents="none">
          <title>{t("map.conePreview", { dir: t(`dir.${preview.dir}`), radius: preview.radius })}</title>
        </path>
      )}
      {targets &&
        [...targets.entries()]
          .filter(([key]) => !key.startsWith("c:"))
          .map(([key, label]) => {
            const [x, y] = key.split(",").map(Number) as [number, number];
            return (
              <g key={`t${key}`}>
                <rect x={x0(x) + 2} y={y0(y) + 2} width={CELL - 4} height={CELL - 4} className="target" {...pickProps(key, label, onPick)} />
                {covered?.has(key) && (
                  <text x={x0(x) + CELL - 4} y={y0(y) + 11} textAnchor="end" className={`cover-mark ${covered.get(key)}`} aria-hidden="true" pointerEvents="none">
                    {COVER_MARK[covered.get(key)!]}
                  </text>
                )}
              </g>
            );
          })}
      {tokens.map((c) => {
        const at = c.at ?? c.lastSeen;
        if (!at) return null;
        const ghost = c.at === null;
        // A marker (the dead's ✕, a last-seen "?") under a living token: a small badge in the square's
        // corner, clear of the token, white with the side's colour so it reads at that size.
        const under = layer(c) < 2 && standing.has(`${at.x},${at.y}`);
        const [cx, cy] = under ? [x0(at.x) + CELL * 0.15, y0(at.y) + CELL * 0.15] : centre(at);
        const r = under ? CELL * 0.14 : c.prone ? CELL * 0.3 : CELL * 0.4;
        const pick = targets?.get(`c:${c.id}`);
        const label = ghost ? t("map.lastSeen", { who: inLanguage(w, c.name), at: squareCode(at) }) : `${describe(w, c)}, ${squareCode(at)}`;
        // A marker that is not itself picked (the dead's ✕, a last-seen "?") on a highlighted square
        // lets a click through to the square under it: moving onto where someone fell works from its middle.
        const through = !pick && targets?.has(`${at.x},${at.y}`) ? { pointerEvents: "none" as const } : {};
        return (
          <g key={c.id} className={`token side-${c.side}${ghost ? " ghost" : ""}${under ? " under" : ""}${c.status !== "active" ? ` ${c.status}` : ""}${active === c.id ? " active" : ""}${pick ? " pickable" : ""}`} data-character={c.id} {...through} {...(pick ? pickProps(`c:${c.id}`, pick, onPick) : { "aria-label": label, role: "img" })}>
            <title>{label}</title>
            {under ? (
              <circle cx={cx} cy={cy} r={r} fill="#fff" stroke={SIDE_COLOUR[c.side]} strokeWidth={1} />
            ) : (
              <circle cx={cx} cy={cy} r={r} fill={ghost ? "none" : SIDE_COLOUR[c.side]} stroke={ghost || c.concealed ? SIDE_COLOUR[c.side] : "#111"} strokeWidth={ghost || c.concealed ? 2 : 1} strokeDasharray={ghost || c.concealed ? "3 2" : undefined} opacity={c.status === "dead" ? 0.35 : 1} />
            )}
            <text x={cx} y={cy + (under ? 2.5 : 4)} textAnchor="middle" className="initials" fill={ghost || under ? SIDE_COLOUR[c.side] : "#fff"}>
              {ghost ? "?" : c.status === "dead" ? "✕" : initials(inLanguage(w, c.name))}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/**
 * The map's legend: a swatch for each kind of square the scenario's map has (cover, walls,
 * contamination), the lights at night, the token styles (concealed, last seen, overwatch cone; once
 * someone on the map is down, seed 002 3-6, the incapacitated one's grey token and the dead one's ✕),
 * and while a move is chosen (`covered`) the mark of a square with cover against an enemy in sight.
 */
export function TrpgMapLegend({ view, covered }: { readonly view: TrpgView; readonly covered?: ReadonlySet<"all" | "some"> }) {
  const { t } = useTranslation("trpg");
  const map = catalog.scenarios.get(view.scenario)!.map;
  const letters = new Set(map.rows.join(""));
  const swatch = (fill: string, opacity = 1, dashed?: string) => (
    <svg className="swatch" width="14" height="14" aria-hidden="true">
      <rect x="1" y="1" width="12" height="12" rx={dashed ? 6 : 1} fill={fill} fillOpacity={opacity} stroke={dashed ?? "#999"} strokeDasharray={dashed ? "3 2" : undefined} strokeWidth={dashed ? 1.5 : 0.5} />
    </svg>
  );
  const items: [string, ReactNode][] = Object.entries(TERRAIN)
    .filter(([letter, terrain]) => terrain.key && letters.has(letter))
    .map(([, terrain]) => [t(`terrain.${terrain.key}`), swatch(terrain.fill)]);
  if (map.hazards.length > 0) items.push([t("map.legendHazard"), swatch("#6b8e23", 0.35)]);
  if (view.night >= catalog.light.lowLightFrom && map.lights.length > 0) items.push([t("map.legendLight"), swatch("#fde68a", 0.6)]);
  items.push([t("map.legendConcealed"), swatch(SIDE_COLOUR.party, 1, SIDE_COLOUR.party)]);
  items.push([t("map.legendLastSeen"), swatch("none", 1, SIDE_COLOUR.enemies)]);
  items.push([t("map.legendCone"), swatch(SIDE_COLOUR.enemies, 0.13)]);
  const down = new Set(Object.values(view.characters).filter((c) => c.at).map((c) => c.status));
  if (down.has("incapacitated")) items.push([t("map.legendIncapacitated"), (
      <svg className="swatch" width="14" height="14" aria-hidden="true">
        <circle cx="7" cy="7" r="6" fill={INCAPACITATED} stroke="#111" strokeWidth={0.8} />
      </svg>
    )]);
  if (down.has("dead")) items.push([t("map.legendDead"), <span className="dead-mark" aria-hidden="true">✕</span>]);
  for (const mark of ["all", "some"] as const) if (covered?.has(mark)) items.push([t(`map.legendCover.${mark}`), <span className="cover-mark" aria-hidden="true">{COVER_MARK[mark]}</span>]);
  return (
    <ul className="map-legend" aria-label={t("map.legend")}>
      {items.map(([label, icon]) => (
        <li key={label}>
          {icon} {label}
        </li>
      ))}
    </ul>
  );
}
