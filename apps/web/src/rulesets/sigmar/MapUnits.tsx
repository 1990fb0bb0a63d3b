/**
 * The units on the measured map: every base to scale, a short label per unit placed where it does
 * not cover another label (the full name on hover and to screen readers), and each unit's wounds
 * left as a bar and "left/total" (damage points are public). Bases of a unit the seat may move are
 * its drag handles (`touch-action: none` on them only, so a finger elsewhere pans the board).
 */
import type { PointerEvent as ReactPointerEvent } from "react";
import { query, type SigmarView } from "@fogwar/sigmar";
import type { Pt } from "@fogwar/sigmar";
import { unitName, warscrollName, type SigmarWords } from "./words";

const COLOURS: Record<string, { fill: string; stroke: string }> = { p1: { fill: "#93c5fd", stroke: "#1d4ed8" }, p2: { fill: "#fca5a5", stroke: "#b91c1c" } };

/** A label's box in screen units (for overlap tests). */
interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const LABEL_H = 130;
/** About one label character's width at the label's font size (screen units). */
const CHAR_W = 36;

/**
 * Where each unit's label goes: above its bases, else below, left or right, the first place that
 * covers no label placed before it (units in id order); the last candidate when all overlap.
 */
export function placeLabels(units: readonly { id: string; box: Rect; text: string }[]): Map<string, Pt> {
  const placed: Rect[] = [];
  const out = new Map<string, Pt>();
  for (const u of units) {
    const w = u.text.length * CHAR_W + 40;
    const cx = (u.box.x0 + u.box.x1) / 2;
    const cy = (u.box.y0 + u.box.y1) / 2;
    const options: Pt[] = [
      { x: cx, y: u.box.y0 - 30 },
      { x: cx, y: u.box.y1 + LABEL_H },
      { x: u.box.x0 - w / 2 - 20, y: cy + 35 },
      { x: u.box.x1 + w / 2 + 20, y: cy + 35 },
      { x: cx, y: u.box.y0 - 30 - LABEL_H },
      { x: cx, y: u.box.y1 + 2 * LABEL_H },
    ];
    const rectAt = (p: Pt): Rect => ({ x0: p.x - w / 2, x1: p.x + w / 2, y0: p.y - LABEL_H + 20, y1: p.y + 20 });
    const free = options.find((p) => placed.every((r) => { const a = rectAt(p); return a.x1 <= r.x0 || a.x0 >= r.x1 || a.y1 <= r.y0 || a.y0 >= r.y1; })) ?? options[0]!;
    placed.push(rectAt(free));
    out.set(u.id, free);
  }
  return out;
}

export interface MapUnitsProps {
  readonly view: SigmarView;
  readonly w: SigmarWords;
  readonly selected: string | null;
  readonly targets?: ReadonlySet<string>;
  readonly draggable?: ReadonlySet<string>;
  readonly planned?: string | null;
  /** Board point to screen point. */
  readonly sx: (p: Pt) => Pt;
  readonly onDown: (unit: string, model: number, e: ReactPointerEvent) => void;
  readonly onUnit?: (id: string) => void;
  /** Core C8: models marked for removal (ids), ringed; a click on a model of `pickFrom` calls `onModel`. */
  readonly marked?: ReadonlySet<string>;
  readonly pickFrom?: string | null;
  readonly onModel?: (unit: string, model: string) => void;
}

export function MapUnits({ view, w, selected, targets, draggable, planned, sx, onDown, onUnit, marked, pickFrom, onModel }: MapUnitsProps) {
  const units = query.fieldUnits(view as never);
  const boxes = units.map((u) => {
    const r = query.radiusOf(u);
    const pts = u.models.map(sx);
    const same = units.filter((x) => x.owner === u.owner && x.warscroll === u.warscroll);
    const text = warscrollName(w, u.warscroll) + (same.length > 1 ? ` ${same.indexOf(u) + 1}` : "");
    return { id: u.id, text, box: { x0: Math.min(...pts.map((p) => p.x)) - r, x1: Math.max(...pts.map((p) => p.x)) + r, y0: Math.min(...pts.map((p) => p.y)) - r, y1: Math.max(...pts.map((p) => p.y)) + r } };
  });
  const labels = placeLabels(boxes);
  return (
    <>
      {units.map((u, k) => {
        const colour = COLOURS[u.owner] ?? COLOURS.p1!;
        const r = query.radiusOf(u);
        const name = unitName(w, view, u.id);
        const isTarget = targets?.has(u.id) ?? false;
        const canDrag = draggable?.has(u.id) ?? false;
        const health = query.ws(u).health;
        const total = u.size * health;
        const left = Math.max(0, u.models.length * health - u.damage);
        const at = labels.get(u.id)!;
        const box = boxes[k]!.box;
        const barW = Math.max(160, Math.min(400, box.x1 - box.x0));
        return (
          <g
            key={u.id}
            data-unit={u.id}
            className={`unit${selected === u.id ? " selected" : ""}${isTarget ? " target" : ""}${canDrag ? " draggable" : ""}${planned === u.id ? " planned-from" : ""}`}
            role="button"
            tabIndex={0}
            aria-label={`${name} · ${w.t("map.wounds", { left, total })}`}
            aria-pressed={selected === u.id}
            onClick={(e) => {
              e.stopPropagation();
              if (!canDrag) onUnit?.(u.id);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                onUnit?.(u.id);
              }
            }}
          >
            <title>{`${name} · ${w.t("map.wounds", { left, total })}`}</title>
            {u.models.map((m, i) => {
              const c = sx(m);
              const isMarked = marked?.has(m.id) ?? false;
              const pickable = pickFrom === u.id && onModel !== undefined;
              return (
                <circle
                  key={m.id}
                  data-model={i}
                  data-model-id={m.id}
                  className={`${isMarked ? "marked-removal" : ""}${pickable ? " pickable-model" : ""}`.trim() || undefined}
                  cx={c.x}
                  cy={c.y}
                  r={r}
                  fill={colour.fill}
                  stroke={isMarked ? "#111827" : colour.stroke}
                  strokeWidth={isMarked ? 16 : isTarget || selected === u.id ? 14 : 6}
                  strokeDasharray={isMarked ? "20 12" : undefined}
                  style={canDrag ? { touchAction: "none" } : undefined}
                  onPointerDown={(e) => onDown(u.id, i, e)}
                  onClick={
                    pickable
                      ? (e) => {
                          e.stopPropagation();
                          onModel!(u.id, m.id);
                        }
                      : undefined
                  }
                />
              );
            })}
            <text x={at.x} y={at.y} className="unit-label" aria-hidden="true">
              {boxes[k]!.text}
            </text>
            <g className="wounds" aria-hidden="true">
              <rect x={(box.x0 + box.x1) / 2 - barW / 2} y={box.y1 + 14} width={barW} height={26} className="wounds-back" />
              <rect x={(box.x0 + box.x1) / 2 - barW / 2} y={box.y1 + 14} width={(barW * left) / Math.max(1, total)} height={26} className={`wounds-left${left * 2 <= total ? " low" : ""}`} />
              <text x={(box.x0 + box.x1) / 2 + barW / 2 + 12} y={box.y1 + 40} className="wounds-text">
                {`${left}/${total}`}
              </text>
            </g>
          </g>
        );
      })}
    </>
  );
}
