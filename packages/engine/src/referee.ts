/**
 * Log entries the rules do not make: a clock that ran out, a claim against an absent seat, and a
 * concession in a ruleset that has no concession of its own.
 * They travel through the same log as commands (design.md principle 7) so a replay gives the same
 * result; this module checks them and says what they do:
 * - a timeout stands only when the engine's clock says the deadline has passed at the entry's
 *   stamped time (./clock.ts). A ruleset with `onTimeout` turns it into one of its own commands
 *   (Siege: a pass or a decision's default answer); otherwise the flagged seat loses on time.
 * - a claim stands only while the absent seat is one the ruleset waits for (its turn or its
 *   decision) and the claimant is on another side; the room checks the absence itself (how long
 *   the seat has been disconnected is not in the log). It ends the match: a win for the
 *   claimant's side, or a draw.
 * - a concession stands from any seat of the match at any time before the end: the seat's side
 *   loses (`lossFor`, reason `conceded`). A server whose hosting of a ruleset names the ruleset's
 *   own concession command enters that command instead (docs/design.md "Clocks and abandonment");
 *   this entry is for rulesets without one.
 * Results imposed this way come from the log, never from the ruleset's state. One more entry, a
 * change of time control once every seat agreed, is checked in ./time-control.ts.
 */
import { checkTimeout, type Clocks } from "./clock";
import { ruleError, type MatchResult, type RuleError, type Ruleset } from "./ruleset";
import { publicEvent, type EventEnvelope, type SeatId } from "./visibility";
import { isTimeControlCommand, timeControlEvents, type TimeControlCommand } from "./time-control";

/** A command the match's referee (the server) enters in the log; `seat` of its entry: the flagged seat, or the claimant. */
export type RefereeCommand =
  | { readonly referee: "timeout"; readonly clock: string }
  | { readonly referee: "claim"; readonly outcome: "win" | "draw"; readonly absent: SeatId }
  | { readonly referee: "concede" }
  | TimeControlCommand;

/** The public events of referee entries (audience: everyone). `result`: the imposed result, null when the ruleset's own command answered the timeout. */
export type RefereeEvent =
  | { readonly type: "time_out"; readonly clock: string; readonly seat: SeatId; readonly result: MatchResult | null }
  | { readonly type: "claimed"; readonly by: SeatId; readonly absent: SeatId; readonly outcome: "win" | "draw"; readonly result: MatchResult }
  | { readonly type: "concession"; readonly seat: SeatId; readonly result: MatchResult };

/** Error codes of refused referee entries. */
export type RefereeErrorCode = "timeout_refused" | "claim_refused" | "concede_refused" | "match_over" | "time_control_refused";

/** Where the referee's rules are written down. */
export const REFEREE_RULE = "docs/design.md Clocks and abandonment";

/** Whether a logged command is a {@link RefereeCommand} (rulesets' commands never carry a `referee` key). */
export function isRefereeCommand(command: unknown): command is RefereeCommand {
  if (typeof command !== "object" || command === null || !("referee" in command)) return false;
  const c = command as Record<string, unknown>;
  if (c.referee === "time_control") return isTimeControlCommand(command);
  if (c.referee === "timeout") return typeof c.clock === "string";
  if (c.referee === "concede") return true;
  return c.referee === "claim" && (c.outcome === "win" || c.outcome === "draw") && typeof c.absent === "string";
}

// The engine treats every ruleset through its contract here; the type parameters are erased.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRuleset = Ruleset<any, any, any, any, any>;

/** What a match needs to judge referee entries: its seats, and its clocks just before the entry (null: no clock). */
export interface RefereeContext {
  readonly seats: readonly SeatId[];
  readonly clocks: Clocks | null;
  /** The entry's stamped accept time, ms. */
  readonly at: number;
}

/** The outcome of a referee entry: the new state, its events and the result it imposes (null: none). */
export type RefereeOutcome<State> =
  | { readonly ok: true; readonly state: State; readonly events: readonly EventEnvelope<unknown>[]; readonly imposed: MatchResult | null; readonly renew: readonly string[] }
  | { readonly ok: false; readonly error: RuleError<string> };

/** The seats the ruleset waits for: `awaiting` plus the pending decision's seat. */
export function awaitedSeats(ruleset: AnyRuleset, state: unknown): SeatId[] {
  const out = [...ruleset.awaiting(state)];
  const pending = ruleset.pending(state);
  if (pending && !out.includes(pending.seat)) out.push(pending.seat);
  return out;
}

/** A seat's side: its team when the ruleset has teams, else the seat itself. */
const sideOf = (ruleset: AnyRuleset, state: unknown, seat: SeatId): string => ruleset.teamOf?.(state, seat) ?? `seat:${seat}`;

/**
 * The result when the side of `loser` loses and the others go on: when exactly one other side is
 * left it wins (`winners`: its seats, for a team of two or more); with several sides left, no one
 * wins (a draw among them). Scores are 0.
 */
export function lossFor(ruleset: AnyRuleset, state: unknown, seats: readonly SeatId[], loser: SeatId, reason: string): MatchResult {
  const losing = sideOf(ruleset, state, loser);
  const others = seats.filter((s) => sideOf(ruleset, state, s) !== losing);
  const sides = new Set(others.map((s) => sideOf(ruleset, state, s)));
  const scores = Object.fromEntries(seats.map((s) => [s, 0]));
  if (sides.size !== 1) return { winner: null, reason, scores };
  return { winner: others[0] ?? null, ...(others.length > 1 ? { winners: others } : {}), reason, scores };
}

/** The result of a claim: the claimant's side wins (reason `abandoned`), or a draw (`abandoned_draw`). */
export function claimResult(ruleset: AnyRuleset, state: unknown, seats: readonly SeatId[], by: SeatId, outcome: "win" | "draw"): MatchResult {
  const scores = Object.fromEntries(seats.map((s) => [s, 0]));
  if (outcome === "draw") return { winner: null, reason: "abandoned_draw", scores };
  const side = sideOf(ruleset, state, by);
  const winners = seats.filter((s) => sideOf(ruleset, state, s) === side);
  return { winner: by, ...(winners.length > 1 ? { winners } : {}), reason: "abandoned", scores };
}

/**
 * Checks and applies a referee entry from `seat` (see the module comment). Never throws on bad
 * input: a refused entry returns an error and changes nothing. `renew`: bank clocks whose
 * activation was ended by the timeout (they get the next activation's own time).
 */
export function applyReferee<State>(ruleset: AnyRuleset, state: State, command: RefereeCommand, seat: SeatId, context: RefereeContext): RefereeOutcome<State> {
  if (ruleset.result(state)) return { ok: false, error: ruleError("match_over", "The match is over.", REFEREE_RULE) };
  if (command.referee === "time_control") {
    const checked = timeControlEvents(command, seat, context.seats);
    return checked.ok ? { ok: true, state, events: checked.events, imposed: null, renew: [] } : checked;
  }
  const awaited = awaitedSeats(ruleset, state);
  if (command.referee === "timeout") {
    const clocks = context.clocks;
    const refused = clocks ? checkTimeout(clocks, command.clock, context.at) : "clock_not_running";
    if (refused || clocks?.setup.owners[seat] !== command.clock || !awaited.includes(seat)) {
      const message = refused === "time_left" ? "That clock still has time left." : "That clock is not running.";
      return { ok: false, error: ruleError("timeout_refused", message, REFEREE_RULE) };
    }
    const answer = ruleset.onTimeout?.(state, seat);
    if (answer !== undefined && answer !== null) {
      const applied = ruleset.apply(state, answer, seat);
      if (!applied.ok) return { ok: false, error: applied.error };
      const event = publicEvent<RefereeEvent>({ type: "time_out", clock: command.clock, seat, result: null });
      return { ok: true, state: applied.state as State, events: [event, ...applied.events], imposed: null, renew: [command.clock] };
    }
    const result = lossFor(ruleset, state, context.seats, seat, "time");
    return { ok: true, state, events: [publicEvent<RefereeEvent>({ type: "time_out", clock: command.clock, seat, result })], imposed: result, renew: [] };
  }
  if (command.referee === "concede") {
    if (!context.seats.includes(seat)) return { ok: false, error: ruleError("concede_refused", "Only a player of the match may concede.", REFEREE_RULE) };
    const result = lossFor(ruleset, state, context.seats, seat, "conceded");
    return { ok: true, state, events: [publicEvent<RefereeEvent>({ type: "concession", seat, result })], imposed: result, renew: [] };
  }
  const refuse = (message: string): RefereeOutcome<State> => ({ ok: false, error: ruleError("claim_refused", message, REFEREE_RULE) });
  if (!context.seats.includes(seat) || !context.seats.includes(command.absent)) return refuse("Only a player may claim, against a seat of the match.");
  if (sideOf(ruleset, state, seat) === sideOf(ruleset, state, command.absent)) return refuse("A claim is made against another side.");
  if (!awaited.includes(command.absent)) return refuse("A claim is allowed only while it is the absent seat's turn or decision.");
  const result = claimResult(ruleset, state, context.seats, seat, command.outcome);
  return { ok: true, state, events: [publicEvent<RefereeEvent>({ type: "claimed", by: seat, absent: command.absent, outcome: command.outcome, result })], imposed: result, renew: [] };
}

/**
 * Replays a logged command without judging its time or absence again (a review rebuilding a
 * stored log the server already checked; a caster feed trailing the live match): a ruleset command
 * is applied; a referee entry gives the events the server logged for it (`seats`: the match's
 * seats, for the result it imposes) and, for a timeout the ruleset answers, applies the answer.
 * A referee entry leaves the state as it is otherwise (its result is in its event).
 */
export function replayCommand<State>(ruleset: AnyRuleset, state: State, command: unknown, seat: SeatId, seats: readonly SeatId[] = []): ReturnType<AnyRuleset["apply"]> {
  if (!isRefereeCommand(command)) return ruleset.apply(state, command, seat);
  if (command.referee === "time_control") {
    const checked = timeControlEvents(command, seat, seats);
    return checked.ok ? { ok: true, state, events: checked.events } : checked;
  }
  if (command.referee === "claim") {
    const result = claimResult(ruleset, state, seats, seat, command.outcome);
    return { ok: true, state, events: [publicEvent<RefereeEvent>({ type: "claimed", by: seat, absent: command.absent, outcome: command.outcome, result })] };
  }
  if (command.referee === "concede") {
    return { ok: true, state, events: [publicEvent<RefereeEvent>({ type: "concession", seat, result: lossFor(ruleset, state, seats, seat, "conceded") })] };
  }
  const answer = ruleset.onTimeout?.(state, seat);
  if (answer === undefined || answer === null) {
    const result = lossFor(ruleset, state, seats, seat, "time");
    return { ok: true, state, events: [publicEvent<RefereeEvent>({ type: "time_out", clock: command.clock, seat, result })] };
  }
  const applied = ruleset.apply(state, answer, seat);
  if (!applied.ok) return applied;
  return { ...applied, events: [publicEvent<RefereeEvent>({ type: "time_out", clock: command.clock, seat, result: null }), ...applied.events] };
}
