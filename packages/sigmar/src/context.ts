/**
 * The working context of one `apply`: a private copy of the state, the RNG opened on its stored
 * state, and the events so far. Rules mutate the copy; `finish` stores the RNG back.
 */
import { Random, clonePlain, everyone, onlySeats, type EventEnvelope, type SeatId } from "@fogwar/engine";
import type { SigmarEvent, SigmarState } from "./types";

export class Ctx {
  readonly rng: Random;
  readonly events: EventEnvelope<SigmarEvent>[] = [];

  constructor(readonly state: SigmarState) {
    this.rng = new Random(state.secret.rng);
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

  /** A D6. */
  d6(): number {
    return this.rng.int(1, 6);
  }

  finish(): { state: SigmarState; events: EventEnvelope<SigmarEvent>[] } {
    this.state.secret.rng = [...this.rng.state()];
    return { state: this.state, events: this.events };
  }
}
