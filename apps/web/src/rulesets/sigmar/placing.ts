/**
 * Moving a unit on the map with the rules' own helpers, on the seat's own projection only: what
 * kind of move is being made (a pending run or charge, a move, a pile-in), which base of a plan
 * is illegal and why (`moves.movementProblem`), and the best legal placement toward a point
 * (`suggestPlacement`, the helper the rules' property test checks): used by the "suggest" button
 * and when a dragged plan is dropped where the rules refuse it; and the legal set-up nearest a
 * click on the map (`setUpNear`: a deployment, a reserve arriving).
 */
import { catalog, moveOf, moves, query, stateFromView, suggestPlacement, type MovePlacement, type Pt, type SigmarView } from "@fogwar/sigmar";

/** The placement a drag of `unit` makes now, or null when the unit is not moving. */
export function placementFor(view: SigmarView, unit: string): MovePlacement | null {
  const state = stateFromView(view);
  const u = state.units[unit];
  if (!u || u.where !== "field") return null;
  const p = view.pending;
  if (p?.kind === "run_move" && p.unit === unit) return { kind: "run", max: moveOf(state, u) + p.roll * 100 };
  if (p?.kind === "charge_move" && p.unit === unit) return { kind: "charge", max: p.roll * 100, target: p.target };
  if (p?.kind === "retreat_move" && p.unit === unit) return { kind: "retreat", max: p.max };
  if (p) return null;
  if (view.step === "movement") return { kind: "move", max: moveOf(state, u) };
  if (view.step === "combat") return { kind: "pile_in", max: catalog.rules.pileIn * 100 };
  return null;
}

/** The first illegal base of a plan and the error code, or null when every base is fine. */
export function offendingBase(view: SigmarView, unit: string, positions: readonly Pt[]): { model: number | null; code: string } | null {
  const how = placementFor(view, unit);
  const state = stateFromView(view);
  const u = state.units[unit];
  if (!how || !u || positions.length !== u.models.length) return null;
  return moves.movementProblem(moves.boardOf(state, u, how), query.radiusOf(u), u.models, positions, how);
}

/** The best legal placement of `unit` heading for `goal` (default: the rules' own goal for the move), or null. */
export function bestPlacement(view: SigmarView, unit: string, goal?: Pt): Pt[] | null {
  const how = placementFor(view, unit);
  const state = stateFromView(view);
  const u = state.units[unit];
  if (!how || !u) return null;
  const board = moves.boardOf(state, u, how);
  const foes = how.kind === "charge" ? board.target : board.enemies;
  const here = moves.centreOf(u.models);
  const d2 = (p: Pt) => (p.x - here.x) ** 2 + (p.y - here.y) ** 2;
  const nearest = [...foes].sort((a, b) => d2(a) - d2(b))[0];
  const objective = [...catalog.battleplan.objectives].map((o) => ({ x: o.x * 100, y: o.y * 100 })).sort((a, b) => d2(a) - d2(b))[0];
  // A retreat (core C5) heads straight away from the nearest enemy.
  const away = nearest ? { x: here.x + 4 * (here.x - nearest.x), y: here.y + 4 * (here.y - nearest.y) } : here;
  const to = goal ?? (how.kind === "retreat" ? away : how.kind === "move" || how.kind === "run" ? objective : nearest) ?? here;
  return suggestPlacement(board, query.radiusOf(u), u.models, how, to);
}

/** Positions after dragging: every model by the offset, or only model `one`. */
export function dragged(origin: readonly Pt[], offset: Pt, one: number | null): Pt[] {
  return origin.map((p, i) => (one === null || i === one ? { x: p.x + offset.x, y: p.y + offset.y } : { x: p.x, y: p.y }));
}

/** How far a clicked set-up may be slid to find a legal place (fine units: 4"). */
export const NUDGE = 400;
/** The grid the slid places are tried on (fine units: a quarter inch). */
const NUDGE_STEP = 25;

/** The rules' placement for setting up `kind` (core C3: a deployment in the own territory; seed 003 24.1: a reserve wholly within 6" of an edge, more than 9" from every enemy). */
function setUpPlacement(kind: "deploy" | "set_up"): moves.Placement {
  return kind === "deploy" ? { kind: "deploy" } : moves.reservePlacement();
}

/**
 * The legal set-up of `unit` nearest a click at `at` (fine units): its formation (moves.formation:
 * rows of up to five), or the same formation turned a quarter (columns, for a long unit along a
 * side edge), centred on the click, else slid by the shortest offset (on a quarter-inch grid, at
 * most NUDGE) that the rules accept (`moves.checkPlacement` on the seat's own projection, then
 * `accepts`, the whole command's check). A click near the battlefield's edge laid the bases out
 * from the click, over the edge, and the plan was refused although a place a little inward was
 * legal. Null when no legal place lies within NUDGE of the click.
 * @param kind a deployment (core C3) or a reserve arriving (seed 003 24.1).
 * @param accepts the final check of a candidate (the command `apply` accepts), tried on the nearest few.
 */
export function setUpNear(view: SigmarView, unit: string, kind: "deploy" | "set_up", at: Pt, accepts: (positions: Pt[]) => boolean): Pt[] | null {
  const state = stateFromView(view);
  const u = state.units[unit];
  if (!u) return null;
  const how = setUpPlacement(kind);
  const rows = moves.formation(u.size, query.radiusOf(u), { x: 0, y: 0 });
  const shapes = [rows, rows.map((p) => ({ x: p.y, y: p.x }))];
  const offsets: Pt[] = [];
  for (let dx = -NUDGE; dx <= NUDGE; dx += NUDGE_STEP) for (let dy = -NUDGE; dy <= NUDGE; dy += NUDGE_STEP) if (dx * dx + dy * dy <= NUDGE * NUDGE) offsets.push({ x: dx, y: dy });
  offsets.sort((a, b) => a.x * a.x + a.y * a.y - (b.x * b.x + b.y * b.y));
  let tries = 0;
  for (const off of offsets) {
    for (const shape of shapes) {
      const positions = shape.map((p) => ({ x: at.x + off.x + p.x, y: at.y + off.y + p.y }));
      if (moves.checkPlacement(state, u, positions, how) !== null) continue;
      if (accepts(positions)) return positions;
      // The rules' own check refused what the placement check allowed (another rule applies): a few more, then none.
      if (++tries >= 5) return null;
    }
  }
  return null;
}
