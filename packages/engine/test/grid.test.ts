import {
  FACINGS,
  adjacent,
  arcOf,
  chebyshev,
  facingTowards,
  findPath,
  hasLineOfSight,
  inBounds,
  lineSquares,
  lineSteps,
  manhattan,
  neighbours,
  octile,
  reachable,
  sameSquare,
  squareKey,
  type Facing,
  type Square,
} from "../src/grid";

const sq = (x: number, y: number): Square => ({ x, y });
const keys = (squares: readonly Square[]): string[] => squares.map(squareKey).sort();
const BOARD = { width: 12, height: 12 };
const blocking = (...squares: Square[]) => {
  const set = new Set(squares.map(squareKey));
  return (s: Square) => set.has(squareKey(s));
};
const uniform = () => 1;

describe("square helpers", () => {
  it("squareKey, sameSquare and inBounds", () => {
    expect(squareKey(sq(3, 7))).toBe("3,7");
    expect(sameSquare(sq(1, 2), sq(1, 2))).toBe(true);
    expect(sameSquare(sq(1, 2), sq(2, 1))).toBe(false);
    expect(inBounds(BOARD, sq(0, 0))).toBe(true);
    expect(inBounds(BOARD, sq(11, 11))).toBe(true);
    expect(inBounds(BOARD, sq(12, 0))).toBe(false);
    expect(inBounds(BOARD, sq(0, 12))).toBe(false);
    expect(inBounds(BOARD, sq(-1, 3))).toBe(false);
  });

  it("adjacent is true for edge and corner contact only, never for the same square", () => {
    expect(adjacent(sq(4, 4), sq(5, 4))).toBe(true);
    expect(adjacent(sq(4, 4), sq(5, 5))).toBe(true);
    expect(adjacent(sq(4, 4), sq(4, 4))).toBe(false);
    expect(adjacent(sq(4, 4), sq(6, 4))).toBe(false);
  });
});

describe("distances", () => {
  it("chebyshev counts king moves", () => {
    expect(chebyshev(sq(0, 0), sq(3, 2))).toBe(3);
    expect(chebyshev(sq(5, 5), sq(5, 5))).toBe(0);
    expect(chebyshev(sq(2, 9), sq(7, 1))).toBe(8);
  });

  it("manhattan counts orthogonal steps", () => {
    expect(manhattan(sq(0, 0), sq(3, 2))).toBe(5);
    expect(manhattan(sq(2, 9), sq(7, 1))).toBe(13);
    expect(manhattan(sq(4, 4), sq(4, 4))).toBe(0);
  });

  it("octile charges 1.5 per diagonal step (seed 002 grid)", () => {
    expect(octile(sq(0, 0), sq(3, 2))).toBe(4); // 2 diagonals (3) + 1 straight
    expect(octile(sq(0, 0), sq(1, 1))).toBe(1.5);
    expect(octile(sq(0, 0), sq(4, 0))).toBe(4);
    expect(octile(sq(2, 9), sq(7, 1))).toBe(10.5); // 5 diagonals + 3 straight
  });

  it("all three are symmetric", () => {
    for (const [a, b] of [
      [sq(1, 2), sq(9, 4)],
      [sq(0, 11), sq(6, 0)],
    ] as const) {
      expect(chebyshev(a, b)).toBe(chebyshev(b, a));
      expect(manhattan(a, b)).toBe(manhattan(b, a));
      expect(octile(a, b)).toBe(octile(b, a));
    }
  });
});

describe("neighbours", () => {
  it("gives 3 squares in a corner, 5 on an edge, 8 in the middle", () => {
    expect(keys(neighbours(BOARD, sq(0, 0)))).toEqual(keys([sq(1, 0), sq(0, 1), sq(1, 1)]));
    expect(keys(neighbours(BOARD, sq(11, 11)))).toEqual(keys([sq(10, 11), sq(11, 10), sq(10, 10)]));
    expect(keys(neighbours(BOARD, sq(5, 0)))).toEqual(keys([sq(4, 0), sq(6, 0), sq(4, 1), sq(5, 1), sq(6, 1)]));
    expect(neighbours(BOARD, sq(0, 6))).toHaveLength(5);
    expect(neighbours(BOARD, sq(5, 5))).toHaveLength(8);
  });

  it("without diagonals gives 2 in a corner, 3 on an edge, 4 in the middle", () => {
    expect(keys(neighbours(BOARD, sq(0, 0), false))).toEqual(keys([sq(1, 0), sq(0, 1)]));
    expect(keys(neighbours(BOARD, sq(11, 4), false))).toEqual(keys([sq(10, 4), sq(11, 3), sq(11, 5)]));
    expect(keys(neighbours(BOARD, sq(5, 5), false))).toEqual(keys([sq(5, 4), sq(4, 5), sq(6, 5), sq(5, 6)]));
  });

  it("never includes the square itself or an out-of-bounds square", () => {
    for (let x = 0; x < 3; x++) {
      for (let y = 0; y < 3; y++) {
        const size = { width: 3, height: 3 };
        for (const n of neighbours(size, sq(x, y))) {
          expect(inBounds(size, n)).toBe(true);
          expect(adjacent(n, sq(x, y))).toBe(true);
        }
      }
    }
  });
});

describe("lineSteps / lineSquares", () => {
  it("is empty between a square and itself or an orthogonal neighbour", () => {
    expect(lineSteps(sq(3, 3), sq(3, 3))).toEqual([]);
    expect(lineSteps(sq(3, 3), sq(4, 3))).toEqual([]);
  });

  it("runs straight along a row and a column", () => {
    expect(lineSteps(sq(0, 5), sq(4, 5))).toEqual([[sq(1, 5)], [sq(2, 5)], [sq(3, 5)]]);
    expect(lineSteps(sq(2, 6), sq(2, 2))).toEqual([[sq(2, 5)], [sq(2, 4)], [sq(2, 3)]]);
  });

  it("passes exactly through grid corners on a diagonal, giving both squares beside each corner", () => {
    expect(lineSteps(sq(0, 0), sq(1, 1))).toEqual([[sq(1, 0), sq(0, 1)]]);
    expect(lineSteps(sq(0, 0), sq(2, 2))).toEqual([[sq(1, 0), sq(0, 1)], [sq(1, 1)], [sq(2, 1), sq(1, 2)]]);
    expect(lineSteps(sq(2, 2), sq(0, 0))).toEqual([[sq(1, 2), sq(2, 1)], [sq(1, 1)], [sq(0, 1), sq(1, 0)]]);
    expect(lineSquares(sq(3, 0), sq(0, 3))).toEqual([sq(2, 0), sq(3, 1), sq(2, 1), sq(1, 1), sq(2, 2), sq(1, 2), sq(0, 2), sq(1, 3)]);
  });

  it("follows a 1-in-2 slope square by square (no corner crossing)", () => {
    // centre line from (0.5, 0.5) to (2.5, 1.5): enters (1,0) at x=1 (y=0.75), then (1,1) at y=1 (x=1.5)
    expect(lineSteps(sq(0, 0), sq(2, 1))).toEqual([[sq(1, 0)], [sq(1, 1)]]);
    expect(lineSteps(sq(0, 0), sq(1, 2))).toEqual([[sq(0, 1)], [sq(1, 1)]]);
  });

  it("follows a shallow 1-in-4 slope", () => {
    // y = 0.5 + (x - 0.5) / 4 crosses y = 1 at x = 2.5, inside column 2
    expect(lineSquares(sq(0, 0), sq(4, 1))).toEqual([sq(1, 0), sq(2, 0), sq(2, 1), sq(3, 1)]);
  });

  it("finds the corner crossing of a 1-in-3 slope (through the grid point (2, 1))", () => {
    expect(lineSteps(sq(0, 0), sq(3, 1))).toEqual([[sq(1, 0)], [sq(2, 0), sq(1, 1)], [sq(2, 1)]]);
  });

  it("crosses the same squares in both directions for every pair on a 7x7 board", () => {
    for (let a = 0; a < 49; a++) {
      for (let b = 0; b < 49; b++) {
        const from = sq(a % 7, Math.floor(a / 7));
        const to = sq(b % 7, Math.floor(b / 7));
        expect(keys(lineSquares(from, to))).toEqual(keys(lineSquares(to, from)));
      }
    }
  });

  it("forms a connected walk from one end to the other, never revisiting the ends", () => {
    for (let a = 0; a < 49; a++) {
      for (let b = 0; b < 49; b++) {
        const from = sq(a % 7, Math.floor(a / 7));
        const to = sq(b % 7, Math.floor(b / 7));
        if (sameSquare(from, to)) continue;
        const sx = Math.sign(to.x - from.x);
        const sy = Math.sign(to.y - from.y);
        let previous = from;
        let diagonalNext: Square | null = null;
        for (const step of lineSteps(from, to)) {
          for (const s of step) {
            expect(sameSquare(s, from) || sameSquare(s, to)).toBe(false);
            expect(adjacent(s, previous)).toBe(true);
          }
          if (step.length === 2) {
            // the two squares beside a corner touch only by that corner; the line then enters the
            // square diagonal from the previous one (the next step, or the far end)
            expect(chebyshev(step[0]!, step[1]!)).toBe(1);
            expect(manhattan(step[0]!, step[1]!)).toBe(2);
            diagonalNext = sq(previous.x + sx, previous.y + sy);
          } else {
            if (diagonalNext) expect(step[0]).toEqual(diagonalNext);
            diagonalNext = null;
            previous = step[0]!;
          }
        }
        if (diagonalNext) expect(to).toEqual(diagonalNext);
        expect(adjacent(previous, to)).toBe(true);
      }
    }
  });
});

describe("hasLineOfSight", () => {
  it("is clear across open ground", () => {
    expect(hasLineOfSight(sq(0, 0), sq(11, 7), () => false)).toBe(true);
  });

  it("is blocked by a wall across the line", () => {
    const wall = (s: Square) => s.x === 5;
    expect(hasLineOfSight(sq(1, 5), sq(9, 5), wall)).toBe(false);
    expect(hasLineOfSight(sq(1, 1), sq(9, 8), wall)).toBe(false);
    expect(hasLineOfSight(sq(1, 1), sq(4, 8), wall)).toBe(true);
  });

  it("is blocked by one square the line passes through, but not by a square off the line", () => {
    expect(hasLineOfSight(sq(0, 0), sq(4, 1), blocking(sq(2, 0)))).toBe(false);
    expect(hasLineOfSight(sq(0, 0), sq(4, 1), blocking(sq(1, 1)))).toBe(true);
  });

  it("is not blocked by a single square beside a corner the line passes through", () => {
    expect(hasLineOfSight(sq(0, 0), sq(2, 2), blocking(sq(1, 0)))).toBe(true);
    expect(hasLineOfSight(sq(0, 0), sq(2, 2), blocking(sq(0, 1)))).toBe(true);
    expect(hasLineOfSight(sq(0, 0), sq(3, 1), blocking(sq(2, 0)))).toBe(true);
    expect(hasLineOfSight(sq(0, 0), sq(1, 1), blocking(sq(1, 0)))).toBe(true);
  });

  it("is blocked by two squares meeting at a corner the line passes through", () => {
    expect(hasLineOfSight(sq(0, 0), sq(2, 2), blocking(sq(1, 0), sq(0, 1)))).toBe(false);
    expect(hasLineOfSight(sq(0, 0), sq(1, 1), blocking(sq(1, 0), sq(0, 1)))).toBe(false);
    expect(hasLineOfSight(sq(0, 0), sq(3, 1), blocking(sq(2, 0), sq(1, 1)))).toBe(false);
  });

  it("is blocked by the square at the centre of a diagonal", () => {
    expect(hasLineOfSight(sq(0, 0), sq(2, 2), blocking(sq(1, 1)))).toBe(false);
  });

  it("ignores blocking terrain on the two end squares", () => {
    expect(hasLineOfSight(sq(0, 0), sq(4, 0), blocking(sq(0, 0), sq(4, 0)))).toBe(true);
  });

  it("is symmetric", () => {
    const blocks = blocking(sq(3, 3), sq(4, 6), sq(7, 2), sq(5, 5), sq(6, 4));
    for (let a = 0; a < 144; a += 5) {
      for (let b = 0; b < 144; b += 7) {
        const from = sq(a % 12, Math.floor(a / 12));
        const to = sq(b % 12, Math.floor(b / 12));
        expect(hasLineOfSight(from, to, blocks)).toBe(hasLineOfSight(to, from, blocks));
      }
    }
  });
});

describe("arcs and facing", () => {
  const origin = sq(5, 5);

  it("facing N: ahead and level squares are front, squares below are rear", () => {
    expect(arcOf(origin, "N", sq(5, 1))).toBe("front");
    expect(arcOf(origin, "N", sq(0, 0))).toBe("front");
    expect(arcOf(origin, "N", sq(0, 5))).toBe("front");
    expect(arcOf(origin, "N", sq(11, 5))).toBe("front");
    expect(arcOf(origin, "N", sq(5, 6))).toBe("rear");
    expect(arcOf(origin, "N", sq(0, 6))).toBe("rear");
  });

  it("facing E: the right half and the column itself are front", () => {
    expect(arcOf(origin, "E", sq(9, 5))).toBe("front");
    expect(arcOf(origin, "E", sq(5, 0))).toBe("front");
    expect(arcOf(origin, "E", sq(5, 11))).toBe("front");
    expect(arcOf(origin, "E", sq(4, 5))).toBe("rear");
    expect(arcOf(origin, "E", sq(4, 0))).toBe("rear");
  });

  it("facing S: squares below and level are front, squares above are rear", () => {
    expect(arcOf(origin, "S", sq(5, 9))).toBe("front");
    expect(arcOf(origin, "S", sq(1, 5))).toBe("front");
    expect(arcOf(origin, "S", sq(5, 4))).toBe("rear");
    expect(arcOf(origin, "S", sq(9, 0))).toBe("rear");
  });

  it("facing W: the left half and the column itself are front", () => {
    expect(arcOf(origin, "W", sq(0, 5))).toBe("front");
    expect(arcOf(origin, "W", sq(5, 2))).toBe("front");
    expect(arcOf(origin, "W", sq(6, 5))).toBe("rear");
    expect(arcOf(origin, "W", sq(11, 11))).toBe("rear");
  });

  it("counts the unit's own square as front for every facing", () => {
    for (const f of FACINGS) expect(arcOf(origin, f, origin)).toBe("front");
  });

  it("puts exactly the squares strictly behind in the rear, for every facing", () => {
    const behind: Record<Facing, (s: Square) => boolean> = {
      N: (s) => s.y > origin.y,
      S: (s) => s.y < origin.y,
      E: (s) => s.x < origin.x,
      W: (s) => s.x > origin.x,
    };
    for (const f of FACINGS) {
      let rear = 0;
      for (let x = 0; x < 12; x++) {
        for (let y = 0; y < 12; y++) {
          const arc = arcOf(origin, f, sq(x, y));
          expect(arc).toBe(behind[f](sq(x, y)) ? "rear" : "front");
          if (arc === "rear") rear++;
        }
      }
      expect(rear).toBe(f === "N" || f === "W" ? 72 : 60);
    }
  });

  it("facingTowards picks the dominant axis and prefers N/S on exact diagonals", () => {
    expect(facingTowards(origin, sq(5, 0))).toBe("N");
    expect(facingTowards(origin, sq(5, 9))).toBe("S");
    expect(facingTowards(origin, sq(9, 5))).toBe("E");
    expect(facingTowards(origin, sq(1, 5))).toBe("W");
    expect(facingTowards(origin, sq(8, 7))).toBe("E");
    expect(facingTowards(origin, sq(7, 1))).toBe("N");
    expect(facingTowards(origin, sq(8, 8))).toBe("S");
    expect(facingTowards(origin, sq(2, 2))).toBe("N");
    expect(facingTowards(origin, sq(2, 8))).toBe("S");
  });

  it("a unit faced towards a target always has it in its front arc", () => {
    for (let x = 0; x < 12; x++) {
      for (let y = 0; y < 12; y++) {
        const target = sq(x, y);
        expect(arcOf(origin, facingTowards(origin, target), target)).toBe("front");
      }
    }
  });
});

describe("reachable", () => {
  const small = { width: 5, height: 5 };

  it("with uniform cost and diagonals, reaches every square within Chebyshev distance at that cost", () => {
    const r = reachable(BOARD, sq(5, 5), 2, uniform);
    expect(r.size).toBe(25);
    for (const { square, cost } of r.values()) expect(cost).toBe(chebyshev(square, sq(5, 5)));
    expect(r.get("5,5")).toEqual({ square: sq(5, 5), cost: 0 });
  });

  it("without diagonals, reaches exactly the Manhattan diamond", () => {
    const r = reachable(BOARD, sq(5, 5), 2, uniform, { diagonal: false });
    expect(r.size).toBe(13);
    for (const { square, cost } of r.values()) expect(cost).toBe(manhattan(square, sq(5, 5)));
  });

  it("routes around blocked squares and leaves squares out of budget", () => {
    // a wall in column 1, rows 0-3, with a gap at row 4
    const wall = blocking(sq(1, 0), sq(1, 1), sq(1, 2), sq(1, 3));
    const cost = (_: Square, to: Square) => (wall(to) ? null : 1);
    const tight = reachable(small, sq(0, 0), 6, cost, { diagonal: false });
    expect(tight.has("1,0")).toBe(false);
    expect(tight.get("2,4")?.cost).toBe(6);
    expect(tight.has("2,3")).toBe(false);
    const wide = reachable(small, sq(0, 0), 10, cost, { diagonal: false });
    expect(wide.get("2,0")?.cost).toBe(10);
    for (const blocked of ["1,0", "1,1", "1,2", "1,3"]) expect(wide.has(blocked)).toBe(false);
  });

  it("uses step costs (octile diagonals, rough terrain) and finds the cheapest", () => {
    const r = reachable(small, sq(0, 0), 10, (from, to) => octile(from, to));
    expect(r.get("2,2")?.cost).toBe(3);
    expect(r.get("3,1")?.cost).toBe(3.5);
    const rough = blocking(sq(1, 0), sq(1, 1));
    const roughCost = (_: Square, to: Square) => (rough(to) ? 3 : 1);
    const r2 = reachable(small, sq(0, 0), 10, roughCost, { diagonal: false });
    expect(r2.get("1,0")?.cost).toBe(3);
    expect(r2.get("2,0")?.cost).toBe(4);
    expect(r2.get("1,2")?.cost).toBe(3); // round the rough squares via (0,1), (0,2)
  });

  it("lets canEnd exclude squares that may be crossed but not ended on", () => {
    const obstacle = blocking(sq(1, 0));
    const r = reachable(small, sq(0, 0), 2, uniform, { diagonal: false, canEnd: (s) => !obstacle(s) });
    expect(r.has("1,0")).toBe(false);
    expect(r.get("2,0")?.cost).toBe(2); // reached through the obstacle
    expect(r.has("0,0")).toBe(true);
    const startOnObstacle = reachable(small, sq(1, 0), 1, uniform, { canEnd: (s) => !obstacle(s) });
    expect(startOnObstacle.get("1,0")?.cost).toBe(0);
  });

  it("with a budget of 0 returns only the start", () => {
    const r = reachable(BOARD, sq(3, 3), 0, uniform);
    expect([...r.keys()]).toEqual(["3,3"]);
  });
});

describe("findPath", () => {
  const small = { width: 5, height: 5 };
  const wall = blocking(sq(1, 0), sq(1, 1), sq(1, 2), sq(1, 3));
  const cost = (_: Square, to: Square) => (wall(to) ? null : 1);

  const pathCost = (path: Square[], step: (a: Square, b: Square) => number | null) =>
    path.slice(1).reduce((sum, s, i) => sum + (step(path[i]!, s) ?? Infinity), 0);

  it("returns a shortest connected path including both ends", () => {
    const path = findPath(BOARD, sq(0, 0), sq(4, 3), 10, uniform);
    expect(path).not.toBeNull();
    expect(path![0]).toEqual(sq(0, 0));
    expect(path![path!.length - 1]).toEqual(sq(4, 3));
    expect(path!.length - 1).toBe(4);
    for (let i = 1; i < path!.length; i++) expect(adjacent(path![i - 1]!, path![i]!)).toBe(true);
  });

  it("goes round a wall through the gap, at the Dijkstra cost", () => {
    const path = findPath(small, sq(0, 0), sq(2, 0), 10, cost, false);
    expect(path).not.toBeNull();
    expect(path!.length - 1).toBe(10);
    expect(path!.some((s) => wall(s))).toBe(false);
    expect(path).toContainEqual(sq(1, 4));
    expect(pathCost(path!, cost)).toBe(reachable(small, sq(0, 0), 10, cost, { diagonal: false }).get("2,0")!.cost);
  });

  it("returns null when the goal is out of budget or unreachable", () => {
    expect(findPath(small, sq(0, 0), sq(2, 0), 9, cost, false)).toBeNull();
    const sealed = (_: Square, to: Square) => (to.x === 2 ? null : 1);
    expect(findPath(small, sq(0, 0), sq(4, 4), 100, sealed)).toBeNull();
  });

  it("returns just the start when start and goal coincide", () => {
    expect(findPath(small, sq(2, 2), sq(2, 2), 0, uniform)).toEqual([sq(2, 2)]);
  });

  it("agrees with reachable on the cost of every reachable square", () => {
    const rough = blocking(sq(4, 4), sq(5, 4), sq(6, 4), sq(4, 5), sq(7, 7));
    const step = (from: Square, to: Square) => (rough(to) ? 2 : 1) * octile(from, to);
    const reach = reachable(BOARD, sq(5, 5), 6, step);
    for (let x = 0; x < 12; x++) {
      for (let y = 0; y < 12; y++) {
        const path = findPath(BOARD, sq(5, 5), sq(x, y), 6, step);
        const entry = reach.get(squareKey(sq(x, y)));
        if (!entry) {
          expect(path).toBeNull();
        } else {
          expect(path).not.toBeNull();
          expect(pathCost(path!, step)).toBe(entry.cost);
        }
      }
    }
  });
});
