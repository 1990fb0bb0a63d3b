/**
 * Boxes for labels on a board's SVG: an axis-aligned box, how wide a text runs, whether two boxes
 * meet, and where a line's label goes so that labels do not cover each other (the EMBER board's
 * sight lines). Units: the board's SVG viewBox units throughout (x to the right, y down). Pure.
 */

/** An axis-aligned box (x0 <= x1, y0 <= y1), screen units. */
export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** A point, screen units. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Widths (em) of characters narrower or wider than the usual 0.62 em (DejaVu Sans, the widest usual sans-serif). */
const EM: Readonly<Record<string, number>> = { " ": 0.32, "/": 0.34, ".": 0.32, ",": 0.32, "'": 0.28, i: 0.28, l: 0.28, j: 0.28, f: 0.36, t: 0.4, r: 0.42, m: 0.98, w: 0.82, M: 0.87, W: 0.99 };

/**
 * About how wide `text` is at font size `size` (screen units), a little generous so that the usual
 * sans-serif fonts fit: Hangul and other wide characters one em, capitals and digits 0.72 and
 * 0.64 em, others 0.62 em unless listed in EM.
 */
export function textWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const wide = (c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xff00 && c <= 0xff60);
    em += wide ? 1 : (EM[ch] ?? (ch >= "A" && ch <= "Z" ? 0.72 : ch >= "0" && ch <= "9" ? 0.64 : 0.62));
  }
  return em * size;
}

/** Whether boxes `a` and `b` come closer than `clear` (touching at exactly `clear` is fine). */
export function boxesOverlap(a: Box, b: Box, clear = 0): boolean {
  return a.x0 < b.x1 + clear && b.x0 < a.x1 + clear && a.y0 < b.y1 + clear && b.y0 < a.y1 + clear;
}

/** A line to label: from `a` to `b`, its label `w` wide and `h` high. */
export interface LineLabel {
  readonly a: Point;
  readonly b: Point;
  readonly w: number;
  readonly h: number;
}

/** The fractions of a line tried in turn for its label's centre, the middle first. */
const ALONG = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.15, 0.85];

/** The box of a `w` by `h` label centred on `p`, slid inside `within` when given (as far as it fits). */
function boxAround(p: Point, w: number, h: number, within: Box | null): Box {
  let x0 = p.x - w / 2;
  let y0 = p.y - h / 2;
  if (within) {
    x0 = Math.max(within.x0, Math.min(x0, within.x1 - w));
    y0 = Math.max(within.y0, Math.min(y0, within.y1 - h));
  }
  return { x0, y0, x1: x0 + w, y1: y0 + h };
}

/**
 * Where each line's label stands: on its own line, at the first fraction of the way (the middle,
 * then out towards either end) whose box meets no label placed before it and none of `avoid` (the
 * pieces on the board), keeping `clear` units from each; failing that, the first that meets no
 * label; failing that, the middle. A label that would run past `within` (the board's edge) is slid
 * inside it, beside its line. Lines are placed in the order given, so the caller puts first the
 * line whose label matters most.
 * @returns one box per line, in the order given.
 */
export function lineLabelBoxes(lines: readonly LineLabel[], avoid: readonly Box[] = [], within: Box | null = null, clear = 2): Box[] {
  const placed: Box[] = [];
  for (const line of lines) {
    const boxes = ALONG.map((f) => boxAround({ x: line.a.x + (line.b.x - line.a.x) * f, y: line.a.y + (line.b.y - line.a.y) * f }, line.w, line.h, within));
    const free = (b: Box, others: readonly Box[]) => others.every((o) => !boxesOverlap(b, o, clear));
    const box = boxes.find((b) => free(b, placed) && free(b, avoid)) ?? boxes.find((b) => free(b, placed)) ?? (boxes[0] as Box);
    placed.push(box);
  }
  return placed;
}
