/**
 * Project core rule C3 (continuous space): distances between the closest points of round bases,
 * wholly within, coherency, paths and sight, in exact integer arithmetic.
 */
import { geometry } from "../../src";

const { baseRadius, within, whollyWithin, overlaps, coherent, sweepHitsBox, clearSight, segmentNear, whollyWithinBox, gapInches } = geometry;

describe("core C3: continuous space in inches, round bases in mm", () => {
  test("core C3: a base's radius comes from its diameter in mm, in hundredths of an inch (32 mm: 0.63\")", () => {
    expect(baseRadius(32)).toBe(63);
    expect(baseRadius(25)).toBe(49);
    expect(baseRadius(80)).toBe(157);
  });

  test("core C3: 'within' measures between the closest points of two bases; exactly at the distance counts", () => {
    const a = { x: 0, y: 0, r: 50 };
    const b = { x: 400, y: 0, r: 50 };
    expect(within(a, b, 300)).toBe(true);
    expect(within(a, b, 299)).toBe(false);
    expect(gapInches(a, b)).toBeCloseTo(3);
    // On a diagonal: 3-4-5.
    expect(within({ x: 0, y: 0, r: 0 }, { x: 300, y: 400, r: 0 }, 500)).toBe(true);
    expect(within({ x: 0, y: 0, r: 0 }, { x: 300, y: 400, r: 0 }, 499)).toBe(false);
  });

  test("core C3: 'wholly within' needs every point of the base within the distance", () => {
    const a = { x: 500, y: 0, r: 50 };
    const b = { x: 0, y: 0, r: 50 };
    expect(within(a, b, 400)).toBe(true);
    expect(whollyWithin(a, b, 499)).toBe(false);
    expect(whollyWithin(a, b, 500)).toBe(true);
    expect(whollyWithinBox({ x: 0, y: 650, r: 50 }, { x0: 0, y0: 0, x1: 100, y1: 100 }, 600)).toBe(true);
    expect(whollyWithinBox({ x: 0, y: 651, r: 50 }, { x0: 0, y0: 0, x1: 100, y1: 100 }, 600)).toBe(false);
  });

  test("core C3: bases may touch but not overlap", () => {
    expect(overlaps({ x: 0, y: 0, r: 50 }, { x: 100, y: 0, r: 50 })).toBe(false);
    expect(overlaps({ x: 0, y: 0, r: 50 }, { x: 99, y: 0, r: 50 })).toBe(true);
  });

  test("core C3: coherency: each model within 1\" of another, one group; with 7 or more models, within 1\" of two others", () => {
    const row = (n: number, step: number) => Array.from({ length: n }, (_, i) => ({ x: i * step, y: 0, r: 50 }));
    expect(coherent(row(6, 200), 100, 7)).toBe(true);
    expect(coherent(row(6, 201), 100, 7)).toBe(false);
    // Seven in a row: the two ends have one neighbour only.
    expect(coherent(row(7, 150), 100, 7)).toBe(false);
    // Two groups of three, each coherent, are not one unit in coherency.
    expect(coherent([...row(3, 150), ...row(3, 150).map((d) => ({ ...d, x: d.x + 1000 }))], 100, 7)).toBe(false);
  });

  test("core C3: a base moving in a straight line is blocked by terrain it would cross or brush, and a sight line by terrain it passes through", () => {
    const wall = { x0: 1000, y0: 0, x1: 1100, y1: 1000 };
    expect(sweepHitsBox({ x: 0, y: 500 }, { x: 2000, y: 500 }, 50, wall)).toBe(true);
    expect(sweepHitsBox({ x: 0, y: 1100 }, { x: 2000, y: 1100 }, 50, wall)).toBe(false);
    expect(sweepHitsBox({ x: 0, y: 1049 }, { x: 2000, y: 1049 }, 50, wall)).toBe(true);
    expect(clearSight({ x: 0, y: 500 }, { x: 2000, y: 500 }, [wall])).toBe(false);
    expect(clearSight({ x: 0, y: 1001 }, { x: 2000, y: 1001 }, [wall])).toBe(true);
    expect(segmentNear({ x: 0, y: 0 }, { x: 1000, y: 0 }, { x: 500, y: 99 }, 100)).toBe(true);
    expect(segmentNear({ x: 0, y: 0 }, { x: 1000, y: 0 }, { x: 500, y: 100 }, 100)).toBe(false);
  });
});
