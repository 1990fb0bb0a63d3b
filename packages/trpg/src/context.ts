/**
 * The working copy of one `apply`: a deep copy of the state that commands mutate, the events
 * they produce with their audiences, and the dice.
 *
 * Dice come from two streams per character (and `table`), each derived from the match seed: a roll
 * is drawn from a stream of the character whose action causes it (docs/rules/trpg.md
 * "Presence"), so whatever an unseen character does never moves anybody else's dice. Of its two
 * streams, `dice:<who>` gives only dice every viewer is always shown (attacks, dodges,
 * penetration, shoves, the master's checks); `hidden:<who>` gives every die that may reach one
 * side only or that decides a hidden value (concealment, spotting, death saves, hazards,
 * healing, an unknown or game-master enemy's initiative). Which stream a roll takes is fixed by
 * the rule that rolls it, never by who happens to see the roller (docs/rules/trpg.md "Random
 * streams").
 */
import { clonePlain, publicEvent, Random, rngStateFromSeed, type Audience, type EventEnvelope } from "@fogwar/engine";
import type { Side, TrpgEvent, TrpgState } from "./types";

/** Every seat that may know what `side` knows: its seats and, in GM mode, the game master (with the side's team id). */
export function sideAudience(s: Pick<TrpgState, "mode" | "seats">, side: Side): Audience {
  const seats = side === "party" && s.mode === "gm" ? [...s.seats.party, ...s.seats.enemies] : [...s.seats[side]];
  return { kind: "teams", teams: [side], seats };
}

/** Which of a character's two streams a die comes from (see {@link Ctx.d6}). */
export type DiceStream = "dice" | "hidden";

/** A command's working copy. */
export class Ctx {
  readonly s: TrpgState;
  readonly events: EventEnvelope<TrpgEvent>[] = [];
  private readonly streams = new Map<string, Random>();

  constructor(state: TrpgState) {
    this.s = clonePlain(state);
  }

  /**
   * A d6 from one stream of `who` (a character id, a pair `observer>concealed`, or `table`):
   * `"dice"` for a die every viewer is always shown, `"hidden"` for a die that may reach one side
   * only or that decides a hidden value. The stream's state is kept in `server.rng` under
   * `<stream>:<who>`, derived as `rngStateFromSeed(seed, "<stream>:<who>")` on first use.
   */
  d6(who: string, stream: DiceStream): number {
    const label = `${stream}:${who}`;
    let random = this.streams.get(label);
    if (!random) {
      const stored = this.s.server.rng[label];
      random = new Random(stored ?? rngStateFromSeed(this.s.server.seed, label));
      this.streams.set(label, random);
    }
    return random.int(1, 6);
  }

  /** A public event. */
  emit(event: TrpgEvent): void {
    this.events.push(publicEvent(event));
  }

  /** An event for one side (and the game master), with an optional shadow everyone else sees. */
  emitTo(side: Side, event: TrpgEvent, shadow?: TrpgEvent): void {
    const audience = sideAudience(this.s, side);
    // The event says who hears it (`heardBy`), so a dice log can show each roll's audience.
    const heard = (shadow ? { ...event, heardBy: side, inPart: true } : { ...event, heardBy: side }) as TrpgEvent;
    this.events.push(shadow ? { audience, event: heard, shadow } : { audience, event: heard });
  }

  /** An event for the game master alone (GM mode), or for nobody while the match runs (versus). */
  emitToMaster(event: TrpgEvent): void {
    const audience: Audience = this.s.mode === "gm" ? { kind: "seats", seats: [...this.s.seats.enemies] } : { kind: "server" };
    this.events.push({ audience, event: { ...event, heardBy: "master" } as TrpgEvent });
  }

  /** An event for the side when `secret`, else public. */
  emitIf(secret: boolean, side: Side, event: TrpgEvent, shadow?: TrpgEvent): void {
    if (secret) this.emitTo(side, event, shadow);
    else this.emit(event);
  }

  /** The new state and its events. */
  finish(): { state: TrpgState; events: EventEnvelope<TrpgEvent>[] } {
    for (const [label, random] of this.streams) this.s.server.rng[label] = random.state();
    return { state: this.s, events: this.events };
  }
}
