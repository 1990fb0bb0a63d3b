/**
 * The rulesets' parts of the play-against-the-bot form (src/rulesets/<id>/bot.tsx) through the
 * form: Age of Sigmar asks for nothing but the level (both lists are mustered in the battle);
 * the TRPG offers its scenarios, the person plays the party and the bot the enemies; a listing a
 * part cannot read is not offered.
 */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { setupI18n } from "../i18n";
import { PlayBot } from "../lobby/PlayBot";

beforeAll(() => setupI18n("en"));

const sigmar = { id: "sigmar", rulesVersion: "sigmar-0.2.0", battleplans: [{ id: "passing_seasons", name: { en: "Passing Seasons", ko: "지나가는 계절" }, rounds: 5 }], pointsLimit: 1000, sampleArmies: [] };
const scenario = (id: string, en: string) => ({ id, name: { en, ko: en }, summary: { en: "", ko: "" }, field: "none", night: 0, rounds: 6, width: 12, height: 12, commander: null, party: [] });
const trpg = { id: "trpg", rulesVersion: "trpg-0.3.0", modes: ["gm", "versus"], partyPlayers: [1, 4], scenarios: [scenario("proving_ground", "Proving ground"), scenario("night_raid", "Night raid")], fields: [] };
const created = { matchId: "m1", roomId: "m1", seats: [{ seat: "p1", name: "Player", token: "t", inviteUrl: "http://x/play/m1#seat=p1&token=t" }], botSeats: [], spectatorUrl: "http://x/watch/m1" };

function renderForm(props: Record<string, unknown>) {
  const createMatch = jest.fn().mockResolvedValue(created);
  render(
    <MemoryRouter>
      <Routes>
        <Route path="/" element={<PlayBot api={{ createMatch } as never} {...props} />} />
        <Route path="*" element={<p>table</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return createMatch;
}

test("Age of Sigmar: no options but the level; the bot's seat is the second", async () => {
  const createMatch = renderForm({ sigmar, trpg });
  fireEvent.click(screen.getByLabelText("Age of Sigmar"));
  fireEvent.change(screen.getByLabelText("Bot level"), { target: { value: "easy" } });
  fireEvent.click(screen.getByRole("button", { name: "Play against the bot" }));
  await waitFor(() => expect(createMatch).toHaveBeenCalled());
  expect(createMatch.mock.calls[0][0]).toEqual({ ruleset: "sigmar", scenario: "passing_seasons", players: [{ name: "Player" }, { name: "Bot", bot: "easy" }] });
});

test("the TRPG: the chosen scenario, the person's party against the bot's enemies", async () => {
  const createMatch = renderForm({ sigmar, trpg });
  fireEvent.click(screen.getByLabelText("Tactical TRPG"));
  fireEvent.change(screen.getByLabelText("Battlefield"), { target: { value: "night_raid" } });
  fireEvent.click(screen.getByRole("button", { name: "Play against the bot" }));
  await waitFor(() => expect(createMatch).toHaveBeenCalled());
  expect(createMatch.mock.calls[0][0]).toEqual({ ruleset: "trpg", scenario: "night_raid", players: [{ name: "Player", team: "party" }, { name: "Bot", team: "enemies", bot: "normal" }] });
});

test("a listing its part cannot read is not offered; with none readable there is no form", () => {
  renderForm({ sigmar: { ...sigmar, battleplans: "none" }, trpg });
  expect(screen.queryByLabelText("Age of Sigmar")).toBeNull();
  expect(screen.getByLabelText("Tactical TRPG")).toBeTruthy();
  const { container } = render(
    <MemoryRouter>
      <PlayBot api={{} as never} siege={{ id: "siege" }} />
    </MemoryRouter>,
  );
  expect(container.innerHTML).toBe("");
});
