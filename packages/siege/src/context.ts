/**
 * The working copy of one `apply`: a deep copy of the state that commands mutate, the events they
 * produce, and the match's random streams opened lazily: `dice` for every public die, `tokens` for
 * the ids of the defence's hidden tokens (docs/rules/siege.md, "Random streams"). The state is only
 * returned when the command succeeds, so a refused command changes nothing.
 */
import { clonePlain, publicEvent, Random, teamAudience, type EventEnvelope } from "@fogwar/engine";
import type { Team } from "./data";
import type { SiegeEvent, SiegeState } from "./types";

/** A command's working copy. */
export class Ctx {
  readonly s: SiegeState;
  readonly events: EventEnvelope<SiegeEvent>[] = [];
  private readonly streams: Partial<Record<keyof SiegeState["server"]["rng"], Random>> = {};

  constructor(state: SiegeState) {
    this.s = clonePlain(state);
  }

  /** The public dice stream (its state is stored back by {@link finish}). */
  dice(): Random {
    return (this.streams.dice ??= new Random(this.s.server.rng.dice));
  }

  /**
   * The hidden stream of token ids: a hidden operator's two tokens get random ids (kept sorted),
   * so their ids and order do not tell which is real. Stored back by {@link finish}.
   */
  tokens(): Random {
    return (this.streams.tokens ??= new Random(this.s.server.rng.tokens));
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
    if (this.streams.dice || this.streams.tokens) {
      this.s.server.rng = { dice: this.streams.dice?.state() ?? this.s.server.rng.dice, tokens: this.streams.tokens?.state() ?? this.s.server.rng.tokens };
    }
    return { state: this.s, events: this.events };
  }
}
