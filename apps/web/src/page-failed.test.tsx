/**
 * A page whose code cannot be fetched (a new version of the site put up while the tab was open:
 * its old chunk is gone) says so and offers a reload and the lobby, instead of a blank page; going
 * to another page forgets the failure.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { App } from "./App";
import { setupI18n } from "./i18n";

// The guide's chunk is gone from the server: its dynamic import fails as a browser's does.
jest.mock("./help/HowToPlay", () => {
  throw new TypeError("Failed to fetch dynamically imported module: /assets/HowToPlay-old.js");
});

setupI18n("en");
jest.setTimeout(30_000);

test("a page whose code failed to load says why, with Reload the page and the lobby; the header stays", async () => {
  const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    await act(async () => {
      render(
        <MemoryRouter initialEntries={["/how-to-play/ember"]}>
          <App />
        </MemoryRouter>,
      );
    });
    const alert = await screen.findByRole("alert", {}, { timeout: 10_000 });
    expect(alert.textContent).toContain("This page could not load its code (Failed to fetch dynamically imported module: /assets/HowToPlay-old.js): reload it.");
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Lobby" }).length).toBe(2);
    // Another page: the failure is forgotten and that page loads.
    await act(async () => {
      fireEvent.click(screen.getAllByRole("link", { name: "Leaderboard" })[0]!);
    });
    expect(screen.queryByRole("button", { name: "Reload the page" })).toBeNull();
  } finally {
    error.mockRestore();
  }
});
