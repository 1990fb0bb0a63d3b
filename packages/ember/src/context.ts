/**
 * The working context of one `apply` call: a private copy of the state, the RNG cursor opened on
 * its stored state, and the events produced so far. Rules mutate the copy; `finish` stores the RNG
 * state back, so the caller's state is never touched (design.md principle 3).
 */
import { Random, everyone, onlySeats, type EventEnvelope, type SeatId } from "@fogwar/engine";
import type { EmberEvent, EmberState } from "./types";

export class Ctx {
  readonly rng: Random;
  readonly events: EventEnvelope<EmberEvent>[] = [];

  constructor(readonly state: EmberState) {
    this.rng = new Random(state.secret.rng);
  }

  /** Opens a context on a deep copy of `state`. */
  static on(state: EmberState): Ctx {
    return new Ctx(structuredClone(state));
  }

  /** Reports a public event. */
  emit(event: EmberEvent): void {
    this.events.push({ audience: everyone, event });
  }

  /** Reports an event only `seat` may see in full; everyone else sees `shadow` (or nothing). */
  emitTo(seat: SeatId, event: EmberEvent, shadow?: EmberEvent): void {
    this.events.push(shadow ? { audience: onlySeats(seat), event, shadow } : { audience: onlySeats(seat), event });
  }

  /** Stores the RNG back into the state and returns the state and events. */
  finish(): { state: EmberState; events: EventEnvelope<EmberEvent>[] } {
    this.state.secret.rng = [...this.rng.state()];
    return { state: this.state, events: this.events };
  }
}
