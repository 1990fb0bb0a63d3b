/**
 * Rebuilding a client's projection from the decoded room state (docs/protocol.md, "State sync"):
 * the public flat `view` plus this seat's own overlay (`seats.get(seat).entries`), unflattened.
 * Spectators use the public view alone; spectators of a delayed match also get `caster`, the
 * delayed omniscient projection flattened in full. Pure: works on anything with `forEach`.
 */
import { type Flat } from "@fogwar/protocol";
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
    readonly seats?: MapLike<{
        readonly entries?: MapLike<string>;
    }>;
    readonly caster?: {
        readonly seq?: number;
        readonly entries?: MapLike<string>;
    } | null;
    readonly connected?: MapLike<boolean>;
    readonly spectators?: number;
}
/** A flat map copied into a plain Map. */
export declare function flatOf(map: MapLike<string> | undefined | null): Flat;
/**
 * A cheap key that changes whenever the projection can have changed: the server writes a new
 * projection only with a new `seq`, but the first full state (and a late StateView addition of
 * the seat's overlay) arrive without one, so the map sizes are part of the key.
 */
export declare function projectionKey(state: RoomStateLike, seat: string | null): string;
/**
 * This client's projection: `unflatten(applyOverlay(view, own overlay))` for a seat,
 * `unflatten(view)` for a spectator; null before the first state has arrived. Only the given
 * seat's overlay is ever read.
 */
export declare function buildProjection(state: RoomStateLike | null | undefined, seat: string | null): unknown | null;
/** The delayed caster feed (`{ seq, view }`), or null when this client receives none. */
export declare function buildCaster(state: RoomStateLike | null | undefined): {
    seq: number;
    view: unknown;
} | null;
/** Seat id -> whether a client is connected on it. */
export declare function connectedOf(state: RoomStateLike | null | undefined): Record<string, boolean>;
