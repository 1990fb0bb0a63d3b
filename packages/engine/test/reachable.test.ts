/**
 * `reachable` settles squares through a heap on a board-sized grid; `reachableByKeys` is the plain
 * form it replaced (a stably sorted list keyed by square keys). Rulesets enumerate the map in
 * order and their step costs may read the state, so both must agree on everything observable: the
 * entries, their order, and the sequence of step-cost and can-end questions.
 */
import fc from "fast-check";
import { reachable, reachableByKeys, reachableInOrder, squareKey, type Square } from "../src/grid";

interface Case {
  width: number;
  height: number;
  start: Square;
  budget: number;
  diagonal: boolean;
  costs: (number | null)[];
  ends: boolean[];
  withCanEnd: boolean;
}

const cases = fc
  .record({ width: fc.integer({ min: 1, max: 9 }), height: fc.integer({ min: 1, max: 9 }) })
  .chain(({ width, height }) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      start: fc.record({ x: fc.integer({ min: 0, max: width - 1 }), y: fc.integer({ min: 0, max: height - 1 }) }),
      budget: fc.oneof(fc.integer({ min: 0, max: 10 }), fc.constantFrom(2.5, Infinity)),
      diagonal: fc.boolean(),
      costs: fc.array(fc.oneof(fc.constant(null), fc.constantFrom(1, 1, 1, 2, 3, 0.5, 1.5)), { minLength: width * height, maxLength: width * height }),
      ends: fc.array(fc.boolean(), { minLength: width * height, maxLength: width * height }),
      withCanEnd: fc.boolean(),
    }),
  );

/** {@link reachableInOrder}'s lists as the map `reachable` returns. */
const listed: typeof reachable = (...args) => {
  const { squares, costs } = reachableInOrder(...args);
  return new Map(squares.map((square, i) => [squareKey(square), { square, cost: costs[i]! }]));
};

/** Runs one form, recording every question it asks. */
function run(form: typeof reachable | "in order", c: Case) {
  const asked: string[] = [];
  const at = (s: Square) => s.y * c.width + s.x;
  const search = form === "in order" ? listed : form;
  const result = search(
    { width: c.width, height: c.height },
    c.start,
    c.budget,
    (from, to) => {
      asked.push(`step ${squareKey(from)}>${squareKey(to)}`);
      // Costs that depend on where the step comes from, like the real rules (a diagonal can cost more).
      const base = c.costs[at(to)];
      return base === null || base === undefined ? null : base + (from.x !== to.x && from.y !== to.y ? 0.5 * (at(from) % 2) : 0);
    },
    { diagonal: c.diagonal, ...(c.withCanEnd ? { canEnd: (s: Square) => (asked.push(`end ${squareKey(s)}`), c.ends[at(s)] === true) } : {}) },
  );
  return { entries: [...result.entries()].map(([k, v]) => [k, v.square.x, v.square.y, v.cost]), asked };
}

describe("reachable", () => {
  it("answers exactly as the key-map form: entries, their order, and the questions asked", () => {
    fc.assert(
      fc.property(cases, (c) => {
        const reference = run(reachableByKeys, c);
        expect(run(reachable, c)).toEqual(reference);
        expect(run("in order", c)).toEqual(reference);
      }),
      { numRuns: 600, seed: 13 },
    );
  });

  it("falls back to the key-map form for a start off the board", () => {
    const c: Case = { width: 3, height: 3, start: { x: -1, y: 1 }, budget: 2, diagonal: true, costs: Array(9).fill(1), ends: Array(9).fill(true), withCanEnd: false };
    const fast = run(reachable, c);
    expect(fast).toEqual(run(reachableByKeys, c));
    expect(run("in order", c)).toEqual(fast);
    expect(fast.entries[0]).toEqual(["-1,1", -1, 1, 0]);
    expect(fast.entries).toHaveLength(7);
  });
});
