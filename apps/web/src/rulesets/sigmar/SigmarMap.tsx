/**
 * The measured tabletop: an SVG of the 44" x 30" battlefield in its own units (hundredths of an
 * inch), with the territories, terrain, the standing stones' auras, objectives, every base to
 * scale (its diameter in mm), tokens, and a plan being made: a unit dragged (every model moves by
 * the same offset), with a ruler from where the grabbed model stood showing inches moved and left,
 * enemy combat ranges, and the plan drawn green when the shared rules accept it, red when not.
 * Bases are buttons for keyboard and screen readers; a plan is confirmed in the controls.
 */
import { useRef, type PointerEvent as ReactPointerEvent } from "react";
import { catalog, geometry, query, type SigmarView } from "@fogwar/sigmar";
import type { Pt } from "@fogwar/sigmar";
import { local, objectiveName, unitName, type SigmarWords } from "./words";

const W = 4400;
const H = 3000;
const INCH = 100;

/** A plan on the map: where the models of `unit` would stand, and whether the rules accept it. */
export interface MapPlan {
  readonly unit: string;
  readonly positions: readonly Pt[];
  readonly origin?: readonly Pt[];
  /** Null: accepted; else the reason in words. */
  readonly problem: string | null;
  /** The largest distance a model may go (fine units), for the ruler. */
  readonly max?: number;
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
  readonly onDrag?: (unit: string, offset: Pt, phase: "move" | "end") => void;
}

const COLOURS: Record<string, { fill: string; stroke: string }> = { p1: { fill: "#93c5fd", stroke: "#1d4ed8" }, p2: { fill: "#fca5a5", stroke: "#b91c1c" } };

export function SigmarMap({ view, w, seat, selected, targets, plan, draggable, onUnit, onPoint, onDrag }: SigmarMapProps) {
  const svg = useRef<SVGSVGElement | null>(null);
  const drag = useRef<{ unit: string; start: Pt; moved: boolean } | null>(null);
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
  const down = (unit: string) => (e: ReactPointerEvent) => {
    if (!draggable?.has(unit)) return;
    const p = toBoard(e.clientX, e.clientY);
    if (!p) return;
    drag.current = { unit, start: p, moved: false };
    (e.target as Element).setPointerCapture?.(e.pointerId);
    e.preventDefault();
  };
  const move = (e: ReactPointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const p = toBoard(e.clientX, e.clientY);
    if (!p) return;
    d.moved = true;
    onDrag?.(d.unit, { x: p.x - d.start.x, y: p.y - d.start.y }, "move");
  };
  const up = (e: ReactPointerEvent) => {
    const d = drag.current;
    drag.current = null;
    if (!d) return;
    const p = toBoard(e.clientX, e.clientY);
    if (d.moved && p) onDrag?.(d.unit, { x: p.x - d.start.x, y: p.y - d.start.y }, "end");
    else onUnit?.(d.unit);
  };
  const click = (e: React.MouseEvent) => {
    if ((e.target as Element).closest?.("[data-unit]")) return;
    const p = toBoard(e.clientX, e.clientY);
    if (p) onPoint?.(p);
  };
  const units = query.fieldUnits(view as never);
  const enemies = seat ? units.filter((u) => u.owner !== seat) : [];
  const combat = catalog.rules.combatRange * INCH;
  return (
    <svg ref={svg} className="sigmar-map" viewBox={`-60 -60 ${W + 120} ${H + 120}`} role="group" aria-label={w.t("map.label")} onPointerMove={move} onPointerUp={up} onClick={click} style={{ touchAction: "none" }}>
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
            <circle cx={c.x} cy={c.y} r={40} className="objective-marker">
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
      {units.map((u) => {
        const colour = COLOURS[u.owner] ?? COLOURS.p1!;
        const r = query.radiusOf(u);
        const name = unitName(w, view, u.id);
        const isTarget = targets?.has(u.id) ?? false;
        const planned = plan?.unit === u.id;
        const first = u.models[0];
        const label = first ? sx(first) : null;
        return (
          <g
            key={u.id}
            data-unit={u.id}
            className={`unit${selected === u.id ? " selected" : ""}${isTarget ? " target" : ""}${draggable?.has(u.id) ? " draggable" : ""}${planned ? " planned-from" : ""}`}
            role="button"
            tabIndex={0}
            aria-label={name}
            aria-pressed={selected === u.id}
            onPointerDown={down(u.id)}
            onClick={(e) => {
              e.stopPropagation();
              if (!draggable?.has(u.id)) onUnit?.(u.id);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                onUnit?.(u.id);
              }
            }}
          >
            <title>{name}</title>
            {u.models.map((m) => {
              const c = sx(m);
              return <circle key={m.id} cx={c.x} cy={c.y} r={r} fill={colour.fill} stroke={colour.stroke} strokeWidth={isTarget || selected === u.id ? 14 : 6} />;
            })}
            {label && (
              <text x={label.x} y={label.y - r - 18} className="unit-label" aria-hidden="true">
                {name}
              </text>
            )}
          </g>
        );
      })}
      {view.tokens.map((t) => {
        const c = sx(t);
        return (
          <rect key={t.id} x={c.x - 22} y={c.y - 22} width={44} height={44} transform={`rotate(45 ${c.x} ${c.y})`} className="token">
            <title>{w.t("unit.token", { kind: w.t(`token.${t.kind}`) })}</title>
          </rect>
        );
      })}
      {plan && (
        <g className={`plan ${plan.problem ? "illegal" : "legal"}`} aria-hidden="true">
          {plan.origin?.map((o, i) => {
            const a = sx(o);
            const b = sx(plan.positions[i] ?? o);
            return <line key={`l${i}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y} className="ruler" />;
          })}
          {plan.positions.map((p, i) => {
            const c = sx(p);
            return <circle key={i} cx={c.x} cy={c.y} r={plan.radius} className="ghost" />;
          })}
        </g>
      )}
      <g className="scale" aria-hidden="true">
        <line x1={0} x2={INCH} y1={H + 40} y2={H + 40} />
      </g>
    </svg>
  );
}
