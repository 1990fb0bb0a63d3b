/**
 * A player coming back to a finished match (./finished.ts): the server refuses the join with
 * `match_over` before any welcome, so the page reads the match's public summary and still says
 * "You win" or "You lose", names the winner and the player it plays as, and offers the same game
 * again; when the summary cannot be read it says only that the match is over.
 */
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { setupI18n } from "../i18n";
import { openConnection } from "../../test/connection";
import { TableBody } from "./TableBody";

const i18n = setupI18n("en");
// The REST client is loaded on demand, as in the page: its first load takes a while here.
jest.setTimeout(30_000);
const slow = { timeout: 10_000 };

const details = {
  match: {
    matchId: "m1",
    ruleset: "ember",
    scenario: "crossroads",
    status: "finished",
    seats: [
      { seat: "p1", name: "Ana" },
      { seat: "p2", name: "Bo" },
    ],
    createdAt: "2026-12-01T10:00:00.000Z",
    finishedAt: "2026-12-01T11:00:00.000Z",
    result: { winner: "p2", reason: "elimination" },
  },
  seedCommitment: "c",
  options: {},
};

/** A fetch answer with `status` and JSON `body`. */
const answer = (status: number, body: unknown) => ({ ok: status < 400, status, json: async () => body }) as Response;

/** The table body of a seat refused with `match_over` (no welcome, no view). */
async function comeBack(seat: string, answer: () => Promise<Response>) {
  const fetchMock = jest.fn((url: string) => { void url; return answer(); });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const match = openConnection(null, { status: "closed", welcome: null, error: { code: "match_over", message: "The match is over." } } as never);
  await act(async () => {
    render(
      <MemoryRouter>
        <TableBody matchId="m1" join={{ role: "player", seat, token: "t" }} match={match} onRetry={() => undefined} />
      </MemoryRouter>,
    );
  });
  return fetchMock;
}

beforeEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

test("the winner coming back reads You win, the winner's name and the same game offered again; the summary asked once", async () => {
  const fetchMock = await comeBack("p2", async () => answer(200, details));
  expect(await screen.findByRole("heading", { name: "You win" }, slow)).toBeTruthy();
  expect(screen.getByText("Winner: Bo")).toBeTruthy();
  expect(screen.getByRole("link", { name: "Play again" }).getAttribute("href")).toBe("/?game=ember");
  expect(screen.getByText(/You play as Bo/)).toBeTruthy();
  // (The rematch offer asks who is signed in: `/api/me`.)
  expect(fetchMock.mock.calls.map((c) => String(c[0])).filter((url) => url.startsWith("/api/matches/"))).toEqual(["/api/matches/m1"]);
});

test("the other player reads You lose", async () => {
  await comeBack("p1", async () => answer(200, details));
  expect(await screen.findByRole("heading", { name: "You lose" }, slow)).toBeTruthy();
  expect(screen.getByText("Winner: Bo")).toBeTruthy();
});

test("when the summary cannot be read, the page says only that the match is over, with the review", async () => {
  await comeBack("p1", async () => answer(503, {}));
  expect(await screen.findByRole("heading", { name: "This match is over" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Review the match" })).toBeTruthy();
});
