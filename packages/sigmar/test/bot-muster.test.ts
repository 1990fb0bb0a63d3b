/**
 * The heuristic bot's muster (src/bot-muster.ts, project core rule C2, seed 003 24.1): with its
 * own secret seed it fields the units of the sample list it plays and draws that list's reserve
 * among valid variants, so the other seat, which sees only the units fielded and the reserve
 * count after the reveal, cannot tell the reserve from the sample list.
 */
import { seatViewer, type SeatId } from "@fogwar/engine";
import { apply, armyProblems, catalog, heuristicDecision, POSITION_BUDGET, sigmar, type SigmarCommand, type SigmarState } from "../src";
import { listFor } from "../src/bot";

type Lock = Extract<SigmarCommand, { type: "lock_army" }>;
type Unit = Lock["army"]["units"][number];

const muster = sigmar.setup({ seats: ["p1", "p2"] }, "bot-muster-reserve").state;
const SEEDS = Array.from({ length: 16 }, (_, i) => `brain-seed-${i}`);
const LEVELS = [
  ["normal", POSITION_BUDGET],
  ["hard", 4 * POSITION_BUDGET],
] as const;

/** The muster once the other seat than `seat` has locked a sample list. */
function afterOther(seat: SeatId): SigmarState {
  const locked = apply(muster, { type: "lock_army", army: catalog.armies[2]! }, seat === "p1" ? "p2" : "p1");
  if (!locked.ok) throw new Error(locked.error.message);
  return locked.state;
}

/** The lock the bot of `seat` sends in the muster `at` (the other seat not locked by default) with `budget` and `seed`. */
function lockOf(seat: SeatId, budget: number, seed?: string, at: SigmarState = muster): Lock {
  const command = heuristicDecision(sigmar.viewFor(at, seatViewer(seat)), seat, budget, seed).command;
  if (command?.type !== "lock_army") throw new Error(`no lock: ${JSON.stringify(command)}`);
  return command;
}

const fielded = (units: readonly Unit[]) => units.filter((u) => !u.reserve);
const reserve = (units: readonly Unit[]) => JSON.stringify(units.filter((u) => u.reserve));

/** The state once `seat` locked `lock` and the other seat a sample list (both revealed), and the events of both locks as the other seat sees them. */
function revealed(seat: SeatId, lock: Lock): { state: SigmarState; seen: unknown[] } {
  const other = seat === "p1" ? "p2" : "p1";
  const first = apply(muster, lock, seat);
  if (!first.ok) throw new Error(first.error.message);
  const both = apply(first.state, { type: "lock_army", army: catalog.armies[2]! }, other);
  if (!both.ok) throw new Error(both.error.message);
  return { state: both.state, seen: [...first.events, ...both.events].map((e) => sigmar.redact(e, seatViewer(other))) };
}

/** `value` with every commitment (a salted hash: what it hides is not in it) replaced by a mark, keeping their number. */
const unsalted = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === "commitment" && v !== null ? "committed" : key === "reserveCommitments" ? (v as string[]).map(() => "committed") : v)));

describe("heuristic bot: its secret reserve (project core rule C2, seed 003 24.1)", () => {
  test.each(LEVELS.flatMap(([level, budget]) => (["p1", "p2"] as const).map((seat) => [level, seat, budget] as const)))(
    "core C2: the %s bot as %s fields its sample list's units whatever its brain seed, but its reserve differs across seeds, every list valid and accepted by the rules (locking first or second)",
    (_level, seat, budget) => {
      const sample = catalog.armies.find((a) => a.name === listFor(seat, budget))!;
      const locks = SEEDS.map((seed) => lockOf(seat, budget, seed));
      SEEDS.forEach((seed, i) => {
        const second = lockOf(seat, budget, seed, afterOther(seat));
        expect(second).toEqual(locks[i]);
        expect(apply(afterOther(seat), second, seat).ok).toBe(true);
      });
      for (const lock of locks) {
        expect(lock.army.faction).toBe(sample.faction);
        expect(fielded(lock.army.units)).toEqual(fielded(sample.units));
        expect(lock.army.units.filter((u) => u.reserve)).toHaveLength(sample.units.filter((u) => u.reserve).length);
        expect(armyProblems(lock.army)).toEqual([]);
        expect(apply(muster, lock, seat).ok).toBe(true);
      }
      expect(new Set(locks.map((l) => reserve(l.army.units))).size).toBeGreaterThanOrEqual(2);
    },
  );

  test("core C2: the same view and brain seed give the same list; the list is the seed's, not one list for every seed", () => {
    const bySeed = SEEDS.map((seed) => lockOf("p2", 4 * POSITION_BUDGET, seed));
    expect(SEEDS.map((seed) => lockOf("p2", 4 * POSITION_BUDGET, seed))).toEqual(bySeed);
    expect(new Set(bySeed.map((l) => JSON.stringify(l.army))).size).toBeGreaterThan(1);
  });

  test("seed 003 24.1: after the reveal the other seat's view and log are the same whichever reserve the bot drew (only the count and salted commitments of the reserve are in them)", () => {
    const locks = SEEDS.map((seed) => lockOf("p1", 4 * POSITION_BUDGET, seed));
    const a = locks[0]!;
    const b = locks.find((l) => reserve(l.army.units) !== reserve(a.army.units));
    expect(b).toBeDefined();
    const [ra, rb] = [revealed("p1", a), revealed("p1", b!)];
    expect(ra.state.phase).toBe("deployment");
    // The match differs (the bot's reserve), what the other seat sees of it does not.
    expect(ra.state.units).not.toEqual(rb.state.units);
    expect(unsalted(sigmar.viewFor(ra.state, seatViewer("p2")))).toEqual(unsalted(sigmar.viewFor(rb.state, seatViewer("p2"))));
    expect(unsalted(ra.seen)).toEqual(unsalted(rb.seen));
  });

  test("core C2: without a brain seed the bot locks its sample list as listed (benches and replays stay as before)", () => {
    for (const [, budget] of LEVELS) for (const seat of ["p1", "p2"] as const) expect(lockOf(seat, budget).army).toEqual(catalog.armies.find((a) => a.name === listFor(seat, budget)));
  });
});
