/**
 * The tactical TRPG (seed `002_867c0cd57d46adf1.txt`, chapter 3) as the engine's {@link Ruleset}.
 */
import type { ApplyResult, Ruleset, SeatId } from "@fogwar/engine";
import { executeAction } from "./actions";
import { other, sideOfSeat } from "./board";
import { check } from "./check";
import { parseCommand } from "./command-schema";
import { Ctx } from "./context";
import { endRound } from "./delayed";
import { trpgError } from "./errors";
import { finishMatch, settle } from "./flow";
import { gameMasterCheck } from "./gm";
import { awaiting, legalCommands, legalCommandsInView } from "./legal";
import { setupMatch } from "./setup";
import { RULES_VERSION } from "./version";
import type { ActionCommand, TrpgCommand, TrpgErrorCode, TrpgEvent, TrpgSetup, TrpgState } from "./types";
import { redact, sharedViewFor, viewFor, type TrpgView } from "./view";

/** Answers the open decision: the task that asked gets the answer, and the rules go on. */
function decide(ctx: Ctx, choice: string): void {
  const s = ctx.s;
  const pending = s.pending!;
  s.pending = null;
  ctx.emit({ type: "decided", kind: pending.kind, choice });
  const task = s.tasks[0];
  if (task?.kind === "attack" && pending.kind === "cover_strength") task.coverBonus = Number(choice);
  else if (task && task.kind !== "respot") task.answer = choice;
  settle(ctx);
}

/**
 * Applies a command from a seat. Never throws on bad input: a malformed or illegal command gets an
 * error (with its rule) and the state is left as it was.
 */
export function apply(state: TrpgState, raw: TrpgCommand, seat: SeatId): ApplyResult<TrpgState, TrpgEvent, TrpgErrorCode> {
  const command = parseCommand(raw);
  if (!command) return { ok: false, error: trpgError("malformed_command") };
  const problem = check(state, seat, command);
  if (problem) return { ok: false, error: trpgError(problem) };
  const ctx = new Ctx(state);
  const s = ctx.s;
  switch (command.type) {
    case "concede": {
      // Project decision (docs/rules/trpg.md): a seat concedes for its whole side.
      const side = sideOfSeat(s, seat)!;
      ctx.emit({ type: "conceded", seat });
      finishMatch(ctx, other(side), `${other(side)}: conceded`);
      break;
    }
    case "decide":
      decide(ctx, command.choice);
      break;
    case "call_check":
    case "resist":
      gameMasterCheck(ctx, command);
      break;
    case "end_round":
      endRound(ctx, seat, command);
      break;
    default:
      executeAction(ctx, s.characters[s.turn!.actor]!, command as ActionCommand);
      settle(ctx);
  }
  return { ok: true, ...ctx.finish() };
}

/** The commands a run-out clock would take (the TRPG has no clock; kept for the contract): end the turn or the round, or the first legal one. */
export function onTimeout(state: TrpgState, seat: SeatId): TrpgCommand | null {
  const legal = legalCommands(state, seat);
  return legal.find((c) => c.type === "end_turn") ?? legal.find((c) => c.type === "end_round" && !c.turns) ?? legal[0] ?? null;
}

/** The TRPG ruleset. Seats: party seats `p1`..`p4` (team `party`) and the enemies' seat (`gm` or `e1`, team `enemies`). */
export const trpg: Ruleset<TrpgSetup, TrpgState, TrpgCommand, TrpgEvent, TrpgView, TrpgErrorCode> = {
  id: "trpg",
  rulesVersion: RULES_VERSION,
  seatsOf: (setup) => [...setup.seats.party, ...setup.seats.enemies],
  teamOf: (state, seat) => sideOfSeat(state, seat) ?? undefined,
  setup: (setup, seed) => setupMatch(setup, seed),
  awaiting,
  pending: (state) => (state.pending ? { seat: state.pending.seat, kind: state.pending.kind, rule: "002_867c0cd57d46adf1.txt 3-1, 3-4, 3-6", options: state.pending.options } : null),
  legalCommands,
  legalCommandsInView,
  apply,
  viewFor,
  sharedViewFor,
  redact,
  result: (state) => state.result,
  onTimeout,
};
