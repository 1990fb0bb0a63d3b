/**
 * The working context of one `apply`: a private copy of the state, its two random streams opened
 * on their stored states, and the events so far. Rules mutate the copy; `finish` stores the
 * streams back. Public dice come from `dice`; the secret deck order from `decks` (docs/rules/sigmar.md,
 * "Random streams"), so no die tells anything about a deck.
 */
import { Random, clonePlain, everyone, onlySeats, type EventEnvelope, type SeatId } from "@fogwar/engine";
import type { SigmarEvent, SigmarState } from "./types";

export class Ctx {
  /** The public dice stream: every die rolled (all of them are shown to everyone). */
  readonly dice: Random;
  /** The hidden stream: the order of each seat's deck of battle-tactic cards. */
  readonly decks: Random;
  readonly events: EventEnvelope<SigmarEvent>[] = [];

  constructor(readonly state: SigmarState) {
    this.dice = new Random(state.secret.rng.dice);
    this.decks = new Random(state.secret.rng.decks);
  }

  /** A context on a deep copy of `state`. */
  static on(state: SigmarState): Ctx {
    return new Ctx(clonePlain(state));
  }

  /** A public event. */
  emit(event: SigmarEvent): void {
    this.events.push({ audience: everyone, event });
  }

  /** An event only `seat` sees in full; everyone else sees `shadow` (or nothing). */
  emitTo(seat: SeatId, event: SigmarEvent, shadow?: SigmarEvent): void {
    this.events.push(shadow ? { audience: onlySeats(seat), event, shadow } : { audience: onlySeats(seat), event });
  }

  /** A D6 from the public dice stream. */
  d6(): number {
    return this.dice.int(1, 6);
  }

  finish(): { state: SigmarState; events: EventEnvelope<SigmarEvent>[] } {
    this.state.secret.rng = { dice: this.dice.state(), decks: this.decks.state() };
    return { state: this.state, events: this.events };
  }
}
