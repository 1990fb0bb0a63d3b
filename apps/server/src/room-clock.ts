/**
 * A match room's time: the one timer that enters a timeout when the nearest clock runs out, the
 * seats' absences (from the room's own connections) for abandonment claims, and the public clock
 * status the room puts in its state. The clocks themselves are rebuilt from the log (./clocks.ts);
 * nothing here is state a restart would need: a timer is armed again from the log's deadlines, and
 * absences start again from the room's opening (presence lives in the process hosting the room).
 *
 * There is no work per tick: one timer per match, re-armed after each change, cleared when the
 * match ends or the room closes.
 *
 * Correspondence matches (created so, or switched to it: ./room-correspondence.ts) differ in two
 * ways: being away is normal there, so absence claims are off (the clock decides), and the timer
 * stays armed while nobody is connected, so a seat that does not move in its days loses (or
 * passes) by the clock without anyone opening the table.
 */
import { awaitedSeats, type MatchResult } from "@fogwar/engine";
import type { ClockStatus } from "./clocks.js";
import { timeNow, type LiveMatch } from "./live.js";
import { CorrespondenceProposals, type ProposalField } from "./room-correspondence.js";

/** Timers the room arms (tests give their own, with a fake time: see `setTimers`). */
export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const nodeTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms).unref(),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
let timers: Timers = nodeTimers;

/** Sets the timers rooms arm from now on (tests); returns the previous ones. */
export function setTimers(value: Timers): Timers {
  const previous = timers;
  timers = value;
  return previous;
}

/** The longest a clock timer waits before it looks again (a Node timer holds at most 2^31 - 1 ms). */
const MAX_WAIT_MS = 60 * 60 * 1000;

/**
 * The room state's `clock` field (JSON; docs/protocol.md "Clocks and claims"): the clock status,
 * the claim delay, and the claims open or counting down: for each awaited seat that is
 * disconnected, since when, and from when (`allowedAt`, ms) the others may claim (none in a
 * correspondence match); `proposal`: the open proposal to switch to correspondence, or null.
 */
export interface ClockField extends ClockStatus {
  readonly claimDelayMs: number;
  readonly claims: readonly { readonly absent: string; readonly since: number; readonly allowedAt: number }[];
  readonly proposal: ProposalField | null;
}

/** The words of a claim refused because the match is played by correspondence. */
export const CORRESPONDENCE_CLAIM_REFUSAL = "This match is played by correspondence: being away is normal, and there are no absence claims; the clock decides.";

export class RoomClock {
  private timer: unknown = null;
  /** Whether a client is connected (the timer runs only then). */
  private awake = false;
  /** The deadline a timeout was last entered for: if it is still the nearest, the entry failed; look again in a second, not at once. */
  private tried: string | null = null;
  /** Seat -> since when (ms) it has had no connection. Every seat starts absent when the room opens. */
  private readonly absent = new Map<string, number>();
  /** The open proposal to go on by correspondence (./room-correspondence.ts). */
  readonly proposals: CorrespondenceProposals;

  constructor(
    private readonly match: LiveMatch,
    /** Enters a timeout for `clock` from `seat` through the room's command path. */
    private readonly onDue: (seat: string, clock: string) => Promise<void>,
  ) {
    const now = timeNow();
    for (const seat of match.seats) this.absent.set(seat, now);
    this.proposals = new CorrespondenceProposals(match);
  }

  /** Whether the match is played by correspondence now (created so, or switched to it). */
  get correspondence(): boolean {
    return this.match.clock.correspondence !== null;
  }

  /** The claim delay in ms (the match's `claimDelay` option, default 60 s). */
  get claimDelayMs(): number {
    return (this.match.options.claimDelay ?? 60) * 1000;
  }

  /** A seat got (true) or lost (false) its last connection. */
  present(seat: string, here: boolean): void {
    if (here) this.match.joined.add(seat);
    if (here) this.absent.delete(seat);
    else if (!this.absent.has(seat)) this.absent.set(seat, timeNow());
  }

  /** A seat's side: its team, or the seat itself. */
  private side(seat: string): string {
    return this.match.host.ruleset.teamOf?.(this.match.state, seat) ?? seat;
  }

  /** Whether some seat of `seat`'s side has joined the match at least once (a side that never came is not claimed against: the unjoined-match expiry handles it). */
  private cameOnce(seat: string): boolean {
    const side = this.side(seat);
    return this.match.seats.some((s) => this.side(s) === side && this.match.joined.has(s));
  }

  /**
   * Whether a claim against `absent` may be made now: its side has joined the match at least
   * once, and every seat of its side the match waits for (teammates who share control could act
   * for it) has been disconnected for the claim delay. The engine then checks that `absent` is
   * awaited and on another side than the claimant. Never in a correspondence match (see
   * {@link claimRefusal} for the words).
   */
  claimable(absent: string): boolean {
    if (this.correspondence) return false;
    const ruleset = this.match.host.ruleset;
    const state = this.match.state;
    const awaitedSide = awaitedSeats(ruleset, state).filter((s) => this.side(s) === this.side(absent));
    const now = timeNow();
    return this.cameOnce(absent) && awaitedSide.length > 0 && awaitedSide.every((s) => {
      const since = this.absent.get(s);
      return since !== undefined && now - since >= this.claimDelayMs;
    });
  }

  /** Why a claim that is not {@link claimable} is refused, in words for the player. */
  claimRefusal(): string {
    return this.correspondence ? CORRESPONDENCE_CLAIM_REFUSAL : "That seat has not been away for the claim delay while the match waits for it.";
  }

  /** The public clock field at this moment. */
  field(): ClockField {
    const now = timeNow();
    const over = this.match.result !== null;
    const awaited = over || this.correspondence ? [] : awaitedSeats(this.match.host.ruleset, this.match.state);
    // The same rule as `claimable`: a seat's side is away only when every seat of it the match
    // waits for is gone, and the countdown runs from the last of them to leave.
    const claims = awaited.flatMap((seat) => {
      if (!this.cameOnce(seat)) return [];
      const side = this.side(seat);
      const away = awaited.filter((s) => this.side(s) === side).map((s) => this.absent.get(s));
      if (away.some((since) => since === undefined)) return [];
      const since = Math.max(...(away as number[]));
      return [{ absent: seat, since, allowedAt: since + this.claimDelayMs }];
    });
    const status = this.match.clock.status(now);
    // Without a clock, a claim or a result nothing in the field changes from entry to entry: no
    // time in it either, so the field (and the patch after each entry) stays the same.
    const proposal = this.proposals.current();
    const quiet = status.kind === null && claims.length === 0 && status.imposed === null && proposal === null;
    return { ...status, at: quiet ? 0 : status.at, claimDelayMs: this.claimDelayMs, claims, proposal };
  }

  /**
   * Arms the timer for the nearest deadline (or clears it when none runs, the match is over, or
   * the room sleeps: nobody is connected). A sleeping match's clocks still run in the log's
   * terms: a deadline that passed while nobody was there is entered when someone joins again
   * (stamped then, so the timeout stands), never by an empty room playing passes on its own. A
   * correspondence match's timer runs with nobody connected: there the clock decides.
   */
  arm(awake = this.awake): void {
    this.awake = awake;
    this.stop();
    if (!awake && !this.correspondence) return;
    const next = this.match.result ? null : this.match.clock.nearest();
    if (!next) return;
    const key = `${next.clock}@${next.deadline}`;
    const wait = Math.min(MAX_WAIT_MS, Math.max(this.tried === key ? 1000 : 0, next.deadline - timeNow()));
    this.timer = timers.set(() => {
      this.timer = null;
      this.fire();
    }, wait);
  }

  private fire(): void {
    const next = this.match.result ? null : this.match.clock.nearest();
    if (!next) return;
    if (timeNow() < next.deadline) return this.arm();
    const seat = this.match.clock.seatFor(this.match.state, next.clock);
    if (seat === null) return;
    this.tried = `${next.clock}@${next.deadline}`;
    void this.onDue(seat, next.clock).finally(() => this.arm());
  }

  /** Clears the timer (the match ended, or the room closes). */
  stop(): void {
    if (this.timer !== null) timers.clear(this.timer);
    this.timer = null;
  }

  /** The result imposed from outside the rules, if any (for logs). */
  get imposed(): MatchResult | null {
    return this.match.clock.imposed;
  }
}
