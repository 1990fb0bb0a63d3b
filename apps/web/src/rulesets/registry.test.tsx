/**
 * The ruleset registry: every `src/rulesets/<id>/index.ts` is found without being named anywhere
 * else; the lobby offers a ruleset only when the server hosts it and this app has its adapter; an
 * adapter added at run time (a fixture) needs no shared file, yet is never offered unless hosted.
 */
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { createApi } from "../api";
import { setupI18n } from "../i18n";
import { LobbyPage } from "../lobby/LobbyPage";
import { fakeFetch, rulesetsBody } from "../../test/fixtures";
import { registerRuleset, rulesetAdapter, rulesetAdapters } from "./registry";
import type { RulesetAdapter, RulesetCreateFormProps } from "./adapter";

setupI18n("en");
jest.setTimeout(20_000);

const never = () => new Promise<never>(() => undefined);
/** A fixture ruleset's adapter: its create form names the listing it was given. */
const fixture: RulesetAdapter = {
  id: "fixture",
  loadTable: never,
  loadReview: never,
  loadCreateForm: async () => ({ listing }: RulesetCreateFormProps) => <p data-testid="fixture-form">fixture form for {String(listing.rulesVersion)}</p>,
};

function lobbyWith(rulesets: unknown[]) {
  const { fetchImpl } = fakeFetch((call) => (call.url.endsWith("/rulesets") ? { status: 200, body: { rulesets } } : undefined));
  return render(
    <MemoryRouter>
      <LobbyPage api={createApi(fetchImpl)} />
    </MemoryRouter>,
  );
}

test("every ruleset folder's adapter is found, with loaders for its table, review and create form", () => {
  expect(rulesetAdapters().map((a) => a.id)).toEqual(expect.arrayContaining(["ember", "siege", "sigmar", "trpg"]));
  for (const adapter of rulesetAdapters()) {
    expect([adapter.id, typeof adapter.loadTable, typeof adapter.loadReview]).toEqual([adapter.id, "function", "function"]);
  }
  expect(rulesetAdapter("chess")).toBeUndefined();
  expect(rulesetAdapter(undefined)).toBeUndefined();
});

test("an adapter registered alone is not offered while the server does not host its ruleset; a ruleset the server hosts without an adapter here is not offered either", async () => {
  registerRuleset(fixture);
  expect(rulesetAdapter("fixture")).toBe(fixture);
  lobbyWith([...rulesetsBody.rulesets, { id: "chess", rulesVersion: "chess-1" }]);
  const picker = await screen.findByRole("group", { name: "Game" });
  // The games offered: those hosted with an adapter here, neither the fixture nor chess.
  const offered = [...picker.querySelectorAll<HTMLElement>("[data-game]")].map((b) => b.dataset.game);
  expect(offered).toContain("ember");
  expect(offered).not.toContain("fixture");
  expect(offered).not.toContain("chess");
  fireEvent.click(within(picker).getAllByRole("button")[0]!);
  expect(await screen.findByRole("button", { name: "Create match" })).toBeTruthy();
  expect(screen.queryByTestId("fixture-form")).toBeNull();
  expect(screen.queryByText(/chess/)).toBeNull();
});

test("once the server hosts it, the registered adapter's create form is offered with its own listing", async () => {
  registerRuleset(fixture);
  lobbyWith([...rulesetsBody.rulesets, { id: "fixture", rulesVersion: "fixture-0.1.0" }]);
  const picker = await screen.findByRole("group", { name: "Game" });
  fireEvent.click(picker.querySelector<HTMLElement>('[data-game="fixture"]')!);
  await waitFor(() => expect(screen.getByTestId("fixture-form").textContent).toBe("fixture form for fixture-0.1.0"));
});
