/**
 * The secret muster (project core rule C2, design.md principle 8): each seat locks its army list as
 * a commitment, may unlock it to change it while the other has not locked, and once both are
 * locked the lists are revealed (without the units in reserve: seed 003 24.1) and deployment begins.
 * A seat unlocks only before its engine's `MAX_LOCKS`-th lock (`too_many_locks` after), so undoing
 * and redoing a list cannot grow the log without bound.
 */
import { allLocked, lockList, unlockList, type SeatId } from "@fogwar/engine";
import { armyProblems } from "./army";
import { reveal } from "./flow";
import type { Ctx } from "./context";
import type { SigmarCommand, SigmarErrorCode } from "./types";

export function applyMuster(ctx: Ctx, seat: SeatId, command: Extract<SigmarCommand, { type: "lock_army" | "unlock_army" }>): SigmarErrorCode | null {
  const s = ctx.state;
  if (s.phase !== "muster" || s.muster.revealed) return "wrong_phase";
  if (command.type === "unlock_army") {
    const problem = unlockList(s.muster, seat);
    if (problem) return problem === "list_not_locked" ? "army_not_locked" : problem === "too_many_locks" ? "too_many_locks" : "wrong_phase";
    ctx.emit({ type: "army_unlocked", seat });
    return null;
  }
  if (s.muster.seats[seat]?.commitment) return "army_locked";
  if (armyProblems(command.army).length > 0) return "invalid_army";
  const locked = lockList(s.muster, s.secret.seed, seat, command.army);
  if ("problem" in locked) return locked.problem === "list_locked" ? "army_locked" : "wrong_phase";
  ctx.emitTo(seat, { type: "army_locked", seat, commitment: locked.commitment, army: command.army }, { type: "army_locked", seat, commitment: locked.commitment });
  if (allLocked(s.muster)) reveal(ctx);
  return null;
}
