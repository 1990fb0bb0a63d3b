/**
 * Labels along lines (label-boxes.ts), as the EMBER board's sight lines use them: labels of lines
 * to enemies standing close together cover neither each other nor, where they can, the pieces.
 */
import { boxesOverlap, lineLabelBoxes, type Box, type LineLabel } from "./label-boxes";

const centreOf = (b: Box) => ({ x: (b.x0 + b.x1) / 2, y: (b.y0 + b.y1) / 2 });

/** Whether point `p` lies on the segment from `a` to `b` (within a rounding error). */
function onSegment(p: { x: number; y: number }, { a, b }: LineLabel): boolean {
  const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
  const dot = (p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y);
  return Math.abs(cross) < 1e-6 && dot >= 0 && dot <= (b.x - a.x) ** 2 + (b.y - a.y) ** 2;
}

test("two enemies side by side far up the board: their lines' labels, both at the middle before, stand apart on their own lines", () => {
  // From the square centred at (264, 456) to enemies one square apart, eight squares away.
  const lines: LineLabel[] = [
    { a: { x: 264, y: 456 }, b: { x: 264, y: 72 }, w: 120, h: 13 },
    { a: { x: 264, y: 456 }, b: { x: 312, y: 72 }, w: 120, h: 13 },
  ];
  const middles = lines.map((l) => ({ x0: (l.a.x + l.b.x) / 2 - l.w / 2, x1: (l.a.x + l.b.x) / 2 + l.w / 2, y0: (l.a.y + l.b.y) / 2 - 6.5, y1: (l.a.y + l.b.y) / 2 + 6.5 }));
  expect(boxesOverlap(middles[0]!, middles[1]!)).toBe(true);
  const boxes = lineLabelBoxes(lines);
  expect(boxesOverlap(boxes[0]!, boxes[1]!, 2)).toBe(false);
  boxes.forEach((b, i) => expect(onSegment(centreOf(b), lines[i]!)).toBe(true));
  // The first line given keeps the middle.
  expect(centreOf(boxes[0]!)).toEqual({ x: 264, y: 264 });
});

test("a label keeps off a piece standing at its line's middle when another spot of its line is free, and onto it only when none is", () => {
  const line: LineLabel = { a: { x: 0, y: 0 }, b: { x: 400, y: 0 }, w: 60, h: 12 };
  const piece: Box = { x0: 180, y0: -20, x1: 220, y1: 20 };
  const [box] = lineLabelBoxes([line], [piece]);
  expect(boxesOverlap(box!, piece, 2)).toBe(false);
  expect(onSegment(centreOf(box!), line)).toBe(true);
  // A piece over the whole line: labels still do not cover each other.
  const wall: Box = { x0: -50, y0: -50, x1: 450, y1: 50 };
  const boxes = lineLabelBoxes([line, line, line], [wall]);
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect(boxesOverlap(boxes[i]!, boxes[j]!, 2)).toBe(false);
});

test("many lines crowded on one spot: every label is placed, on its own line; once no spot is free the middle is taken", () => {
  const lines: LineLabel[] = Array.from({ length: 12 }, () => ({ a: { x: 0, y: 0 }, b: { x: 100, y: 0 }, w: 90, h: 12 }));
  const boxes = lineLabelBoxes(lines);
  expect(boxes).toHaveLength(12);
  expect(centreOf(boxes[11]!)).toEqual({ x: 50, y: 0 });
});

test("a label that would run past the board's edge is slid inside it, beside its line", () => {
  // A line down the board's left column: its label, centred on the line, would stick out on the left.
  const board: Box = { x0: 20, y0: 20, x1: 596, y1: 596 };
  const line: LineLabel = { a: { x: 44, y: 92 }, b: { x: 44, y: 236 }, w: 120, h: 13 };
  const [free] = lineLabelBoxes([line]);
  expect(free!.x0).toBeLessThan(board.x0);
  const [inside] = lineLabelBoxes([line], [], board);
  expect(inside).toEqual({ x0: 20, x1: 140, y0: inside!.y0, y1: inside!.y0 + 13 });
  expect(inside!.y0).toBeGreaterThanOrEqual(92);
  expect(inside!.y1).toBeLessThanOrEqual(236);
});
