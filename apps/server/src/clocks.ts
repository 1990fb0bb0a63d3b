/**
 * A live match's clocks and referee results, rebuilt from its log (design.md principles 3 and 7):
 * every entry carries the time the server accepted it (`acceptedAt`, ms), and the engine's pure
 * clock (`@fogwar/engine` clock.ts) is advanced entry by entry from those times, so a restarted
 * server recomputes every clock and deadline from the log and holds no other time. Referee entries
 * (a timeout, a claim) are judged here by the engine (referee.ts) against the clocks as they stood.
 */
import {
  advanceClocks,
  applyReferee,
  awaitedSeats,
  isRefereeCommand,
  nearestDeadline,
  readClocks,
  ruleError,
  startClocks,
  type ClockPoint,
  type Clocks,
  type EventEnvelope,
  type MatchResult,
  type RuleError,
} from "@fogwar/engine";
import type { HostedRuleset } from "./hosts/index.js";

/** One entry judged: the state it leads to, its events, the result it imposes (null: none) and the bank clocks it renews. */
export type Judged =
  | { readonly ok: true; readonly state: unknown; readonly events: readonly EventEnvelope<unknown>[]; readonly imposed: MatchResult | null; readonly renew: readonly string[] }
  | { readonly ok: false; readonly error: RuleError };

/**
 * What clients are told of the clocks (public: `clock` in the room state, as JSON). Times in ms;
 * `at` is the server's time the readings were taken at: a client counts each running clock down
 * from `remainingMs` by the time passed since it received them.
 * - `kind`: "total" (EMBER's optional clock) or "bank" (Siege's time bank); null: no clock;
 * - `clocks`: each clock's owner (`clock`: a seat, or a team), its seats, time left (`remainingMs`,
 *   of which `activationMs` is the current activation's own time), whether it runs;
 * - `imposed`: a result the log imposed from outside the rules (lost on time, a claim), or null.
 */
export interface ClockStatus {
  readonly at: number;
  readonly kind: "total" | "bank" | null;
  readonly clocks: readonly { readonly clock: string; readonly seats: readonly string[]; readonly remainingMs: number; readonly activationMs: number; readonly running: boolean }[];
  readonly imposed: MatchResult | null;
}

export class MatchClock {
  private clocks: Clocks | null;
  private imposedResult: MatchResult | null = null;
  private last: number | null = null;

  constructor(
    private readonly host: HostedRuleset,
    private readonly seats: readonly string[],
    setup: unknown,
    clockOption: { minutes: number; incrementSeconds: number } | undefined,
  ) {
    const made = host.clockSetup?.(setup, seats, clockOption) ?? null;
    this.clocks = made ? startClocks(made) : null;
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
      return applyReferee(this.host.ruleset, state, command, seat, { seats: this.seats, clocks: this.clocks, at });
    }
    const applied = this.host.ruleset.apply(state, command, seat);
    return applied.ok ? { ok: true, state: applied.state, events: applied.events, imposed: null, renew: [] } : applied;
  }

  /** Records an accepted entry: the clocks advance to `at` and start for the seats `state` awaits. */
  record(state: unknown, at: number, judged: Extract<Judged, { ok: true }>): void {
    if (judged.imposed) this.imposedResult = judged.imposed;
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
    return {
      at: now,
      kind: clocks.setup.spec.kind,
      clocks: readClocks(clocks, Math.max(now, clocks.since ?? now)).map((r) => ({ clock: r.clock, seats: seatsOf(r.clock), remainingMs: r.remainingMs, activationMs: r.activationMs, running: r.running })),
      imposed: this.imposedResult,
    };
  }
}
