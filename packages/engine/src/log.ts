/**
 * Matches as event-sourced logs (design.md principle 7): a match is its setup plus the ordered
 * commands the engine accepted, each with the seat that sent it and the events it produced.
 * `replay` rebuilds the state from the log and checks every step.
 */
import { canonicalJson, stateHash } from "./hash";
import { replayCommand } from "./referee";
import type { Ruleset } from "./ruleset";
import type { EventEnvelope, SeatId } from "./visibility";

/** One accepted command: its 1-based sequence number, the sender, and what it produced. */
export interface LogEntry<Command, Event> {
  readonly seq: number;
  readonly seat: SeatId;
  readonly command: Command;
  readonly events: readonly EventEnvelope<Event>[];
}

/** Everything needed to rebuild a match. */
export interface MatchLog<Setup, Command, Event> {
  readonly ruleset: string;
  readonly rulesVersion: string;
  readonly setup: Setup;
  /** The secret dice seed. Only the server holds it until the match ends. */
  readonly seed: string;
  readonly setupEvents: readonly EventEnvelope<Event>[];
  readonly entries: readonly LogEntry<Command, Event>[];
}

/** Thrown by {@link replay} when a log does not rebuild the match it claims to be. */
export class ReplayError extends Error {
  constructor(
    message: string,
    readonly seq: number,
  ) {
    super(message);
    this.name = "ReplayError";
  }
}

/**
 * A live match held in memory: the state plus its growing log. `submit` applies a command and
 * appends it only when the ruleset accepts it.
 */
export class Match<Setup, State, Command, Event, View> {
  private current: State;
  private readonly log: LogEntry<Command, Event>[] = [];
  readonly setupEvents: readonly EventEnvelope<Event>[];

  constructor(
    readonly ruleset: Ruleset<Setup, State, Command, Event, View>,
    readonly setup: Setup,
    readonly seed: string,
  ) {
    const initial = ruleset.setup(setup, seed);
    this.current = initial.state;
    this.setupEvents = initial.events;
  }

  /** The current state (treat as read-only). */
  get state(): State {
    return this.current;
  }

  /** Applies `command` from `seat`; on success appends it to the log and returns its entry. */
  submit(seat: SeatId, command: Command) {
    const result = this.ruleset.apply(this.current, command, seat);
    if (!result.ok) return result;
    this.current = result.state;
    const entry: LogEntry<Command, Event> = { seq: this.log.length + 1, seat, command, events: result.events };
    this.log.push(entry);
    return { ok: true as const, entry };
  }

  /** The log so far. */
  toLog(): MatchLog<Setup, Command, Event> {
    return {
      ruleset: this.ruleset.id,
      rulesVersion: this.ruleset.rulesVersion,
      setup: this.setup,
      seed: this.seed,
      setupEvents: this.setupEvents,
      entries: [...this.log],
    };
  }
}

/**
 * Rebuilds a match from its log: runs setup, then applies every entry in order (referee entries
 * through `replayCommand`, without judging their times again), and checks that each command is
 * accepted and produces exactly the events recorded.
 * @param onStep called after setup (seq 0) and after each entry with the state reached.
 * @returns the final state and its {@link stateHash}.
 * @throws ReplayError when the ruleset or version differs, a command is rejected, or events differ.
 */
export function replay<Setup, State, Command, Event, View>(
  ruleset: Ruleset<Setup, State, Command, Event, View>,
  log: MatchLog<Setup, Command, Event>,
  onStep?: (seq: number, state: State) => void,
): { state: State; hash: string } {
  if (log.ruleset !== ruleset.id) throw new ReplayError(`log is for ruleset "${log.ruleset}"`, 0);
  if (log.rulesVersion !== ruleset.rulesVersion) {
    throw new ReplayError(`log is for rules version ${log.rulesVersion}, not ${ruleset.rulesVersion}`, 0);
  }
  const initial = ruleset.setup(log.setup, log.seed);
  if (canonicalJson(initial.events) !== canonicalJson(log.setupEvents)) {
    throw new ReplayError("setup produced different events", 0);
  }
  let state = initial.state;
  onStep?.(0, state);
  const seats = ruleset.seatsOf(log.setup);
  log.entries.forEach((entry, index) => {
    if (entry.seq !== index + 1) throw new ReplayError(`expected seq ${index + 1}, found ${entry.seq}`, entry.seq);
    // Referee entries (a timeout, a claim: ./referee.ts) replay as the server logged them.
    const result = replayCommand(ruleset, state, entry.command, entry.seat, seats);
    if (!result.ok) {
      throw new ReplayError(`command rejected on replay: ${result.error.code}: ${result.error.message}`, entry.seq);
    }
    if (canonicalJson(result.events) !== canonicalJson(entry.events)) {
      throw new ReplayError("command produced different events on replay", entry.seq);
    }
    state = result.state;
    onStep?.(entry.seq, state);
  });
  return { state, hash: stateHash(state) };
}
