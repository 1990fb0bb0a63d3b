import { act, render } from "@testing-library/react";
import i18next from "i18next";
import { setupI18n } from "../i18n";
import { BotNote, botSeatsOf, useBotSeats, type BotSeats } from "./BotNote";

test("the table says in words at which level the server's bot plays each bot seat, in both languages", async () => {
  setupI18n("en");
  await i18next.changeLanguage("en");
  const { container, rerender } = render(<BotNote bots={{ e1: "hard", p2: "easy" }} waiting={[]} />);
  const lines = () => [...container.querySelectorAll("[data-bot-seat]")].map((p) => p.textContent);
  expect(lines()).toEqual(["Player 1: the server's bot, hard level.", "Player 2: the server's bot, easy level."]);
  // A level this client does not know never shows as an id.
  rerender(<BotNote bots={{ e1: "grandmaster" }} waiting={[]} />);
  expect(lines()).toEqual(["Player 1: the server's bot, normal level."]);
  await act(() => i18next.changeLanguage("ko"));
  rerender(<BotNote bots={{ e1: "hard" }} waiting={[]} />);
  expect(lines()[0]).toContain("난이도: 어려움");
});

test("the bot seats and their levels are read from the welcome's players (no REST request), the same object while the players are the same", () => {
  const players = [{ seat: "p1", name: "Ana" }, { seat: "p2", name: "Bo", bot: "hard" }];
  let seen: BotSeats = {};
  function Probe({ list }: { list: typeof players | undefined }) {
    seen = useBotSeats(list);
    return null;
  }
  const { rerender } = render(<Probe list={undefined} />);
  expect(seen).toEqual({});
  rerender(<Probe list={players} />);
  const first = seen;
  expect(first).toEqual({ p2: "hard" });
  rerender(<Probe list={players} />);
  expect(seen).toBe(first);
  expect(botSeatsOf([{ seat: "p1", name: "Ana" }])).toEqual({});
});
