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
import { fakeFetch, finishedMatch } from "../../test/fixtures";
import { TableBody } from "./TableBody";

const i18n = setupI18n("en");
// The REST client is loaded on demand, as in the page: its first load takes a while here.
jest.setTimeout(30_000);
const slow = { timeout: 10_000 };

const MATCH = finishedMatch.matchId;

/** The table body of a seat refused with `match_over` (no welcome, no view); the summary's answer from `summary` (status and body). */
async function comeBack(seat: string, summary: { status: number; body: unknown }) {
  const fake = fakeFetch((call) => (call.url.endsWith(`/api/matches/${MATCH}`) ? summary : undefined));
  globalThis.fetch = fake.fetchImpl as unknown as typeof fetch;
  const match = openConnection(null, { status: "closed", welcome: null, error: { code: "match_over", message: "The match is over." } } as never);
  await act(async () => {
    render(
      <MemoryRouter>
        <TableBody matchId={MATCH} join={{ role: "player", seat, token: "t" }} match={match} onRetry={() => undefined} />
      </MemoryRouter>,
    );
  });
  return fake.calls;
}

const details = { status: 200, body: { match: finishedMatch, seedCommitment: "c", options: {} } };

beforeEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

test("the winner coming back reads You win, the winner's name and the same game offered again; the summary asked once", async () => {
  const calls = await comeBack("p2", details);
  expect(await screen.findByRole("heading", { name: "You win" }, slow)).toBeTruthy();
  expect(screen.getByText("Winner: Ada")).toBeTruthy();
  expect(screen.getByRole("link", { name: "Play again" }).getAttribute("href")).toBe("/?game=ember");
  expect(screen.getByText(/You play as Ada/)).toBeTruthy();
  // One way to the review, the match-end banner's: the connection's status line only says the match is over.
  expect(screen.getAllByRole("link", { name: /review/i }).map((link) => link.textContent)).toEqual(["Review the match"]);
  // (The rematch offer asks who is signed in: `/api/me`.)
  expect(calls.map((c) => c.url).filter((url) => url.startsWith("/api/matches/"))).toEqual([`/api/matches/${MATCH}`]);
});

test("the other player reads You lose", async () => {
  await comeBack("p1", details);
  expect(await screen.findByRole("heading", { name: "You lose" }, slow)).toBeTruthy();
  expect(screen.getByText("Winner: Ada")).toBeTruthy();
});

test("when the summary cannot be read, the page says only that the match is over, with the review", async () => {
  await comeBack("p1", { status: 503, body: {} });
  expect(await screen.findByRole("heading", { name: "This match is over" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Review the match" })).toBeTruthy();
});
