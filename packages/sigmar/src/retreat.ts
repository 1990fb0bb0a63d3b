/**
 * Retreat (project core rule C5, docs/rules/sigmar.md): in its movement phase, a unit in combat
 * may retreat instead of making a normal move. It first suffers D3 mortal damage (rolled from the
 * match's dice stream; Ward applies, the owner picks the slain models: core C8), then its models
 * move up to their Move, each along its own path (paths.ts): they may pass through enemy combat
 * range but not through enemy bases, and must end outside every enemy's combat range (3"). A unit
 * that retreated cannot shoot or charge later in that turn.
 */
import type { SeatId } from "@fogwar/engine";
import { mortalDamage } from "./attack";
import { catalog } from "./data";
import { rollValue } from "./dice";
import { inches, type Pt } from "./geometry";
import { checkPlacement, centreOf, furthestToward, type Placement } from "./moves";
import { moveOf, permitted } from "./modifiers";
import { combatants, edgeBox, inCombat, onField } from "./query";
import type { Ctx } from "./context";
import type { SigmarErrorCode, SigmarState, UnitState } from "./types";

/** The mortal damage a retreating unit suffers (a characteristic value: `D3`). */
export const RETREAT_DAMAGE = "D3";

/** The placement a retreat move is checked as: up to the unit's Move (fine units), ending outside enemy combat range. */
export const retreatPlacement = (s: SigmarState, unit: UnitState): Extract<Placement, { kind: "retreat" }> => ({ kind: "retreat", max: moveOf(s, unit) });

/** Why `unit` cannot retreat now (null: it can): in its movement phase, in combat, not yet moved, not set up this turn, allowed to move. */
export function retreatProblem(s: SigmarState, unit: UnitState): SigmarErrorCode | null {
  if (s.step !== "movement") return "wrong_phase";
  if (unit.did.moved) return "already_acted";
  if (unit.setUpTurn === s.turn) return "cannot";
  if (!inCombat(s, unit)) return "cannot";
  if (!permitted(s, unit, "move")) return "cannot";
  return null;
}

/**
 * The `retreat` command of `seat` for its unit `id`: the unit suffers D3 mortal damage (the first
 * enemy in combat with it is the attacker the removal suggestion measures from), then, when models
 * are left, its retreat move is asked (`retreat_move`, after any removal of slain models:
 * `raiseRetreat`). Bad input: an error code and no change.
 */
export function retreat(ctx: Ctx, seat: SeatId, id: string): SigmarErrorCode | null {
  const s = ctx.state;
  if (s.step !== "movement") return "wrong_phase";
  const unit = s.units[id];
  if (!unit || (unit.owner !== seat && unit.where === "reserve")) return "unknown_unit";
  if (unit.owner !== seat) return "not_your_unit";
  if (!onField(unit)) return "not_on_battlefield";
  const problem = retreatProblem(s, unit);
  if (problem) return problem;
  const foe = combatants(s, unit)[0] ?? null;
  unit.did.moved = true;
  unit.did.retreated = true;
  const { value } = rollValue(RETREAT_DAMAGE, ctx.dice);
  ctx.emit({ type: "retreat_declared", unit: unit.id, roll: value });
  mortalDamage(ctx, unit, value, "retreat", foe);
  if (onField(unit)) s.retreating = unit.id;
  return null;
}

/** Asks for the retreat move once no other decision is pending (true when it did). */
export function raiseRetreat(s: SigmarState): boolean {
  const id = s.retreating;
  if (s.pending || !id) return false;
  s.retreating = null;
  const unit = s.units[id];
  if (!onField(unit)) return false;
  s.pending = { kind: "retreat_move", seat: unit.owner, unit: id, max: moveOf(s, unit) };
  return true;
}

/** The answer to `retreat_move`: the unit's models at `to` (checked as a retreat). */
export function placeRetreat(ctx: Ctx, unit: UnitState, to: readonly Pt[]): SigmarErrorCode | null {
  const s = ctx.state;
  const problem = checkPlacement(s, unit, to, retreatPlacement(s, unit));
  if (problem) return problem;
  s.pending = null;
  unit.models.forEach((m, i) => {
    m.x = to[i]!.x;
    m.y = to[i]!.y;
  });
  ctx.emit({ type: "moved", unit: unit.id, models: [...to], kind: "retreat" });
  return null;
}

/**
 * Retreat moves the rules accept (the finite answers bots and lists offer): the farthest
 * translation straight away from the enemies in combat with it, toward its own edge, and toward
 * the nearest objective, each checked as a retreat.
 */
export function retreatMoves(s: SigmarState, unit: UnitState): Pt[][] {
  const how = retreatPlacement(s, unit);
  const c = centreOf(unit.models);
  const foes = combatants(s, unit);
  const e = foes.length ? centreOf(foes.flatMap((f) => f.models)) : c;
  const away = { x: c.x + 10 * (c.x - e.x), y: c.y + 10 * (c.y - e.y) };
  const edge = edgeBox(unit.owner, inches(1));
  const home = { x: c.x, y: Math.round((edge.y0 + edge.y1) / 2) };
  const objective = catalog.battleplan.objectives.map((o) => ({ x: inches(o.x), y: inches(o.y) })).sort((a, b) => (a.x - c.x) ** 2 + (a.y - c.y) ** 2 - ((b.x - c.x) ** 2 + (b.y - c.y) ** 2))[0];
  const out = new Map<string, Pt[]>();
  for (const goal of [away, home, ...(objective ? [objective] : [])]) {
    if (goal.x === c.x && goal.y === c.y) continue;
    const to = furthestToward(s, unit, goal, how.max, how);
    if (to) out.set(JSON.stringify(to), to);
  }
  return [...out.values()];
}

/**
 * A simple estimate for bots: whether `unit` is clearly losing its fight: the enemies in combat
 * with it would deal (`incoming`, expected damage points) at least its wounds left, while it
 * deals them less than a third of that (`outgoing`).
 */
export const clearlyLosing = (woundsLeft: number, incoming: number, outgoing: number): boolean => incoming >= woundsLeft && outgoing * 3 < incoming;
