/**
 * Where the map names the mission's objective room (seed 004 "임무"): along a row of the room's
 * squares that holds no piece under the name, so an operator or token standing in the room's
 * corner square no longer covers its first letters ("bjective: Ledger room"). Gadgets are drawn in
 * a square's lower corner and leave the name's top line free.
 */

/** A square (x, y in squares from the map's top left). */
export interface Square {
  readonly x: number;
  readonly y: number;
}

/** The name's place: its first square (`end`: its last, the name then ends at that square's right edge). */
export interface LabelPlace extends Square {
  readonly end: boolean;
}

/**
 * The squares (about 40 px each) a name of `text` covers at 12 px bold: Hangul about 12 px a
 * character, other characters about 7.4 px, plus the 4 px margin.
 */
export function labelSpan(text: string, cell: number): number {
  const px = [...text].reduce((sum, c) => sum + (/[\uac00-\ud7a3]/.test(c) ? 12 : 7.4), 8);
  return Math.max(1, Math.ceil(px / cell));
}

/**
 * The first place, in this order, where the `span` squares a name covers along one row of `room`
 * hold no square in `occupied` ("x,y"): the top row from its left end, then ending at its right
 * end, then the bottom row alike, then the rows between, top first (a name longer than a narrow
 * room runs on past its side). With none free (a crowded room), the top
 * row's left end; null for an empty room.
 */
export function objectiveLabelPlace(room: readonly Square[], occupied: ReadonlySet<string>, span: number): LabelPlace | null {
  if (room.length === 0) return null;
  const rows = new Map<number, number[]>();
  for (const c of room) rows.set(c.y, [...(rows.get(c.y) ?? []), c.x]);
  const ys = [...rows.keys()].sort((a, b) => a - b);
  const order = ys.length > 1 ? [ys[0]!, ys[ys.length - 1]!, ...ys.slice(1, -1)] : ys;
  // The name may run on past the room's side (a narrow room): only the pieces under it count.
  const free = (y: number, from: number) => {
    for (let x = from; x < from + span; x++) if (occupied.has(`${x},${y}`)) return false;
    return true;
  };
  for (const y of order) {
    const xs = [...rows.get(y)!].sort((a, b) => a - b);
    const first = xs[0]!;
    const last = xs[xs.length - 1]!;
    if (free(y, first)) return { x: first, y, end: false };
    if (free(y, last - span + 1)) return { x: last, y, end: true };
  }
  const top = ys[0]!;
  return { x: Math.min(...rows.get(top)!), y: top, end: false };
}
