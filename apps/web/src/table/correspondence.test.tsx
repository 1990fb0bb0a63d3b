/**
 * Correspondence at the table and in "my games" (docs/protocol.md "Correspondence"): day-long
 * clocks read in days and hours ("2 d 4 h"), the move's time with the vacation behind it; a
 * seated player proposes the switch, the others agree or decline, the proposer sees whom it
 * waits for; "my games" shows the move's time left.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import i18n from "i18next";
import type { MyMatch } from "@fogwar/protocol";
import { ClockPanel } from "./ClockPanel";
import { MatchEndShown } from "./match-end-shown";
import { formatDays, type ClockInfo } from "./clock";
import { clocksLeft } from "../account/games";
import { inEnglish } from "../../test/english";

inEnglish();

const DAY = 86_400_000;
const HOUR = 3_600_000;
const t = i18n.t.bind(i18n) as unknown as Parameters<typeof formatDays>[0];

const info = (over: Partial<ClockInfo["field"]> = {}): ClockInfo => ({
  receivedAt: 1_000,
  field: {
    at: 50_000,
    kind: "correspondence",
    correspondence: { daysPerMove: 3, vacationDays: 2 },
    clocks: [
      { clock: "p1", seats: ["p1"], remainingMs: 2 * DAY + 4 * HOUR + 2 * DAY, activationMs: 2 * DAY + 4 * HOUR, running: true },
      { clock: "p2", seats: ["p2"], remainingMs: DAY, activationMs: 0, running: false },
    ],
    imposed: null,
    claimDelayMs: 60_000,
    claims: [],
    proposal: null,
    ...over,
  },
});

test("days and hours from a day on, hours and minutes from an hour, m:ss under it", () => {
  expect(formatDays(t, 2 * DAY + 4 * HOUR + 59 * 60_000)).toBe("2 d 4 h");
  expect(formatDays(t, 5 * HOUR + 12 * 60_000 + 30_000)).toBe("5 h 12 min");
  expect(formatDays(t, 3 * DAY + 59 * 60_000)).toBe("3 d");
  expect(formatDays(t, 61_001)).toBe("1:02");
  expect(formatDays(t, -5)).toBe("0:00");
});

test("a correspondence clock shows its move's days and the vacation behind it; no claims, and no switch offered", () => {
  render(<ClockPanel info={info()} seat="p2" nameOf={(s) => `Player ${s}`} onCorrespondence={() => true} now={() => 1_000} />);
  expect(screen.getByText("2 d 4 h")).toBeTruthy();
  expect(screen.getByText(/\+ 2 d vacation/)).toBeTruthy();
  // The stopped clock shows its vacation, and is not "low" though its move has no time of its own now.
  expect(screen.getByText("1 d vacation")).toBeTruthy();
  expect(screen.getByText(/Correspondence: 3 days per move/)).toBeTruthy();
  expect(screen.queryByText("Switch to correspondence")).toBeNull();
});

test("a stopped clock with time left over from its last move shows only its vacation: none is a dash, not the leftover as vacation", () => {
  const stopped = (remainingMs: number, activationMs: number) =>
    info({ correspondence: { daysPerMove: 3, vacationDays: 0 }, clocks: [{ clock: "p2", seats: ["p2"], remainingMs, activationMs, running: false }] });
  const { rerender } = render(<ClockPanel info={stopped(2 * DAY + 23 * HOUR, 2 * DAY + 23 * HOUR)} seat="p2" nameOf={(s) => `Player ${s}`} onCorrespondence={() => true} now={() => 1_000} />);
  expect(document.querySelector(".clock-time")?.textContent).toBe("–");
  expect(screen.queryByText(/vacation/)).toBeNull();
  rerender(<ClockPanel info={stopped(3 * DAY, 2 * DAY)} seat="p2" nameOf={(s) => `Player ${s}`} onCorrespondence={() => true} now={() => 1_000} />);
  expect(document.querySelector(".clock-time")?.textContent).toBe("1 d vacation");
});

test("a player proposes the switch with the days chosen; another agrees or declines; the proposer sees whom it waits for", async () => {
  const sent: unknown[] = [];
  const onSend = (terms: unknown) => (sent.push(terms), true);
  const live = info({ kind: "total", correspondence: undefined });
  const first = render(<ClockPanel info={live} seat="p1" seats={["p1", "p2"]} nameOf={(s) => `Player ${s}`} onCorrespondence={onSend} now={() => 1_000} />);
  fireEvent.click(screen.getByText("Switch to correspondence"));
  fireEvent.change(screen.getByLabelText("Days per move"), { target: { value: "7" } });
  fireEvent.change(screen.getByLabelText("Vacation days"), { target: { value: "5" } });
  await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Propose" })));
  expect(sent).toEqual([{ daysPerMove: 7, vacationDays: 5 }]);
  first.unmount();
  const proposal = { terms: { daysPerMove: 7, vacationDays: 5 }, by: "p1", agreed: ["p1"], seq: 4 };
  const other = render(<ClockPanel info={info({ kind: "total", correspondence: undefined, proposal })} seat="p2" seats={["p1", "p2"]} nameOf={(s) => `Player ${s}`} onCorrespondence={onSend} now={() => 1_000} />);
  expect(screen.getByText("Player p1 proposes correspondence: 7 days per move, 5 days of vacation.")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Agree" }));
  fireEvent.click(screen.getByRole("button", { name: "Decline" }));
  expect(sent.slice(1)).toEqual([{ daysPerMove: 7, vacationDays: 5 }, null]);
  other.unmount();
  render(<ClockPanel info={info({ kind: "total", correspondence: undefined, proposal })} seat="p1" seats={["p1", "p2"]} nameOf={(s) => `Player ${s}`} onCorrespondence={onSend} now={() => 1_000} />);
  expect(screen.getByText("Waiting for: Player p2.")).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Agree" })).toBeNull();
});

test("a match without a clock still offers the switch to a player, never to a spectator", () => {
  const none = info({ kind: null, clocks: [], correspondence: undefined });
  const player = render(<ClockPanel info={none} seat="p1" seats={["p1", "p2"]} nameOf={(s) => s} onCorrespondence={() => true} now={() => 1_000} />);
  expect(screen.getByText("Switch to correspondence")).toBeTruthy();
  player.unmount();
  const watcher = render(<ClockPanel info={none} seat={null} nameOf={(s) => s} onCorrespondence={() => true} now={() => 1_000} />);
  expect(watcher.container.textContent).toBe("");
});

test("my games: a correspondence clock counts its move's time down beside the whole", () => {
  const match = { clocks: [{ remainingMs: 3 * DAY, running: true }], clockAt: 0, correspondence: { daysPerMove: 1, vacationDays: 2, moveMs: [DAY] } } as unknown as MyMatch;
  expect(clocksLeft(match, 10 * HOUR)).toEqual([{ leftMs: 3 * DAY - 10 * HOUR, running: true, moveMs: DAY - 10 * HOUR }]);
});

test("a match over by the rules' own end (a concession in Age of Sigmar: nothing imposed) offers no switch under its match-end banner", () => {
  const live = info({ kind: null, correspondence: undefined, clocks: [] });
  const open = render(<ClockPanel info={live} seat="p1" seats={["p1", "p2"]} nameOf={(s) => `Player ${s}`} onCorrespondence={() => true} now={() => 1_000} />);
  expect(screen.getByText("Switch to correspondence")).toBeTruthy();
  open.unmount();
  render(
    <MatchEndShown.Provider value={true}>
      <ClockPanel info={live} seat="p1" seats={["p1", "p2"]} nameOf={(s) => `Player ${s}`} onCorrespondence={() => true} now={() => 1_000} />
    </MatchEndShown.Provider>,
  );
  expect(screen.queryByText("Switch to correspondence")).toBeNull();
});
