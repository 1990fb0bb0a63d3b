/**
 * What each viewer may know (design.md principle 4): the single definition of the projection.
 * Hidden: a seat's army list until both are locked (then its units on the battlefield are
 * revealed; the list itself and its salt until the match ends), the units in reserve of the other
 * seat until each is set up (seed 003 24.1), each seat's hand (its own only), every deck's order
 * (nobody: the server alone), and the dice seed and RNG until the end.
 */
import { canSee, clonePlain, type EventEnvelope, type RngState, type MusterView, type SeatId, type Viewer } from "@fogwar/engine";
import type { ArmyList } from "./data";
import type { SigmarEvent, SigmarState } from "./types";

/** A viewer's projection: the state's shape without its secrets, with counts of what is hidden. */
export interface SigmarView extends Omit<SigmarState, "secret" | "muster"> {
  readonly muster: MusterView<ArmyList>;
  /** Cards left in each deck. */
  readonly decks: Record<SeatId, number>;
  /** Cards in each hand (the hands themselves: the viewer's own only). */
  readonly handCounts: Record<SeatId, number>;
  /** The dice seed, once the match is over. */
  readonly seed?: string;
}

/** Whether `viewer` may know what `seat` keeps secret. */
export const knows = (state: Pick<SigmarState, "phase">, viewer: Viewer, seat: SeatId): boolean =>
  viewer.kind === "omniscient" || state.phase === "finished" || (viewer.kind === "seat" && viewer.seat === seat);

/** The projection of `state` for `viewer`. */
export function viewFor(state: SigmarState, viewer: Viewer): SigmarView {
  const { secret, muster, ...rest } = state;
  const over = state.phase === "finished";
  const units = Object.fromEntries(Object.entries(state.units).filter(([, u]) => u.where !== "reserve" || knows(state, viewer, u.owner)));
  const hands = Object.fromEntries(state.seats.map((s) => [s, knows(state, viewer, s) ? [...state.hands[s]!] : []]));
  const seats = Object.fromEntries(
    Object.entries(muster.seats).map(([seat, entry]) => [
      seat,
      {
        locked: entry.commitment !== null,
        commitment: entry.commitment,
        locks: entry.locks,
        // A list never revealed (the match ended during the muster) stays its seat's own.
        ...(entry.list !== null && (muster.revealed ? knows(state, viewer, seat) : viewer.kind === "omniscient" || (viewer.kind === "seat" && viewer.seat === seat)) ? { list: clonePlain(entry.list) } : {}),
        ...(over && entry.salt !== undefined ? { salt: entry.salt } : {}),
      },
    ]),
  );
  return {
    ...clonePlain(rest),
    units: clonePlain(units),
    hands,
    muster: { seats, revealed: muster.revealed },
    decks: Object.fromEntries(state.seats.map((s) => [s, secret.decks[s]?.length ?? 0])),
    handCounts: Object.fromEntries(state.seats.map((s) => [s, state.hands[s]!.length])),
    ...(over ? { seed: secret.seed } : {}),
  };
}

/** What `viewer` sees of an event. */
export function redact(envelope: EventEnvelope<SigmarEvent>, viewer: Viewer): SigmarEvent | null {
  if (canSee(envelope.audience, viewer)) return envelope.event;
  return envelope.shadow ?? null;
}

/**
 * The streams of the empty seed, `rngStateFromSeed("", stream)` written out: what a state rebuilt
 * from a view holds in place of the secret streams. Computing the HMACs on every call was a
 * visible part of a table's first render on a phone; view.test.ts checks them against the function.
 */
export const EMPTY_SEED_STREAMS: { readonly dice: RngState; readonly decks: RngState } = {
  dice: { key: "49ad9199d077b8ed3bb718879f8b52e8cd1f26af001d4259a18ac5bdf3adbebc", drawn: 0 },
  decks: { key: "d4f00e41a93e6d0a9eb1defc226a08d44568df4726de8fc85b4c5148aba20ec0", drawn: 0 },
};

/**
 * A state rebuilt from a seat's projection, for rules that read only what the seat knows (its
 * legal commands and templates). Secrets it cannot know are empty.
 */
export function stateFromView(view: SigmarView): SigmarState {
  const { decks: _d, handCounts: _h, seed: _s, muster, ...rest } = view;
  return {
    ...(rest as Omit<SigmarState, "secret" | "muster">),
    muster: { revealed: muster.revealed, seats: Object.fromEntries(Object.entries(muster.seats).map(([seat, m]) => [seat, { commitment: m.commitment, list: m.list ?? null, locks: m.locks ?? 0 }])) },
    // Secrets the seat cannot know are empty: no seed, fixed streams (of the empty seed), empty decks.
    secret: { seed: "", rng: { dice: { ...EMPTY_SEED_STREAMS.dice }, decks: { ...EMPTY_SEED_STREAMS.decks } }, decks: Object.fromEntries(view.seats.map((s) => [s, []])) },
  };
}
