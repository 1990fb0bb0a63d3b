/**
 * Leaving a match, the same panel in every ruleset's table (./Abandonment.tsx): the claim
 * countdown against another side's disconnected seat turns into "Claim the win" and "Claim a
 * draw" once the delay has passed, and a button sends the claim; Concede asks the one question
 * every ruleset asks before it sends the concession, and the question stays open when the table
 * under it is replaced; a refusal is said; nothing for a spectator,
 * against one's own side, or once the match is over.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState, type ReactNode } from "react";
import { AbandonmentPanel } from "./Abandonment";
import { ConcedeQuestion } from "./concede-question";
import type { ClockInfo } from "./clock";
import { inEnglish } from "../../test/english";

inEnglish();

const info = (claims: ClockInfo["field"]["claims"] = []): ClockInfo => ({
  receivedAt: 1_000,
  field: { at: 50_000, kind: null, clocks: [], imposed: null, claimDelayMs: 20_000, claims },
});

test("the claim countdown becomes the claim buttons for the other side, and a button sends the claim", async () => {
  jest.useFakeTimers();
  let now = 1_000;
  const onClaim = jest.fn(async () => ({ ok: true }));
  render(<AbandonmentPanel info={info([{ absent: "p2", since: 40_000, allowedAt: 60_000 }])} seat="p1" over={false} nameOf={(s) => `Player ${s}`} sideOf={(s) => s} onClaim={onClaim} onConcede={async () => ({ ok: true })} now={() => now} />);
  expect(screen.getByText("Player p2 is disconnected: you may claim in 0:10.")).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Claim the win" })).toBeNull();
  now = 11_000;
  act(() => void jest.advanceTimersByTime(600));
  expect(screen.getByText("Player p2 has been away for 0:20: you may claim the match.")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Claim a draw" })).toBeTruthy();
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Claim the win" }));
  });
  expect(onClaim).toHaveBeenCalledWith("p2", "win");
  jest.useRealTimers();
});

test("Concede asks first; Keep playing sends nothing; Yes, concede sends the concession; a refusal is said", async () => {
  const onConcede = jest.fn(async () => ({ ok: false, error: { message: "The match is over." } }));
  render(<AbandonmentPanel info={null} seat="p1" over={false} nameOf={(s) => s} sideOf={(s) => s} onConcede={onConcede} />);
  fireEvent.click(screen.getByRole("button", { name: "Concede" }));
  expect(screen.getByRole("group", { name: "Concede the match? Your side loses. This cannot be undone." })).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Keep playing" }));
  expect(onConcede).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole("button", { name: "Concede" }));
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Yes, concede" }));
  });
  expect(onConcede).toHaveBeenCalledTimes(1);
  expect(screen.getByRole("alert").textContent).toBe("Refused: The match is over.");
});

test("nothing for a spectator, no claim against one's own side (a teammate), nothing once the match is over", () => {
  const field = info([{ absent: "p2", since: 0, allowedAt: 0 }]);
  const team = (s: string) => (s === "p1" || s === "p2" ? "red" : "blue");
  const mate = render(<AbandonmentPanel info={field} seat="p1" over={false} nameOf={(s) => s} sideOf={team} onClaim={async () => ({ ok: true })} onConcede={async () => ({ ok: true })} now={() => 1_000} />);
  expect(mate.queryByRole("button", { name: "Claim the win" })).toBeNull();
  expect(mate.getByRole("button", { name: "Concede" })).toBeTruthy();
  mate.unmount();
  const other = render(<AbandonmentPanel info={field} seat="p3" over={false} nameOf={(s) => s} sideOf={team} onClaim={async () => ({ ok: true })} onConcede={async () => ({ ok: true })} now={() => 1_000} />);
  expect(other.getByRole("button", { name: "Claim the win" })).toBeTruthy();
  other.unmount();
  const watcher = render(<AbandonmentPanel info={field} seat={null} over={false} nameOf={(s) => s} sideOf={(s) => s} now={() => 1_000} />);
  expect(watcher.container.innerHTML).toBe("");
  watcher.unmount();
  const over = render(<AbandonmentPanel info={field} seat="p1" over nameOf={(s) => s} sideOf={(s) => s} onConcede={async () => ({ ok: true })} now={() => 1_000} />);
  expect(over.container.innerHTML).toBe("");
});

test("the Concede question stays open when the table under it is replaced (a muster giving way to the battle), as the table's body holds it", () => {
  function Holder({ children }: { children: ReactNode }) {
    const question = useState(false);
    return <ConcedeQuestion.Provider value={question}>{children}</ConcedeQuestion.Provider>;
  }
  const panel = <AbandonmentPanel info={null} seat="p1" over={false} nameOf={(s) => s} sideOf={(s) => s} onConcede={async () => ({ ok: true })} />;
  const Muster = () => <section>{panel}</section>;
  const Battle = () => <div>{panel}</div>;
  const { rerender } = render(
    <Holder>
      <Muster />
    </Holder>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Concede" }));
  rerender(
    <Holder>
      <Battle />
    </Holder>,
  );
  expect(screen.getByRole("group", { name: "Concede the match? Your side loses. This cannot be undone." })).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Keep playing" }));
  expect(screen.getByRole("button", { name: "Concede" })).toBeTruthy();
});
