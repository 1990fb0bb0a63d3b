/**
 * Where each unit's tag goes on the Age of Sigmar map (MapUnits.tsx). A tag is one block: the
 * unit's short name over its wound bar and "left/total". Tags are placed beside their unit's bases
 * where they cover no other tag, no base of any unit and no mark of the battlefield the players
 * must see (the objective markers: a tag over one hid it; the tokens) nor the other words drawn on
 * the map (the player's territory named while the armies deploy): the 8 directions around the unit's bases
 * (above, below, right, left, the four corners, and above, below, right and left slid to either
 * end of the bases), at growing distances, nearest first; each candidate is kept inside the map's
 * viewBox where the tag fits. When every candidate overlaps something, the one overlapping least
 * is taken. A tag that ends up away from its unit gets a leader line to the nearest point of its
 * bases.
 *
 * Units: every length and point here is in screen units of the map's SVG viewBox (hundredths of an
 * inch on the battlefield; x to the right, y down). Pure and deterministic: units are placed in
 * the order given (the map gives them in id order), each tag avoiding the tags placed before it
 * and every unit's bases. Cheap: a few hundred candidates per unit at most, most units stopping
 * at one of the first few.
 */
import { boxesOverlap, textWidth, type Box, type Point } from "../../table/label-boxes";

/** A model's base: a disc of centre (x, y) and radius r, screen units. */
export interface Base extends Point {
  readonly r: number;
}

/** A unit to tag: its id, its bases (at least one) and its tag's size (`tagSize`), screen units. */
export interface TagRequest {
  readonly id: string;
  readonly bases: readonly Base[];
  readonly w: number;
  readonly h: number;
}

/** A line from `from` (on the tag's edge) to `to` (on the nearest base's rim), screen units. */
export interface Leader {
  readonly from: Point;
  readonly to: Point;
}

/** A placed tag: its box, and its leader line when it stands away from its bases (else null). */
export interface PlacedTag {
  readonly box: Box;
  readonly leader: Leader | null;
}

/** The name's font size (`.unit-label` in table.css), screen units. */
export const NAME_SIZE = 84;
/** The "left/total" font size (`.wounds-text` in table.css), screen units. */
export const WOUNDS_SIZE = 62;
/** Inner padding of a tag, screen units. */
const PAD = 10;
/** The name's line: from the tag's top to the bar's row (baseline at NAME_BASELINE), screen units. */
const NAME_LINE = 103;
const NAME_BASELINE = 72;
/** The wound bar's offset under the name line and its height; its narrowest width. */
const BAR_TOP = 10;
const BAR_H = 31;
const BAR_MIN = 190;
/** Space between the bar and "left/total". */
const BAR_GAP = 14;
/** The bar row's height (the "left/total" text with its white halo). */
const ROW_H = 58;

/** Space kept between a tag and its own unit's bases when it stands beside them. */
const GAP = 14;
/** Clearance a tag keeps from any base (the base's outline, thicker when selected) and from other tags. */
const BASE_CLEAR = 10;
const TAG_CLEAR = 6;
/** Distances from the bases tried in turn, nearest first (screen units; 100 = 1"). */
const RINGS = [0, 30, 70, 120, 180, 250, 330, 420, 520, 640, 780, 940, 1120, 1320, 1550, 1800, 2100, 2450];
/** A tag farther than this from its nearest base gets a leader line. */
const LEADER_FROM = 40;

/** A tag's size for a unit named `name` with wounds `wounds` ("left/total"), screen units. */
export function tagSize(name: string, wounds: string): { w: number; h: number } {
  // The white halo of the text (half its stroke) on both sides.
  const nameW = textWidth(name, NAME_SIZE) + 14;
  const rowW = BAR_MIN + BAR_GAP + textWidth(wounds, WOUNDS_SIZE) + 10;
  return { w: Math.ceil(Math.max(nameW, rowW) + 2 * PAD), h: PAD + NAME_LINE + ROW_H };
}

/** A name-only tag's size (a plan's ghost bases named, MapUnits.tsx): the name's line alone, screen units. */
export function nameTagSize(name: string): { w: number; h: number } {
  return { w: Math.ceil(textWidth(name, NAME_SIZE) + 14 + 2 * PAD), h: PAD + NAME_BASELINE + 26 };
}

/**
 * Where a tag's parts go in its box (screen units): the name's anchor (text-anchor middle, at its
 * baseline), the wound bar's box (the bar's full width; the left part is drawn in proportion), and
 * the "left/total" text's anchor (text-anchor start, at its baseline).
 */
export function tagLayout(box: Box, wounds: string): { name: Point; bar: Box; wounds: Point } {
  const woundsW = textWidth(wounds, WOUNDS_SIZE) + 5;
  const barY = box.y0 + PAD + NAME_LINE + BAR_TOP;
  const barX1 = Math.max(box.x0 + PAD + BAR_MIN, box.x1 - PAD - woundsW - BAR_GAP);
  return {
    name: { x: (box.x0 + box.x1) / 2, y: box.y0 + PAD + NAME_BASELINE },
    bar: { x0: box.x0 + PAD, y0: barY, x1: barX1, y1: barY + BAR_H },
    wounds: { x: barX1 + BAR_GAP, y: barY + BAR_H / 2 + WOUNDS_SIZE * 0.36 },
  };
}

/** The point of box `b` nearest to `p` (p itself when inside). */
function nearestOnBox(b: Box, p: Point): Point {
  return { x: Math.min(b.x1, Math.max(b.x0, p.x)), y: Math.min(b.y1, Math.max(b.y0, p.y)) };
}

/** How far box `b` is from the rim of base `c` (negative: it covers part of the base). */
function boxToBase(b: Box, c: Base): number {
  const q = nearestOnBox(b, c);
  return Math.hypot(q.x - c.x, q.y - c.y) - c.r;
}

/** The smallest box holding every base (`bases` non-empty). */
function boundsOf(bases: readonly Base[]): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of bases) {
    x0 = Math.min(x0, b.x - b.r);
    y0 = Math.min(y0, b.y - b.r);
    x1 = Math.max(x1, b.x + b.r);
    y1 = Math.max(y1, b.y + b.r);
  }
  return { x0, y0, x1, y1 };
}

/** The area two boxes share. */
function shared(a: Box, b: Box): number {
  return Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
}

/** The box of a `w` by `h` tag with its top left at (x, y), slid inside `within` where it fits (centred where it does not). */
function boxAt(x: number, y: number, w: number, h: number, within: Box | null): Box {
  if (within) {
    x = w <= within.x1 - within.x0 ? Math.min(within.x1 - w, Math.max(within.x0, x)) : (within.x0 + within.x1 - w) / 2;
    y = h <= within.y1 - within.y0 ? Math.min(within.y1 - h, Math.max(within.y0, y)) : (within.y0 + within.y1 - h) / 2;
  }
  return { x0: x, y0: y, x1: x + w, y1: y + h };
}

/**
 * The candidate boxes of a `w` by `h` tag around bases bounded by `b`, nearest first: at each
 * distance of RINGS, above, below, right and left (centred), the four corners, then above and
 * below slid to the bases' left and right ends and right and left slid to their top and bottom.
 */
function* candidates(b: Box, w: number, h: number, within: Box | null): Generator<Box> {
  const cx = (b.x0 + b.x1) / 2;
  const cy = (b.y0 + b.y1) / 2;
  for (const d of RINGS) {
    const n = b.y0 - GAP - d - h;
    const s = b.y1 + GAP + d;
    const e = b.x1 + GAP + d;
    const west = b.x0 - GAP - d - w;
    const k = d * 0.7;
    const tops: [number, number][] = [
      [cx - w / 2, n],
      [cx - w / 2, s],
      [e, cy - h / 2],
      [west, cy - h / 2],
      [b.x1 + GAP + k, b.y0 - GAP - k - h],
      [b.x0 - GAP - k - w, b.y0 - GAP - k - h],
      [b.x1 + GAP + k, b.y1 + GAP + k],
      [b.x0 - GAP - k - w, b.y1 + GAP + k],
      [b.x0, n],
      [b.x1 - w, n],
      [b.x0, s],
      [b.x1 - w, s],
      [e, b.y0],
      [e, b.y1 - h],
      [west, b.y0],
      [west, b.y1 - h],
    ];
    for (const [x, y] of tops) yield boxAt(x, y, w, h, within);
  }
}

/** The leader from a tag's box to the nearest rim point of `bases`, or null when the tag stands close (or covers one). */
function leaderOf(box: Box, bases: readonly Base[]): Leader | null {
  let best: { gap: number; base: Base; at: Point } | null = null;
  for (const base of bases) {
    const at = nearestOnBox(box, base);
    const gap = Math.hypot(at.x - base.x, at.y - base.y) - base.r;
    if (!best || gap < best.gap) best = { gap, base, at };
  }
  if (!best || best.gap <= LEADER_FROM) return null;
  const { base, at } = best;
  const len = Math.hypot(at.x - base.x, at.y - base.y);
  return { from: at, to: { x: base.x + ((at.x - base.x) * base.r) / len, y: base.y + ((at.y - base.y) * base.r) / len } };
}

/**
 * Places every unit's tag (in the order given): the first candidate (nearest first) that covers
 * no tag placed before it, no base of any unit and none of `marks` (discs kept clear, such as the
 * objective markers, battleplan "objectives"), inside `within` (the map's viewBox; null: no
 * limit) where the tag fits, and none of the boxes `clear` (other words drawn on the map, such as
 * the player's territory named while the armies deploy); when none is free, the candidate
 * overlapping least (the area shared with tags, `clear` and the boxes of bases and marks). Units
 * without bases get no tag.
 * @returns each unit's tag by unit id.
 */
export function placeTags(units: readonly TagRequest[], within: Box | null, marks: readonly Base[] = [], clear: readonly Box[] = []): Map<string, PlacedTag> {
  // Every unit's bases, and each mark alone, with their bounding box (grown by the clearance), to skip far ones at once.
  const groups = [...units.filter((u) => u.bases.length > 0).map((u) => u.bases), ...marks.map((m) => [m])].map((bases) => {
    const b = boundsOf(bases);
    return { bases, reach: { x0: b.x0 - BASE_CLEAR, y0: b.y0 - BASE_CLEAR, x1: b.x1 + BASE_CLEAR, y1: b.y1 + BASE_CLEAR } };
  });
  // The other words on the map (`clear`) are kept clear of as the tags placed before are.
  const placed: Box[] = [...clear];
  const out = new Map<string, PlacedTag>();
  const free = (box: Box): boolean => {
    for (const t of placed) if (boxesOverlap(box, t, TAG_CLEAR)) return false;
    for (const g of groups) {
      if (!boxesOverlap(box, g.reach)) continue;
      for (const c of g.bases) if (boxToBase(box, c) < BASE_CLEAR) return false;
    }
    return true;
  };
  const overlap = (box: Box): number => {
    let area = 0;
    for (const t of placed) area += shared(box, { x0: t.x0 - TAG_CLEAR, y0: t.y0 - TAG_CLEAR, x1: t.x1 + TAG_CLEAR, y1: t.y1 + TAG_CLEAR });
    for (const g of groups) {
      if (!boxesOverlap(box, g.reach)) continue;
      for (const c of g.bases) if (boxToBase(box, c) < BASE_CLEAR) area += shared(box, { x0: c.x - c.r - BASE_CLEAR, y0: c.y - c.r - BASE_CLEAR, x1: c.x + c.r + BASE_CLEAR, y1: c.y + c.r + BASE_CLEAR });
    }
    if (within) area += 4 * ((box.x1 - box.x0) * (box.y1 - box.y0) - shared(box, within));
    return area;
  };
  for (const u of units) {
    if (u.bases.length === 0) continue;
    const b = boundsOf(u.bases);
    let chosen: Box | undefined;
    for (const box of candidates(b, u.w, u.h, within)) {
      if (!free(box)) continue;
      chosen = box;
      break;
    }
    if (!chosen) {
      let least = Infinity;
      for (const box of candidates(b, u.w, u.h, within)) {
        const area = overlap(box);
        if (area < least) [chosen, least] = [box, area];
      }
    }
    const box = chosen!;
    placed.push(box);
    out.set(u.id, { box, leader: leaderOf(box, u.bases) });
  }
  return out;
}
