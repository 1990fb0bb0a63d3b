/**
 * The end of a match: mission scoring at the end phase (zones, with mission extras, seed 001
 * 3.3), the round limit with its tie-break, elimination, concession, and revealing the dice seed
 * (design.md principle 8).
 */
import type { SeatId } from "@fogwar/engine";
import { scenarioOf, zoneOf } from "./map";
import { forceOf, forcesOf, intactSlots, mechsInPlay, seatsOfForce, unitsInPlay } from "./query";
import type { Ctx } from "./context";
import { scoreMissionExtras } from "./mission";
import type { EmberState } from "./types";

/**
 * Mission scoring at the end phase: a seat controls a tactical zone when it has more mechs in it
 * than the other seat, and scores the zone's value (project mission rule, docs/rules/ember.md).
 */
export function scoreZones(ctx: Ctx): void {
  const state = ctx.state;
  const values = scenarioOf(state).mission.zoneValues;
  // Mechs per zone and force: a side (a seat, or a 2 v 2 team) controls a zone when it has more
  // mechs in it than every other side.
  const counts = new Map<string, Record<string, number>>();
  for (const unit of unitsInPlay(state)) {
    if (unit.kind !== "mech" || !unit.at) continue;
    const zone = zoneOf(unit.at);
    const row = counts.get(zone) ?? {};
    const force = forceOf(state, unit.owner);
    row[force] = (row[force] ?? 0) + 1;
    counts.set(zone, row);
  }
  const extras = scoreMissionExtras(state);
  for (const force of forcesOf(state)) {
    const seats = seatsOfForce(state, force);
    const seat = seats[0] as SeatId;
    const zones = [...counts.entries()]
      .filter(([, row]) => Object.entries(row).every(([f, n]) => f === force || n < (row[force] ?? 0)))
      .map(([zone]) => zone)
      .sort();
    const extra = extras.get(force);
    const vp = zones.reduce((sum, z) => sum + (values[z as keyof typeof values] ?? 0), 0) + (extra?.vp ?? 0);
    const total = (state.vp[seat] ?? 0) + vp;
    // A team shares its victory points: every seat of the force holds the team's total.
    for (const s of seats) state.vp[s] = total;
    ctx.emit({
      type: "vp_scored",
      seat,
      zones,
      vp,
      total,
      ...(state.teams ? { team: force } : {}),
      ...(extra ? { objectives: extra.objectives, secondaries: extra.secondaries } : {}),
    });
  }
}

/** Remaining parts of mechs in play plus drones in play: the mission tie-break. */
export function tieBreakScore(state: EmberState, seat: SeatId): number {
  return unitsInPlay(state)
    .filter((u) => u.owner === seat)
    .reduce((sum, u) => sum + (u.kind === "mech" ? intactSlots(u).length : 1), 0);
}

/** A force's tie-break: the sum over its seats (a 2 v 2 team counts both seats' units). */
const forceTieBreak = (state: EmberState, force: string): number =>
  seatsOfForce(state, force).reduce((sum, s) => sum + tieBreakScore(state, s), 0);

/**
 * Ends the match on victory points, then the tie-break, else a draw. With more than two sides,
 * the sides level on the best score go to the tie-break; a side still level with another is a
 * draw. `excluded` (a conceding side) cannot win.
 */
export function finishByScore(ctx: Ctx, reason: string, excluded?: string): void {
  const state = ctx.state;
  const contenders = forcesOf(state).filter((f) => f !== excluded);
  const vpOf = (force: string) => state.vp[seatsOfForce(state, force)[0] as SeatId] ?? 0;
  const bestVp = Math.max(...contenders.map(vpOf));
  const top = contenders.filter((f) => vpOf(f) === bestVp);
  if (top.length === 1) {
    finishForce(ctx, top[0] as string, `${reason}: victory points`);
    return;
  }
  const bestTie = Math.max(...top.map((f) => forceTieBreak(state, f)));
  const tied = top.filter((f) => forceTieBreak(state, f) === bestTie);
  if (tied.length === 1) finishForce(ctx, tied[0] as string, `${reason}: tie-break (parts and drones)`);
  else finish(ctx, null, `${reason}: draw`);
}

/** Ends the match won by a force: its first seat is the winner; a team lists all its seats. */
function finishForce(ctx: Ctx, force: string, reason: string): void {
  const seats = seatsOfForce(ctx.state, force);
  finish(ctx, seats[0] as SeatId, reason, ctx.state.teams ? seats : undefined);
}

/**
 * A concession (project decision, docs/rules/ember.md): with two sides the other side wins (in
 * 2 v 2 the whole team concedes); with three or more the battle ends and the other sides are
 * ranked as at the round limit, the conceding seat excluded.
 */
export function concedeMatch(ctx: Ctx, seat: SeatId): void {
  const state = ctx.state;
  const force = forceOf(state, seat);
  const others = forcesOf(state).filter((f) => f !== force);
  if (others.length === 1) finishForce(ctx, others[0] as string, "concession");
  else finishByScore(ctx, "concession", force);
}

/**
 * Victory when a side has no mechs left (issue scope; seed 001 leaves it to missions): the other
 * side wins; if both are gone at once, the score decides. With more than two sides (project
 * decision) a side without mechs is out and the battle goes on until one side is left.
 * @returns true when the match ended.
 */
export function checkElimination(ctx: Ctx): boolean {
  const state = ctx.state;
  if (state.phase === "finished" || state.phase === "side_choice" || state.phase === "mission_prep" || state.phase === "deployment") return false;
  const alive = forcesOf(state).filter((f) => seatsOfForce(state, f).some((s) => mechsInPlay(state, s).length > 0));
  if (alive.length >= 2) return false;
  if (alive.length === 0) finishByScore(ctx, "elimination");
  else finishForce(ctx, alive[0] as string, "elimination");
  return true;
}

/** Ends the match and reveals the dice seed (design.md principle 8). `winners`: a winning team's seats. */
export function finish(ctx: Ctx, winner: SeatId | null, reason: string, winners?: readonly SeatId[]): void {
  const state = ctx.state;
  state.phase = "finished";
  state.turn = null;
  state.activation = null;
  state.attack = null;
  state.pending = null;
  state.sequences = [];
  state.roundEnd = null;
  state.result = { winner, ...(winners ? { winners: [...winners] } : {}), reason, scores: { ...state.vp } };
  ctx.emit({ type: "match_ended", result: state.result, seed: state.secret.seed });
}
