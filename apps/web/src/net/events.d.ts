/**
 * The event stream a client keeps: one entry per (feed, seq), in order. The same entry can arrive
 * twice (live, then again from `events_since` after a reconnection); the first copy is kept.
 * Entries are ordered by seq, the live feed before the caster feed at equal seq.
 */
/** One `events` message as the client keeps it. */
export interface EventEntry {
    readonly seq: number;
    readonly seat: string;
    readonly feed: "live" | "caster";
    readonly events: unknown[];
}
/**
 * The list with `entry` added in order; the same list object when `entry` is a duplicate (same
 * seq and feed), so callers can skip a re-render.
 */
export declare function addEvents(list: readonly EventEntry[], entry: EventEntry): readonly EventEntry[];
/** The highest live seq in the list (0 when none): what `events_since` asks after. */
export declare function lastLiveSeq(list: readonly EventEntry[]): number;
