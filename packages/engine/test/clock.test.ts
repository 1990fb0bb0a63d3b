/**
 * The match clocks (./src/clock.ts) and referee entries (./src/referee.ts): random logs of
 * stamped entries give the same clocks every time, clocks never go negative, only awaited seats'
 * clocks run, a bank clock spends its activation's own time first, and a timeout stands only at
 * or after its deadline.
 */
import fc from "fast-check";
import { advanceClocks, checkTimeout, nearestDeadline, readClocks, startClocks, type ClockPoint, type ClockSetup, type Clocks } from "../src";

const SEATS = ["p1", "p2", "p3"];
const total: ClockSetup = { spec: { kind: "total", initialMs: 60_000, incrementMs: 5_000 }, owners: { p1: "p1", p2: "p2", p3: "p3" } };
const bank: ClockSetup = { spec: { kind: "bank", bankMs: 600_000, perActivationMs: 90_000 }, owners: { p1: "attack", p2: "defence", p3: "defence" } };

/** A random log: each step waits 0..200 s, then leaves the match waiting for some seats. */
const steps = fc.array(
  fc.record({
    wait: fc.integer({ min: 0, max: 200_000 }),
    awaiting: fc.subarray(SEATS),
    roundUp: fc.boolean(),
    turn: fc.constantFrom("a", "b", "c"),
  }),
  { maxLength: 40 },
);

/** Runs a log from t = 1000; returns every intermediate clocks value. */
function run(setup: ClockSetup, log: { wait: number; awaiting: string[]; roundUp: boolean; turn: string }[]): Clocks[] {
  let clocks = startClocks(setup);
  let at = 1000;
  let round = 1;
  const out = [clocks];
  for (const step of log) {
    at += step.wait;
    if (step.roundUp) round += 1;
    const point: ClockPoint = { awaiting: step.awaiting, round, turn: step.turn };
    clocks = advanceClocks(clocks, at, point);
    out.push(clocks);
  }
  return out;
}

describe.each([
  ["total", total],
  ["bank", bank],
])("%s clocks", (_name, setup) => {
  it("the same log gives the same clocks", () => {
    fc.assert(fc.property(steps, (log) => expect(JSON.stringify(run(setup, log))).toBe(JSON.stringify(run(setup, log)))));
  });

  it("never go negative, and read never negative however late", () => {
    fc.assert(
      fc.property(steps, fc.integer({ min: 0, max: 10_000_000 }), (log, later) => {
        for (const clocks of run(setup, log)) {
          for (const cell of Object.values(clocks.cells)) {
            expect(cell.remainingMs).toBeGreaterThanOrEqual(0);
            expect(cell.activationMs).toBeGreaterThanOrEqual(0);
          }
          for (const r of readClocks(clocks, (clocks.since ?? 0) + later)) expect(r.remainingMs).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it("only awaited seats' clocks run: the others keep their time", () => {
    fc.assert(
      fc.property(steps, (log) => {
        const all = run(setup, log);
        for (let i = 1; i < all.length; i++) {
          const before = all[i - 1]!;
          const after = all[i]!;
          const step = log[i - 1]!;
          const awaited = new Set(step.awaiting.map((s) => setup.owners[s]));
          expect([...after.running].sort()).toEqual([...awaited].sort());
          for (const [clock, cell] of Object.entries(after.cells)) {
            const was = before.cells[clock]!;
            // Not running before: nothing charged (an increment may be added).
            if (!before.running.includes(clock)) expect(cell.remainingMs).toBeGreaterThanOrEqual(was.remainingMs);
          }
        }
      }),
    );
  });
});

it("nothing runs before the first entry", () => {
  const clocks = startClocks(total);
  expect(readClocks(clocks, 5_000_000).every((r) => !r.running && r.remainingMs === 60_000)).toBe(true);
  expect(nearestDeadline(clocks)).toBeNull();
});

it("a total clock gains its increment at each new round", () => {
  let clocks = advanceClocks(startClocks(total), 0, { awaiting: ["p1"], round: 1 });
  clocks = advanceClocks(clocks, 10_000, { awaiting: ["p2"], round: 2 });
  expect(clocks.cells.p1!.remainingMs).toBe(60_000 - 10_000 + 5_000);
  expect(clocks.cells.p2!.remainingMs).toBe(65_000);
  expect(nearestDeadline(clocks)).toEqual({ clock: "p2", deadline: 10_000 + 65_000 });
});

it("a bank clock spends the activation's own time first, then the bank; simultaneous phases run both", () => {
  let clocks = advanceClocks(startClocks(bank), 0, { awaiting: ["p1", "p2", "p3"], round: 0, turn: "picks" });
  expect(clocks.running).toEqual(["attack", "defence"]);
  clocks = advanceClocks(clocks, 100_000, { awaiting: ["p1"], round: 1, turn: "a" });
  // 90 s from the activation, 10 s from the bank, for both teams.
  expect(clocks.cells.attack!.remainingMs).toBe(590_000);
  expect(clocks.cells.defence!.remainingMs).toBe(590_000);
  // A new turn key: a fresh 90 s for the attack.
  expect(clocks.cells.attack!.activationMs).toBe(90_000);
  clocks = advanceClocks(clocks, 130_000, { awaiting: ["p1"], round: 1, turn: "a" });
  expect(clocks.cells.attack!.activationMs).toBe(60_000);
  expect(clocks.cells.attack!.remainingMs).toBe(590_000);
  expect(readClocks(clocks, 130_000).find((r) => r.clock === "attack")).toMatchObject({ remainingMs: 650_000, deadline: 780_000 });
});

it("a timeout stands at or after the deadline only, and only for a running clock", () => {
  const clocks = advanceClocks(startClocks(total), 1_000, { awaiting: ["p1"], round: 1 });
  expect(checkTimeout(clocks, "p1", 60_999)).toBe("time_left");
  expect(checkTimeout(clocks, "p1", 61_000)).toBeNull();
  expect(checkTimeout(clocks, "p2", 1_000_000)).toBe("clock_not_running");
  const over = advanceClocks(clocks, 2_000, { awaiting: ["p1"], round: 1, over: true });
  expect(checkTimeout(over, "p1", 1_000_000)).toBe("clock_not_running");
});

it("renew gives a run-out bank clock the next activation's own time", () => {
  let clocks = advanceClocks(startClocks({ spec: { kind: "bank", bankMs: 0, perActivationMs: 1_000 }, owners: { p1: "p1" } }), 0, { awaiting: ["p1"], round: 1, turn: "x" });
  clocks = advanceClocks(clocks, 5_000, { awaiting: ["p1"], round: 1, turn: "x" });
  expect(readClocks(clocks, 5_000)[0]!.remainingMs).toBe(0);
  clocks = advanceClocks(clocks, 5_000, { awaiting: ["p1"], round: 1, turn: "x" }, ["p1"]);
  expect(readClocks(clocks, 5_000)[0]!.remainingMs).toBe(1_000);
});
