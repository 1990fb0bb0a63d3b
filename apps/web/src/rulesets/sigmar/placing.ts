/**
 * Moving a unit on the map with the rules' own helpers, on the seat's own projection only: what
 * kind of move is being made (a pending run or charge, a move, a pile-in), which base of a plan
 * is illegal and why (`moves.movementProblem`), and the best legal placement toward a point
 * (`suggestPlacement`, the helper the rules' property test checks): used by the "suggest" button
 * and when a dragged plan is dropped where the rules refuse it.
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
