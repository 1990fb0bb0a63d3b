/**
 * The table's clocks and claims: each running clock counts down locally from the time the field
 * arrived (stopped ones do not), low time is emphasised and said in words, the claim countdown
 * turns into the claim buttons once the delay has passed (only for the other side), and a button
 * sends the claim.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { ClockPanel } from "./ClockPanel";
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

test("low time is emphasised and said; the claim countdown becomes buttons for the other side", async () => {
  jest.useFakeTimers();
  let now = 1_000;
  const onClaim = jest.fn(async () => ({ ok: true }));
  const field = info([{ absent: "p2", since: 40_000, allowedAt: 60_000 }]);
  const { container } = render(<ClockPanel info={field} seat="p1" nameOf={(s) => `Player ${s}`} sideOf={(s) => s} onClaim={onClaim} now={() => now} />);
  expect(screen.getByLabelText("Player p1: 0:40 left, running")).toBeTruthy();
  expect(screen.getByText(/Player p2 is disconnected: you may claim in 0:10/)).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Claim the win" })).toBeNull();
  now = 12_000;
  act(() => void jest.advanceTimersByTime(600));
  expect(container.querySelector(".clock.low")).not.toBeNull();
  expect(screen.getByLabelText("Player p1: 0:29 left, running, low on time")).toBeTruthy();
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Claim the win" }));
  });
  expect(onClaim).toHaveBeenCalledWith("p2", "win");
  jest.useRealTimers();
});

test("no claim against one's own side, and none for spectators", () => {
  const field = info([{ absent: "p2", since: 0, allowedAt: 0 }]);
  const own = render(<ClockPanel info={field} seat="p2" nameOf={(s) => s} sideOf={(s) => s} onClaim={async () => ({ ok: true })} now={() => 1_000} />);
  expect(own.queryByRole("button")).toBeNull();
  own.unmount();
  const watcher = render(<ClockPanel info={field} seat={null} nameOf={(s) => s} sideOf={(s) => s} now={() => 1_000} />);
  expect(watcher.queryByRole("button")).toBeNull();
});
