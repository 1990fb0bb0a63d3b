/**
 * The 12 x 12 board as SVG: terrain, the nine tactical zones with their mission values, the
 * deployment zones, units (side by shape and seat label as well as colour; facing arrow; stance
 * letters; part marks for damage tokens and destroyed parts; known dials), the active unit, and
 * the highlights the table computes from the legal commands: squares to move or deploy to, units
 * to attack, with range and line-of-sight lines when targeting; smoke cards, projectiles and
 * installations (seed 000 1.5, 10). A camouflaged unit is drawn faded and dashed at its public
 * marker (seed 000 6.2); the owner alone also gets a dotted ghost on its real square (the
 * projection carries `concealed` for the owner's own units only).
 */
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { UnitMark, onKeys, type UnitChoice } from "./UnitMark";
import { Zones } from "./Zones";
import { useSeatNamer } from "../../table/names";
import { focusOn, type BoardFocus } from "../../table/BoardViewport";
import { lineLabelBoxes, textWidth, type Box } from "../../table/label-boxes";
import { board, catalog, type EmberCommand, type EmberView, type UnitState } from "@fogwar/ember";
import { FACING_VECTOR, type Facing, type Square } from "@fogwar/engine";
import { distance, inPlay, keyOf, lineOfSight, localName, objectiveNumber, scenarioOf, seatColour, seatIndex, shootingSight, squareName, unitLabel } from "./model";
import "../../i18n/table-strings";

export const CELL = 48;
const MARGIN = 20;
const N = 12;

/**
 * A square the viewer may click, with the legal command it sends, or (`pick`) a local choice such
 * as the first square of a smoke placement.
 */
export interface SquareChoice {
  readonly square: Square;
  readonly label: string;
  readonly command?: EmberCommand;
  readonly pick?: () => void;
}
/**
 * A turn in place (a move to the unit's own square with a new facing): drawn as an arrow button
 * beside the unit's token, since the token covers the square itself.
 */
export interface TurnChoice {
  readonly at: Square;
  readonly facing: Facing;
  readonly label: string;
  readonly command: EmberCommand;
}

export interface BoardProps {
  readonly view: EmberView;
  readonly seat: string | null;
  readonly selected: string | null;
  readonly onSelectUnit: (id: string) => void;
  readonly squares?: readonly SquareChoice[];
  readonly targets?: readonly UnitChoice[];
  readonly onCommand?: (command: EmberCommand) => void;
  /** Draw range and line of sight from this unit (when an attack is being chosen); smoke counts for shooting. */
  readonly sight?: { readonly from: string; readonly range: number; readonly shooting?: boolean } | null;
  /** Turns in place offered now, as arrows around the moving unit's token. */
  readonly turns?: readonly TurnChoice[];
}

const px = (v: number) => MARGIN + v * CELL;
const centre = (s: Square) => ({ x: px(s.x) + CELL / 2, y: px(s.y) + CELL / 2 });

/** The middle of square `s` as fractions of the drawn board (../../table/BoardViewport.tsx `BoardFocus`). */
export function squareFocus(s: { readonly x: number; readonly y: number }): BoardFocus {
  const size = MARGIN * 2 + N * CELL;
  return { x: (px(s.x) + CELL / 2) / size, y: (px(s.y) + CELL / 2) / size };
}

/**
 * Where a zoomed-in board first opens (../../table/BoardViewport.tsx): the viewer's unit on the
 * board nearest the middle of its units (`focusOn`), else the middle of its deployment zone once
 * its side is chosen (seed 001 3.4), as fractions of the drawn board; null for a spectator or
 * before the viewer has a side.
 */
export function boardFocus(view: EmberView, seat: string | null): BoardFocus | null {
  if (!seat) return null;
  const at = (x: number, y: number): BoardFocus => squareFocus({ x, y });
  const mine = view.units.filter((u) => u.owner === seat && u.deployed && !u.destroyed && u.at);
  if (mine.length > 0) return focusOn(mine.map((u) => at(u.at!.x, u.at!.y)));
  const side = view.sides?.[seat];
  const zone = side ? scenarioOf(view).deployment[side] : undefined;
  return zone ? at((zone.x0 + zone.x1) / 2, (zone.y0 + zone.y1) / 2) : null;
}

/** The sight lines' label size, board units. */
const SIGHT_FONT = 10;

/**
 * The line from `attacker` to each enemy on the board while an attack is chosen (seed 000 1.3: line
 * of sight, smoke blocking shooting only; the action's range in squares), nearest first, each with
 * its label's box: along its own line where it covers no other label and, when it can, no unit
 * (`lineLabelBoxes`), so that enemies standing close together keep readable labels.
 */
function sightLines(view: EmberView, units: readonly UnitState[], attacker: UnitState, sight: NonNullable<BoardProps["sight"]>, t: TFunction<"table">) {
  const from = attacker.at as Square;
  const lines = units
    .filter((u) => u.owner !== attacker.owner && u.at)
    .map((u) => {
      const to = u.at as Square;
      const clear = sight.shooting ? shootingSight(view, from, to) : lineOfSight(view, from, to);
      const squares = distance(from, to);
      const inRange = squares <= sight.range;
      const label = clear ? (inRange ? t("board.sightClear", { count: squares, distance: squares }) : t("board.outOfRange")) : t("board.sightBlocked");
      return { unit: u.id, a: centre(from), b: centre(to), clear, inRange, label, squares };
    })
    .sort((x, y) => x.squares - y.squares || (x.unit < y.unit ? -1 : 1));
  const pieces = units.filter((u) => u.at).map((u) => ({ x0: px((u.at as Square).x) + 4, y0: px((u.at as Square).y) + 4, x1: px((u.at as Square).x) + CELL - 4, y1: px((u.at as Square).y) + CELL - 4 }));
  const boxes = lineLabelBoxes(
    lines.map((l) => ({ a: l.a, b: l.b, w: textWidth(l.label, SIGHT_FONT) + 4, h: SIGHT_FONT * 1.3 })),
    pieces,
    { x0: MARGIN, y0: MARGIN, x1: MARGIN + N * CELL, y1: MARGIN + N * CELL },
  );
  return lines.map((l, i) => ({ ...l, box: boxes[i] as Box }));
}

/** The board. */
export function Board({ view, seat, selected, onSelectUnit, squares = [], targets = [], onCommand, sight = null, turns = [] }: BoardProps) {
  const { t, i18n } = useTranslation("table");
  const name = useSeatNamer(view.seats);
  const scenario = scenarioOf(view);
  const size = MARGIN * 2 + N * CELL;
  const units = inPlay(view);
  const targetOf = new Map(targets.map((c) => [c.unit, c]));
  const mySide = seat ? view.sides?.[seat] : undefined;
  const attacker = sight ? units.find((u) => u.id === sight.from) : undefined;
  return (
    <svg className="ember-board" viewBox={`0 0 ${size} ${size}`} role="group" aria-label={t("board.label")} data-testid="board">
      <defs>
        <pattern id="hatch-block" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" fill="#6b6257" />
          <line x1="0" y1="0" x2="0" y2="6" stroke="#3b342c" strokeWidth="3" />
        </pattern>
        <pattern id="dots-low" width="8" height="8" patternUnits="userSpaceOnUse">
          <rect width="8" height="8" fill="#c9b48a" />
          <circle cx="4" cy="4" r="1.4" fill="#7a6540" />
        </pattern>
        <pattern id="deploy-black" width="10" height="10" patternUnits="userSpaceOnUse">
          <line x1="0" y1="10" x2="10" y2="0" stroke="#333" strokeOpacity="0.25" strokeWidth="2" />
        </pattern>
        <pattern id="deploy-white" width="10" height="10" patternUnits="userSpaceOnUse">
          <circle cx="5" cy="5" r="1.5" fill="#333" fillOpacity="0.25" />
        </pattern>
        <pattern id="deploy-red" width="10" height="10" patternUnits="userSpaceOnUse">
          <line x1="0" y1="5" x2="10" y2="5" stroke="#a33" strokeOpacity="0.3" strokeWidth="2" />
        </pattern>
        <pattern id="deploy-blue" width="10" height="10" patternUnits="userSpaceOnUse">
          <line x1="5" y1="0" x2="5" y2="10" stroke="#33a" strokeOpacity="0.3" strokeWidth="2" />
        </pattern>
      </defs>
      <rect x={MARGIN} y={MARGIN} width={N * CELL} height={N * CELL} fill="#e9ecef" stroke="#111" />
      {/* deployment zones */}
      {(["black", "white", "red", "blue"] as const).map((side) => {
        const z = scenario.deployment[side];
        // Red and blue zones exist on some scenarios only, and matter only when a side holds them.
        if (!z || ((side === "red" || side === "blue") && !Object.values(view.sides ?? {}).includes(side) && view.phase !== "side_choice")) return null;
        const label = t("board.deployment", { side: t(`side.${side}`) });
        return (
          <g key={side} className={`deploy deploy-${side}`}>
            <rect x={px(z.x0)} y={px(z.y0)} width={(z.x1 - z.x0 + 1) * CELL} height={(z.y1 - z.y0 + 1) * CELL} fill={`url(#deploy-${side})`} stroke={side === mySide ? "#111" : "#555"} strokeWidth={side === mySide ? 2 : 1}>
              <title>{label}</title>
            </rect>
          </g>
        );
      })}
      {/* grid */}
      {Array.from({ length: N + 1 }, (_, i) => (
        <g key={i} stroke="#9aa0a8" strokeWidth={0.6}>
          <line x1={px(i)} y1={px(0)} x2={px(i)} y2={px(N)} />
          <line x1={px(0)} y1={px(i)} x2={px(N)} y2={px(i)} />
        </g>
      ))}
      {/* coordinates */}
      {Array.from({ length: N }, (_, i) => (
        <g key={`c${i}`} fontSize={10} fill="#555" aria-hidden="true">
          <text x={px(i) + CELL / 2} y={MARGIN - 6} textAnchor="middle">
            {"abcdefghijkl"[i]}
          </text>
          <text x={MARGIN - 6} y={px(i) + CELL / 2 + 3} textAnchor="end">
            {i + 1}
          </text>
        </g>
      ))}
      {/* terrain */}
      {scenario.terrain.map((card) => {
        // Terrain as it stands: destroyed vulnerable terrain is rubble (seed 000 1.5.2).
        const piece = board.standingPiece(view as unknown as Parameters<typeof board.standingPiece>[0], card);
        const damage = view.terrainDamage?.[card.id];
        const name = localName(piece.name, i18n.language);
        const labels = [piece.blocking ? t("board.terrainBlocking", { name, height: piece.heightInches }) : t("board.terrainLow", { name, height: piece.heightInches })];
        if (damage === "destroyed") labels.push(t("board.terrainRubble"));
        else if (card.vulnerable) {
          labels.push(t("board.terrainVulnerable", { armour: card.vulnerable.armour, structure: card.vulnerable.structure ?? "-" }));
          if (damage === "damaged") labels.push(t("damaged"));
        }
        const label = labels.join(" · ");
        return (
          <g key={piece.id} className={`terrain ${piece.blocking ? "blocking" : "low"}${card.vulnerable ? " vulnerable" : ""}${damage ? ` ${damage}` : ""}`} data-terrain={card.id} data-terrain-state={damage ?? (card.vulnerable ? "vulnerable" : "intact")}>
            <title>{label}</title>
            {piece.squares.map(([x, y]) => (
              <rect
                key={`${x},${y}`}
                x={px(x) + 1}
                y={px(y) + 1}
                width={CELL - 2}
                height={CELL - 2}
                fill={damage === "destroyed" ? "#b8ab98" : piece.blocking ? "url(#hatch-block)" : "url(#dots-low)"}
                stroke={card.vulnerable && damage !== "destroyed" ? "#b3541e" : "#3b342c"}
                strokeWidth={card.vulnerable && damage !== "destroyed" ? 3 : 1}
                strokeDasharray={damage === "damaged" ? "6 3" : undefined}
              />
            ))}
          </g>
        );
      })}
      {/* tactical zones (./Zones.tsx): their labels on free corners */}
      <Zones view={view} geometry={{ px, cell: CELL }} layer="under" />
      {/* smoke cards (seed 000 10), one per seat and square, in the seat's colour */}
      {(view.smoke ?? []).map((card) => {
        const index = seatIndex(view, card.owner);
        const label = t("board.smoke", { seat: name(card.owner) });
        return (
          <g key={`smoke-${card.owner}-${keyOf(card.at)}`} className="smoke" data-smoke={`${card.owner}:${keyOf(card.at)}`}>
            <title>{label}</title>
            <rect x={px(card.at.x) + 2 + index * 3} y={px(card.at.y) + 2 + index * 3} width={CELL - 7} height={CELL - 7} rx={10} fill="#8d949c" fillOpacity={0.45} stroke={seatColour(view, card.owner)} strokeWidth={2} strokeDasharray="5 3" />
          </g>
        );
      })}
      {/* projectiles and installations (seed 000 1.5): drop-point tokens and installations */}
      {(view.projectiles ?? [])
        .filter((p) => !p.destroyed && p.at)
        .map((p) => {
          const card = catalog.projectiles.get(p.projectileId);
          const c = centre(p.at as Square);
          const label = t("board.projectile", { name: card ? localName(card.name, i18n.language) : p.projectileId, owner: name(p.owner) });
          const installation = card?.kind === "installation";
          return (
            <g key={p.id} className={installation ? "installation" : "projectile"} data-projectile={p.id} transform={`translate(${c.x - CELL / 4},${c.y + CELL / 4})`}>
              <title>{label}</title>
              {installation ? (
                <rect x={-7} y={-7} width={14} height={14} fill={seatColour(view, p.owner)} stroke="#111" strokeWidth={1.5} transform="rotate(45)" />
              ) : (
                <path d="M0 -9 L8 7 L-8 7 Z" fill={seatColour(view, p.owner)} stroke="#111" strokeWidth={1.5} />
              )}
            </g>
          );
        })}
      {/* range and sight */}
      {attacker?.at && sight && (
        <g className="sight" aria-hidden="true">
          <rect
            x={px(Math.max(0, attacker.at.x - sight.range))}
            y={px(Math.max(0, attacker.at.y - sight.range))}
            width={(Math.min(N - 1, attacker.at.x + sight.range) - Math.max(0, attacker.at.x - sight.range) + 1) * CELL}
            height={(Math.min(N - 1, attacker.at.y + sight.range) - Math.max(0, attacker.at.y - sight.range) + 1) * CELL}
            fill="#d11"
            fillOpacity={0.05}
            stroke="#d11"
            strokeDasharray="2 4"
          />
          {sightLines(view, units, attacker, sight, t).map(({ unit, a, b, clear, inRange, label, box }) => (
            <g key={unit} data-sight={unit} data-clear={clear ? "true" : "false"}>
              <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke={clear ? (inRange ? "#1a7f37" : "#c77c00") : "#d11"} strokeWidth={2} strokeDasharray={clear ? (inRange ? undefined : "6 3") : "2 3"} />
              <text className="sight-label" x={(box.x0 + box.x1) / 2} y={box.y1 - SIGHT_FONT * 0.3} fontSize={SIGHT_FONT} textAnchor="middle" fill="#111" stroke="#fff" strokeWidth={3} paintOrder="stroke">
                {label}
              </text>
            </g>
          ))}
        </g>
      )}
      {/* objective markers (seed 001 3.3) */}
      {(view.missionPrep?.objectives ?? []).map((marker) => {
        const c = centre(marker.at);
        const label = t("board.objective", { id: objectiveNumber(marker.id), seat: name(marker.seat), square: squareName(marker.at) });
        return (
          <g key={marker.id} className="objective" data-objective={marker.id} transform={`translate(${c.x} ${c.y})`}>
            <title>{label}</title>
            <path d="M-9 12 L-9 -14 L10 -8 L-9 -2" fill={seatColour(view, marker.seat)} stroke="#111" strokeWidth={1.5} />
            <text x={2} y={14} fontSize={8} fontWeight={700} fill="#111">
              {marker.id.replace("obj-", "◎")}
            </text>
          </g>
        );
      })}
      {/* highlighted squares */}
      {squares.map((choice) => (
        <rect
          key={keyOf(choice.square)}
          className="choice-square"
          x={px(choice.square.x) + 3}
          y={px(choice.square.y) + 3}
          width={CELL - 6}
          height={CELL - 6}
          rx={4}
          fill="#1a7f37"
          fillOpacity={0.28}
          stroke="#1a7f37"
          strokeWidth={2}
          role="button"
          tabIndex={0}
          aria-label={choice.label}
          data-square={keyOf(choice.square)}
          onClick={() => (choice.pick ? choice.pick() : choice.command && onCommand?.(choice.command))}
          onKeyDown={onKeys(() => (choice.pick ? choice.pick() : choice.command && onCommand?.(choice.command)))}
        >
          <title>{choice.label}</title>
        </rect>
      ))}
      {/* the viewer's own camouflaged units: their real squares (seed 000 6.2), never sent to anyone else */}
      {Object.entries(view.concealed ?? {}).map(([id, real]) => {
        const unit = units.find((u) => u.id === id);
        if (!unit?.at) return null;
        const a = centre(unit.at);
        const b = centre(real);
        const label = t("board.realSquare", { unit: unitLabel(view, id, name) });
        return (
          <g key={`real-${id}`} className="real-square" data-real-square={id} data-square={keyOf(real)} role="img" aria-label={`${label}: ${squareName(real)}`}>
            <title>{`${label}: ${squareName(real)}`}</title>
            <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke="#5b2a86" strokeWidth={1.5} strokeDasharray="2 3" />
            <circle cx={b.x} cy={b.y} r={15} fill="#5b2a86" fillOpacity={0.15} stroke="#5b2a86" strokeWidth={2} strokeDasharray="2 2" />
            <text x={b.x} y={b.y + 3} textAnchor="middle" fontSize={8} fontWeight={700} fill="#5b2a86">
              {seatIndex(view, unit.owner) + 1}
            </text>
          </g>
        );
      })}
      {units.map((unit) => {
        const target = targetOf.get(unit.id);
        return (
          <UnitMark
            key={unit.id}
            view={view}
            unit={unit}
            selected={selected === unit.id}
            active={view.activation?.unit === unit.id}
            target={target}
            onSelect={() => onSelectUnit(unit.id)}
            onAttack={target ? () => onCommand?.(target.command) : undefined}
          />
        );
      })}
      <Zones view={view} geometry={{ px, cell: CELL }} layer="over" />
      {/* turning in place: an arrow on the token's edge per new facing */}
      {turns.map((turn) => {
        const c = centre(turn.at);
        const v = FACING_VECTOR[turn.facing];
        const d = CELL / 2 - 1;
        const tip = { x: c.x + v.x * (d + 2), y: c.y + v.y * (d + 2) };
        const back = { x: c.x + v.x * (d - 9), y: c.y + v.y * (d - 9) };
        const points = `${tip.x},${tip.y} ${back.x - v.y * 9},${back.y + v.x * 9} ${back.x + v.y * 9},${back.y - v.x * 9}`;
        // A finger's target, larger than the arrow drawn (on a phone a square is about 30 px and the
        // arrow 11 x 7): the quarter of the square toward that facing, between the diagonals, from
        // a little off the token's middle (which still selects it) to just past the edge. The four
        // quarters never overlap.
        const inner = 7;
        const outer = d + 6;
        const at = (along: number, across: number) => `${c.x + v.x * along - v.y * across},${c.y + v.y * along + v.x * across}`;
        const band = `${at(inner, -inner)} ${at(outer, -outer)} ${at(outer, outer)} ${at(inner, inner)}`;
        const send = () => onCommand?.(turn.command);
        return (
          <g key={`turn-${turn.facing}`}>
            <polygon className="turn-reach" points={band} fill="transparent" aria-hidden="true" onClick={send} />
            <polygon className="turn-arrow choice-square" points={points} fill="#1a7f37" fillOpacity={0.85} stroke="#fff" strokeWidth={1.5} role="button" tabIndex={0} aria-label={turn.label} data-turn={turn.facing} onClick={send} onKeyDown={onKeys(send)}>
              <title>{turn.label}</title>
            </polygon>
          </g>
        );
      })}
    </svg>
  );
}

export { squareName };
export type { UnitChoice };
