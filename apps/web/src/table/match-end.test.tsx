/**
 * The end of a match above every table (./MatchEnd.tsx): each seat reads "You win", "You lose" or
 * "Draw" in words (a team's every seat wins), a spectator reads the winners' names, both languages;
 * it offers the review, another match of the same game and the lobby, and shows no dice seed.
 */
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { setupI18n } from "../i18n";
import { PlayersProvider } from "./names";
import type { ClockInfo } from "./clock";
import { MatchEnd, endResultOf, outcomeFor, resultOf, type EndResult } from "./MatchEnd";

const i18n = setupI18n("en");
const players = [
  { seat: "a1", name: "Ada" },
  { seat: "d1", name: "Bo" },
  { seat: "a2", name: "Cy" },
];

function show(seat: string | null, result: EndResult | null, ruleset = "siege") {
  return render(
    <MemoryRouter>
      <PlayersProvider players={players}>
        <MatchEnd matchId="m1" ruleset={ruleset} seat={seat} result={result} />
      </PlayersProvider>
    </MemoryRouter>,
  );
}

const teamWin: EndResult = { winner: "a1", winners: ["a1", "a2"], reason: "attack: objective" };

describe("MatchEnd", () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage("en"));
  });

  test("a winning team's seats read You win, the other seat You lose, a spectator the winners' names", () => {
    const { unmount } = show("a2", teamWin);
    expect(screen.getByRole("heading").textContent).toBe("You win");
    expect(document.body.textContent).toContain("Winners: Ada, Cy");
    unmount();
    const other = show("d1", teamWin);
    expect(screen.getByRole("heading").textContent).toBe("You lose");
    other.unmount();
    show(null, { winner: "d1", reason: "defence: time" });
    expect(screen.getByRole("heading").textContent).toBe("Bo wins");
    // Seat codes never show.
    expect(document.body.textContent).not.toMatch(/\b(a1|a2|d1)\b/);
  });

  test("a draw, and a match over whose result the page does not hold", () => {
    const { unmount } = show("a1", { winner: null, reason: "rounds" });
    expect(screen.getByRole("heading").textContent).toBe("Draw");
    unmount();
    show("a1", null);
    expect(screen.getByRole("heading").textContent).toBe("This match is over");
  });

  test("offers what to do next: the review, another match of the same game, the lobby; no dice seed", () => {
    show("a1", teamWin, "ember");
    expect(screen.getByRole("link", { name: "Review the match" }).getAttribute("href")).toBe("/review/m1");
    expect(screen.getByRole("link", { name: "Play again" }).getAttribute("href")).toBe("/?game=ember");
    expect(screen.getByRole("link", { name: "Back to the lobby" }).getAttribute("href")).toBe("/");
    expect(document.body.textContent).not.toMatch(/seed/i);
  });

  test("in Korean", async () => {
    await act(() => i18n.changeLanguage("ko"));
    const { unmount } = show("a1", teamWin);
    expect(screen.getByRole("heading").textContent).toBe("승리했습니다");
    unmount();
    show(null, { winner: "d1", reason: "" });
    expect(screen.getByRole("heading").textContent).toBe("Bo의 승리");
  });

  test("a result the log imposed (a claim against a game master who stayed away) ends the table as the rules' own does: the party reads You win and why", () => {
    // The TRPG's view holds no result after a claim: the room's clock field holds it.
    const imposed = { field: { imposed: { winner: "a1", reason: "abandoned", scores: {} } }, receivedAt: 0 } as unknown as ClockInfo;
    expect(endResultOf({ phase: "round", result: null }, imposed)).toEqual({ winner: "a1", reason: "abandoned" });
    expect(endResultOf({ result: { winner: "d1", reason: "r" } }, imposed)).toEqual({ winner: "d1", reason: "r" });
    expect(endResultOf({ result: null }, null)).toBeNull();
    show("a1", endResultOf({ result: null }, imposed), "trpg");
    expect(screen.getByRole("heading", { name: "You win" })).toBeTruthy();
    expect(screen.getByText(/the win was claimed after a player left/)).toBeTruthy();
  });

  test("reads a view's result and the outcome for a seat", () => {
    expect(resultOf({ result: { winner: null, reason: "r", scores: {} } })).toEqual({ winner: null, reason: "r" });
    expect(resultOf({ result: null })).toBeNull();
    expect(resultOf(null)).toBeNull();
    expect(outcomeFor("a1", { winner: "a1", reason: "" })).toBe("win");
    expect(outcomeFor(null, { winner: "a1", reason: "" })).toBe("won");
  });
});
