import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { setupI18n } from "../i18n";
import { PlayBot } from "./PlayBot";
import { rulesetsBody } from "../../test/fixtures";

beforeAll(() => setupI18n("en"));

const siege = { id: "siege" as const, rulesVersion: "siege-0.1.0", missions: [{ id: "ledger", name: { en: "Seize the ledger", ko: "장부 확보" }, map: "saltmarsh_cannery", rounds: 5 }], maps: [], teamSizes: [1] };
const created = { matchId: "m1", roomId: "m1", seats: [{ seat: "d1", name: "You", token: "0123456789abcdef0123456789abcdef", inviteUrl: "http://x/play/m1#seat=d1&token=0123456789abcdef0123456789abcdef" }], botSeats: [{ seat: "a1", name: "Bot", bot: "normal" }], spectatorUrl: "http://x/watch/m1" };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.hash}</p>;
}

function renderForm(createMatch: jest.Mock) {
  const ember = rulesetsBody.rulesets[0] as never;
  render(
    <MemoryRouter>
      <Routes>
        <Route path="/" element={<PlayBot api={{ createMatch } as never} ember={ember} siege={siege} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

test("EMBER: one click creates a match against the bot with sample armies of two factions and opens the table as the player's seat", async () => {
  const createMatch = jest.fn().mockResolvedValue({ ...created, seats: [{ ...created.seats[0], seat: "p1", inviteUrl: "http://x/play/m1#seat=p1&token=t" }] });
  renderForm(createMatch);
  fireEvent.click(screen.getByRole("button", { name: "Play against the bot" }));
  await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/play/m1#seat=p1&token=t"));
  const body = createMatch.mock.calls[0][0];
  expect(body.ruleset).toBe("ember");
  expect(body.players).toHaveLength(2);
  expect(body.players[0].bot).toBeUndefined();
  expect(body.players[1]).toMatchObject({ name: "Bot", bot: "normal" });
  // No name typed: the person is "Player" on the table (not "You", which reads wrongly in the log).
  expect(body.players[0].name).toBe("Player");
  expect(body.players[0].army.faction).not.toBe(body.players[1].army.faction);
});

test("Siege: the player names themself, picks the defence and the easy bot; the bot takes the attack", async () => {
  const createMatch = jest.fn().mockResolvedValue(created);
  renderForm(createMatch);
  fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "  Mina " } });
  fireEvent.click(screen.getByLabelText("Siege"));
  fireEvent.click(screen.getByLabelText("Defence"));
  fireEvent.change(screen.getByLabelText("Bot level"), { target: { value: "easy" } });
  fireEvent.click(screen.getByRole("button", { name: "Play against the bot" }));
  await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/play/m1#seat=d1&token=0123456789abcdef0123456789abcdef"));
  expect(createMatch.mock.calls[0][0]).toEqual({ ruleset: "siege", scenario: "ledger", players: [{ name: "Mina", team: "defence" }, { name: "Bot", team: "attack", bot: "easy" }] });
});

test("the bot's level: easy, normal and hard are offered (normal first chosen), each explained, and hard is sent as the bot seat's level", async () => {
  const createMatch = jest.fn().mockResolvedValue(created);
  renderForm(createMatch);
  const select = screen.getByLabelText("Bot level") as HTMLSelectElement;
  expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
    ["easy", "Easy (quick moves)"],
    ["normal", "Normal"],
    ["hard", "Hard (thinks longer)"],
  ]);
  expect(select.value).toBe("normal");
  fireEvent.change(select, { target: { value: "hard" } });
  const hint = document.getElementById(select.getAttribute("aria-describedby")!)!;
  expect(hint.textContent).toMatch(/^Hard weighs many more moves/);
  fireEvent.click(screen.getByLabelText("Siege"));
  fireEvent.click(screen.getByRole("button", { name: "Play against the bot" }));
  await waitFor(() => expect(createMatch).toHaveBeenCalled());
  expect(createMatch.mock.calls[0][0].players[1]).toMatchObject({ name: "Bot", bot: "hard" });
});

test("a game asked first (the lobby's ?game=, a finished match's Play again) is the one the form opens on", async () => {
  const createMatch = jest.fn().mockResolvedValue(created);
  const ember = rulesetsBody.rulesets[0] as never;
  render(
    <MemoryRouter>
      <Routes>
        <Route path="/" element={<PlayBot api={{ createMatch } as never} ember={ember} siege={siege} initialRuleset="siege" />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  expect((screen.getByLabelText("Siege") as HTMLInputElement).checked).toBe(true);
  fireEvent.click(screen.getByRole("button", { name: "Play against the bot" }));
  await waitFor(() => expect(createMatch).toHaveBeenCalled());
  expect(createMatch.mock.calls[0][0].ruleset).toBe("siege");
});
