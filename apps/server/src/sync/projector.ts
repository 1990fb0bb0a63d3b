/**
 * The one helper that owns the room state's projections and every client's StateView
 * (design.md principle 6). After each accepted command it brings up to date the public projection
 * (`viewFor(state, spectator)`), each seat's overlay over it (what `viewFor(state, seat)` adds or
 * changes) and, for a delayed match, the caster feed (`viewFor(delayedState, omniscient)`, or the
 * ruleset's own caster view given the live state: Siege keeps back what is still secret live), and
 * writes only the entries that changed. Clients' views are set once, at join: a seat's client sees
 * its own overlay; a spectator sees the caster feed of a delayed match; nobody sees anyone else's.
 *
 * The work per command follows what changed, not the size of the state:
 * - projections come from the ruleset's `sharedViewFor` when it has one (`viewFor` otherwise): a
 *   seat's projection shares with the public one every object neither redacts, so a seat's overlay
 *   is found by walking the two side by side ({@link overlayValues}) and costs only the secret
 *   parts;
 * - the public projection (and the caster feed) is compared with the previous command's
 *   ({@link diffValues}) rather than flattened: only changed entries build a path;
 * - what the projector keeps between commands is the previous projections themselves (which share
 *   their objects with the engine state the match holds anyway); the public entries and each
 *   seat's overlay live once, in the room state's maps.
 * Engine states and their projections are treated as immutable (the engine's contract: `apply`
 * returns a new state and never changes the one it was given).
 *
 * While nobody is connected the projections need not be held at all: `sleep` empties every flat
 * map of the room state (the largest part of an idle room's memory: some 140 bytes of Colyseus
 * bookkeeping per entry besides its path and value) and `wake` writes them afresh from the last
 * engine state before a client is given its view. Updates while asleep only remember that state.
 */
import { StateView } from "@colyseus/schema";
import { omniscient, seatViewer, spectator, type Viewer } from "@fogwar/engine";
import type { AnyRuleset } from "../hosts/index.js";
import { diff, diffValues, NOTHING, overlayValues, type FlatSink } from "@fogwar/protocol";
import { CasterFeed, MatchRoomState, SeatKnowledge, type MapSchema } from "./state.js";

/** Who a client is, for its StateView. */
export type Audience = { readonly role: "player"; readonly seat: string } | { readonly role: "spectator" };

/** A map of the room state as the target of a change. */
const into = (target: MapSchema<string>): FlatSink => ({ set: (path, value) => target.set(path, value), remove: (path) => target.delete(path) });

/**
 * An upper bound of the bytes a map entry takes in a Colyseus patch: its key and value in UTF-8,
 * their length prefixes, the operation and the entry's index.
 */
const entryBytes = (path: string, value: string): number => Buffer.byteLength(path) + Buffer.byteLength(value) + 24;
/** The bytes of a view-only child beyond its entries: its own fields and references. */
const CHILD_BYTES = 128;

export class Projector {
  /** The projections last written (NOTHING before the first update). */
  private publicView: unknown = NOTHING;
  private casterView: unknown = NOTHING;
  /** {@link entryBytes} summed over each seat's overlay, and over the caster feed. */
  private readonly overlayBytes = new Map<string, number>();
  private casterBytes = 0;
  private readonly viewOf: (state: unknown, viewer: Viewer) => unknown;
  /** Whether the flat maps are empty until `wake` (see the class comment). */
  private asleep = false;
  /** The last `update`'s arguments, written again by `wake`. */
  private latest: Parameters<Projector["update"]> | null = null;

  constructor(
    readonly state: MatchRoomState,
    ruleset: AnyRuleset,
    private readonly seats: readonly string[],
    private readonly delayed: boolean,
    /** The caster feed's projection of the delayed state, given the live one (default: omniscient). */
    private readonly casterFeedView: (delayed: unknown, live: unknown) => unknown = (d) => ruleset.viewFor(d, omniscient),
  ) {
    this.viewOf = ruleset.sharedViewFor ? (s, v) => ruleset.sharedViewFor!(s, v) : (s, v) => ruleset.viewFor(s, v);
    for (const seat of seats) {
      const knowledge = new SeatKnowledge();
      knowledge.seat = seat;
      state.seats.set(seat, knowledge);
      state.connected.set(seat, false);
    }
    if (delayed) state.caster = new CasterFeed();
  }

  /** Brings every projection in the room state up to date with the engine state. */
  update(engineState: unknown, seq: number, casterFeed?: { seq: number; state: unknown }): void {
    this.latest = [engineState, seq, casterFeed];
    this.state.seq = seq;
    if (this.asleep) return;
    const publicView = this.viewOf(engineState, spectator);
    diffValues(this.publicView, publicView, into(this.state.view));
    this.publicView = publicView;
    for (const seat of this.seats) {
      const next = overlayValues(publicView, this.viewOf(engineState, seatViewer(seat)));
      const entries = (this.state.seats.get(seat) as SeatKnowledge).entries;
      const change = diff(entries, next);
      for (const path of change.remove) entries.delete(path);
      for (const [path, value] of change.set) entries.set(path, value);
      if (change.set.length + change.remove.length > 0) {
        let bytes = 0;
        for (const [path, value] of next) bytes += entryBytes(path, value);
        this.overlayBytes.set(seat, bytes);
      }
    }
    if (this.delayed && casterFeed && this.state.caster) {
      const casterView = this.casterFeedView(casterFeed.state, engineState);
      const entries = this.state.caster.entries;
      diffValues(this.casterView, casterView, {
        set: (path, value) => {
          const old = entries.get(path);
          this.casterBytes += entryBytes(path, value) - (old === undefined ? 0 : entryBytes(path, old));
          entries.set(path, value);
        },
        remove: (path) => {
          this.casterBytes -= entryBytes(path, entries.get(path) ?? "");
          entries.delete(path);
        },
      });
      this.casterView = casterView;
      this.state.caster.seq = casterFeed.seq;
    }
  }

  /**
   * Empties every flat map of the room state (the public view, each seat's overlay, the caster
   * feed) until `wake`; for a room nobody is connected to. Does nothing when asleep already.
   */
  sleep(): void {
    if (this.asleep) return;
    this.asleep = true;
    this.state.view.clear();
    for (const seat of this.seats) {
      (this.state.seats.get(seat) as SeatKnowledge).entries.clear();
      this.overlayBytes.set(seat, 0);
    }
    this.state.caster?.entries.clear();
    this.casterBytes = 0;
    this.publicView = NOTHING;
    this.casterView = NOTHING;
  }

  /** Writes every projection again from the last update's engine state; call before a client is given its view. */
  wake(): void {
    if (!this.asleep) return;
    this.asleep = false;
    if (this.latest) this.update(...this.latest);
  }

  /**
   * An upper bound, in bytes, of the encoding of the largest child only some StateViews hold (a
   * seat's overlay, the caster feed), whole: what a client's view encodes at once when it is given
   * that child. The room's serializer keeps this much room in its buffer for view encodes.
   */
  viewBytes(): number {
    return CHILD_BYTES + Math.max(this.casterBytes, ...this.overlayBytes.values());
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
