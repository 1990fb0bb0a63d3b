/**
 * Rebuilding a client's projection from the decoded room state (docs/protocol.md, "State sync"):
 * the public flat `view` plus this seat's own overlay (`seats.get(seat).entries`), unflattened.
 * Spectators use the public view alone; spectators of a delayed match also get `caster`, the
 * delayed omniscient projection flattened in full. Pure: works on anything with `forEach`.
 */
import { applyOverlay, unflatten, type Flat } from "@fogwar/protocol";

/** A decoded MapSchema (or a Map): what the flat maps of the room state look like on the client. */
export interface MapLike<V> {
  forEach(callback: (value: V, key: string) => void): void;
  readonly size: number;
  get?(key: string): V | undefined;
}

/** The room state as far as the client reads it. */
export interface RoomStateLike {
  readonly seq?: number;
  readonly view?: MapLike<string>;
  readonly seats?: MapLike<{ readonly entries?: MapLike<string> }>;
  readonly caster?: { readonly seq?: number; readonly entries?: MapLike<string> } | null;
  readonly connected?: MapLike<boolean>;
  readonly spectators?: number;
  /** The clocks and claims, as JSON (docs/protocol.md "Clocks and claims"). */
  readonly clock?: string;
}

/** A flat map copied into a plain Map. */
export function flatOf(map: MapLike<string> | undefined | null): Flat {
  const out: Flat = new Map();
  map?.forEach((value, key) => out.set(key, value));
  return out;
}

function overlayOf(state: RoomStateLike, seat: string | null): MapLike<string> | undefined {
  if (!seat || !state.seats) return undefined;
  if (state.seats.get) return state.seats.get(seat)?.entries;
  let found: MapLike<string> | undefined;
  state.seats.forEach((value, key) => {
    if (key === seat) found = value.entries;
  });
  return found;
}

/**
 * A cheap key that changes whenever the projection can have changed: the server writes a new
 * projection only with a new `seq`, but the first full state (and a late StateView addition of
 * the seat's overlay) arrive without one, so the map sizes are part of the key.
 */
export function projectionKey(state: RoomStateLike, seat: string | null): string {
  return `${state.seq ?? 0}:${state.view?.size ?? -1}:${overlayOf(state, seat)?.size ?? -1}`;
}

/**
 * This client's projection: `unflatten(applyOverlay(view, own overlay))` for a seat,
 * `unflatten(view)` for a spectator; null before the first state has arrived. Only the given
 * seat's overlay is ever read.
 */
export function buildProjection(state: RoomStateLike | null | undefined, seat: string | null): unknown | null {
  if (!state?.view || state.view.size === 0) return null;
  const publicFlat = flatOf(state.view);
  if (!publicFlat.has("")) return null;
  const own = overlayOf(state, seat);
  const value = own ? unflatten(applyOverlay(publicFlat, flatOf(own))) : unflatten(publicFlat);
  return value ?? null;
}

/** The delayed caster feed (`{ seq, view }`), or null when this client receives none. */
export function buildCaster(state: RoomStateLike | null | undefined): { seq: number; view: unknown } | null {
  const feed = state?.caster;
  // Clients outside the caster's StateView may hold an empty placeholder.
  if (!feed?.entries || feed.entries.size === 0) return null;
  const flat = flatOf(feed.entries);
  if (!flat.has("")) return null;
  return { seq: feed.seq ?? 0, view: unflatten(flat) };
}

/** Seat id -> whether a client is connected on it. */
export function connectedOf(state: RoomStateLike | null | undefined): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  state?.connected?.forEach((value, key) => {
    out[key] = Boolean(value);
  });
  return out;
}
