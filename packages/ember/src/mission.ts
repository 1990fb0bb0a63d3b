/**
 * Mission preparation (seed 001 3.3): after the sides are chosen and before deployment, each seat
 * in turn from the first player chooses a secondary mission in secret (committed, revealed to all
 * once mission preparation ends) and places objective markers, one at a time. Also the end-phase
 * scoring of objectives and secondary missions. The sample secondaries and the objective rules
 * are data (`Mission.secondaries`, `Mission.objectives`); missions without them skip this step.
 */
import { chebyshev, commit, deriveSalt, inBounds, type SeatId, type Square } from "@fogwar/engine";
import { inRect, scenarioOf } from "./map";
import { allied, forceOf, forcesOf, initiativeOrder, isFree, unitsInPlay } from "./query";
import type { Ctx } from "./context";
import type { Rect, SecondaryMission } from "./data/schema";
import type { EmberErrorCode, EmberState, MechState } from "./types";

const S001 = "001_f556d9be58b12b7c.txt";

/** Whether a match's mission has a preparation step (seed 001 3.3). */
export function hasMissionPrep(state: EmberState): boolean {
  const mission = scenarioOf(state).mission;
  return Boolean(mission.secondaries?.length || mission.objectives);
}

/** The salt of a seat's secondary mission commitment, derived from the secret seed. */
export const secondarySalt = (state: EmberState, seat: SeatId): string => deriveSalt(state.secret.seed, `secondary:${seat}`);

/** The secondary missions of the match's mission (none when it has no preparation). */
export const secondariesOf = (state: EmberState): readonly SecondaryMission[] => scenarioOf(state).mission.secondaries ?? [];

/** Starts mission preparation (seed 001 3.3), or returns false when the mission has none. */
export function startMissionPrep(ctx: Ctx): boolean {
  const state = ctx.state;
  if (!hasMissionPrep(state)) return false;
  state.phase = "mission_prep";
  state.missionPrep = {
    secondaries: Object.fromEntries(state.seats.map((s) => [s, { commitment: null, choice: null }])),
    revealed: false,
    objectives: [],
  };
  advanceMissionPrep(ctx);
  return true;
}

/**
 * Asks the next preparation step of the seats in initiative order (seed 001 3.3 "선공을 가진
 * 플레이어부터 ... 차례로"): first every seat's secondary mission, then the objective markers one
 * at a time, going round. When all is done the secondaries are revealed and deployment begins.
 */
export function advanceMissionPrep(ctx: Ctx): void {
  const state = ctx.state;
  const prep = state.missionPrep;
  if (!prep) return;
  const order = initiativeOrder(state);
  const secondaries = secondariesOf(state);
  if (secondaries.length > 0) {
    const seat = order.find((s) => !prep.secondaries[s]?.commitment);
    if (seat) {
      state.turn = seat;
      state.pending = { seat, kind: "choose_secondary", rule: `${S001} 3.3`, options: { secondaries: secondaries.map((m) => m.id) } };
      return;
    }
  }
  const rules = scenarioOf(state).mission.objectives;
  if (rules && prep.objectives.length < rules.perSeat * order.length) {
    const seat = order[prep.objectives.length % order.length] as SeatId;
    const placed = prep.objectives.filter((o) => o.seat === seat).length;
    state.turn = seat;
    state.pending = { seat, kind: "place_objective", rule: `${S001} 3.3`, options: { remaining: rules.perSeat - placed } };
    return;
  }
  state.pending = null;
  if (secondaries.length > 0 && !prep.revealed) {
    prep.revealed = true;
    const choices: Record<SeatId, string> = {};
    const salts: Record<SeatId, string> = {};
    for (const seat of state.seats) {
      choices[seat] = prep.secondaries[seat]?.choice as string;
      salts[seat] = secondarySalt(state, seat);
    }
    ctx.emit({ type: "secondaries_revealed", choices, salts });
  }
  state.phase = "deployment";
  state.turn = state.firstPlayer;
}

/** Chooses the seat's secondary mission in secret (seed 001 3.3): the commitment is public, the choice its side's. */
export function chooseSecondary(ctx: Ctx, seat: SeatId, secondary: string): EmberErrorCode | null {
  const state = ctx.state;
  const pending = state.pending;
  if (state.phase !== "mission_prep" || !pending || pending.kind !== "choose_secondary" || pending.seat !== seat) return "no_decision_pending";
  if (!pending.options.secondaries.includes(secondary)) return "invalid_choice";
  const prep = state.missionPrep as NonNullable<EmberState["missionPrep"]>;
  const commitment = commit(secondary, secondarySalt(state, seat));
  prep.secondaries[seat] = { commitment, choice: secondary };
  state.pending = null;
  ctx.emitTo(seat, { type: "secondary_chosen", seat, commitment, secondary }, { type: "secondary_chosen", seat, commitment });
  advanceMissionPrep(ctx);
  return null;
}

/** Every deployment zone of the scenario (all sides, used or not). */
const deploymentZones = (state: EmberState): Rect[] =>
  Object.values(scenarioOf(state).deployment).filter((r): r is Rect => r !== undefined);

/**
 * Why an objective marker cannot go on `at`, or null (seed 001 3.3; project rules): on the board,
 * not on impassable terrain, outside every deployment zone, at least `minSpacing` squares from
 * every marker already placed.
 */
export function objectiveProblem(state: EmberState, at: Square): EmberErrorCode | null {
  const scenario = scenarioOf(state);
  const rules = scenario.mission.objectives;
  if (!rules) return "wrong_phase";
  if (!inBounds(scenario.board, at) || !isFree(state, at)) return "square_unavailable";
  if (deploymentZones(state).some((zone) => inRect(zone, at))) return "objective_too_close";
  const markers = state.missionPrep?.objectives ?? [];
  if (markers.some((m) => chebyshev(m.at, at) < rules.minSpacing)) return "objective_too_close";
  return null;
}

/** Places one objective marker (seed 001 3.3). */
export function placeObjective(ctx: Ctx, seat: SeatId, at: Square): EmberErrorCode | null {
  const state = ctx.state;
  const pending = state.pending;
  if (state.phase !== "mission_prep" || !pending || pending.kind !== "place_objective" || pending.seat !== seat) return "no_decision_pending";
  const problem = objectiveProblem(state, at);
  if (problem) return problem;
  const prep = state.missionPrep as NonNullable<EmberState["missionPrep"]>;
  const objective = `obj-${prep.objectives.length + 1}`;
  prep.objectives.push({ id: objective, seat, at: { x: at.x, y: at.y } });
  state.pending = null;
  ctx.emit({ type: "objective_placed", seat, objective, at: { x: at.x, y: at.y } });
  advanceMissionPrep(ctx);
  return null;
}

/** The squares a seat may place its marker on now (for legal commands). */
export function objectiveSquares(state: EmberState): Square[] {
  const { width, height } = scenarioOf(state).board;
  const out: Square[] = [];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (objectiveProblem(state, { x, y }) === null) out.push({ x, y });
  return out;
}

/** What a force scores at an end phase beyond the tactical zones. */
export interface MissionExtras {
  vp: number;
  /** Objective markers the force controls. */
  objectives: string[];
  /** Revealed secondary missions of its seats whose condition holds. */
  secondaries: string[];
}

/**
 * End-phase scoring of objective markers and secondary missions (project sample mission rules,
 * docs/rules/ember.md): a force with more mechs within 1 square of a marker than every other
 * force scores the marker's value; each seat's revealed secondary scores its value for the seat's
 * force when its condition holds (`SecondaryKind`). Empty for missions without preparation.
 */
export function scoreMissionExtras(state: EmberState): Map<string, MissionExtras> {
  const out = new Map<string, MissionExtras>();
  const prep = state.missionPrep;
  if (!prep) return out;
  for (const force of forcesOf(state)) out.set(force, { vp: 0, objectives: [], secondaries: [] });
  const mission = scenarioOf(state).mission;
  const mechs = unitsInPlay(state).filter((u): u is MechState => u.kind === "mech" && u.at !== null);
  for (const marker of prep.objectives) {
    const near: Record<string, number> = {};
    for (const mech of mechs) {
      if (chebyshev(mech.at as Square, marker.at) <= 1) near[forceOf(state, mech.owner)] = (near[forceOf(state, mech.owner)] ?? 0) + 1;
    }
    for (const [force, n] of Object.entries(near)) {
      if (Object.entries(near).every(([f, m]) => f === force || m < n)) {
        const entry = out.get(force) as MissionExtras;
        entry.vp += mission.objectives?.vp ?? 0;
        entry.objectives.push(marker.id);
      }
    }
  }
  if (prep.revealed) {
    for (const seat of state.seats) {
      const secondary = secondariesOf(state).find((m) => m.id === prep.secondaries[seat]?.choice);
      if (!secondary || !secondaryHolds(state, seat, secondary)) continue;
      const entry = out.get(forceOf(state, seat)) as MissionExtras;
      entry.vp += secondary.vp;
      entry.secondaries.push(secondary.id);
    }
  }
  return out;
}

/** Whether a seat's secondary mission's condition holds now (`SecondaryKind`). */
export function secondaryHolds(state: EmberState, seat: SeatId, secondary: SecondaryMission): boolean {
  const mine = unitsInPlay(state).filter((u): u is MechState => u.kind === "mech" && u.owner === seat && u.at !== null);
  const scenario = scenarioOf(state);
  switch (secondary.kind) {
    case "deep_strike": {
      const enemyZones = state.seats
        .filter((s) => !allied(state, s, seat))
        .map((s) => state.sides?.[s])
        .filter((side): side is NonNullable<typeof side> => side !== undefined)
        .map((side) => scenario.deployment[side])
        .filter((r): r is Rect => r !== undefined);
      return mine.some((m) => enemyZones.some((zone) => inRect(zone, m.at as Square)));
    }
    case "beacon": {
      const markers = (state.missionPrep?.objectives ?? []).filter((o) => o.seat === seat);
      return mine.some((m) => markers.some((o) => chebyshev(o.at, m.at as Square) <= 1));
    }
    case "unbroken":
      return mine.length > 0 && state.units.every((u) => u.owner !== seat || u.kind !== "mech" || !u.destroyed);
  }
}
