import { rollDie, rollPool, type DieDefinition } from "../src/dice";
import { Random, rngStateFromSeed } from "../src/rng";

type Face = { hits: number; symbol: string };

const yellow: DieDefinition<Face> = {
  id: "yellow",
  faces: [
    { hits: 0, symbol: "blank" },
    { hits: 0, symbol: "blank" },
    { hits: 1, symbol: "light" },
    { hits: 1, symbol: "light" },
    { hits: 2, symbol: "heavy" },
    { hits: 0, symbol: "lightning" },
  ],
};
const white: DieDefinition<Face> = {
  id: "white",
  faces: [
    { hits: 0, symbol: "blank" },
    { hits: 0, symbol: "defend" },
    { hits: 0, symbol: "evade" },
  ],
};
const DICE = { yellow, white };

describe("rollDie", () => {
  it("returns the die id, a face index in range and the face at that index", () => {
    const rng = new Random(rngStateFromSeed("one-die", "test"));
    for (let i = 0; i < 300; i++) {
      const r = rollDie(rng, white);
      expect(r.die).toBe("white");
      expect(r.faceIndex).toBeGreaterThanOrEqual(0);
      expect(r.faceIndex).toBeLessThan(3);
      expect(r.face).toBe(white.faces[r.faceIndex]);
    }
  });

  it("can land on every face", () => {
    const rng = new Random(rngStateFromSeed("all-faces", "test"));
    const seen = new Set<number>();
    for (let i = 0; i < 300; i++) seen.add(rollDie(rng, yellow).faceIndex);
    expect(seen.size).toBe(6);
  });

  it("consumes exactly one integer draw from the generator", () => {
    const a = new Random(rngStateFromSeed("draws", "test"));
    const b = new Random(rngStateFromSeed("draws", "test"));
    const rolled = rollDie(a, yellow);
    expect(rolled.faceIndex).toBe(b.int(0, 5));
    expect(a.state()).toEqual(b.state());
  });
});

describe("rollPool", () => {
  it("rolls entry by entry, die by die, with the requested counts", () => {
    const rng = new Random(rngStateFromSeed("pool", "test"));
    const out = rollPool(rng, DICE, [
      { die: "yellow", count: 3 },
      { die: "white", count: 2 },
      { die: "yellow", count: 1 },
    ]);
    expect(out.map((r) => r.die)).toEqual(["yellow", "yellow", "yellow", "white", "white", "yellow"]);
    for (const r of out) expect(r.face).toBe(DICE[r.die as keyof typeof DICE].faces[r.faceIndex]);
  });

  it("matches rolling the same dice one at a time from the same generator state", () => {
    const seed = rngStateFromSeed("pool-order", "test");
    const pooled = rollPool(new Random(seed), DICE, [
      { die: "white", count: 2 },
      { die: "yellow", count: 2 },
    ]);
    const single = new Random(seed);
    const manual = [rollDie(single, white), rollDie(single, white), rollDie(single, yellow), rollDie(single, yellow)];
    expect(pooled).toEqual(manual);
  });

  it("returns an empty list for an empty pool or zero counts, without drawing", () => {
    const rng = new Random(rngStateFromSeed("zero", "test"));
    const before = rng.state();
    expect(rollPool(rng, DICE, [])).toEqual([]);
    expect(rollPool(rng, DICE, [{ die: "yellow", count: 0 }])).toEqual([]);
    expect(rng.state()).toEqual(before);
  });

  it("throws on a die missing from the definitions, naming it", () => {
    const rng = new Random(rngStateFromSeed("unknown", "test"));
    expect(() => rollPool(rng, DICE, [{ die: "purple", count: 1 }])).toThrow(/unknown die "purple"/);
  });

  it("is deterministic: the same seed gives the same results in the same positions", () => {
    const pool = [
      { die: "yellow", count: 4 },
      { die: "white", count: 3 },
    ];
    const a = rollPool(new Random(rngStateFromSeed("det", "test")), DICE, pool);
    const b = rollPool(new Random(rngStateFromSeed("det", "test")), DICE, pool);
    expect(a).toEqual(b);
    const runs = new Set(
      Array.from({ length: 20 }, (_, i) =>
        JSON.stringify(rollPool(new Random(rngStateFromSeed(`det-${i}`, "test")), DICE, pool).map((r) => r.faceIndex)),
      ),
    );
    expect(runs.size).toBeGreaterThan(1);
  });

  it("works with faces that are plain numbers", () => {
    const d6: DieDefinition<number> = { id: "d6", faces: [1, 2, 3, 4, 5, 6] };
    const out = rollPool(new Random(rngStateFromSeed("d6", "test")), { d6 }, [{ die: "d6", count: 6 }]);
    expect(out).toHaveLength(6);
    for (const r of out) expect(r.face).toBe(r.faceIndex + 1);
  });
});
