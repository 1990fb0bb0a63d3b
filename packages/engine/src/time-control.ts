/**
 * Changing a match's time control while it is played (docs/design.md "Correspondence play"): the
 * match's referee (the server) enters `{ referee: "time_control", spec }` in the log once every
 * seat has agreed (the agreement itself is the server's to gather, like a claim's absence); from
 * that entry on the clocks run under `spec` (./clock.ts `switchClocks`), so a replay of the log
 * gives the same clocks. The entry changes nothing in the rules' state; its public event says
 * what the clocks became.
 */
import { isClockSpec, type ClockSpec } from "./clock";
import { ruleError, type RuleError } from "./ruleset";
import { publicEvent, type EventEnvelope, type SeatId } from "./visibility";

/** The referee entry that changes the time control; the entry's `seat`: the seat whose agreement completed it. */
export interface TimeControlCommand {
  readonly referee: "time_control";
  readonly spec: ClockSpec;
}

/** The public event of a time control change: who completed the agreement, and the new spec. */
export interface TimeControlEvent {
  readonly type: "time_control";
  readonly by: SeatId;
  readonly spec: ClockSpec;
}

/** Where the rule is written down. */
export const TIME_CONTROL_RULE = "docs/design.md Correspondence play";

/** Whether a logged command is a {@link TimeControlCommand}. */
export function isTimeControlCommand(command: unknown): command is TimeControlCommand {
  if (typeof command !== "object" || command === null) return false;
  const c = command as Record<string, unknown>;
  return c.referee === "time_control" && isClockSpec(c.spec);
}

/**
 * Checks a time control entry from `seat` among `seats` (the match's seats): the seat must be
 * one of them and the spec well formed (checked by {@link isTimeControlCommand} already).
 * @returns the entry's events, or the error `time_control_refused`.
 */
export function timeControlEvents(command: TimeControlCommand, seat: SeatId, seats: readonly SeatId[]): { ok: true; events: EventEnvelope<unknown>[] } | { ok: false; error: RuleError<string> } {
  if (seats.length > 0 && !seats.includes(seat)) return { ok: false, error: ruleError("time_control_refused", "Only a seat of the match changes its time control.", TIME_CONTROL_RULE) };
  return { ok: true, events: [publicEvent<TimeControlEvent>({ type: "time_control", by: seat, spec: command.spec })] };
}
