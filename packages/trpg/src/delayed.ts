/**
 * The round-end step (docs/rules/trpg.md "Presence"; seed 002 3-2 delaying): a seat ends the
 * round with one `end_round` command that holds the turns of its characters that waited unseen
 * this round. Each delayed turn starts, plays its commands in order and ends inside that one
 * command, so the other side receives the same single step whether anything waited or not.
 *
 * The first command was checked with the command (a refusal then changes nothing). A later one
 * that has become impossible (what an earlier one revealed changed the board) stops the delayed
 * turns there: what was played stays, and the seat's side is told where it stopped. A decision
 * another seat must answer also ends the delayed turn; the seat then ends the round again.
 */
import { seatOf, standing } from "./board";
import { checkAction } from "./check";
import type { Ctx } from "./context";
import { executeAction } from "./actions";
import { finishRound, settle, startTurn } from "./flow";
import type { SeatId } from "@fogwar/engine";
import type { TrpgCommand } from "./types";

/** Carries out a seat's `end_round` (already checked). */
export function endRound(ctx: Ctx, seat: SeatId, cmd: TrpgCommand & { type: "end_round" }): void {
  const s = ctx.s;
  let stopped = false;
  for (const dt of cmd.turns ?? []) {
    const c = s.characters[dt.actor]!;
    if (stopped || !s.deferred.includes(c.id) || !standing(c) || seatOf(s, c.id) !== seat) break;
    s.deferred = s.deferred.filter((id) => id !== c.id);
    startTurn(ctx, c.id, true);
    for (const [index, command] of dt.commands.entries()) {
      if (s.turn?.actor !== c.id || s.turn.ending) break;
      if (command.type === "end_turn") break;
      const problem = command.type === "delay" ? "not_now" : checkAction(s, c, s.turn, command);
      if (problem) {
        ctx.emitTo(c.side, { type: "delayed_stopped", actor: c.id, index, code: problem });
        stopped = true;
        break;
      }
      executeAction(ctx, c, command);
      settle(ctx);
      if (s.pending !== null || s.phase === "over") break;
    }
    if (s.turn?.actor === c.id) s.turn.ending = true;
    settle(ctx);
    if (s.pending !== null || s.phase === "over") return;
  }
  if (s.phase !== "round_end") return;
  s.roundEnd = s.roundEnd.filter((x) => x !== seat);
  ctx.emit({ type: "round_step", seat });
  if (s.roundEnd.length === 0) {
    finishRound(ctx);
    settle(ctx);
  }
}
