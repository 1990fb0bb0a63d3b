/**
 * Mustering secret lists, commit-then-reveal (design.md principle 8): before a match begins, each
 * seat locks a list (an army list, a deck...) as a commitment everyone sees; a seat may unlock to
 * change it while not every seat has locked; once all are locked the lists are revealed with their
 * salts, and anyone can check each list against its commitment. The bookkeeping here is
 * ruleset-agnostic: a ruleset validates the lists, keeps a {@link MusterState} in its match state
 * and hides unrevealed lists from other viewers with {@link musterView}.
 *
 * Salts are derived from the match's muster key (`musterKey` in ./hash.ts: the secret seed's hash
 * under its own label, kept in the muster state until the reveal and then dropped), labelled by
 * seat and lock count, so replays are exact, the RNG is not advanced, and locking the same list
 * again gives a new commitment (nobody learns that a seat went back to its earlier list). Nothing
 * a finished match reveals (its dice seed, its states after the reveal) is a function of the key,
 * so a list never revealed (a draft later unlocked, a muster cut short) stays secret for ever.
 *
 * A seat may unlock only while it has locked fewer than {@link MAX_LOCKS} times (`too_many_locks`
 * after: its last lock stands), so undoing and redoing a choice cannot grow a match's log without
 * bound (at most 2 x MAX_LOCKS - 1 muster commands per seat).
 */
import { commit, deriveSalt, musterKey, verifyCommitment } from "./hash";
import type { SeatId } from "./visibility";

/** One seat's muster: its commitment while locked, its list (secret until the reveal), how often it locked. */
export interface MusterSeat<List> {
  /** The public commitment of the locked list; null while unlocked. */
  commitment: string | null;
  /** SECRET until the reveal: the locked list; null while unlocked. */
  list: List | null;
  /** How many times the seat has locked (labels its salts; public; at most {@link MAX_LOCKS}). */
  locks: number;
  /** The salt, published at the reveal. */
  salt?: string;
}

/** Every seat's muster, and whether the lists have been revealed. */
export interface MusterState<List> {
  seats: Record<SeatId, MusterSeat<List>>;
  revealed: boolean;
  /**
   * SECRET for ever: the muster key the salts are derived from (`musterKey(seed)`), present until
   * the reveal, which drops it. Absent in a muster started without one (older states): the salts
   * then come from the seed passed to {@link lockList}.
   */
  key?: string;
}

/** How many times a seat may lock its list in one muster (each lock and unlock is a stored command): its {@link MAX_LOCKS}-th lock cannot be unlocked. */
export const MAX_LOCKS = 16;

/** A seat's muster as a viewer sees it: locked or not, the commitment, and the list if visible. */
export interface MusterSeatView<List> {
  readonly locked: boolean;
  readonly commitment: string | null;
  /** How many times the seat has locked (public: every lock is announced). */
  readonly locks: number;
  /** Present for viewers entitled to the seat's list (and for everyone after the reveal). */
  readonly list?: List;
  readonly salt?: string;
}

/** The muster as a viewer sees it. */
export interface MusterView<List> {
  readonly seats: Readonly<Record<SeatId, MusterSeatView<List>>>;
  readonly revealed: boolean;
}

/**
 * A muster with every seat unlocked. With `seed` (the match's secret seed) the muster keeps its
 * key, `musterKey(seed)`, and salts its locks with it; without, salts come from the seed given to
 * each lock (the older scheme, kept for states made that way).
 */
export function startMuster<List>(seats: readonly SeatId[], seed?: string): MusterState<List> {
  return {
    seats: Object.fromEntries(seats.map((s) => [s, { commitment: null, list: null, locks: 0 }])),
    revealed: false,
    ...(seed === undefined ? {} : { key: musterKey(seed) }),
  };
}

/** The salt of `seat`'s `n`-th lock (n from 1), derived from `secret` (the muster key, or an older muster's seed). */
export function musterSalt(secret: string, seat: SeatId, n: number): string {
  return deriveSalt(secret, `muster:${seat}:${n}`);
}

/** The secret a muster's salts come from: its key, else (an older muster) the seed. */
const saltSecret = <List>(muster: MusterState<List>, seed: string): string => muster.key ?? seed;

/** Why a muster command is refused; `too_many_locks`: an unlock after {@link MAX_LOCKS} locks. */
export type MusterProblem = "muster_over" | "list_locked" | "list_not_locked" | "too_many_locks";

/**
 * Locks `list` for `seat` (the caller has validated it): stores the list and its commitment.
 * Mutates `muster`.
 * @param seed the match's secret seed (used only by a muster without a key).
 * @returns the commitment, or a problem: `muster_over` after the reveal, `list_locked` when the
 *   seat has locked already (it unlocks first).
 */
export function lockList<List>(muster: MusterState<List>, seed: string, seat: SeatId, list: List): { commitment: string } | { problem: MusterProblem } {
  const entry = muster.seats[seat];
  if (!entry || muster.revealed) return { problem: "muster_over" };
  if (entry.commitment !== null) return { problem: "list_locked" };
  entry.locks += 1;
  entry.list = list;
  entry.commitment = commit(list, musterSalt(saltSecret(muster, seed), seat, entry.locks));
  return { commitment: entry.commitment };
}

/**
 * Unlocks `seat`'s list so it can change it (only while some seat has not locked: once every seat
 * has locked, the lists are revealed), and only while it has locked fewer than {@link MAX_LOCKS}
 * times. Mutates `muster`.
 * @returns null, or `muster_over` / `list_not_locked` / `too_many_locks`.
 */
export function unlockList<List>(muster: MusterState<List>, seat: SeatId): MusterProblem | null {
  const entry = muster.seats[seat];
  if (!entry || muster.revealed) return "muster_over";
  if (entry.commitment === null) return "list_not_locked";
  if (entry.locks >= MAX_LOCKS) return "too_many_locks";
  entry.commitment = null;
  entry.list = null;
  return null;
}

/** Whether `seat` may unlock: locked, before the reveal, fewer than {@link MAX_LOCKS} locks (works on a state or a view's seat). */
export function canUnlock(entry: { readonly commitment: string | null; readonly locks: number } | undefined, revealed: boolean): boolean {
  return entry !== undefined && !revealed && entry.commitment !== null && entry.locks < MAX_LOCKS;
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
 * Reveals every list with its salt (call once all are locked) and drops the muster key (it opens
 * the commitments of drafts never revealed). Mutates `muster`.
 * @returns the lists and salts by seat.
 * @throws Error when a seat has not locked (a caller bug).
 */
export function revealMuster<List>(muster: MusterState<List>, seed: string): { lists: Record<SeatId, List>; salts: Record<SeatId, string> } {
  const lists: Record<SeatId, List> = {};
  const salts: Record<SeatId, string> = {};
  for (const [seat, entry] of Object.entries(muster.seats)) {
    if (entry.list === null || entry.commitment === null) throw new Error(`seat ${seat} has not locked its list`);
    entry.salt = musterSalt(saltSecret(muster, seed), seat, entry.locks);
    lists[seat] = entry.list;
    salts[seat] = entry.salt;
  }
  muster.revealed = true;
  delete muster.key;
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
      locks: entry.locks,
      ...(visible ? { list: entry.list as List } : {}),
      ...(muster.revealed && entry.salt !== undefined ? { salt: entry.salt } : {}),
    };
  }
  return { seats, revealed: muster.revealed };
}
