/**
 * The units on the measured map: every base to scale, and a tag per unit, its short name over its
 * wounds left as a bar and "left/total" (damage points are public; the full name on hover and to
 * screen readers), placed where it covers no other tag, no base, no objective marker, no token and
 * no other words on the map (tags.ts), with a thin leader
 * line to its bases when it stands away from them; a plan's ghost bases are named the same way, placed
 * after every unit's tag. Bases of a unit the seat may move are its drag
 * handles (`touch-action: none` on them only, so a finger elsewhere pans the board).
 */
import type { PointerEvent as ReactPointerEvent, ReactNode } from "react";
import { query, type SigmarView } from "@fogwar/sigmar";
import type { Pt } from "@fogwar/sigmar";
import { nameTagSize, placeTags, tagLayout, tagSize, type Base } from "./tags";
import type { Box } from "../../table/label-boxes";
import { unitName, warscrollName, type SigmarWords } from "./words";

/** The id the plan's ghosts' tag is placed under (no unit has it). */
const GHOSTS = "\u0000plan";

const COLOURS: Record<string, { fill: string; stroke: string }> = { p1: { fill: "#93c5fd", stroke: "#1d4ed8" }, p2: { fill: "#fca5a5", stroke: "#b91c1c" } };

export interface MapUnitsProps {
  readonly view: SigmarView;
  readonly w: SigmarWords;
  readonly selected: string | null;
  readonly targets?: ReadonlySet<string>;
  readonly draggable?: ReadonlySet<string>;
  readonly planned?: string | null;
  /** Board point to screen point. */
  readonly sx: (p: Pt) => Pt;
  /** The map's viewBox (screen units): tags stay inside it where they fit. */
  readonly bounds?: Box;
  /** Marks on the map no tag may cover (the objective markers, the tokens), screen units. */
  readonly marks?: readonly Base[];
  /** Other words drawn on the map no tag may cover (the player's territory named while deploying), screen units. */
  readonly clear?: readonly Box[];
  readonly onDown: (unit: string, model: number, e: ReactPointerEvent) => void;
  readonly onUnit?: (id: string) => void;
  /** Core C8: models marked for removal (ids), ringed; a click on a model of `pickFrom` calls `onModel`. */
  readonly marked?: ReadonlySet<string>;
  readonly pickFrom?: string | null;
  readonly onModel?: (unit: string, model: string) => void;
  /** A plan drawn over the units (its ghosts and rulers, SigmarMap.tsx): every tag is drawn again over it, so none lies under a ghost. */
  readonly over?: ReactNode;
  /** The plan's ghost bases (board points, their radius in screen units): named with their unit's short name, placed after every unit's tag. */
  readonly ghosts?: { readonly unit: string; readonly positions: readonly Pt[]; readonly radius: number } | null;
}

/** A unit's tag: its short name over its wound bar and "left/total" (tags.ts `tagLayout`), screen units. */
function Tag({ box, owner, short, left, total }: { box: Box; owner: string; short: string; left: number; total: number }) {
  const wounds = `${left}/${total}`;
  const parts = tagLayout(box, wounds);
  const barW = parts.bar.x1 - parts.bar.x0;
  return (
    <g className="tag">
      <text x={parts.name.x} y={parts.name.y} className={`unit-label owner-${owner}`} aria-hidden="true">
        {short}
      </text>
      <g className="wounds" aria-hidden="true">
        <rect x={parts.bar.x0} y={parts.bar.y0} width={barW} height={parts.bar.y1 - parts.bar.y0} className="wounds-back" />
        <rect x={parts.bar.x0} y={parts.bar.y0} width={(barW * left) / Math.max(1, total)} height={parts.bar.y1 - parts.bar.y0} className={`wounds-left${left * 2 <= total ? " low" : ""}`} />
        <text x={parts.wounds.x} y={parts.wounds.y} className="wounds-text">
          {wounds}
        </text>
      </g>
    </g>
  );
}

export function MapUnits({ view, w, selected, targets, draggable, planned, sx, bounds, marks, clear, onDown, onUnit, marked, pickFrom, onModel, over, ghosts }: MapUnitsProps) {
  const units = query.fieldUnits(view as never);
  const facts = units.map((u) => {
    const same = units.filter((x) => x.owner === u.owner && x.warscroll === u.warscroll);
    const short = warscrollName(w, u.warscroll) + (same.length > 1 ? ` ${same.indexOf(u) + 1}` : "");
    const health = query.ws(u).health;
    const total = u.size * health;
    const left = Math.max(0, u.models.length * health - u.damage);
    return { short, total, left, wounds: `${left}/${total}` };
  });
  // A plan's ghosts carry their unit's short name (a unit arriving from reserve or deploying is not on the battlefield yet: its warscroll's name).
  const ghostUnit = ghosts ? view.units[ghosts.unit] : undefined;
  const ghostName = ghosts && ghostUnit ? (facts[units.findIndex((u) => u.id === ghosts.unit)]?.short ?? warscrollName(w, ghostUnit.warscroll)) : null;
  const ghostBases = ghosts ? ghosts.positions.map((p) => ({ ...sx(p), r: ghosts.radius })) : [];
  const tags = placeTags(
    [
      ...units.map((u, k) => {
        const r = query.radiusOf(u);
        return { id: u.id, bases: u.models.map((m) => ({ ...sx(m), r })), ...tagSize(facts[k]!.short, facts[k]!.wounds) };
      }),
      // Last, so that no unit's tag moves for it.
      ...(ghostName ? [{ id: GHOSTS, bases: ghostBases, ...nameTagSize(ghostName) }] : []),
    ],
    bounds ?? null,
    marks,
    clear,
  );
  const ghostTag = ghostName ? tags.get(GHOSTS) : undefined;
  return (
    <>
      <g className="tag-leaders" aria-hidden="true">
        {units.map((u) => {
          const leader = tags.get(u.id)?.leader;
          return leader && <line key={u.id} data-for={u.id} x1={leader.from.x} y1={leader.from.y} x2={leader.to.x} y2={leader.to.y} className={`tag-leader owner-${u.owner}`} />;
        })}
      </g>
      {units.map((u, k) => {
        const colour = COLOURS[u.owner] ?? COLOURS.p1!;
        const r = query.radiusOf(u);
        const name = unitName(w, view, u.id);
        const isTarget = targets?.has(u.id) ?? false;
        const canDrag = draggable?.has(u.id) ?? false;
        const { short, total, left } = facts[k]!;
        const tag = tags.get(u.id)!;
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
            <Tag box={tag.box} owner={u.owner} short={short} left={left} total={total} />
          </g>
        );
      })}
      {over}
      {ghostTag && ghostName && (
        <g className="ghost-tag" data-for={ghosts!.unit} aria-hidden="true">
          {ghostTag.leader && <line x1={ghostTag.leader.from.x} y1={ghostTag.leader.from.y} x2={ghostTag.leader.to.x} y2={ghostTag.leader.to.y} className={`tag-leader owner-${ghostUnit!.owner}`} />}
          <text x={tagLayout(ghostTag.box, "").name.x} y={tagLayout(ghostTag.box, "").name.y} className={`unit-label ghost-label owner-${ghostUnit!.owner}`}>
            {ghostName}
          </text>
        </g>
      )}
      {over && (
        <g className="tags-over" aria-hidden="true">
          {units.map((u, k) => (
            <Tag key={u.id} box={tags.get(u.id)!.box} owner={u.owner} short={facts[k]!.short} left={facts[k]!.left} total={facts[k]!.total} />
          ))}
        </g>
      )}
    </>
  );
}
