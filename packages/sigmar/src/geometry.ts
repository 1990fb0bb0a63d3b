/**
 * Continuous geometry on the battlefield (docs/rules/sigmar.md "Continuous space", a project core
 * rule): positions are integers in hundredths of an inch, bases are circles whose radius comes from
 * their diameter in millimetres, and every predicate (within, wholly within, overlap, paths,
 * sight) is decided in exact integer arithmetic, so a state and its hash are the same on every
 * machine and in every browser. Distances are measured between the closest points of bases.
 * Products stay below 2^53 on a battlefield up to 80 inches across.
 */

/** Fine units per inch: positions and radii are integers in hundredths of an inch. */
export const INCH = 100;

/** A point in hundredths of an inch. */
export interface Pt {
  readonly x: number;
  readonly y: number;
}

/** A circle: a model's base. */
export interface Disc extends Pt {
  readonly r: number;
}

/** An axis-aligned rectangle in fine units (terrain, territories). */
export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** Inches (data may hold halves) to fine units, rounded to the nearest unit. */
export const inches = (n: number): number => Math.round(n * INCH);

/** A base's radius in fine units from its diameter in mm (1 inch = 25.4 mm), rounded to the nearest unit. */
export const baseRadius = (mm: number): number => Math.round((mm * INCH) / 50.8);

/** A box from data in inches. */
export const boxOf = (r: { x: number; y: number; w: number; h: number }): Box => ({ x0: inches(r.x), y0: inches(r.y), x1: inches(r.x + r.w), y1: inches(r.y + r.h) });

const sq = (n: number) => n * n;
const d2 = (a: Pt, b: Pt) => sq(a.x - b.x) + sq(a.y - b.y);

/** Whether the closest points of two bases are at most `d` apart (`d` in fine units, ≥ 0). */
export function within(a: Disc, b: Disc, d: number): boolean {
  const reach = d + a.r + b.r;
  return d2(a, b) <= sq(reach);
}

/** Whether two bases overlap (touching is allowed). */
export const overlaps = (a: Disc, b: Disc): boolean => d2(a, b) < sq(a.r + b.r);

/** The distance between the closest points of two bases, in inches (for display only: rules use {@link within}). */
export const gapInches = (a: Disc, b: Disc): number => Math.max(0, Math.sqrt(d2(a, b)) - a.r - b.r) / INCH;

/** The straight distance between two points, in inches (display only). */
export const lengthInches = (a: Pt, b: Pt): number => Math.sqrt(d2(a, b)) / INCH;

/** Whether a point moved at most `d` fine units (straight line). */
export const movedAtMost = (from: Pt, to: Pt, d: number): boolean => d >= 0 && d2(from, to) <= sq(d);

/** Whether every point of base `a` is within `d` of the closest point of base `b` ("wholly within"). */
export function whollyWithin(a: Disc, b: Disc, d: number): boolean {
  const reach = d - a.r + b.r;
  return reach >= 0 && d2(a, b) <= sq(reach);
}

/** The squared distance from a point to a box (0 inside). */
export function boxDist2(p: Pt, b: Box): number {
  const dx = p.x < b.x0 ? b.x0 - p.x : p.x > b.x1 ? p.x - b.x1 : 0;
  const dy = p.y < b.y0 ? b.y0 - p.y : p.y > b.y1 ? p.y - b.y1 : 0;
  return sq(dx) + sq(dy);
}

/** Whether a base overlaps a box's interior (touching its edge is allowed). */
export const discInBox = (a: Disc, b: Box): boolean => boxDist2(a, b) < sq(a.r);

/** Whether every point of a base lies inside a box ("wholly within" a territory). */
export const discInsideBox = (a: Disc, b: Box): boolean => a.x - a.r >= b.x0 && a.x + a.r <= b.x1 && a.y - a.r >= b.y0 && a.y + a.r <= b.y1;

/** Whether every point of base `a` lies within `d` of a box ("wholly within d of" a terrain piece). */
export function whollyWithinBox(a: Disc, b: Box, d: number): boolean {
  const reach = d - a.r;
  return reach >= 0 && boxDist2(a, b) <= sq(reach);
}

/** Whether any point of base `a` lies within `d` of a box. */
export const withinBox = (a: Disc, b: Box, d: number): boolean => boxDist2(a, b) <= sq(d + a.r);

/**
 * Whether the segment p→q passes closer than `clear` to point c: exact, with the squared distance
 * from c to the segment compared in integers (the projection's parameter is kept as a fraction).
 */
export function segmentNear(p: Pt, q: Pt, c: Pt, clear: number): boolean {
  const vx = q.x - p.x;
  const vy = q.y - p.y;
  const wx = c.x - p.x;
  const wy = c.y - p.y;
  const len2 = sq(vx) + sq(vy);
  const dot = vx * wx + vy * wy;
  if (len2 === 0 || dot <= 0) return d2(p, c) < sq(clear);
  if (dot >= len2) return d2(q, c) < sq(clear);
  // distance² = cross² / len2 < clear²  ⇔  cross² < clear² · len2
  const cross = vx * wy - vy * wx;
  return sq(cross) < sq(clear) * len2;
}

const orient = (a: Pt, b: Pt, c: Pt) => Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));

/** Whether segments ab and cd properly cross or touch. */
function segmentsMeet(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  const on = (p: Pt, q: Pt, r: Pt) => Math.min(p.x, r.x) <= q.x && q.x <= Math.max(p.x, r.x) && Math.min(p.y, r.y) <= q.y && q.y <= Math.max(p.y, r.y);
  return (o1 === 0 && on(a, c, b)) || (o2 === 0 && on(a, d, b)) || (o3 === 0 && on(c, a, d)) || (o4 === 0 && on(c, b, d));
}

/**
 * Whether a base of radius `r` moving straight from p to q comes closer than `r` to a box's
 * interior (the swept base crosses the terrain). With r = 0: whether the segment enters the box's
 * interior (sight lines).
 */
export function sweepHitsBox(p: Pt, q: Pt, r: number, b: Box): boolean {
  if (r === 0) {
    // A sight line is blocked when it passes through the interior (grazing an edge or corner is not).
    const inner = { x0: b.x0 + 1, y0: b.y0 + 1, x1: b.x1 - 1, y1: b.y1 - 1 };
    if (inner.x0 > inner.x1 || inner.y0 > inner.y1) return false;
    const inside = (s: Pt) => s.x >= inner.x0 && s.x <= inner.x1 && s.y >= inner.y0 && s.y <= inner.y1;
    if (inside(p) || inside(q)) return true;
    const c = [
      { x: inner.x0, y: inner.y0 },
      { x: inner.x1, y: inner.y0 },
      { x: inner.x1, y: inner.y1 },
      { x: inner.x0, y: inner.y1 },
    ];
    return c.some((s, i) => segmentsMeet(p, q, s, c[(i + 1) % 4]!));
  }
  if (boxDist2(p, b) < sq(r) || boxDist2(q, b) < sq(r)) return true;
  const corners = [
    { x: b.x0, y: b.y0 },
    { x: b.x1, y: b.y0 },
    { x: b.x1, y: b.y1 },
    { x: b.x0, y: b.y1 },
  ];
  if (corners.some((c, i) => segmentsMeet(p, q, c, corners[(i + 1) % 4]!))) return true;
  // Two disjoint segments are nearest at an endpoint of one of them: p and q to the box (above),
  // or a corner of the box to the path.
  return corners.some((c) => segmentNear(p, q, c, r));
}

/** Whether a sight line between two points is clear of every blocking box. */
export const clearSight = (a: Pt, b: Pt, blocks: readonly Box[]): boolean => blocks.every((box) => !sweepHitsBox(a, b, 0, box));

/**
 * Whether a group of bases is in coherency (a project core rule): one connected group in which
 * each base is within `link` of at least one other (two others when the group has `large` or more
 * bases). A group of one is coherent.
 */
export function coherent(discs: readonly Disc[], link: number, large: number): boolean {
  if (discs.length <= 1) return true;
  const need = discs.length >= large ? 2 : 1;
  const near = discs.map((a, i) => discs.flatMap((b, j) => (i !== j && within(a, b, link) ? [j] : [])));
  if (near.some((n) => n.length < need)) return false;
  const seen = new Set<number>([0]);
  const stack = [0];
  while (stack.length) {
    for (const j of near[stack.pop()!]!) {
      if (seen.has(j)) continue;
      seen.add(j);
      stack.push(j);
    }
  }
  return seen.size === discs.length;
}
