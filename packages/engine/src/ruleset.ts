/**
 * The contract every ruleset implements (design.md principle 2): pure functions over plain-data
 * state, errors as values, visibility decided in one place.
 */
import type { RuleRef } from "./rule-ref";
import type { CommandTemplate } from "./template";
import type { EventEnvelope, SeatId, TeamId, Viewer } from "./visibility";

export type { RuleRef } from "./rule-ref";

/**
 * A rejected command. `code` is from the ruleset's closed union of codes; `message` is a sentence
 * for the player; `rule` names the seed section that forbids the command. Messages must never
 * carry hidden information (design.md, "error messages").
 */
export interface RuleError<Code extends string = string> {
  readonly code: Code;
  readonly message: string;
  readonly rule: RuleRef;
}

/** Error codes every ruleset shares. */
export type CommonErrorCode =
  | "malformed_command"
  | "unknown_command"
  | "not_a_player"
  | "not_your_turn"
  | "decision_pending"
  | "match_over";

/** The outcome of `apply`: the new state and the events it produced, or an error and no change. */
export type ApplyResult<State, Event, Code extends string = string> =
  | { readonly ok: true; readonly state: State; readonly events: readonly EventEnvelope<Event>[] }
  | { readonly ok: false; readonly error: RuleError<Code> };

/**
 * A question a rule asks one seat before the game can go on, for example the defender's link
 * reroll (seed 000 1.2.1) or the attacker's hit-part choice. While one is open, only `seat` may
 * act, and only with commands that answer it.
 * - `kind`: the ruleset's name for the question;
 * - `rule`: where the rule that asks it stands;
 * - `options`: the ruleset's description of the legal answers (also listed by `legalCommands`).
 */
export interface PendingDecision<Kind extends string = string, Options = unknown> {
  readonly seat: SeatId;
  readonly kind: Kind;
  readonly rule: RuleRef;
  readonly options: Options;
}

/** How a match ended: the winning seat (or `null` for a draw), why, and per-seat scores. */
export interface MatchResult {
  readonly winner: SeatId | null;
  /**
   * Team games: every seat of the winning team (`winner` is its first seat). Absent when one seat
   * wins alone or in a draw.
   */
  readonly winners?: readonly SeatId[];
  readonly reason: string;
  readonly scores: Readonly<Record<SeatId, number>>;
}

/**
 * A ruleset: the rules of one game as pure functions.
 * - `State` is plain JSON data (no classes, no functions), so it can be hashed, cloned and stored;
 * - `Command` is what a seat sends; `Event` what the rules report;
 * - `View` is a viewer's projection of the state.
 */
export interface Ruleset<Setup, State, Command, Event, View, Code extends string = string> {
  /** Stable id, e.g. `ember`. */
  readonly id: string;
  /** Bumped whenever a rule change could change a replay; stored with each match. */
  readonly rulesVersion: string;
  /** The seats of a match made from `setup`, in seating order. */
  seatsOf(setup: Setup): readonly SeatId[];
  /** The team of a seat, for games with teams. */
  teamOf?(state: State, seat: SeatId): TeamId | undefined;
  /**
   * Builds the initial state. `seed` is the secret dice seed; the state keeps it hidden until the
   * match ends. Setup may itself roll dice (first player) and produce events.
   * @throws Error only on a setup the ruleset's own validation should have rejected.
   */
  setup(setup: Setup, seed: string): { state: State; events: readonly EventEnvelope<Event>[] };
  /** Seats whose command the match is waiting for (several during simultaneous secret choices). */
  awaiting(state: State): readonly SeatId[];
  /** The open decision, if a rule is waiting for one seat's answer. */
  pending(state: State): PendingDecision | null;
  /** Every command `seat` may send now. Commands not listed are rejected by `apply`. */
  legalCommands(state: State, seat: SeatId): Command[];
  /**
   * Every command `seat` may send, computed from that seat's own projection `viewFor(state,
   * seat)` alone, so a client (a browser, a bot) can list its choices without the server. Must
   * equal `legalCommands(state, seat)` (checked by the ruleset's playout tests). Optional.
   */
  legalCommandsInView?(view: View, seat: SeatId): Command[];
  /**
   * Continuous choices `seat` may make now, each a {@link CommandTemplate}: a command whose free
   * fields (points on a battlefield measured in fine units) take any value `apply` accepts within
   * the template's bounds. `legalCommands` cannot list every position; a command is legal when it
   * is listed, or when it fills a template and `apply` accepts it. Optional: rulesets on squares
   * have none. See ./template.ts.
   */
  templates?(state: State, seat: SeatId): CommandTemplate<Command>[];
  /** The same templates computed from the seat's own projection (like `legalCommandsInView`). Optional. */
  templatesInView?(view: View, seat: SeatId): CommandTemplate<Command>[];
  /** Applies a command from `seat`. Never throws on bad input: returns an error and no change. */
  apply(state: State, command: Command, seat: SeatId): ApplyResult<State, Event, Code>;
  /** The single definition of what `viewer` may know of `state`. */
  viewFor(state: State, viewer: Viewer): View;
  /**
   * The same projection as `viewFor(state, viewer)` (the same JSON), built without copying:
   * parts the viewer sees as they are in `state` are `state`'s own objects, so two viewers'
   * projections of one state share every part neither redacts, and a server can compare them by
   * identity. Read-only: neither the result nor `state` may be mutated while the result is held.
   * Optional; without it callers use `viewFor`.
   */
  sharedViewFor?(state: State, viewer: Viewer): View;
  /** What `viewer` sees of an event envelope (`null`: nothing). */
  redact(envelope: EventEnvelope<Event>, viewer: Viewer): Event | null;
  /** The result, once the match is over. */
  result(state: State): MatchResult | null;
  /**
   * What happens when `seat`'s clock runs out (./clock.ts, ./referee.ts), as one of the
   * ruleset's own commands from `seat` that `apply` accepts (a pass, a decision's default
   * answer), or null. Optional: without it (or with null) the flagged seat loses on time, a
   * result the log records outside the rules.
   */
  onTimeout?(state: State, seat: SeatId): Command | null;
  /**
   * For bank clocks (./clock.ts `ClockPoint.turn`): a key that changes whenever a new activation
   * begins, each of which gets the clock's allowance per activation before the bank is touched.
   * It must be computed from public facts only (a clock's running allowance is public). Optional:
   * without it the host decides (one key for the whole match if it does not).
   */
  clockTurn?(state: State): string;
  /**
   * Secret drafts (design.md principle 8, ./muster.ts): lists a seat locks as commitments and may
   * unlock to change before every list is revealed. A draft never revealed (unlocked, or locked
   * when the match ended during the muster) stays its player's secret for ever, so the history of
   * an ended match (./history.ts) shows the muster only as the spectator saw it and starts its
   * replay after the reveal. `locks(command)`: whether the command locks a draft;
   * `revealed(state)`: whether every draft of `state` has been revealed (the muster is over).
   * Optional: a ruleset without drafts shows everything once over.
   */
  readonly drafts?: {
    locks(command: Command): boolean;
    revealed(state: State): boolean;
  };
}

/** Builds a {@link RuleError}. */
export const ruleError = <Code extends string>(code: Code, message: string, rule: RuleRef): RuleError<Code> => ({
  code,
  message,
  rule,
});
