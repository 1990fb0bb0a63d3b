/**
 * The measured tabletop: an SVG of the 44" x 30" battlefield in its own units (hundredths of an
 * inch), with the territories, terrain, the standing stones' auras, objectives, every base to
 * scale (its diameter in mm) with each unit's wounds left, tokens, and a plan being made: a whole
 * unit dragged in formation, or one model alone (the "one model" switch, or Shift while dragging),
 * with a ruler from where each model stood, enemy combat ranges, and the plan drawn green when
 * the shared rules accept it, red when not, the offending base ringed with the reason; the units'
 * tags are drawn again over a plan, so a ghost or a ruler never covers one. A plan
 * dropped where the rules refuse it snaps to the best legal placement toward the drop (placing.ts).
 * Bases are buttons for keyboard and screen readers; a plan is confirmed in the controls. When a
 * decision about one of the viewer's units arrives (models to remove, a charge, run or retreat to
 * place, a riposte), a zoomed-in map scrolls that unit into the middle of its frame if it was out
 * of sight (`usePendingInSight`).
 */
import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from "react";
import { catalog, geometry, moves, query, type SigmarView } from "@fogwar/sigmar";
import type { Pt } from "@fogwar/sigmar";
import { focusOn, type BoardFocus } from "../../table/BoardViewport";
import { MapUnits } from "./MapUnits";
import { bestPlacement, dragged, offendingBase } from "./placing";
import { local, objectiveName, type SigmarWords } from "./words";
import { textWidth, type Box } from "../../table/label-boxes";

const W = 4400;
const H = 3000;
const INCH = 100;
/** The map's viewBox: the battlefield with a margin for the edge ticks and the scale. */
const VIEW = { x0: -60, y0: -60, x1: W + 60, y1: H + 60 };
/**
 * Where the units' tags stand: inside the battlefield, clear of its border (half its 12-unit
 * stroke, with a margin). In the viewBox's margin a tag ran across the border and the edge ticks,
 * and its top was cut by the map's edge; a unit at an edge has its tag turned inward instead.
 */
const TAGS_WITHIN = { x0: 10, y0: 10, x1: W - 10, y1: H - 10 };
/** An objective marker's radius (screen units), and the disc around it no unit's tag may cover (its outline with a margin). */
const MARKER = 40;
const MARKER_CLEAR = 60;
/** A token's clear disc (its diamond's half diagonal, 22 units a side rotated, with a margin). */
const TOKEN_CLEAR = 40;
/** The territory's name: its font size and letter spacing (`.territory-label` in table.css), and its baseline above the band's bottom edge. */
const TERRITORY_SIZE = 110;
const TERRITORY_SPACING = 4;
const TERRITORY_BASELINE = 60;

/** A plan on the map: where the models of `unit` would stand, and whether the rules accept it. */
export interface MapPlan {
  readonly unit: string;
  readonly positions: readonly Pt[];
  readonly origin?: readonly Pt[];
  /** Null: accepted; else the reason in words. */
  readonly problem: string | null;
  /** The largest distance a model may go (fine units), for the ruler. */
  readonly max?: number;
  /** Each model's path from its origin (fine units), as the rules measure it; absent: straight lines. */
  readonly paths?: readonly (readonly Pt[])[];
  /** The longest path (fine units). */
  readonly moved?: number;
  readonly radius: number;
}

export interface SigmarMapProps {
  readonly view: SigmarView;
  readonly w: SigmarWords;
  /** The viewer's seat (p2 sees its own edge at the bottom). */
  readonly seat: string | null;
  readonly selected: string | null;
  /** Units that may be clicked as targets now. */
  readonly targets?: ReadonlySet<string>;
  readonly plan?: MapPlan | null;
  /** Units whose bases may be dragged now. */
  readonly draggable?: ReadonlySet<string>;
  readonly onUnit?: (id: string) => void;
  readonly onPoint?: (p: Pt) => void;
  /** A dragged plan: every model's position (fine units); on "end", snapped to a legal placement when one exists. */
  readonly onDrag?: (unit: string, positions: Pt[], phase: "move" | "end") => void;
  /** Drag one model alone rather than the whole unit in formation. */
  readonly dragOne?: boolean;
  /** Core C8: the models marked for removal, the unit they are picked from, and a click on one of its models. */
  readonly marked?: ReadonlySet<string>;
  readonly pickFrom?: string | null;
  readonly onModel?: (unit: string, model: string) => void;
}

/** The battlefield point (x, y) (hundredths of an inch, south edge y = 0) as fractions of the map `seat` sees (its own edge at the bottom). */
function boardFocusOf(seat: string, x: number, y: number): BoardFocus {
  const flip = seat === "p2";
  return { x: ((flip ? W - x : x) - VIEW.x0) / (VIEW.x1 - VIEW.x0), y: ((flip ? y : H - y) - VIEW.y0) / (VIEW.y1 - VIEW.y0) };
}

/** The middle of `seat`'s territory (seed 003 24: where it sets up) on the map it sees; null without one. */
export function territoryFocus(seat: string): BoardFocus | null {
  const territory = catalog.battleplan.territories[seat];
  if (!territory) return null;
  const b = geometry.boxOf(territory);
  return boardFocusOf(seat, (b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2);
}

/** The middle of a plan's `positions` (its models' places, fine units) on the map `seat` sees, for bringing a plan the table made into sight. */
export function planFocus(seat: string, positions: readonly Pt[]): BoardFocus {
  const n = Math.max(1, positions.length);
  return boardFocusOf(seat, positions.reduce((a, p) => a + p.x, 0) / n, positions.reduce((a, p) => a + p.y, 0) / n);
}

/**
 * Where the map opens when zoomed in on a phone (../../table/BoardViewport.tsx) for `seat`, drawn
 * with its own edge at the bottom: its model on the battlefield nearest the middle of its models
 * (`focusOn`), else the middle of its own edge; null for a spectator (the map's top left).
 */
export function mapFocus(view: SigmarView, seat: string | null): BoardFocus | null {
  if (seat === null) return null;
  const flip = seat === "p2";
  const at = (x: number, y: number): BoardFocus => boardFocusOf(seat, x, y);
  const mine = Object.values(view.units).filter((u) => u.owner === seat && u.where === "field");
  return focusOn(mine.flatMap((u) => u.models.map((m) => at(m.x, m.y)))) ?? at(W / 2, flip ? H : 0);
}

/**
 * Brings the unit a decision of `seat`'s is about into the zoomed map's frame (../../table/BoardViewport.tsx,
 * `.board-viewport-frame`): once per decision, and only when part of it lies outside the frame.
 */
function usePendingInSight(svg: { readonly current: SVGSVGElement | null }, view: SigmarView, seat: string | null): void {
  const p = view.pending;
  const unit = p && seat !== null && p.seat === seat && "unit" in p && view.units[p.unit]?.where === "field" ? p.unit : null;
  const key = unit ? `${view.turn}:${p!.kind}:${unit}` : null;
  useEffect(() => {
    const el = svg.current;
    const frame = el?.closest<HTMLElement>(".board-viewport-frame");
    const g = key && unit ? el?.querySelector(`g.unit[data-unit="${unit}"]`) : null;
    if (!frame || !g) return;
    const f = frame.getBoundingClientRect();
    const b = g.getBoundingClientRect();
    if (b.left >= f.left && b.right <= f.right && b.top >= f.top && b.bottom <= f.bottom) return;
    frame.scrollLeft += (b.left + b.right - f.left - f.right) / 2;
    frame.scrollTop += (b.top + b.bottom - f.top - f.bottom) / 2;
    // Only a new decision moves the map: the player's own panning holds until then.
  }, [key]);
}

export function SigmarMap({ view, w, seat, selected, targets, plan, draggable, onUnit, onPoint, onDrag, dragOne, marked, pickFrom, onModel }: SigmarMapProps) {
  const svg = useRef<SVGSVGElement | null>(null);
  const drag = useRef<{ unit: string; start: Pt; base: Pt[]; one: number | null; moved: boolean } | null>(null);
  // A finger on a base the player may drag drags it: the frame pans the board for a finger
  // anywhere else (touch-action pan-x pan-y), and Chromium does not honour the bases' own
  // touch-action none inside an SVG, so it would take the gesture for a pan and cancel the drag.
  // A touch that starts on such a base has its default (the pan) prevented, in a listener that
  // is not passive (React's own touch listeners are).
  usePendingInSight(svg, view, seat);
  const draggableNow = useRef(draggable);
  draggableNow.current = draggable;
  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    const hold = (e: TouchEvent) => {
      const unit = (e.target as Element | null)?.closest?.("[data-unit]")?.getAttribute("data-unit");
      if ((unit && draggableNow.current?.has(unit)) || drag.current) e.preventDefault();
    };
    el.addEventListener("touchstart", hold, { passive: false });
    el.addEventListener("touchmove", hold, { passive: false });
    return () => {
      el.removeEventListener("touchstart", hold);
      el.removeEventListener("touchmove", hold);
    };
  }, []);
  const flip = seat === "p2";
  // Board (south edge y = 0) to screen and back.
  const sx = (p: Pt) => ({ x: flip ? W - p.x : p.x, y: flip ? p.y : H - p.y });
  const toBoard = (clientX: number, clientY: number): Pt | null => {
    const el = svg.current;
    const m = el?.getScreenCTM?.();
    if (!el || !m) return null;
    const pt = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return { x: Math.round(flip ? W - pt.x : pt.x), y: Math.round(flip ? pt.y : H - pt.y) };
  };
  const rect = (b: { x0: number; y0: number; x1: number; y1: number }) => {
    const a = sx({ x: b.x0, y: b.y0 });
    const c = sx({ x: b.x1, y: b.y1 });
    return { x: Math.min(a.x, c.x), y: Math.min(a.y, c.y), width: Math.abs(c.x - a.x), height: Math.abs(c.y - a.y) };
  };
  const down = (unit: string, model: number, e: ReactPointerEvent) => {
    if (!draggable?.has(unit)) return;
    const p = toBoard(e.clientX, e.clientY);
    const u = view.units[unit];
    if (!p || !u) return;
    // A second drag of the same unit starts from the plan, so models can be placed one by one.
    const base = plan?.unit === unit && plan.positions.length === u.models.length ? plan.positions.map((q) => ({ x: q.x, y: q.y })) : u.models.map((m) => ({ x: m.x, y: m.y }));
    drag.current = { unit, start: p, base, one: dragOne || e.shiftKey ? model : null, moved: false };
    (e.target as Element).setPointerCapture?.(e.pointerId);
    e.preventDefault();
  };
  const at = (e: ReactPointerEvent) => {
    const d = drag.current;
    const p = d && toBoard(e.clientX, e.clientY);
    return d && p ? dragged(d.base, { x: p.x - d.start.x, y: p.y - d.start.y }, d.one) : null;
  };
  const move = (e: ReactPointerEvent) => {
    const d = drag.current;
    const positions = at(e);
    if (!d || !positions) return;
    d.moved = true;
    onDrag?.(d.unit, positions, "move");
  };
  const up = (e: ReactPointerEvent) => {
    const d = drag.current;
    const positions = at(e);
    drag.current = null;
    if (!d) return;
    if (d.moved && positions) {
      // Dropped where the rules refuse it: the best legal placement toward the drop, if any.
      const snapped = offendingBase(view, d.unit, positions) ? bestPlacement(view, d.unit, moves.centreOf(positions)) : null;
      onDrag?.(d.unit, snapped ?? positions, "end");
    } else onUnit?.(d.unit);
  };
  const click = (e: React.MouseEvent) => {
    if ((e.target as Element).closest?.("[data-unit]")) return;
    const p = toBoard(e.clientX, e.clientY);
    if (p) onPoint?.(p);
  };
  const units = query.fieldUnits(view as never);
  const enemies = seat ? units.filter((u) => u.owner !== seat) : [];
  const combat = catalog.rules.combatRange * INCH;
  const offence = plan && plan.problem ? offendingBase(view, plan.unit, plan.positions) : null;
  const offender = offence?.model ?? null;
  // Tags keep clear of the objective markers and the tokens, and of the territory's name while the armies deploy.
  const markers = [...catalog.battleplan.objectives.map((o) => ({ ...sx({ x: o.x * INCH, y: o.y * INCH }), r: MARKER_CLEAR })), ...view.tokens.map((t) => ({ ...sx(t), r: TOKEN_CLEAR }))];
  const ownTerritory = view.phase === "deployment" && seat && catalog.battleplan.territories[seat] ? rect(geometry.boxOf(catalog.battleplan.territories[seat])) : null;
  const words = ownTerritory ? [territoryLabel(w, ownTerritory).box] : [];
  // A plan's ghosts and rulers, drawn over the units and under their tags (MapUnits draws the tags again over it).
  const planDrawn = plan && (
    <g className={`plan ${plan.problem ? "illegal" : "legal"}`} aria-hidden="true">
      {plan.origin?.map((o, i) => {
        const walked = plan.paths?.[i];
        if (walked && walked.length > 2) return <polyline key={`l${i}`} points={walked.map((q) => `${sx(q).x},${sx(q).y}`).join(" ")} className="ruler" data-legs={walked.length - 1} />;
        const a = sx(o);
        const b = sx(plan.positions[i] ?? o);
        return <line key={`l${i}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y} className="ruler" />;
      })}
      {plan.positions.map((p, i) => {
        const c = sx(p);
        return <circle key={i} cx={c.x} cy={c.y} r={plan.radius} className={`ghost${i === offender ? " offending" : ""}`} data-offending={i === offender ? "true" : undefined} />;
      })}
    </g>
  );
  return (
    <svg ref={svg} className="sigmar-map" viewBox={`${VIEW.x0} ${VIEW.y0} ${VIEW.x1 - VIEW.x0} ${VIEW.y1 - VIEW.y0}`} role="group" aria-label={w.t("map.label")} onPointerMove={move} onPointerUp={up} onClick={click}>
      <rect x={0} y={0} width={W} height={H} className="field" />
      {/* One-inch ticks along the edges, longer every 6". */}
      {Array.from({ length: 45 }, (_, i) => (
        <line key={`tx${i}`} x1={i * INCH} x2={i * INCH} y1={H} y2={H + (i % 6 === 0 ? 50 : 25)} className="tick" />
      ))}
      {Array.from({ length: 31 }, (_, i) => (
        <line key={`ty${i}`} y1={i * INCH} y2={i * INCH} x1={0} x2={i % 6 === 0 ? -50 : -25} className="tick" />
      ))}
      {Object.entries(catalog.battleplan.territories).map(([owner, r]) => (
        <rect key={owner} {...rect(geometry.boxOf(r))} className={`territory territory-${owner}`}>
          <title>{w.t("map.territory", { name: w.name(owner) })}</title>
        </rect>
      ))}
      {ownTerritory && seat && <OwnTerritory w={w} box={ownTerritory} seat={seat} />}
      {catalog.battleplan.terrain.map((t, i) => {
        const box = query.TERRAIN[i]!;
        const aura = t.passive ? rect({ x0: box.x0 - t.passive.distance * INCH, y0: box.y0 - t.passive.distance * INCH, x1: box.x1 + t.passive.distance * INCH, y1: box.y1 + t.passive.distance * INCH }) : null;
        return (
          <g key={t.id} className={`terrain terrain-${t.blocksSight ? "wall" : "stone"}`}>
            {aura && <rect {...aura} rx={t.passive!.distance * INCH} className="aura" />}
            <rect {...rect(box)}>
              <title>{local(w, t.name)}{t.passive ? `: ${local(w, t.passive.name)}` : ""}</title>
            </rect>
          </g>
        );
      })}
      {catalog.battleplan.objectives.map((o) => {
        const c = sx({ x: o.x * INCH, y: o.y * INCH });
        return (
          <g key={o.id} className="objective">
            <circle cx={c.x} cy={c.y} r={catalog.rules.objectiveRange * INCH} className="objective-range" />
            <circle cx={c.x} cy={c.y} r={MARKER} className="objective-marker">
              <title>{w.t("map.objective", { name: objectiveName(w, o.id) })}</title>
            </circle>
          </g>
        );
      })}
      {plan && enemies.flatMap((e) =>
        query.discs(e).map((d, i) => {
          const c = sx(d);
          return <circle key={`cr-${e.id}-${i}`} cx={c.x} cy={c.y} r={d.r + combat} className="combat-range" />;
        }),
      )}
      <MapUnits view={view} w={w} selected={selected} targets={targets} draggable={draggable} planned={plan?.unit ?? null} sx={sx} bounds={TAGS_WITHIN} marks={markers} clear={words} over={planDrawn || undefined} ghosts={plan ? { unit: plan.unit, positions: plan.positions, radius: plan.radius } : null} onDown={down} onUnit={onUnit} marked={marked} pickFrom={pickFrom} onModel={onModel} />
      {/* Each objective marker's outline again over the bases, so a model standing on an objective does not hide it. */}
      <g className="objective-over" aria-hidden="true">
        {catalog.battleplan.objectives.map((o) => {
          const c = sx({ x: o.x * INCH, y: o.y * INCH });
          return <circle key={o.id} cx={c.x} cy={c.y} r={MARKER} data-objective={o.id} />;
        })}
      </g>
      {view.tokens.map((t) => {
        const c = sx(t);
        return (
          <rect key={t.id} x={c.x - 22} y={c.y - 22} width={44} height={44} transform={`rotate(45 ${c.x} ${c.y})`} className="token">
            <title>{w.t("unit.token", { kind: w.t(`token.${t.kind}`) })}</title>
          </rect>
        );
      })}
      {/* The reason a plan is refused, over all. */}
      {plan && offender !== null && plan.positions[offender] && plan.problem && (
        <text x={sx(plan.positions[offender]!).x} y={sx(plan.positions[offender]!).y - plan.radius - 40} className="offence-reason" aria-hidden="true">
          {plan.problem}
        </text>
      )}
      <g className="scale" aria-hidden="true">
        <line x1={0} x2={INCH} y1={H + 40} y2={H + 40} />
      </g>
    </svg>
  );
}

/**
 * While the armies deploy (seed 003 24, setting up), the seat's own territory is named on the map,
 * inside its band along the bottom edge (the map turns each seat's territory to the bottom): the
 * prompt sends a player to "your territory", and the map shows three bands.
 */
function OwnTerritory({ w, box, seat }: { w: SigmarWords; box: { x: number; y: number; width: number; height: number }; seat: string }) {
  const { at } = territoryLabel(w, box);
  return (
    <text x={at.x} y={at.y} textAnchor="middle" className={`territory-label territory-label-${seat}`}>
      {w.t("map.yourTerritory")}
    </text>
  );
}

/** Where the territory's name stands in its band `box` (its anchor, centred on its baseline) and the box its bold letters cover, screen units. */
function territoryLabel(w: SigmarWords, box: { x: number; y: number; width: number; height: number }): { at: { x: number; y: number }; box: Box } {
  const text = w.t("map.yourTerritory");
  const at = { x: box.x + box.width / 2, y: box.y + box.height - TERRITORY_BASELINE };
  // Bold letters run about a tenth wider than textWidth's estimate.
  const half = (1.1 * textWidth(text, TERRITORY_SIZE) + TERRITORY_SPACING * [...text].length) / 2;
  return { at, box: { x0: at.x - half, y0: at.y - 0.8 * TERRITORY_SIZE, x1: at.x + half, y1: at.y + 0.25 * TERRITORY_SIZE } };
}
