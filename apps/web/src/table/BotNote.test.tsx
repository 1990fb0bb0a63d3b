import { act, render } from "@testing-library/react";
import i18next from "i18next";
import { setupI18n } from "../i18n";
import { BotNote, useBotSeats, type BotSeats } from "./BotNote";
import type { Api } from "../api";

test("the table says in words at which level the server's bot plays each bot seat, in both languages", async () => {
  setupI18n("en");
  await i18next.changeLanguage("en");
  const { container, rerender } = render(<BotNote bots={{ e1: "hard", p2: "easy" }} waiting={[]} />);
  const lines = () => [...container.querySelectorAll("[data-bot-seat]")].map((p) => p.textContent);
  expect(lines()).toEqual(["Player 1 is played by the server's bot at the hard level.", "Player 2 is played by the server's bot at the easy level."]);
  // A level this client does not know never shows as an id.
  rerender(<BotNote bots={{ e1: "grandmaster" }} waiting={[]} />);
  expect(lines()).toEqual(["Player 1 is played by the server's bot at the normal level."]);
  await act(() => i18next.changeLanguage("ko"));
  rerender(<BotNote bots={{ e1: "hard" }} waiting={[]} />);
  expect(lines()[0]).toContain("난이도: 어려움");
});

test("the bot seats are asked of the server only once the table is ready (its first view shown), then read from the match's seats", async () => {
  const asked: string[] = [];
  const api = {
    getMatch: (id: string) => {
      asked.push(id);
      return Promise.resolve({ match: { seats: [{ seat: "p1" }, { seat: "p2", bot: "hard" }] } } as unknown as Awaited<ReturnType<Api["getMatch"]>>);
    },
  };
  let seen: BotSeats = {};
  function Probe({ ready }: { ready: boolean }) {
    seen = useBotSeats("m1", ready, api);
    return null;
  }
  const { rerender } = render(<Probe ready={false} />);
  await act(async () => undefined);
  expect(asked).toEqual([]);
  expect(seen).toEqual({});
  rerender(<Probe ready />);
  await act(async () => undefined);
  expect(asked).toEqual(["m1"]);
  expect(seen).toEqual({ p2: "hard" });
});
