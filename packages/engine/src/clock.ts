/**
 * Match clocks as pure data (design.md principle 3: time enters as data). Nothing here reads a
 * clock: every time is a number of milliseconds given by the caller, the time at which the server
 * accepted a log entry (stamped on the entry and stored with it), so the same log always gives the
 * same clocks, on the server, after a restart and in a replay.
 *
 * A match's clocks are chosen at creation ({@link ClockSpec}) and belong to owners: each seat has
 * its own clock, or (team games) each team one shared by its seats ({@link ClockSetup.owners}).
 * After each accepted entry the caller reports who the ruleset waits for ({@link ClockPoint});
 * {@link advanceClocks} charges the time since the previous entry to the clocks that were running
 * and starts those of the seats now awaited. Only awaited seats' clocks run; simultaneous phases
 * run every awaited seat's clock at once. The clocks start with the match's first accepted entry:
 * before it nothing runs (players may still be joining).
 */
import type { SeatId } from "./visibility";

/**
 * What a match's clocks are, chosen at creation. Times in ms.
 * - `total`: each clock starts with `initialMs` and gains `incrementMs` at the start of every
 *   round after the first (a total with an increment per round, e.g. 20 min + 30 s);
 * - `bank`: each clock is a bank of `bankMs` for the whole match; each activation (a stretch of
 *   one turn, see {@link ClockPoint.turn}) first spends its own `perActivationMs`, then the bank.
 * - `correspondence` (play over days): each time a clock starts running (its seat becomes
 *   awaited), or runs on under a new turn key, or ran out and had its move ended for it, it gets a
 *   fresh `perMoveMs` (e.g. 3 days); `vacationMs` is a bank for the whole match, spent only once a
 *   move's own time has run out (0: none). A clock falls when both are spent.
 */
export type ClockSpec =
  | { readonly kind: "total"; readonly initialMs: number; readonly incrementMs: number }
  | { readonly kind: "bank"; readonly bankMs: number; readonly perActivationMs: number }
  | { readonly kind: "correspondence"; readonly perMoveMs: number; readonly vacationMs: number };

/** One day in ms (correspondence time controls count in days). */
export const DAY_MS = 86_400_000;

/** A correspondence time control of `daysPerMove` days per move and `vacationDays` of vacation, in ms. */
export function correspondenceSpec(daysPerMove: number, vacationDays: number): ClockSpec {
  return { kind: "correspondence", perMoveMs: daysPerMove * DAY_MS, vacationMs: vacationDays * DAY_MS };
}

/** Whether `value` is a well-formed {@link ClockSpec} (every time a finite number >= 0; a move's or a total's start > 0). */
export function isClockSpec(value: unknown): value is ClockSpec {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const ms = (x: unknown, min = 0) => typeof x === "number" && Number.isFinite(x) && x >= min;
  if (v.kind === "total") return ms(v.initialMs, 1) && ms(v.incrementMs);
  if (v.kind === "bank") return ms(v.bankMs) && ms(v.perActivationMs);
  if (v.kind === "correspondence") return ms(v.perMoveMs, 1) && ms(v.vacationMs);
  return false;
}

/** A spec and who owns which clock: `owners[seat]` is the id of the clock that runs for `seat` (its seat id, or its team). */
export interface ClockSetup {
  readonly spec: ClockSpec;
  readonly owners: Readonly<Record<SeatId, string>>;
}

/**
 * Where the match stands after an entry, as the ruleset tells it:
 * - `awaiting`: the seats it waits for (`awaiting(state)`, plus the seat of `pending(state)`);
 * - `round`: the round number (increments are added when it grows);
 * - `turn`: a key for the current activation (bank clocks): a clock that starts running under
 *   another key than the one it last ran under gets a fresh `perActivationMs`; absent = one key.
 * - `over`: the match has ended: every clock stops.
 */
export interface ClockPoint {
  readonly awaiting: readonly SeatId[];
  readonly round: number;
  readonly turn?: string;
  readonly over?: boolean;
}

/** One clock: ms left in the bank (or the total), ms left of the current activation (bank only), the turn it last ran under. */
export interface ClockCell {
  readonly remainingMs: number;
  readonly activationMs: number;
  readonly turn: string | null;
}

/**
 * The clocks after some entries: each clock as of `since` (the stamp of the last entry, or null
 * before the first), which clocks run from then on, and the round last seen. Plain JSON.
 */
export interface Clocks {
  readonly setup: ClockSetup;
  readonly cells: Readonly<Record<string, ClockCell>>;
  readonly running: readonly string[];
  readonly since: number | null;
  readonly round: number;
}

/** One clock as a client shows it at time `at`: what is left (activation + bank), whether it runs, and when it falls. */
export interface ClockReading {
  readonly clock: string;
  /** ms left at `at` in total (the activation's own time plus the bank), never negative. */
  readonly remainingMs: number;
  /** Bank clocks: ms left of the current activation's own time (0 for `total`). */
  readonly activationMs: number;
  readonly running: boolean;
  /** The ms timestamp at which the clock reaches 0 if nothing happens; null when it does not run. */
  readonly deadline: number | null;
}

/** What each clock of `spec` starts with: the total, the bank, or the vacation allowance (ms). */
function startOf(spec: ClockSpec): number {
  return spec.kind === "total" ? spec.initialMs : spec.kind === "bank" ? spec.bankMs : spec.vacationMs;
}

/** The clocks of a match before its first entry (nothing runs). */
export function startClocks(setup: ClockSetup): Clocks {
  const start = startOf(setup.spec);
  const cells: Record<string, ClockCell> = {};
  for (const clock of new Set(Object.values(setup.owners))) cells[clock] = { remainingMs: Math.max(0, start), activationMs: 0, turn: null };
  return { setup, cells, running: [], since: null, round: 0 };
}

/** Spends `elapsed` ms from a cell: the activation's own time first, then the bank; never below 0. */
function charge(cell: ClockCell, elapsed: number): ClockCell {
  const fromActivation = Math.min(cell.activationMs, elapsed);
  const rest = elapsed - fromActivation;
  return { ...cell, activationMs: cell.activationMs - fromActivation, remainingMs: Math.max(0, cell.remainingMs - rest) };
}

/** The clocks running at `point`: those of its awaited seats (none once the match is over), in seat order, without repeats. */
export function runningAt(setup: ClockSetup, point: ClockPoint): string[] {
  if (point.over) return [];
  const out: string[] = [];
  for (const seat of point.awaiting) {
    const clock = setup.owners[seat];
    if (clock !== undefined && !out.includes(clock)) out.push(clock);
  }
  return out;
}

/**
 * The clocks after an entry accepted at `at` (ms), which left the match at `after`: the time since
 * the previous entry is charged to the clocks that were running (never below 0; a stamp earlier
 * than the previous one counts as no time), increments are added for every new round, and the
 * clocks of the seats `after` awaits start (a bank clock gets a fresh activation when its turn
 * key differs from the one it last ran under, or when it is in `renew`: a bank clock that ran out
 * and whose activation was ended for it gets the next activation's own time; a correspondence
 * clock gets a fresh move time in those cases and also whenever it was not running before).
 */
export function advanceClocks(clocks: Clocks, at: number, after: ClockPoint, renew: readonly string[] = []): Clocks {
  const elapsed = clocks.since === null ? 0 : Math.max(0, at - clocks.since);
  const cells: Record<string, ClockCell> = { ...clocks.cells };
  for (const clock of clocks.running) {
    const cell = cells[clock];
    if (cell) cells[clock] = charge(cell, elapsed);
  }
  const spec = clocks.setup.spec;
  const round = Math.max(clocks.round, after.round);
  if (spec.kind === "total" && clocks.since !== null && round > clocks.round && spec.incrementMs > 0) {
    const bonus = (round - clocks.round) * spec.incrementMs;
    for (const [clock, cell] of Object.entries(cells)) cells[clock] = { ...cell, remainingMs: cell.remainingMs + bonus };
  }
  const running = runningAt(clocks.setup, after);
  const turn = after.turn ?? "";
  for (const clock of running) {
    const cell = cells[clock];
    if (!cell) continue;
    const changed = cell.turn !== turn || renew.includes(clock);
    if (spec.kind === "bank") cells[clock] = { ...cell, turn, activationMs: changed ? spec.perActivationMs : cell.activationMs };
    else if (spec.kind === "correspondence") cells[clock] = { ...cell, turn, activationMs: changed || !clocks.running.includes(clock) ? spec.perMoveMs : cell.activationMs };
    else cells[clock] = { ...cell, turn };
  }
  return { setup: clocks.setup, cells, running, since: at, round };
}

/**
 * The clocks from now on under another time control (a `time_control` referee entry accepted at
 * `at`, ms): what the old clocks held is dropped, every clock starts again from `spec` (a total's
 * start, a bank, a vacation allowance) as of `at` with nothing running, and the
 * {@link advanceClocks} for the same entry then starts the awaited seats' clocks afresh (a
 * correspondence clock with a whole move's time). `owners` and the round stay.
 */
export function switchClocks(clocks: Clocks, at: number, spec: ClockSpec): Clocks {
  const setup: ClockSetup = { spec, owners: clocks.setup.owners };
  const started = startClocks(setup);
  return { ...started, since: clocks.since === null ? null : Math.max(clocks.since, at), round: clocks.round };
}

/** Every clock as it stands at `at` (ms, not before `since`): remaining time, whether it runs, and its deadline. */
export function readClocks(clocks: Clocks, at: number): ClockReading[] {
  return Object.entries(clocks.cells).map(([clock, cell]) => {
    const running = clocks.running.includes(clock) && clocks.since !== null;
    const now = running ? charge(cell, Math.max(0, at - (clocks.since as number))) : cell;
    const deadline = running ? (clocks.since as number) + cell.activationMs + cell.remainingMs : null;
    return { clock, remainingMs: now.activationMs + now.remainingMs, activationMs: now.activationMs, running, deadline };
  });
}

/** The running clock that falls first (ties: the first in running order) and when; null when none runs. */
export function nearestDeadline(clocks: Clocks): { clock: string; deadline: number } | null {
  let best: { clock: string; deadline: number } | null = null;
  for (const reading of readClocks(clocks, clocks.since ?? 0)) {
    if (reading.deadline !== null && (best === null || reading.deadline < best.deadline)) best = { clock: reading.clock, deadline: reading.deadline };
  }
  return best;
}

/** Why a timeout is refused: the clock is not running (late: its seat has acted, or the match is over) or has time left (early). */
export type TimeoutRefusal = "clock_not_running" | "time_left";

/**
 * Whether `clock` has really run out at `at` (ms): it must be running and its deadline must be
 * at or before `at`. @returns null when the timeout stands, else why it is refused.
 */
export function checkTimeout(clocks: Clocks, clock: string, at: number): TimeoutRefusal | null {
  const reading = readClocks(clocks, at).find((r) => r.clock === clock);
  if (!reading || !reading.running || reading.deadline === null) return "clock_not_running";
  return reading.deadline <= at ? null : "time_left";
}
