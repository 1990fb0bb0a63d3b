/**
 * The bot levels are levels: on seeded battles of Age of Sigmar's mission, the hard bot (its
 * seat's projection only, more moves weighed) on the second seat beats the normal bot on the
 * first more often than the normal bot does on the same seeds. `pnpm bench` (bench/levels.bench.ts)
 * measures every level of every ruleset over many more matches; this is its cheap guard.
 */
import { cells, playCell, wilson } from "../src/levels";

const cell = (key: string) => {
  const found = cells().find((c) => c.key === key);
  if (!found) throw new Error(`no cell ${key}`);
  return found;
};

test("Age of Sigmar: hard on p2 wins more of three seeded battles against the normal bot than normal does", () => {
  const wins = (key: string) => [0, 1, 2].filter((i) => playCell(cell(key), i).outcome === "win").length;
  const normal = wins("sigmar/sundered_causeway/normal/p2");
  const hard = wins("sigmar/sundered_causeway/hard/p2");
  expect(hard).toBeGreaterThan(normal);
});

test("the bench's 95% interval (Wilson) holds its proportion and stays within 0-100%", () => {
  const [lo, hi] = wilson(10, 24);
  expect(lo).toBeLessThan(10 / 24);
  expect(hi).toBeGreaterThan(10 / 24);
  expect(lo).toBeCloseTo(0.245, 2);
  expect(hi).toBeCloseTo(0.612, 2);
  expect(wilson(0, 12)[0]).toBe(0);
  expect(wilson(12, 12)[1]).toBe(1);
});
