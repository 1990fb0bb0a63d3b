/**
 * Correspondence time controls (./src/clock.ts, docs/design.md "Correspondence play"): days per
 * move, fresh each time a seat becomes awaited, an optional vacation allowance spent only once a
 * move's own time is gone, over fake times spanning days; the `time_control` referee entry
 * (./src/time-control.ts) that switches a live match's clocks, judged and replayed the same way.
 */
import fc from "fast-check";
import {
  DAY_MS,
  advanceClocks,
  applyReferee,
  awaitedSeats,
  checkTimeout,
  correspondenceSpec,
  isRefereeCommand,
  nearestDeadline,
  readClocks,
  replay,
  replayCommand,
  startClocks,
  switchClocks,
  type ClockSetup,
  type LogEntry,
} from "../src";
import { dialDuel, type DialDuelCommand, type DialDuelEvent } from "../src/testing/dial-duel";
import { SETUP } from "./helpers/dial-duel-play";

const HOUR = 3_600_000;
const owners = { p1: "p1", p2: "p2" };
const threeDays: ClockSetup = { spec: correspondenceSpec(3, 2), owners };

it("a correspondence spec is days in ms", () => {
  expect(correspondenceSpec(3, 2)).toEqual({ kind: "correspondence", perMoveMs: 3 * DAY_MS, vacationMs: 2 * DAY_MS });
});

it("each time a seat becomes awaited its move time starts fresh; the vacation is spent only after the move's own time", () => {
  let clocks = advanceClocks(startClocks(threeDays), 0, { awaiting: ["p1"], round: 1 });
  expect(nearestDeadline(clocks)).toEqual({ clock: "p1", deadline: 5 * DAY_MS });
  // p1 moves after 2 days 20 hours: its own time covered it, the vacation is whole.
  clocks = advanceClocks(clocks, 2 * DAY_MS + 20 * HOUR, { awaiting: ["p2"], round: 1 });
  expect(clocks.cells.p1).toMatchObject({ remainingMs: 2 * DAY_MS });
  // p2 takes 4 days: 3 from its move, 1 from its vacation.
  clocks = advanceClocks(clocks, 6 * DAY_MS + 20 * HOUR, { awaiting: ["p1"], round: 2 });
  expect(clocks.cells.p2!.remainingMs).toBe(1 * DAY_MS);
  // p1 is awaited again: a whole 3 days of its own again.
  expect(clocks.cells.p1!.activationMs).toBe(3 * DAY_MS);
  const p1 = readClocks(clocks, 7 * DAY_MS).find((r) => r.clock === "p1")!;
  expect(p1).toMatchObject({ running: true, activationMs: 3 * DAY_MS - 4 * HOUR, remainingMs: 5 * DAY_MS - 4 * HOUR, deadline: 6 * DAY_MS + 20 * HOUR + 5 * DAY_MS });
  // p2, awaited again, has a fresh move and its one day of vacation left: falls 4 days after it is awaited.
  clocks = advanceClocks(clocks, 8 * DAY_MS, { awaiting: ["p2"], round: 2 });
  expect(nearestDeadline(clocks)).toEqual({ clock: "p2", deadline: 12 * DAY_MS });
  expect(checkTimeout(clocks, "p2", 12 * DAY_MS - 1)).toBe("time_left");
  expect(checkTimeout(clocks, "p2", 12 * DAY_MS)).toBeNull();
});

it("a seat still awaited after its own entry keeps the move's clock; simultaneous seats each run their own", () => {
  let clocks = advanceClocks(startClocks({ spec: correspondenceSpec(1, 0), owners }), 0, { awaiting: ["p1", "p2"], round: 1 });
  clocks = advanceClocks(clocks, 20 * HOUR, { awaiting: ["p2"], round: 1 });
  // p2 was already running: no fresh day for it because p1 moved.
  expect(nearestDeadline(clocks)).toEqual({ clock: "p2", deadline: DAY_MS });
  clocks = advanceClocks(clocks, 22 * HOUR, { awaiting: ["p2"], round: 1 });
  expect(nearestDeadline(clocks)).toEqual({ clock: "p2", deadline: DAY_MS });
  // A new turn key is a new move.
  clocks = advanceClocks(clocks, 23 * HOUR, { awaiting: ["p2"], round: 1, turn: "next" });
  expect(nearestDeadline(clocks)).toEqual({ clock: "p2", deadline: 23 * HOUR + DAY_MS });
});

it("a clock that ran out and had its move ended for it (renew) gets the next move's time; without vacation it never goes below 0", () => {
  let clocks = advanceClocks(startClocks({ spec: correspondenceSpec(1, 0), owners }), 0, { awaiting: ["p1"], round: 1 });
  clocks = advanceClocks(clocks, 3 * DAY_MS, { awaiting: ["p1"], round: 1 }, ["p1"]);
  expect(readClocks(clocks, 3 * DAY_MS)[0]).toMatchObject({ clock: "p1", remainingMs: DAY_MS, deadline: 4 * DAY_MS });
  expect(Object.values(clocks.cells).every((c) => c.remainingMs >= 0)).toBe(true);
});

it("the same stamped log gives the same correspondence clocks; a clock never reads below 0", () => {
  const step = fc.record({ wait: fc.integer({ min: 0, max: 20 * DAY_MS }), awaiting: fc.subarray(["p1", "p2"]), turn: fc.constantFrom("a", "b") });
  fc.assert(
    fc.property(fc.array(step, { maxLength: 30 }), (log) => {
      const run = () => {
        let clocks = startClocks(threeDays);
        let at = 0;
        const out = [];
        for (const s of log) {
          at += s.wait;
          clocks = advanceClocks(clocks, at, { awaiting: s.awaiting, round: 1, turn: s.turn });
          out.push(readClocks(clocks, at + DAY_MS));
        }
        return out;
      };
      const first = run();
      expect(JSON.stringify(first)).toBe(JSON.stringify(run()));
      for (const readings of first) for (const r of readings) expect(r.remainingMs).toBeGreaterThanOrEqual(0);
    }),
  );
});

it("switchClocks: a real-time match switched to correspondence starts every clock from the new control at the entry", () => {
  const real: ClockSetup = { spec: { kind: "total", initialMs: 60_000, incrementMs: 0 }, owners };
  let clocks = advanceClocks(startClocks(real), 0, { awaiting: ["p1"], round: 1 });
  clocks = advanceClocks(clocks, 50_000, { awaiting: ["p2"], round: 1 });
  const switched = advanceClocks(switchClocks(clocks, 55_000, correspondenceSpec(7, 0)), 55_000, { awaiting: ["p2"], round: 1 });
  expect(switched.setup.spec.kind).toBe("correspondence");
  expect(nearestDeadline(switched)).toEqual({ clock: "p2", deadline: 55_000 + 7 * DAY_MS });
  expect(switched.cells.p1!.remainingMs).toBe(0);
});

describe("the time_control referee entry", () => {
  const seats = dialDuel.seatsOf(SETUP);
  const made = dialDuel.setup(SETUP, "tc-seed");
  const command = { referee: "time_control", spec: correspondenceSpec(3, 0) } as const;

  it("is a referee command only with a well-formed spec", () => {
    expect(isRefereeCommand(command)).toBe(true);
    expect(isRefereeCommand({ referee: "time_control", spec: { kind: "correspondence", perMoveMs: 0, vacationMs: 0 } })).toBe(false);
    expect(isRefereeCommand({ referee: "time_control", spec: { kind: "hourglass" } })).toBe(false);
  });

  it("changes nothing in the state, says what the clocks became, and replays to the same events", () => {
    const seat = awaitedSeats(dialDuel, made.state)[0]!;
    const judged = applyReferee(dialDuel, made.state, command, seat, { seats, clocks: null, at: 0 });
    if (!judged.ok) throw new Error(judged.error.code);
    expect(judged.state).toBe(made.state);
    expect(judged.imposed).toBeNull();
    expect(judged.events).toEqual([{ audience: { kind: "everyone" }, event: { type: "time_control", by: seat, spec: command.spec } }]);
    const replayed = replayCommand(dialDuel, made.state, command, seat, seats);
    expect(replayed.ok && replayed.events).toEqual(judged.events);
    const entry = { seq: 1, seat, command, events: judged.events } as unknown as LogEntry<DialDuelCommand, DialDuelEvent>;
    const log = { ruleset: dialDuel.id, rulesVersion: dialDuel.rulesVersion, setup: SETUP, seed: "tc-seed", setupEvents: made.events, entries: [entry] };
    expect(() => replay(dialDuel, log)).not.toThrow();
  });

  it("is refused from a seat that is not the match's", () => {
    const judged = applyReferee(dialDuel, made.state, command, "nobody", { seats, clocks: null, at: 0 });
    expect(judged.ok ? "ok" : judged.error.code).toBe("time_control_refused");
  });
});
