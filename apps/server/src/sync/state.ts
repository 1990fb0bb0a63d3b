/**
 * The Colyseus room state (design.md principle 6: a projection, not the model). It holds:
 * - `view`: the public projection (the ruleset's `viewFor(state, spectator)`), flattened;
 * - `seats`: one `SeatKnowledge` per seat, in a `.view()` collection: the overlay that turns the
 *   public projection into that seat's projection. A client's StateView holds only its own seat's
 *   child, so no other seat's overlay is ever encoded for it;
 * - `caster`: the delayed omniscient projection for a spectator delay, in a `.view()` field given
 *   only to spectators of a delayed match (they never receive `view` updates' secrets: the public
 *   view has none).
 * Clients rebuild their projection as unflatten(applyOverlay(view, own overlay)).
 */
import { MapSchema, schema, t, type SchemaType } from "@colyseus/schema";

/** A seat's private overlay over the public projection. */
export const SeatKnowledge = schema(
  {
    seat: t.string(),
    entries: t.map("string"),
  },
  "SeatKnowledge",
);
export type SeatKnowledge = SchemaType<typeof SeatKnowledge>;

/** The delayed omniscient feed for casters (spectator delay). */
export const CasterFeed = schema(
  {
    /** The log sequence number the feed shows. */
    seq: t.number(),
    entries: t.map("string"),
  },
  "CasterFeed",
);
export type CasterFeed = SchemaType<typeof CasterFeed>;

/** The whole room state. */
export const MatchRoomState = schema(
  {
    matchId: t.string(),
    ruleset: t.string(),
    rulesVersion: t.string(),
    /** The last accepted log sequence number. */
    seq: t.number(),
    /** Seats and whether each has a connected client (public). */
    connected: t.map("boolean"),
    spectators: t.number(),
    /** The clocks and abandonment claims, public, as JSON (room-clock.ts `ClockField`; docs/protocol.md). */
    clock: t.string(),
    view: t.map("string"),
    seats: t.map(SeatKnowledge).view(),
    caster: t.ref(CasterFeed).view(),
  },
  "MatchRoomState",
);
export type MatchRoomState = SchemaType<typeof MatchRoomState>;

export { MapSchema };
