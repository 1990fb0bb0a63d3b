/**
 * The one helper that owns the room state's projections and every client's StateView
 * (design.md principle 6). After each accepted command it recomputes the public projection
 * (`viewFor(state, spectator)`), each seat's projection (`viewFor(state, seat)`) and, for a
 * delayed match, the caster feed (`viewFor(delayedState, omniscient)`, or the ruleset's own caster
 * view given the live state: Siege keeps back what is still secret live), and writes only the
 * entries that changed. Clients' views are set once, at join: a seat's client sees its own
 * overlay; a spectator sees the caster feed of a delayed match; nobody sees anyone else's.
 */
import { StateView } from "@colyseus/schema";
import { omniscient, seatViewer, spectator } from "@fogwar/engine";
import type { AnyRuleset } from "../rulesets.js";
import { diff, flatten, overlay, type Flat } from "@fogwar/protocol";
import { CasterFeed, MatchRoomState, SeatKnowledge, type MapSchema } from "./state.js";

/** Who a client is, for its StateView. */
export type Audience = { readonly role: "player"; readonly seat: string } | { readonly role: "spectator" };

function write(target: MapSchema<string>, previous: Flat, next: Flat): void {
  const change = diff(previous, next);
  for (const path of change.remove) target.delete(path);
  for (const [path, value] of change.set) target.set(path, value);
}

export class Projector {
  private publicFlat: Flat = new Map();
  private readonly seatFlats = new Map<string, Flat>();
  private casterFlat: Flat = new Map();

  constructor(
    readonly state: MatchRoomState,
    private readonly ruleset: AnyRuleset,
    private readonly seats: readonly string[],
    private readonly delayed: boolean,
    /** The caster feed's projection of the delayed state, given the live one (default: omniscient). */
    private readonly casterView: (delayed: unknown, live: unknown) => unknown = (d) => ruleset.viewFor(d, omniscient),
  ) {
    for (const seat of seats) {
      const knowledge = new SeatKnowledge();
      knowledge.seat = seat;
      state.seats.set(seat, knowledge);
      this.seatFlats.set(seat, new Map());
      state.connected.set(seat, false);
    }
    if (delayed) state.caster = new CasterFeed();
  }

  /** Brings every projection in the room state up to date with the engine state. */
  update(engineState: unknown, seq: number, casterFeed?: { seq: number; state: unknown }): void {
    const nextPublic = flatten(this.ruleset.viewFor(engineState, spectator));
    write(this.state.view, this.publicFlat, nextPublic);
    this.publicFlat = nextPublic;
    for (const seat of this.seats) {
      const nextSeat = overlay(nextPublic, flatten(this.ruleset.viewFor(engineState, seatViewer(seat))));
      const knowledge = this.state.seats.get(seat) as SeatKnowledge;
      write(knowledge.entries, this.seatFlats.get(seat) as Flat, nextSeat);
      this.seatFlats.set(seat, nextSeat);
    }
    if (this.delayed && casterFeed && this.state.caster) {
      const nextCaster = flatten(this.casterView(casterFeed.state, engineState));
      write(this.state.caster.entries, this.casterFlat, nextCaster);
      this.casterFlat = nextCaster;
      this.state.caster.seq = casterFeed.seq;
    }
    this.state.seq = seq;
  }

  /** The StateView for a client: its seat's overlay, or the caster feed for a delayed match's spectators. */
  viewFor(audience: Audience): StateView {
    const view = new StateView();
    if (audience.role === "player") view.add(this.state.seats.get(audience.seat) as SeatKnowledge);
    else if (this.delayed && this.state.caster) view.add(this.state.caster);
    return view;
  }

  /**
   * Gives a departed client's StateView back: unbinds it from the state's encoder and frees its
   * view slot (Colyseus does not; without this each departed client's view id and visibility
   * bits stay until the garbage collector happens to finalise the view).
   */
  release(view: StateView | undefined): void {
    view?.dispose();
  }
}
