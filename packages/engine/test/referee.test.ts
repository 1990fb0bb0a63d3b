/**
 * Referee entries (./src/referee.ts) on the dial-duel toy ruleset: a timeout stands only once the
 * clock has run out and only for an awaited seat's clock; the flagged seat loses, or a ruleset's
 * `onTimeout` answer is applied; a claim stands only against an awaited seat of another side; and
 * a log holding referee entries replays (`replay`) to the same events.
 */
import { advanceClocks, applyReferee, awaitedSeats, replay, startClocks, type ClockSetup, type LogEntry, type MatchLog } from "../src";
import { dialDuel, type DialDuelCommand, type DialDuelEvent, type DialDuelSetup, type DialDuelState } from "../src/testing/dial-duel";
import { SETUP } from "./helpers/dial-duel-play";

const clockSetup: ClockSetup = { spec: { kind: "total", initialMs: 10_000, incrementMs: 0 }, owners: { p1: "p1", p2: "p2" } };
const seats = dialDuel.seatsOf(SETUP);

function start(): { state: DialDuelState; log: MatchLog<DialDuelSetup, DialDuelCommand, DialDuelEvent> } {
  const made = dialDuel.setup(SETUP, "referee-seed");
  return { state: made.state, log: { ruleset: dialDuel.id, rulesVersion: dialDuel.rulesVersion, setup: SETUP, seed: "referee-seed", setupEvents: made.events, entries: [] } };
}

it("a timeout stands only after the deadline, for an awaited seat's clock; the flagged seat loses; the log replays", () => {
  const { state, log } = start();
  const awaited = awaitedSeats(dialDuel, state);
  const flagged = awaited[0]!;
  const clocks = advanceClocks(startClocks(clockSetup), 0, { awaiting: awaited, round: 1 });
  const early = applyReferee(dialDuel, state, { referee: "timeout", clock: flagged }, flagged, { seats, clocks, at: 9_999 });
  expect(early.ok ? "ok" : early.error.code).toBe("timeout_refused");
  const wrongSeat = seats.find((s) => s !== flagged)!;
  const mismatched = applyReferee(dialDuel, state, { referee: "timeout", clock: flagged }, wrongSeat, { seats, clocks, at: 20_000 });
  expect(mismatched.ok).toBe(false);
  const due = applyReferee(dialDuel, state, { referee: "timeout", clock: flagged }, flagged, { seats, clocks, at: 10_000 });
  if (!due.ok) throw new Error(due.error.code);
  expect(due.imposed).toMatchObject({ reason: "time" });
  expect(due.imposed?.winner).not.toBe(flagged);
  const entry = { seq: 1, seat: flagged, command: { referee: "timeout", clock: flagged }, events: due.events } as unknown as LogEntry<DialDuelCommand, DialDuelEvent>;
  expect(() => replay(dialDuel, { ...log, entries: [entry] })).not.toThrow();
});

it("a ruleset's onTimeout answer is applied instead of a loss", () => {
  const { state } = start();
  const flagged = awaitedSeats(dialDuel, state)[0]!;
  const answer = dialDuel.legalCommands(state, flagged)[0]!;
  const withPass = { ...dialDuel, onTimeout: () => answer };
  const clocks = advanceClocks(startClocks(clockSetup), 0, { awaiting: awaitedSeats(dialDuel, state), round: 1 });
  const due = applyReferee(withPass, state, { referee: "timeout", clock: flagged }, flagged, { seats, clocks, at: 10_000 });
  if (!due.ok) throw new Error(due.error.code);
  expect(due.imposed).toBeNull();
  expect(due.renew).toEqual([flagged]);
  expect(due.state).toEqual((dialDuel.apply(state, answer, flagged) as { state: unknown }).state);
});

it("a claim stands only against an awaited seat of another side", () => {
  const { state } = start();
  const awaited = awaitedSeats(dialDuel, state);
  const absent = awaited[0]!;
  const by = seats.find((s) => s !== absent)!;
  const self = applyReferee(dialDuel, state, { referee: "claim", outcome: "win", absent }, absent, { seats, clocks: null, at: 0 });
  expect(self.ok ? "ok" : self.error.code).toBe("claim_refused");
  const win = applyReferee(dialDuel, state, { referee: "claim", outcome: "win", absent }, by, { seats, clocks: null, at: 0 });
  expect(win.ok && win.imposed).toMatchObject({ winner: by, reason: "abandoned" });
  const draw = applyReferee(dialDuel, state, { referee: "claim", outcome: "draw", absent }, by, { seats, clocks: null, at: 0 });
  expect(draw.ok && draw.imposed).toMatchObject({ winner: null, reason: "abandoned_draw" });
});

it("a claim against a seat the match does not wait for is refused", () => {
  let { state } = start();
  for (const seat of seats) {
    const r = dialDuel.apply(state, { type: "lock", number: 3 } as DialDuelCommand, seat);
    if (r.ok) state = r.state;
  }
  const awaited = awaitedSeats(dialDuel, state);
  expect(awaited).toHaveLength(1);
  const idle = seats.find((s) => !awaited.includes(s))!;
  const refused = applyReferee(dialDuel, state, { referee: "claim", outcome: "win", absent: idle }, awaited[0]!, { seats, clocks: null, at: 0 });
  expect(refused.ok ? "ok" : refused.error.code).toBe("claim_refused");
});

describe("docs/design.md Clocks and abandonment: a concession in a ruleset without its own", () => {
  it("stands from any seat at any time, also while another seat is awaited: the seat's side loses, the other wins; the log replays to the same events", () => {
    const { state, log } = start();
    const idle = seats.find((s) => !awaitedSeats(dialDuel, state).includes(s)) ?? seats[1]!;
    const conceded = applyReferee(dialDuel, state, { referee: "concede" }, idle, { seats, clocks: null, at: 0 });
    if (!conceded.ok) throw new Error(conceded.error.code);
    const other = seats.find((s) => s !== idle)!;
    expect(conceded.imposed).toEqual({ winner: other, reason: "conceded", scores: { p1: 0, p2: 0 } });
    expect(conceded.state).toBe(state);
    expect(conceded.events.map((e) => e.event)).toEqual([{ type: "concession", seat: idle, result: conceded.imposed }]);
    const entry = { seq: 1, seat: idle, command: { referee: "concede" }, events: conceded.events } as unknown as LogEntry<DialDuelCommand, DialDuelEvent>;
    expect(() => replay(dialDuel, { ...log, entries: [entry] })).not.toThrow();
  });

  it("with more than two sides the conceding side loses and no one wins: a draw among the sides left", () => {
    const { state } = start();
    const conceded = applyReferee(dialDuel, state, { referee: "concede" }, "p1", { seats: ["p1", "p2", "p3"], clocks: null, at: 0 });
    expect(conceded.ok && conceded.imposed).toEqual({ winner: null, reason: "conceded", scores: { p1: 0, p2: 0, p3: 0 } });
  });

  it("is refused from outside the match and once the match is over", () => {
    const { state } = start();
    const outsider = applyReferee(dialDuel, state, { referee: "concede" }, "x9", { seats, clocks: null, at: 0 });
    expect(outsider.ok ? "ok" : outsider.error.code).toBe("concede_refused");
    const over = { ...state, result: { winner: "p1", reason: "test", scores: {} } } as DialDuelState;
    const late = applyReferee(dialDuel, over, { referee: "concede" }, "p2", { seats, clocks: null, at: 0 });
    expect(late.ok ? "ok" : late.error.code).toBe("match_over");
  });
});
