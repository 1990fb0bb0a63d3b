/**
 * The Siege map as SVG from a projection (seed 004 "지형"): the lower floor's squares by room and
 * the outside area, obstacles, every wall by type (thick, reinforced, thin, holed), doors and
 * windows open or barricaded, broken walls, smoke overlays, gadgets, access points of the upper
 * floor, operator models with their leaning stands and watch arcs, and secret operator tokens;
 * its legend (./MapLegend.tsx) explains the walls, openings, marks and the letter of every gadget
 * drawn; the upper floor is listed under it (./UpperFloor.tsx). The table draws both under the
 * board's frame, not in it (at 1280 x 800 the frame's edge cut the upper floor's heading in two).
 *
 * Secret tokens (seed 004 "비밀 오퍼레이터"): a viewer that knows which token is real (the
 * defence: `view.hidden.real`; a delayed caster feed, for the operators it names) sees the real one
 * with a star and the decoy dashed; every other
 * viewer gets the same markup for both tokens of an operator (same class, text and label; only
 * the position differs), so nothing on the page tells them apart.
 */
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { board, catalog, type SiegeView } from "@fogwar/siege";
import type { Facing } from "@fogwar/engine";
import { gadgetName, opName, operatorMark, partitionName, placeName, roomName, squareCode, type SiegeWords } from "./words";
import { TEAM_COLOUR, WALL_STYLE, breachTargetPlaces, gadgetLetter, tokenKind } from "./map-marks";
import "../../i18n/siege-strings";
import "../../i18n/help-strings";
import { pickProps } from "../../table/pick";
import type { BoardFocus } from "../../table/BoardViewport";
import { labelSpan, objectiveLabelPlace } from "./objective-place";

const CELL = 40;
const ROOM_COLOURS = ["#e9dfc7", "#dfe8d0", "#d6e2ec", "#f0d9d2", "#e4d8ee", "#f3ecc2", "#d4ece6", "#ecd8e2"];

export interface SiegeMapProps {
  readonly view: SiegeView;
  /**
   * What a click answers now (highlighted and clickable): squares and upper areas, operators
   * (their model, or both tokens of a hidden one), secret tokens, walls, doors and windows
   * (partition ids) and gadgets, by the value the command takes.
   */
  readonly targets?: ReadonlySet<string>;
  readonly onPick?: (value: string) => void;
  /** Squares (and upper areas) a walk of several steps reaches: marked, and answered by a click like `targets`. */
  readonly reachable?: ReadonlySet<string>;
  /**
   * The target of a breach being confirmed (a partition or gadget id, seed 004 "파괴"): drawn over
   * the map in red, so the player sees the wall, door, window or gadget it is about to break.
   */
  readonly marked?: string | null;
  /** The operator the single shot offered would hit (seed 004 "사격"): ringed in red, so the player sees whom the shot's button names. */
  readonly aimed?: string | null;
}

/** The margin (SVG units) for the coordinates drawn along the map's top and left edges. */
const MARGIN = 22;

/** The SVG path of a 180-degree watch arc of radius `r` around (cx, cy) facing `f` (its front half, seed 004 "경계"). */
function arcPath(cx: number, cy: number, f: Facing, r: number): string {
  const [dx, dy] = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] }[f] as [number, number];
  const [px, py] = [-dy, dx];
  return `M ${cx} ${cy} L ${cx + px * r} ${cy + py * r} A ${r} ${r} 0 0 0 ${cx - px * r} ${cy - py * r} Z`;
}

/** The middle of the ground-floor space `p` ("x,y") in the map's drawing units (px before the margin; a square is CELL). */
function drawnCentre(p: string): readonly [number, number] {
  const { x, y } = board.coords(p);
  return [x * CELL + CELL / 2, y * CELL + CELL / 2] as const;
}

/**
 * The middle of the ground-floor space `p` ("x,y") as fractions of the drawn map
 * (../../table/BoardViewport.tsx `BoardFocus`); null for an upper-floor place or an unknown map.
 */
export function placeFocus(view: SiegeView, p: string): BoardFocus | null {
  const map = catalog.maps.get(view.map);
  if (!map || board.isUpper(p)) return null;
  const [cx, cy] = drawnCentre(p);
  return { x: (MARGIN + cx) / (map.width * CELL + MARGIN + 4), y: (MARGIN + cy) / (map.height * CELL + MARGIN + 4) };
}

/**
 * The middle of the target of a breach (a partition or gadget id, seed 004 "파괴") on the drawn
 * map, as {@link placeFocus} gives it: the middle of a wall's edges, or the gadget's square; null
 * for a target the view does not place on the ground floor.
 */
export function breachFocus(view: SiegeView, target: string): BoardFocus | null {
  const places = breachTargetPlaces(view, target);
  if (!places) return null;
  if (places.square !== null) return placeFocus(view, places.square);
  const points = places.edges.flat().map((p) => placeFocus(view, p)).filter((f): f is BoardFocus => f !== null);
  if (points.length === 0) return null;
  return { x: points.reduce((a, f) => a + f.x, 0) / points.length, y: points.reduce((a, f) => a + f.y, 0) / points.length };
}

/**
 * The mark over the target of a breach being confirmed (`target`, a partition or gadget id): a
 * thick red line along each edge of a wall, door or window, or a red ring around a gadget, named
 * for screen readers; nothing for a target the view does not place on the ground floor.
 */
function BreachMark({ view, target, w }: { view: SiegeView; target: string; w: SiegeWords }) {
  const places = breachTargetPlaces(view, target);
  if (!places) return null;
  const name = places.square === null ? partitionName(w, target, view) : gadgetName(w, view.gadgets.find((g) => g.id === target)!.kind);
  const lines = places.edges.map(([a, b]) => {
    const [pa, pb] = [board.coords(a), board.coords(b)];
    // The edge between two squares side by side is upright, at the right one's left side; else flat, at the lower one's top.
    const [x1, y1, x2, y2] = pa.y === pb.y ? [Math.max(pa.x, pb.x) * CELL, pa.y * CELL, Math.max(pa.x, pb.x) * CELL, (pa.y + 1) * CELL] : [pa.x * CELL, Math.max(pa.y, pb.y) * CELL, (pa.x + 1) * CELL, Math.max(pa.y, pb.y) * CELL];
    return <line key={`${a}|${b}`} x1={x1} y1={y1} x2={x2} y2={y2} />;
  });
  const [cx, cy] = places.square === null ? [0, 0] : drawnCentre(places.square);
  return (
    <g className="breach-mark" role="img" aria-label={w.t("map.breachMark", { target: name })} pointerEvents="none">
      <g className="breach-line" stroke="#dc2626" strokeWidth={12} strokeOpacity={0.85} strokeLinecap="round">
        {lines}
      </g>
      {/* A white dashed core: the mark reads apart from a red (reinforced) wall under it. */}
      <g className="breach-core" stroke="#fff" strokeWidth={2.5} strokeDasharray="5 4">
        {lines}
      </g>
      {places.square !== null && <circle cx={cx + 12} cy={cy + 12} r={13} fill="none" stroke="#dc2626" strokeWidth={4} />}
    </g>
  );
}

/** The red ring around the model of `target`, the operator a shot offered would hit, named for screen readers; nothing off the ground floor. */
function ShotMark({ view, target, w }: { view: SiegeView; target: string; w: SiegeWords }) {
  const at = view.operators[target]?.at;
  if (!at || board.isUpper(at)) return null;
  const [cx, cy] = drawnCentre(at);
  return (
    <g className="shot-mark" role="img" aria-label={w.t("map.shotMark", { target: opName(w, target) })} pointerEvents="none">
      <circle cx={cx} cy={cy} r={19} fill="none" stroke="#dc2626" strokeWidth={4} />
      <circle cx={cx} cy={cy} r={19} fill="none" stroke="#fff" strokeWidth={1.5} strokeDasharray="4 4" />
    </g>
  );
}

export function SiegeMap({ view, targets, onPick, reachable, marked, aimed }: SiegeMapProps) {
  const { t, i18n } = useTranslation("siege");
  const w: SiegeWords = { t, language: i18n.language };
  const map = catalog.maps.get(view.map);
  if (!map) return null;
  const geo = board.geometry(view.map);
  const mission = catalog.missions.get(view.mission);
  const width = map.width * CELL;
  const height = map.height * CELL;
  const letters = map.rooms.map((r) => r.letter);
  const centre = drawnCentre;
  const smoke = new Set(view.overlays.flat());
  const real = view.hidden.real;

  const cells = geo.spaces.map((p) => {
    const { x, y } = board.coords(p);
    const letter = map.floor[y]?.[x] ?? "~";
    const room = geo.roomOf.get(p);
    const fill = letter === "~" ? "#f8fafc" : (ROOM_COLOURS[letters.indexOf(letter) % ROOM_COLOURS.length] ?? "#eee");
    const objective = room !== undefined && room === mission?.objectiveRoom;
    const target = targets?.has(p) ?? false;
    const walk = reachable?.has(p) ?? false;
    const label = `${placeName(w, p, view.map)}${geo.obstacles.has(p) ? ` · ${t("map.obstacle")}` : ""}${walk ? ` · ${t("walk.reachable")}` : ""}`;
    return (
      <rect
        key={`c${p}`}
        x={x * CELL}
        y={y * CELL}
        width={CELL}
        height={CELL}
        fill={fill}
        stroke={objective ? "#b45309" : "#cbd5e1"}
        strokeWidth={objective ? 1.5 : 0.5}
        className={`cell${letter === "~" ? " outside" : ""}${target ? " target pickable" : ""}${walk ? " reachable" : ""}`}
        data-place={p}
        {...(target ? pickProps(p, label, onPick) : {})}
      >
        <title>{label}</title>
      </rect>
    );
  });

  // The mission's objective room (seed 004 "임무"): named on the map, along a row of its squares
  // that no operator or token stands in (./objective-place.ts), so both teams see which room the
  // match is about without hovering.
  const objectiveCells = mission ? geo.spaces.filter((p) => geo.roomOf.get(p) === mission.objectiveRoom).map((p) => board.coords(p)) : [];
  const objectiveText = mission ? t("map.objectiveLabel", { room: roomName(w, mission.objectiveRoom, view.map) }) : "";
  const standing = new Set([...Object.values(view.operators).flatMap((o) => (o.at ? [o.at] : [])), ...view.tokens.map((k) => k.at)]);
  const objectiveAt = objectiveLabelPlace(objectiveCells, standing, labelSpan(objectiveText, CELL));
  const objectiveLabel = objectiveAt && (
    <text className="objective-label" x={objectiveAt.end ? (objectiveAt.x + 1) * CELL - 4 : objectiveAt.x * CELL + 4} y={objectiveAt.y * CELL + 13} textAnchor={objectiveAt.end ? "end" : "start"} aria-hidden="true">
      {objectiveText}
    </text>
  );

  const walls: ReactElement[] = [];
  for (const p of geo.spaces) {
    const a = board.coords(p);
    for (const b of [
      { x: a.x + 1, y: a.y },
      { x: a.x, y: a.y + 1 },
    ]) {
      if (b.x >= map.width || b.y >= map.height) continue;
      const part = board.partitionOn(view, a, b);
      if (!part || part.s.kind === "open") continue;
      const style = WALL_STYLE[part.s.kind] ?? WALL_STYLE.thin!;
      const [x1, y1, x2, y2] = b.x > a.x ? [b.x * CELL, a.y * CELL, b.x * CELL, (a.y + 1) * CELL] : [a.x * CELL, b.y * CELL, (a.x + 1) * CELL, b.y * CELL];
      const state = part.s.broken ? "broken" : part.s.kind === "door" || part.s.kind === "window" ? (part.s.barricaded ? "barricaded" : "open") : "intact";
      walls.push(
        <line
          key={`w${p}-${b.x},${b.y}`}
          x1={x1}
          y1={y1}
          x2={x2}
          y2={y2}
          stroke={part.s.broken ? "#9ca3af" : style.stroke}
          strokeWidth={part.s.broken ? 2 : style.width}
          strokeDasharray={part.s.broken ? "2 4" : (style.dash ?? (state === "open" ? "10 6" : undefined))}
          className={`wall wall-${part.s.kind} wall-${state}`}
          data-partition={part.id}
        >
          <title>{`${partitionName(w, part.id, view)}${state !== "intact" ? ` (${t(`legend.${state}`)})` : ""}`}</title>
        </line>,
      );
      if (targets?.has(part.id)) {
        walls.push(
          <line key={`wp${p}-${b.x},${b.y}`} x1={x1} y1={y1} x2={x2} y2={y2} stroke="#16a34a" strokeOpacity={0.35} strokeWidth={12} className="wall-pick pickable" data-partition={part.id} {...pickProps(part.id, partitionName(w, part.id, view), onPick)}>
            <title>{partitionName(w, part.id, view)}</title>
          </line>,
        );
      }
      if (state === "barricaded") {
        const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
        walls.push(<text key={`b${p}-${b.x},${b.y}`} x={mx} y={my + 4} textAnchor="middle" fontSize="12" fill="#7c2d12" aria-hidden="true">✕</text>);
      }
    }
  }

  const obstacles = [...geo.obstacles].map((p) => {
    const { x, y } = board.coords(p);
    return <rect key={`o${p}`} x={x * CELL + 6} y={y * CELL + 6} width={CELL - 12} height={CELL - 12} fill="#6b7280" className="obstacle" aria-hidden="true" />;
  });
  const smokeRects = [...smoke].filter((p) => !board.isUpper(p)).map((p) => {
    const { x, y } = board.coords(p);
    return <rect key={`s${p}`} x={x * CELL} y={y * CELL} width={CELL} height={CELL} fill="#94a3b8" opacity={0.55} className="smoke" pointerEvents="none" />;
  });
  const accessPoints = [...geo.accessPoints.entries()].map(([p, ap]) => {
    const { x, y } = board.coords(p);
    return (
      <path key={`a${p}`} d={`M ${x * CELL + 2} ${y * CELL + 2} l 12 0 l -12 12 Z`} fill={ap.colour === "blue" ? "#2563eb" : "#6b7280"} className="access-point" pointerEvents="none">
        <title>{t("map.accessPoint", { colour: t(`apColour.${ap.colour}`), area: placeName(w, `up:${ap.area}`, view.map) })}</title>
      </path>
    );
  });
  const gadgets = view.gadgets.filter((g) => !board.isUpper(g.at)).map((g) => {
    const [cx, cy] = centre(g.at);
    const name = `${gadgetName(w, g.kind)} · ${placeName(w, g.at, view.map)}`;
    const pickable = targets?.has(g.id) ?? false;
    return (
      <g key={`g${g.id}`} className={`gadget gadget-${g.team}${pickable ? " pickable" : ""}`} pointerEvents={pickable ? undefined : "none"} {...(pickable ? pickProps(g.id, name, onPick) : {})}>
        <rect x={cx + 6} y={cy + 6} width={12} height={12} fill={TEAM_COLOUR[g.team]} opacity={0.8} />
        <text x={cx + 12} y={cy + 16} textAnchor="middle" fontSize={gadgetLetter(w, g.kind).length > 1 ? 7 : 9} fill="#fff">
          {gadgetLetter(w, g.kind)}
        </text>
        <title>{name}</title>
      </g>
    );
  });

  const pieces: ReactElement[] = [];
  for (const op of Object.values(view.operators)) {
    if (!op.at || board.isUpper(op.at)) continue;
    const [cx, cy] = centre(op.at);
    const name = opName(w, op.id);
    if (op.stand) {
      const [sx, sy] = centre(op.stand);
      pieces.push(<line key={`l${op.id}`} x1={sx} y1={sy} x2={cx} y2={cy} stroke={TEAM_COLOUR[op.team]} strokeWidth={3} opacity={0.6} pointerEvents="none" />);
      pieces.push(
        <circle key={`st${op.id}`} cx={sx} cy={sy} r={7} fill="none" stroke={TEAM_COLOUR[op.team]} strokeWidth={2} className="stand" role="img" aria-label={t("stand", { op: name })} />,
      );
    }
    if (op.watch && "facing" in op.watch) pieces.push(<path key={`wa${op.id}`} d={arcPath(cx, cy, op.watch.facing, CELL * 0.9)} fill={TEAM_COLOUR[op.team]} opacity={0.18} className="watch-arc" pointerEvents="none" />);
    const modelLabel = `${t("model", { op: name, team: t(`team.${op.team}`) })} · ${placeName(w, op.at, view.map)}${op.dead ? ` · ${t("operators.dead")}` : ""}`;
    const pickable = targets?.has(op.id) ?? false;
    pieces.push(
      // Drawn around (0, 0) and moved by a CSS transform, so a move glides (../table/motion.ts);
      // a wound flashes in as a red ring, drawn again (a new key) at each new damage.
      <g
        key={`m${op.id}`}
        transform={`translate(${cx} ${cy})`}
        style={{ transform: `translate(${cx}px, ${cy}px)` }}
        className={`model model-${op.team}${op.dead ? " dead" : ""}${pickable ? " pickable" : ""}`}
        {...(pickable ? pickProps(op.id, modelLabel, onPick) : { role: "img", "aria-label": modelLabel, pointerEvents: "none" })}
      >
        {view.activation?.operator === op.id && <circle r={18} fill="none" stroke="#ca8a04" strokeWidth={3} strokeDasharray="5 3" className="active-ring" />}
        <circle r={14} fill={op.dead ? "#9ca3af" : TEAM_COLOUR[op.team]} stroke="#111827" strokeWidth={op.redPing ? 3 : 1} />
        {op.damage > 0 && <circle key={`hit${op.damage}`} r={17} fill="none" stroke="#dc2626" strokeWidth={2} className="hit-mark" aria-hidden="true" />}
        <text y={4.5} textAnchor="middle" fontSize="13" fill="#fff" fontWeight="bold">
          {op.dead ? "✝" : operatorMark(w, op.id)}
        </text>
      </g>,
    );
  }
  for (const token of view.tokens) {
    if (board.isUpper(token.at)) continue;
    const [cx, cy] = centre(token.at);
    const name = opName(w, token.operator);
    const kind = tokenKind(real, token.operator, token.id);
    if (token.watch && "facing" in token.watch) pieces.push(<path key={`tw${token.id}`} d={arcPath(cx, cy, token.watch.facing, CELL * 0.9)} fill={TEAM_COLOUR.defence} opacity={0.12} className="watch-arc" pointerEvents="none" />);
    // Both tokens of an operator get the same markup for viewers who may not tell them apart:
    // a click answers the token only for its owner (the defence), else the operator.
    const answer = targets?.has(token.id) ? token.id : targets?.has(token.operator) ? token.operator : null;
    // A stun marker (seed 004 "섬광탄") is public and drawn alike on a real token and a decoy.
    const tokenLabel = `${t(`token.${kind}`, { op: name })}${token.stunned ? ` · ${t("token.stunned")}` : ""}`;
    pieces.push(
      <g
        key={`t${token.id}`}
        transform={`translate(${cx} ${cy})`}
        style={{ transform: `translate(${cx}px, ${cy}px)` }}
        className={`token token-${kind}${answer ? " pickable" : ""}`}
        {...(answer ? pickProps(answer, tokenLabel, onPick) : { role: "img", "aria-label": tokenLabel, pointerEvents: "none" })}
      >
        <rect x={-13} y={-13} width={26} height={26} rx={5} fill={kind === "decoy" ? "#fff" : "#dbeafe"} stroke={TEAM_COLOUR.defence} strokeWidth={2} strokeDasharray={kind === "decoy" ? "4 3" : undefined} />
        <text y={4} textAnchor="middle" fontSize="10" fill={TEAM_COLOUR.defence} fontWeight="bold">
          {`${kind === "real" ? "★" : kind === "decoy" ? "·" : "?"}${operatorMark(w, token.operator)}`}
        </text>
        {token.stunned && <circle cx={11} cy={-11} r={5} fill="#facc15" stroke="#111827" strokeWidth={1} className="stun-marker" aria-hidden="true" />}
      </g>,
    );
  }

  return (
    <figure className="siege-map">
      <figcaption>{t("map.title", { name: w.language.startsWith("ko") ? map.name.ko : map.name.en })}</figcaption>
      <svg viewBox={`${-MARGIN} ${-MARGIN} ${width + MARGIN + 4} ${height + MARGIN + 4}`} width="100%" role="group" aria-label={t("map.label", { width: map.width, height: map.height })}>
        <g className="coords" aria-hidden="true" fontSize="12" fill="#475569" textAnchor="middle">
          {Array.from({ length: map.width }, (_, x) => (
            <text key={`cx${x}`} x={x * CELL + CELL / 2} y={-7}>
              {squareCode(board.sq(x, 0)).replace(/\d+$/, "")}
            </text>
          ))}
          {Array.from({ length: map.height }, (_, y) => (
            <text key={`cy${y}`} x={-11} y={y * CELL + CELL / 2 + 4}>
              {y + 1}
            </text>
          ))}
        </g>
        {cells}
        {obstacles}
        {smokeRects}
        {accessPoints}
        {walls}
        {/* The objective's name lies under the gadgets and operators: an operator in its corner square stays readable. */}
        {objectiveLabel}
        {gadgets}
        {pieces}
        {marked && <BreachMark view={view} target={marked} w={w} />}
        {aimed && <ShotMark view={view} target={aimed} w={w} />}
      </svg>
    </figure>
  );
}
