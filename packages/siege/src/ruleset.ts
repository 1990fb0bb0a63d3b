/**
 * 6: Siege - The Board Game (seed `004_cb264102299fbb71.txt`) as the engine's {@link Ruleset}.
 */
import type { ApplyResult, Ruleset, SeatId } from "@fogwar/engine";
import { parseCommand } from "./command-schema";
import { Ctx } from "./context";
import { siegeError } from "./errors";
import { awaiting, legalCommands, legalCommandsInView } from "./legal";
import { teamOfSeat } from "./query";
import { advance, check, execute, RULES_VERSION, setupMatch } from "./rules";
import type { SiegeCommand, SiegeErrorCode, SiegeEvent, SiegeSetup, SiegeState } from "./types";
import { redact, sharedViewFor, viewFor, type SiegeView } from "./view";

/**
 * Applies a command from a seat. Never throws on bad input: a malformed or illegal command gets an
 * error (with its rule) and the state is left as it was.
 */
export function apply(state: SiegeState, raw: SiegeCommand, seat: SeatId): ApplyResult<SiegeState, SiegeEvent, SiegeErrorCode> {
  const command = parseCommand(raw);
  if (!command) return { ok: false, error: siegeError("malformed_command") };
  const problem = check(state, seat, command);
  if (problem) return { ok: false, error: siegeError(problem) };
  const ctx = new Ctx(state);
  execute(ctx, seat, command);
  advance(ctx);
  const { state: next, events } = ctx.finish();
  return { ok: true, state: next, events };
}

/** The Siege ruleset. Seats are grouped in two teams, `attack` and `defence`; teammates share control and knowledge. */
export const siege: Ruleset<SiegeSetup, SiegeState, SiegeCommand, SiegeEvent, SiegeView, SiegeErrorCode> = {
  id: "siege",
  rulesVersion: RULES_VERSION,
  seatsOf: (setup) => [...setup.teams.attack, ...setup.teams.defence],
  teamOf: (state, seat) => teamOfSeat(state, seat),
  setup: (setup, seed) => setupMatch(setup, seed),
  awaiting,
  pending: (state) => (state.pending ? { seat: state.teams[state.pending.team][0]!, kind: state.pending.kind, rule: "004_cb264102299fbb71.txt 반응 액션", options: state.pending } : null),
  legalCommands,
  legalCommandsInView,
  apply,
  viewFor,
  sharedViewFor,
  redact,
  result: (state) => state.result,
};
