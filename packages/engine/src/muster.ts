/**
 * Mustering secret lists, commit-then-reveal (design.md principle 8): before a match begins, each
 * seat locks a list (an army list, a deck...) as a commitment everyone sees; a seat may unlock to
 * change it while not every seat has locked; once all are locked the lists are revealed with their
 * salts, and anyone can check each list against its commitment. The bookkeeping here is
 * ruleset-agnostic: a ruleset validates the lists, keeps a {@link MusterState} in its match state
 * and hides unrevealed lists from other viewers with {@link musterView}.
 *
 * Salts are derived from the match's secret seed (`deriveSalt`), labelled by seat and lock count,
 * so replays are exact, the RNG is not advanced (a mustered match then plays exactly as one created
 * with the same lists), and locking the same list again gives a new commitment (nobody learns that
 * a seat went back to its earlier list).
 */
import { commit, deriveSalt, verifyCommitment } from "./hash";
import type { SeatId } from "./visibility";

/** One seat's muster: its commitment while locked, its list (secret until the reveal), how often it locked. */
export interface MusterSeat<List> {
  /** The public commitment of the locked list; null while unlocked. */
  commitment: string | null;
  /** SECRET until the reveal: the locked list; null while unlocked. */
  list: List | null;
  /** How many times the seat has locked (labels its salts). */
  locks: number;
  /** The salt, published at the reveal. */
  salt?: string;
}

/** Every seat's muster, and whether the lists have been revealed. */
export interface MusterState<List> {
  seats: Record<SeatId, MusterSeat<List>>;
  revealed: boolean;
}

/** A seat's muster as a viewer sees it: locked or not, the commitment, and the list if visible. */
export interface MusterSeatView<List> {
  readonly locked: boolean;
  readonly commitment: string | null;
  /** Present for viewers entitled to the seat's list (and for everyone after the reveal). */
  readonly list?: List;
  readonly salt?: string;
}

/** The muster as a viewer sees it. */
export interface MusterView<List> {
  readonly seats: Readonly<Record<SeatId, MusterSeatView<List>>>;
  readonly revealed: boolean;
}

/** A muster with every seat unlocked. */
export function startMuster<List>(seats: readonly SeatId[]): MusterState<List> {
  return { seats: Object.fromEntries(seats.map((s) => [s, { commitment: null, list: null, locks: 0 }])), revealed: false };
}

/** The salt of `seat`'s `n`-th lock (n from 1), derived from the match's secret seed. */
export function musterSalt(seed: string, seat: SeatId, n: number): string {
  return deriveSalt(seed, `muster:${seat}:${n}`);
}

/** Why a muster command is refused. */
export type MusterProblem = "muster_over" | "list_locked" | "list_not_locked";

/**
 * Locks `list` for `seat` (the caller has validated it): stores the list and its commitment.
 * Mutates `muster`.
 * @returns the commitment, or a problem: `muster_over` after the reveal, `list_locked` when the
 *   seat has locked already (it unlocks first).
 */
export function lockList<List>(muster: MusterState<List>, seed: string, seat: SeatId, list: List): { commitment: string } | { problem: MusterProblem } {
  const entry = muster.seats[seat];
  if (!entry || muster.revealed) return { problem: "muster_over" };
  if (entry.commitment !== null) return { problem: "list_locked" };
  entry.locks += 1;
  entry.list = list;
  entry.commitment = commit(list, musterSalt(seed, seat, entry.locks));
  return { commitment: entry.commitment };
}

/**
 * Unlocks `seat`'s list so it can change it (only while some seat has not locked: once every seat
 * has locked, the lists are revealed). Mutates `muster`.
 * @returns null, or `muster_over` / `list_not_locked`.
 */
export function unlockList<List>(muster: MusterState<List>, seat: SeatId): MusterProblem | null {
  const entry = muster.seats[seat];
  if (!entry || muster.revealed) return "muster_over";
  if (entry.commitment === null) return "list_not_locked";
  entry.commitment = null;
  entry.list = null;
  return null;
}

/** Whether every seat has locked its list. */
export function allLocked<List>(muster: MusterState<List>): boolean {
  return Object.values(muster.seats).every((s) => s.commitment !== null);
}

/** Seats that have not locked yet, in the muster's seat order. */
export function unlockedSeats<List>(muster: MusterState<List>): SeatId[] {
  return Object.entries(muster.seats)
    .filter(([, s]) => s.commitment === null)
    .map(([seat]) => seat);
}

/**
 * Reveals every list with its salt (call once all are locked). Mutates `muster`.
 * @returns the lists and salts by seat.
 * @throws Error when a seat has not locked (a caller bug).
 */
export function revealMuster<List>(muster: MusterState<List>, seed: string): { lists: Record<SeatId, List>; salts: Record<SeatId, string> } {
  const lists: Record<SeatId, List> = {};
  const salts: Record<SeatId, string> = {};
  for (const [seat, entry] of Object.entries(muster.seats)) {
    if (entry.list === null || entry.commitment === null) throw new Error(`seat ${seat} has not locked its list`);
    entry.salt = musterSalt(seed, seat, entry.locks);
    lists[seat] = entry.list;
    salts[seat] = entry.salt;
  }
  muster.revealed = true;
  return { lists, salts };
}

/** Whether a revealed seat's list and salt open its commitment (anyone may check after the reveal). */
export function verifyMusterSeat<List>(entry: MusterSeatView<List>): boolean {
  return entry.commitment !== null && entry.list !== undefined && entry.salt !== undefined && verifyCommitment(entry.commitment, entry.list, entry.salt);
}

/**
 * What a viewer sees of the muster: every seat's lock status and commitment; a list only when
 * `knows(seat)` or after the reveal (with its salt).
 */
export function musterView<List>(muster: MusterState<List>, knows: (seat: SeatId) => boolean): MusterView<List> {
  const seats: Record<SeatId, MusterSeatView<List>> = {};
  for (const [seat, entry] of Object.entries(muster.seats)) {
    const visible = entry.list !== null && (muster.revealed || knows(seat));
    seats[seat] = {
      locked: entry.commitment !== null,
      commitment: entry.commitment,
      ...(visible ? { list: entry.list as List } : {}),
      ...(muster.revealed && entry.salt !== undefined ? { salt: entry.salt } : {}),
    };
  }
  return { seats, revealed: muster.revealed };
}
