/**
 * The working context of one `apply` call: a private copy of the state, the dice stream opened on
 * its stored state, and the events produced so far. Rules mutate the copy; `finish` stores the
 * stream back, so the caller's state is never touched (design.md principle 3). Every random draw
 * of EMBER is a public die, all from the `dice` stream (docs/rules/ember.md, "Random streams").
 */
import { Random, clonePlain, everyone, onlySeats, teamAudience, type Audience, type EventEnvelope, type SeatId } from "@fogwar/engine";
import type { EmberEvent, EmberState } from "./types";

export class Ctx {
  /** The public dice stream: every die EMBER rolls is shown to everyone. */
  readonly dice: Random;
  readonly events: EventEnvelope<EmberEvent>[] = [];

  constructor(readonly state: EmberState) {
    this.dice = new Random(state.secret.rng.dice);
  }

  /** Opens a context on a deep copy of `state`. */
  static on(state: EmberState): Ctx {
    return new Ctx(clonePlain(state));
  }

  /** Reports a public event. */
  emit(event: EmberEvent): void {
    this.events.push({ audience: everyone, event });
  }

  /**
   * Reports an event only `seat` may see in full, with its teammates in a 2 v 2 battle (a team
   * shares its knowledge: {@link sideAudience}); everyone else sees `shadow` (or nothing).
   */
  emitTo(seat: SeatId, event: EmberEvent, shadow?: EmberEvent): void {
    const audience = sideAudience(this.state, seat);
    this.events.push(shadow ? { audience, event, shadow } : { audience, event });
  }

  /** Stores the dice stream back into the state and returns the state and events. */
  finish(): { state: EmberState; events: EventEnvelope<EmberEvent>[] } {
    this.state.secret.rng = { dice: this.dice.state() };
    return { state: this.state, events: this.events };
  }
}

/**
 * Who shares a seat's knowledge (project decision on seed 001 5 "상대방에게 비공개"): the seat
 * alone, or in a 2 v 2 battle its whole team (both seats and the team viewer). Secrets are kept
 * from opponents and spectators, not from teammates.
 */
export function sideAudience(state: Pick<EmberState, "teams">, seat: SeatId): Audience {
  const team = state.teams?.[seat];
  if (team === undefined) return onlySeats(seat);
  return teamAudience(team, Object.keys(state.teams ?? {}).filter((s) => state.teams?.[s] === team).sort());
}
