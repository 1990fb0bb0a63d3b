/**
 * A live match's clocks and referee results, rebuilt from its log (design.md principles 3 and 7):
 * every entry carries the time the server accepted it (`acceptedAt`, ms), and the engine's pure
 * clock (`@fogwar/engine` clock.ts) is advanced entry by entry from those times, so a restarted
 * server recomputes every clock and deadline from the log and holds no other time. Referee entries
 * (a timeout, a claim) are judged here by the engine (referee.ts) against the clocks as they stood;
 * a `time_control` entry (every seat agreed to go on by correspondence) switches the clocks from
 * that entry on (docs/design.md "Correspondence play").
 */
import {
  advanceClocks,
  applyReferee,
  awaitedSeats,
  correspondenceSpec,
  DAY_MS,
  isRefereeCommand,
  isTimeControlCommand,
  nearestDeadline,
  readClocks,
  ruleError,
  startClocks,
  switchClocks,
  type ClockPoint,
  type ClockSetup,
  type ClockSpec,
  type Clocks,
  type EventEnvelope,
  type MatchResult,
  type RuleError,
} from "@fogwar/engine";
import type { HostedRuleset } from "./hosts/index.js";

/**
 * One entry judged: the state it leads to, its events, the result it imposes (null: none), the
 * clocks it renews, and (a `time_control` entry) the time control the clocks switch to.
 */
export type Judged =
  | { readonly ok: true; readonly state: unknown; readonly events: readonly EventEnvelope<unknown>[]; readonly imposed: MatchResult | null; readonly renew: readonly string[]; readonly timeControl?: ClockSpec }
  | { readonly ok: false; readonly error: RuleError };

/**
 * What clients are told of the clocks (public: `clock` in the room state, as JSON). Times in ms;
 * `at` is the server's time the readings were taken at: a client counts each running clock down
 * from `remainingMs` by the time passed since it received them.
 * - `kind`: "total" (EMBER's optional clock), "bank" (Siege's time bank) or "correspondence"
 *   (days per move); null: no clock;
 * - `correspondence` (only when `kind` is "correspondence"): the terms, in whole days;
 * - `clocks`: each clock's owner (`clock`: a seat, or a team), its seats, time left (`remainingMs`,
 *   of which `activationMs` is the current activation's or move's own time), whether it runs;
 * - `imposed`: a result the log imposed from outside the rules (lost on time, a claim), or null.
 */
export interface ClockStatus {
  readonly at: number;
  readonly kind: ClockSpec["kind"] | null;
  readonly correspondence?: CorrespondenceTerms;
  readonly clocks: readonly { readonly clock: string; readonly seats: readonly string[]; readonly remainingMs: number; readonly activationMs: number; readonly running: boolean }[];
  readonly imposed: MatchResult | null;
}

/** A correspondence time control in whole days (the protocol's `CorrespondenceTerms`). */
export interface CorrespondenceTerms {
  readonly daysPerMove: number;
  readonly vacationDays: number;
}

/** The time options a match was created with (`MatchOptions` in ./live.ts). */
export interface TimeOptions {
  readonly clock?: { readonly minutes: number; readonly incrementSeconds: number };
  readonly correspondence?: CorrespondenceTerms;
}

/**
 * Who owns which clock when a ruleset's own setup gives none (no clock chosen, or a switch to
 * correspondence): the ruleset's clock owners when it has a clock of its own (Siege: one per
 * team, teammates share control), else one clock per seat.
 */
export function clockOwners(host: HostedRuleset, setup: unknown, seats: readonly string[]): Readonly<Record<string, string>> {
  return host.clockSetup?.(setup, seats, undefined)?.owners ?? Object.fromEntries(seats.map((s) => [s, s]));
}

/**
 * A match's clocks at creation: correspondence (`options.correspondence`, for every ruleset:
 * days per move and a vacation allowance, replacing the ruleset's real-time clock), else the
 * ruleset's own (`clockSetup` with the `clock` option), else none.
 */
export function clockSetupFor(host: HostedRuleset, setup: unknown, seats: readonly string[], options: TimeOptions): ClockSetup | null {
  const c = options.correspondence;
  if (c) return { spec: correspondenceSpec(c.daysPerMove, c.vacationDays), owners: clockOwners(host, setup, seats) };
  return host.clockSetup?.(setup, seats, options.clock) ?? null;
}

/** A correspondence spec's terms in whole days (rounded down; a switch enters whole days). */
export function termsOf(spec: ClockSpec): CorrespondenceTerms | null {
  return spec.kind === "correspondence" ? { daysPerMove: Math.floor(spec.perMoveMs / DAY_MS), vacationDays: Math.floor(spec.vacationMs / DAY_MS) } : null;
}

/**
 * Each awaited seat's deadline after a log entry: when its clock runs out (ms since the epoch) if
 * the seat does not act, for every clock kind (a total, a bank with the activation's own time
 * first, a correspondence move with its vacation after). Pure: `clocks` as they stand after the
 * entry (`MatchClock.current`; null: the match has no clock) and the seats the match awaits then
 * (`awaitedSeats`); a seat whose clock does not run (a muster without clocks, the match over)
 * has none. Seats sharing a clock (a team's) share its deadline. In seat order of `awaited`.
 * For "time running out" notices: compare `deadline` with the time now; it changes only with
 * the next log entry (a correspondence move gets a whole move's time again when its seat is
 * awaited anew).
 */
export function awaitedDeadlines(clocks: Clocks | null, awaited: readonly string[]): { seat: string; clock: string; kind: ClockSpec["kind"]; deadline: number }[] {
  if (!clocks) return [];
  const readings = new Map(readClocks(clocks, clocks.since ?? 0).map((r) => [r.clock, r]));
  return awaited.flatMap((seat) => {
    const clock = clocks.setup.owners[seat];
    const reading = clock === undefined ? undefined : readings.get(clock);
    return clock !== undefined && reading?.deadline != null ? [{ seat, clock, kind: clocks.setup.spec.kind, deadline: reading.deadline }] : [];
  });
}

export class MatchClock {
  private clocks: Clocks | null;
  private imposedResult: MatchResult | null = null;
  private last: number | null = null;
  /** Who owns which clock if the match switches time control (./clocks.ts `clockOwners`). */
  private readonly owners: Readonly<Record<string, string>>;

  constructor(
    private readonly host: HostedRuleset,
    private readonly seats: readonly string[],
    setup: unknown,
    options: TimeOptions,
  ) {
    const made = clockSetupFor(host, setup, seats, options);
    this.clocks = made ? startClocks(made) : null;
    this.owners = made?.owners ?? clockOwners(host, setup, seats);
  }

  /** The clocks as they stand after the last entry (null: no clock); plain data for `awaitedDeadlines`. */
  get current(): Clocks | null {
    return this.clocks;
  }

  /** Each awaited seat's deadline now (see {@link awaitedDeadlines}); [] once the match is over. */
  deadlines(state: unknown): ReturnType<typeof awaitedDeadlines> {
    if (this.imposedResult || this.host.ruleset.result(state)) return [];
    return awaitedDeadlines(this.clocks, awaitedSeats(this.host.ruleset, state));
  }

  /** The correspondence terms the match is played under now (created so, or switched to), or null. */
  get correspondence(): CorrespondenceTerms | null {
    return this.clocks ? termsOf(this.clocks.setup.spec) : null;
  }

  /** The result imposed by a referee entry (lost on time, a claim), or null. */
  get imposed(): MatchResult | null {
    return this.imposedResult;
  }

  /** The stamp of the last entry (ms), or null before the first. */
  get lastAt(): number | null {
    return this.last;
  }

  /** The time to stamp an entry accepted now: never before the previous entry's. */
  stamp(now: number): number {
    return Math.max(now, this.last ?? now);
  }

  /** Where the match stands for the clocks. */
  private pointOf(state: unknown, over: boolean): ClockPoint {
    const ruleset = this.host.ruleset;
    return { awaiting: this.host.clockIdle?.(state) ? [] : awaitedSeats(ruleset, state), round: this.host.roundOf(state), turn: ruleset.clockTurn?.(state) ?? this.host.clockTurn?.(state) ?? "", over };
  }

  /**
   * Judges an entry from `seat` at `at` (ms) on `state`: a ruleset command through `apply`, a
   * referee command through the engine's referee. `referee`: whether the entry comes from the
   * server (a client's command that looks like a referee command is refused). Changes nothing.
   */
  judge(state: unknown, seat: string, command: unknown, at: number, referee: boolean): Judged {
    if (this.imposedResult) return { ok: false, error: ruleError("match_over", "The match is over.", "docs/design.md Clocks and abandonment") };
    if (isRefereeCommand(command)) {
      if (!referee) return { ok: false, error: ruleError("unknown_command", "That command is the server's.", "docs/protocol.md") };
      const judged = applyReferee(this.host.ruleset, state, command, seat, { seats: this.seats, clocks: this.clocks, at });
      return judged.ok && isTimeControlCommand(command) ? { ...judged, timeControl: command.spec } : judged;
    }
    const applied = this.host.ruleset.apply(state, command, seat);
    return applied.ok ? { ok: true, state: applied.state, events: applied.events, imposed: null, renew: [] } : applied;
  }

  /** Records an accepted entry: the clocks advance to `at` and start for the seats `state` awaits. */
  record(state: unknown, at: number, judged: Extract<Judged, { ok: true }>): void {
    if (judged.imposed) this.imposedResult = judged.imposed;
    if (judged.timeControl) this.clocks = switchClocks(this.clocks ?? startClocks({ spec: judged.timeControl, owners: this.owners }), at, judged.timeControl);
    const over = this.imposedResult !== null || this.host.ruleset.result(state) !== null;
    if (this.clocks) this.clocks = advanceClocks(this.clocks, at, this.pointOf(state, over), judged.renew);
    this.last = at;
  }

  /**
   * The public clock status at `at` just after recording an entry (what `record` then `status(at)`
   * would give), changing nothing: what the entry's notifications are owed from before it is stored.
   */
  statusAfter(state: unknown, at: number, judged: Extract<Judged, { ok: true }>): ClockStatus {
    const saved = { clocks: this.clocks, imposed: this.imposedResult, last: this.last };
    this.record(state, at, judged);
    const status = this.status(at);
    this.clocks = saved.clocks;
    this.imposedResult = saved.imposed;
    this.last = saved.last;
    return status;
  }

  /** The running clock that falls first, and when (ms); null when none runs. */
  nearest(): { clock: string; deadline: number } | null {
    return this.clocks ? nearestDeadline(this.clocks) : null;
  }

  /** The seat a timeout of `clock` is entered for: the clock's first seat the match awaits. */
  seatFor(state: unknown, clock: string): string | null {
    if (!this.clocks) return null;
    const awaited = awaitedSeats(this.host.ruleset, state);
    return awaited.find((s) => this.clocks?.setup.owners[s] === clock) ?? null;
  }

  /** The public clock status at `now` (ms). */
  status(now: number): ClockStatus {
    const clocks = this.clocks;
    if (!clocks) return { at: now, kind: null, clocks: [], imposed: this.imposedResult };
    const seatsOf = (clock: string) => Object.entries(clocks.setup.owners).filter(([, c]) => c === clock).map(([s]) => s);
    const terms = termsOf(clocks.setup.spec);
    return {
      at: now,
      kind: clocks.setup.spec.kind,
      ...(terms ? { correspondence: terms } : {}),
      clocks: readClocks(clocks, Math.max(now, clocks.since ?? now)).map((r) => ({ clock: r.clock, seats: seatsOf(r.clock), remainingMs: r.remainingMs, activationMs: r.activationMs, running: r.running })),
      imposed: this.imposedResult,
    };
  }
}
