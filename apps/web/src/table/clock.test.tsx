/**
 * The table's clocks: each running clock counts down locally from the time the field arrived
 * (stopped ones do not), and low time is emphasised and said in words. The claim offer is
 * ./abandonment.test.tsx's.
 */
import { act, render, screen } from "@testing-library/react";
import { ClockPanel } from "./ClockPanel";
import { MatchEndShown } from "./match-end-shown";
import { formatClock, parseClockField, remainingAt, type ClockInfo } from "./clock";
import { inEnglish } from "../../test/english";

inEnglish();

const info = (claims: ClockInfo["field"]["claims"] = []): ClockInfo => ({
  receivedAt: 1_000,
  field: {
    at: 50_000,
    kind: "total",
    clocks: [
      { clock: "p1", seats: ["p1"], remainingMs: 40_000, activationMs: 0, running: true },
      { clock: "p2", seats: ["p2"], remainingMs: 90_000, activationMs: 0, running: false },
    ],
    imposed: null,
    claimDelayMs: 60_000,
    claims,
  },
});

test("running clocks count down from their receipt, never below zero; stopped ones hold", () => {
  const i = info();
  expect(remainingAt(i, i.field.clocks[0]!, 11_000).total).toBe(30_000);
  expect(remainingAt(i, i.field.clocks[0]!, 1_000_000).total).toBe(0);
  expect(remainingAt(i, i.field.clocks[1]!, 11_000).total).toBe(90_000);
  expect(formatClock(61_001)).toBe("1:02");
  expect(formatClock(3_600_000)).toBe("1:00:00");
  expect(parseClockField("not json")).toBeNull();
});

test("low time is emphasised and said", () => {
  jest.useFakeTimers();
  let now = 1_000;
  const { container } = render(<ClockPanel info={info([{ absent: "p2", since: 0, allowedAt: 0 }])} nameOf={(s) => `Player ${s}`} now={() => now} />);
  expect(screen.getByLabelText("Player p1: 0:40 left, running")).toBeTruthy();
  expect(container.querySelector(".clock.low")).toBeNull();
  now = 12_000;
  act(() => void jest.advanceTimersByTime(600));
  expect(container.querySelector(".clock.low")).not.toBeNull();
  expect(screen.getByLabelText("Player p1: 0:29 left, running, low on time")).toBeTruthy();
  // The claims are the abandonment panel's (./Abandonment.tsx): none here.
  expect(screen.queryByRole("button")).toBeNull();
  jest.useRealTimers();
});

test("a result the log imposed is said by the clock panel in the review, and left to the match-end banner at a live table", () => {
  const over: ClockInfo = { receivedAt: 1_000, field: { ...info().field, kind: null, clocks: [], imposed: { winner: "p1", reason: "abandoned", scores: {} } } };
  const alone = render(<ClockPanel info={over} nameOf={(s) => `Player ${s}`} />);
  expect(alone.container.querySelector(".imposed")?.textContent).toMatch(/Player p1 wins/);
  alone.unmount();
  const under = render(
    <MatchEndShown.Provider value={true}>
      <ClockPanel info={over} nameOf={(s) => `Player ${s}`} />
    </MatchEndShown.Provider>,
  );
  expect(under.container.querySelector(".imposed")).toBeNull();
  expect(under.container.querySelector(".clock-panel")).toBeNull();
});
