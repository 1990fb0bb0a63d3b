/**
 * One unit on the EMBER board: its shape (seat 0 a circle, 1 a diamond, 2 a triangle, 3 a
 * square; drones smaller) in its seat's colour, its short label (initials), facing arrow, stance,
 * part marks (damage tokens, destroyed parts), known dial, and the rings for active, selected,
 * target and camouflaged (seed 000 6.2).
 */
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSeatNamer } from "../../table/names";
import { PART_SLOTS, TIMINGS, type EmberCommand, type EmberView, type UnitState } from "@fogwar/ember";
import { FACING_VECTOR, type Square } from "@fogwar/engine";
import { seatColour, seatIndex, unitLabel, unitShort } from "./model";
import "../../i18n/table-strings";

const CELL = 48;
const MARGIN = 20;
const centre = (s: Square) => ({ x: MARGIN + s.x * CELL + CELL / 2, y: MARGIN + s.y * CELL + CELL / 2 });

/** A unit the viewer may click to attack, with the legal command it sends. */
export interface UnitChoice {
  readonly unit: string;
  readonly label: string;
  readonly command: EmberCommand;
}

/** A key handler running `action` on Enter or Space (SVG buttons). */
export function onKeys(action: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      action();
    }
  };
}

/** The unit's shape: seat 0 a circle, seat 1 a diamond, seat 2 a triangle, seat 3 a square; drones smaller. */
function UnitShape({ index, r, fill }: { index: number; r: number; fill: string }) {
  if (index === 0) return <circle r={r} fill={fill} stroke="#111" strokeWidth={2} />;
  if (index === 2) return <path d={`M0 ${-r - 3} L${r + 3} ${r} L${-r - 3} ${r} Z`} fill={fill} stroke="#111" strokeWidth={2} />;
  if (index === 3) return <rect x={-r} y={-r} width={2 * r} height={2 * r} fill={fill} stroke="#111" strokeWidth={2} />;
  return <path d={`M0 ${-r - 2} L${r + 2} 0 L0 ${r + 2} L${-r - 2} 0 Z`} fill={fill} stroke="#111" strokeWidth={2} />;
}

function knownDial(view: EmberView, unit: UnitState): string | undefined {
  return view.revealed[unit.id] ?? view.plans[unit.owner]?.dials?.[unit.id];
}

/** One unit's token: a button that selects it, or attacks it when it is a target. */
export function UnitMark({ view, unit, selected, active, target, onSelect, onAttack }: {
  view: EmberView;
  unit: UnitState;
  selected: boolean;
  active: boolean;
  target: UnitChoice | undefined;
  onSelect: () => void;
  onAttack: (() => void) | undefined;
}) {
  const { t } = useTranslation("table");
  const seatName = useSeatNamer(view.seats);
  const at = unit.at as Square;
  const c = centre(at);
  const index = seatIndex(view, unit.owner);
  const mech = unit.kind === "mech";
  const r = mech ? 15 : 10;
  const v = FACING_VECTOR[unit.facing];
  const stance = mech ? unit.stance : null;
  const dial = mech ? knownDial(view, unit) : undefined;
  const name = unitLabel(view, unit.id, seatName);
  const short = unitShort(view, unit.id);
  const camouflaged = Boolean(unit.camouflage);
  const state = [
    mech ? t(`stance.${unit.stance}`) : t("kind.drone"),
    camouflaged ? t("board.camouflaged") : null,
    unit.loToken ? t("board.lowObservable") : null,
    t(`facing.${unit.facing}`),
    active ? t("board.active") : null,
    selected ? t("board.selected") : null,
  ].filter(Boolean);
  const click = onAttack ?? onSelect;
  const label = target ? target.label : `${t("select", { unit: name })}: ${state.join(", ")}`;
  return (
    <g
      transform={`translate(${c.x} ${c.y})`}
      // The same place as a CSS transform too, so a move is a transition (./table/motion.ts).
      style={{ transform: `translate(${c.x}px, ${c.y}px)` }}
      className={`unit${target ? " unit-target" : ""}`}
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-pressed={target ? undefined : selected}
      data-unit={unit.id}
      data-owner={unit.owner}
      data-target={target ? "true" : undefined}
      data-camouflaged={camouflaged ? "true" : undefined}
      opacity={camouflaged ? 0.55 : undefined}
      onClick={click}
      onKeyDown={onKeys(click)}
    >
      <title>{label}</title>
      {active && <circle r={r + 8} fill="none" stroke="#e0b400" strokeWidth={3} strokeDasharray="5 3" />}
      {selected && <circle r={r + 5} fill="none" stroke="#111" strokeWidth={2} />}
      {target && <circle r={r + 6} fill="none" stroke="#d11" strokeWidth={3} />}
      {camouflaged && <circle r={r + 3} fill="none" stroke="#111" strokeWidth={1.5} strokeDasharray="3 3" />}
      {unit.loToken && (
        <g transform={`translate(${-r - 2} ${-r - 2})`} aria-hidden="true">
          <path d="M0 -5 L4.3 -2.5 L4.3 2.5 L0 5 L-4.3 2.5 L-4.3 -2.5 Z" fill="#444" stroke="#fff" strokeWidth={0.8} />
        </g>
      )}
      <UnitShape index={index} r={r} fill={seatColour(view, unit.owner)} />
      {index === 1 && <line x1={-r / 2} y1={-r / 2} x2={r / 2} y2={r / 2} stroke="#fff" strokeOpacity={0.5} strokeWidth={2} />}
      {/* facing arrow */}
      <path
        d={`M${v.x * (r + 7)} ${v.y * (r + 7)} L${v.x * (r + 1) - v.y * 5} ${v.y * (r + 1) + v.x * 5} L${v.x * (r + 1) + v.y * 5} ${v.y * (r + 1) - v.x * 5} Z`}
        fill="#111"
      />
      {/* the unit's short label (the roster lists it beside the unit's name); the seat shows by shape and colour */}
      <text y={mech ? -1 : 3} textAnchor="middle" fontSize={mech ? 10 : 8} fontWeight={700} fill="#fff" stroke="#111" strokeWidth={0.6} paintOrder="stroke" data-unit-short={short}>
        {short}
      </text>
      {mech && (
        <text y={9} textAnchor="middle" fontSize={8} fontWeight={700} fill="#fff" data-stance={stance ?? undefined}>
          {/* the stance's short name in the page's language (DEF, MOB, OFF in English; 방어, 회피, 공격 in Korean) */}
          {stance === "SHUTDOWN" ? "⏻" : t(`stanceShort.${stance}`)}
        </text>
      )}
      {!mech && unit.damaged && (
        <text className="hit-mark" x={r} y={-r + 2} fontSize={10} fontWeight={700} fill="#d11">
          !
        </text>
      )}
      {mech && (
        <g transform={`translate(${-18} ${r + 4})`} aria-hidden="true">
          {PART_SLOTS.map((slot, i) => {
            const part = unit.parts[slot];
            return (
              <g key={slot} transform={`translate(${i * 9} 0)`}>
                <rect width={8} height={7} fill={part.destroyed ? "#333" : part.damaged ? "#f3b0b0" : "#fff"} stroke="#111" strokeWidth={0.8} />
                {part.destroyed && <path className="hit-mark" d="M1 1 L7 6 M7 1 L1 6" stroke="#fff" strokeWidth={1.2} />}
                {part.damaged && !part.destroyed && (
                  <text className="hit-mark" x={4} y={6.3} textAnchor="middle" fontSize={7} fontWeight={700} fill="#a00">
                    !
                  </text>
                )}
              </g>
            );
          })}
        </g>
      )}
      {dial && (
        <g transform={`translate(${r - 1} ${-r - 1})`} data-dial={unit.id}>
          <circle r={6} fill="#fff" stroke="#111" />
          <text y={3} textAnchor="middle" fontSize={8} fontWeight={700}>
            {TIMINGS.indexOf(dial as (typeof TIMINGS)[number]) + 1}
          </text>
        </g>
      )}
    </g>
  );
}

