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

const rank = (e: EventEntry): number => e.seq * 2 + (e.feed === "caster" ? 1 : 0);

/**
 * The list with `entry` added in order; the same list object when `entry` is a duplicate (same
 * seq and feed), so callers can skip a re-render.
 */
export function addEvents(list: readonly EventEntry[], entry: EventEntry): readonly EventEntry[] {
  const key = rank(entry);
  // Binary search for the first entry ranked >= key (appends are the common case: check the end first).
  const last = list[list.length - 1];
  if (!last || rank(last) < key) return [...list, entry];
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rank(list[mid] as EventEntry) < key) lo = mid + 1;
    else hi = mid;
  }
  if (lo < list.length && rank(list[lo] as EventEntry) === key) return list;
  return [...list.slice(0, lo), entry, ...list.slice(lo)];
}

/** The highest live seq in the list (0 when none): what `events_since` asks after. */
export function lastLiveSeq(list: readonly EventEntry[]): number {
  for (let i = list.length - 1; i >= 0; i--) {
    const e = list[i] as EventEntry;
    if (e.feed === "live") return e.seq;
  }
  return 0;
}
