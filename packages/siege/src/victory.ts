/**
 * Seed 004 "라운드 종료 및 유지 페이즈": the victory check at the end of a round (the sample
 * mission), the end of a match, and the project's elimination rule (a team with no living operator
 * loses at once).
 */
import type { SeatId } from "@fogwar/engine";
import { catalog, type Team } from "./data";
import type { Ctx } from "./context";
import { reveal } from "./reveal";
import { inRoom, living, roomOf, tokensOf } from "./query";

/** Seed 004 "라운드 종료 및 유지 페이즈": the match ends; the seed and every real token are revealed. */
export function finishMatch(ctx: Ctx, winner: Team, reason: string): void {
  const s = ctx.s;
  const scores: Record<SeatId, number> = {};
  for (const seat of s.seats) scores[seat] = s.teams[winner].includes(seat) ? 1 : 0;
  s.result = { winner: s.teams[winner][0]!, winners: [...s.teams[winner]], reason: `${winner}: ${reason}`, scores };
  s.phase = "finished";
  s.pending = null;
  s.activation = null;
  ctx.emit({ type: "match_ended", result: s.result, seed: s.server.seed, real: { ...s.hidden.real } });
}

/** A team with no living operator loses at once (project decision: the seed checks victory at round end only). */
export function eliminationCheck(ctx: Ctx): void {
  const s = ctx.s;
  if (s.result || s.phase !== "action") return;
  if (living(s, "attack").length === 0) finishMatch(ctx, "defence", "every attacker is dead");
  else if (living(s, "defence").length === 0) finishMatch(ctx, "attack", "every defender is dead");
}

/**
 * Seed 004 "라운드 종료 및 유지 페이즈": the victory check of the mission (project sample mission
 * `secure_room`): the attack wins when an attacker is in the objective room and no defender is;
 * hidden operators with a token there are revealed first (so the check uses public facts only).
 * After the last round the defence wins, unless the room is contested and the mission has
 * overtime (one more round).
 */
export function victoryCheck(ctx: Ctx): boolean {
  const s = ctx.s;
  const mission = catalog.missions.get(s.mission)!;
  const room = mission.objectiveRoom;
  const attackers = inRoom(s, "attack", room);
  if (attackers.length > 0) {
    for (const op of Object.values(s.operators)) {
      if (op.hidden && tokensOf(s, op.id).some((t) => roomOf(s, t.at) === room)) reveal(ctx, op.id, "objective_check");
    }
  }
  const defenders = inRoom(s, "defence", room);
  if (attackers.length > 0 && defenders.length === 0) {
    finishMatch(ctx, "attack", `${room} secured`);
    return true;
  }
  const last = mission.rounds + (mission.overtime ? 1 : 0);
  if (s.round >= last || (s.round === mission.rounds && !(mission.overtime && attackers.length > 0))) {
    finishMatch(ctx, "defence", `${room} held`);
    return true;
  }
  return false;
}
