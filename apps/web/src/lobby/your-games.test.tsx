/**
 * Games by name, not id: the lobby's "Your games" (live games first, my move marked, a link to
 * the table) and the "My games" page name each game and scenario in the reader's language from
 * the rulesets' listings (Siege's `ledger` is "Seize the ledger"; a TRPG `proving_ground` the
 * listing does not hold reads "Proving ground"), never by id.
 */
import { act, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { MyMatch } from "@fogwar/protocol";
import { setupI18n } from "../i18n";
import { YourGames } from "./YourGames";
import { MyGamesPage } from "../account/MyGamesPage";
import type { AccountApi } from "../account/account-api";

const i18n = setupI18n("en");
jest.setTimeout(20_000);

const listings = [{ id: "siege", rulesVersion: "siege-1", missions: [{ id: "ledger", name: { en: "Seize the ledger", ko: "장부 탈취" } }] }];

function game(over: Partial<MyMatch>): MyMatch {
  return {
    matchId: "m1", ruleset: "siege", scenario: "ledger", status: "live", mySeats: ["a1"], yourMove: false,
    seats: [{ seat: "a1", playerName: "Ada", bot: false }, { seat: "d1", playerName: "Bot", bot: true }],
    result: null, createdAt: "2026-01-01T00:00:00Z", finishedAt: null, ...over,
  };
}
const games = [game({ matchId: "wait", ruleset: "trpg", scenario: "proving_ground", mySeats: ["gm"], seats: [{ seat: "gm", playerName: "Ada", bot: false }] }), game({ matchId: "mine", yourMove: true }), game({ matchId: "done", status: "finished", result: { winner: "a1", reason: "x" } })];

describe("games by name", () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage("en"));
  });

  test("Your games: the live ones, my move first, by game and scenario name, each with its table's link", async () => {
    render(
      <MemoryRouter>
        <YourGames listings={listings} api={{ myMatches: async () => games }} />
      </MemoryRouter>,
    );
    const section = await screen.findByRole("region", { name: "Your games" });
    const rows = [...section.querySelectorAll("li")].map((li) => li.textContent);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain("Your move");
    expect(rows[0]).toContain("Siege · Seize the ledger");
    expect(rows[1]).toContain("Tactical TRPG · Proving ground");
    expect(section.textContent).not.toMatch(/ledger ·|proving_ground|\bgm\b|\ba1\b/);
    expect(screen.getAllByRole("link", { name: "Open the table" })[0]?.getAttribute("href")).toBe("/play/mine#seat=a1");
    await act(() => i18n.changeLanguage("ko"));
    expect(section.textContent).toContain("시즈 · 장부 탈취");
  });

  test("My games names each game and scenario, not their ids", async () => {
    const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ rulesets: listings }) }) as Response);
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const api = { myMatches: async () => games } as unknown as AccountApi;
    render(
      <MemoryRouter>
        <MyGamesPage api={api} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(document.body.textContent).toContain("Siege · Seize the ledger"));
    expect(document.body.textContent).toContain("Tactical TRPG · Proving ground");
    expect(document.body.textContent).not.toMatch(/siege · ledger|proving_ground/);
  });
});
