/**
 * The working copy of one `apply`: a deep copy of the state that commands mutate, the events they
 * produce, and the match RNG opened lazily. The state is only returned when the command succeeds,
 * so a refused command changes nothing.
 */
import { clonePlain, publicEvent, Random, teamAudience, type EventEnvelope } from "@fogwar/engine";
import type { Team } from "./data";
import type { SiegeEvent, SiegeState } from "./types";

/** A command's working copy. */
export class Ctx {
  readonly s: SiegeState;
  readonly events: EventEnvelope<SiegeEvent>[] = [];
  private random: Random | null = null;

  constructor(state: SiegeState) {
    this.s = clonePlain(state);
  }

  /** The match RNG (its state is stored back by {@link finish}). */
  rng(): Random {
    if (!this.random) this.random = new Random(this.s.server.rng);
    return this.random;
  }

  /** A public event. */
  emit(event: SiegeEvent): void {
    this.events.push(publicEvent(event));
  }

  /**
   * An event for one team (its seats, named in the audience, and its team viewer), with an
   * optional shadow that everyone else sees.
   */
  emitTo(team: Team, event: SiegeEvent, shadow?: SiegeEvent): void {
    const audience = teamAudience(team, this.s.teams[team]);
    this.events.push(shadow ? { audience, event, shadow } : { audience, event });
  }

  /** The new state and its events. */
  finish(): { state: SiegeState; events: EventEnvelope<SiegeEvent>[] } {
    if (this.random) this.s.server.rng = this.random.state();
    return { state: this.s, events: this.events };
  }
}
