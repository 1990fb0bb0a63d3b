/**
 * The table chat panel: tabs for the audiences the viewer hears only, unread counts on the
 * other tabs, arrow keys between tabs, a labelled input that sends to the open tab (only where
 * the viewer may write), the server's refusal shown; and the session's chat state (backlog
 * replaces, lines merge once, refusals are kept apart from command errors).
 */
import { fireEvent, render, screen } from "@testing-library/react";
import type { ChatAudience, ChatLine } from "@fogwar/protocol";
import { ChatPanel, type ChatView } from "./ChatPanel";
import { NO_CHAT, isChatError, withBacklog, withLine } from "@fogwar/client";
import { inEnglish } from "../../test/english";

inEnglish();

/** The `n`-th line of an audience (of team "attack" for team lines), said `n` minutes past 15:00. */
const line = (n: number, audience: ChatAudience, text: string, seat: string | null = "a1", name: string | null = "Ayla", team = "attack"): ChatLine => ({
  id: audience === "team" ? `team:${team}:${n}` : `${audience}:${n}`,
  n,
  audience,
  team: audience === "team" ? team : null,
  seat,
  name,
  text,
  seq: 0,
  at: Date.UTC(2026, 10, 25, 15, n),
});

const player: ChatView = { read: ["players", "team"], write: ["players", "team"], lines: [line(1, "players", "gl hf"), line(1, "team", "east wall"), line(2, "team", "go")], error: null };

test("a player has a tab per audience it hears, with unread counts, and sends to the open tab", () => {
  const sent: [string, string][] = [];
  render(<ChatPanel chat={player} seat="a1" onSend={(a, t) => (sent.push([a, t]), true)} />);
  const tabs = screen.getAllByRole("tab");
  expect(tabs.map((t) => t.getAttribute("data-audience"))).toEqual(["players", "team"]);
  expect(tabs[0]?.getAttribute("aria-selected")).toBe("true");
  expect(screen.getByLabelText("2 unread").textContent).toContain("2");
  expect(screen.getByRole("log").textContent).toContain("gl hf");
  expect(screen.getByRole("log").textContent).not.toContain("east wall");
  const input = screen.getByLabelText("Message to Players");
  fireEvent.change(input, { target: { value: "  hello  " } });
  fireEvent.submit(input.closest("form")!);
  expect(sent).toEqual([["players", "hello"]]);
  expect((input as HTMLInputElement).value).toBe("");
  // Arrow keys move between the tabs; the team tab's lines are then read.
  fireEvent.keyDown(tabs[0]!, { key: "ArrowRight" });
  expect(screen.getAllByRole("tab")[1]?.getAttribute("aria-selected")).toBe("true");
  expect(document.activeElement).toBe(screen.getAllByRole("tab")[1]);
  expect(screen.getByRole("log").textContent).toContain("east wall");
  expect(screen.queryByLabelText(/unread/)).toBeNull();
  expect(screen.getByLabelText("Message to Team")?.getAttribute("maxLength")).toBe("500");
});

test("a spectator reads the players' chat without an input there, writes in the spectators' chat, and sees a refusal", () => {
  const spectator: ChatView = { read: ["players", "spectators"], write: ["spectators"], lines: [line(1, "players", "gl hf"), line(1, "spectators", "nice", null, null)], error: "chat_rate_limited" };
  render(<ChatPanel chat={spectator} onSend={() => true} />);
  expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Players", "Spectators1"]);
  expect(screen.queryByRole("textbox")).toBeNull();
  expect(screen.getByText("Spectators read the players' chat but cannot write in it.")).toBeTruthy();
  expect(screen.getByRole("alert").textContent).toContain("Too many messages");
  fireEvent.click(screen.getAllByRole("tab")[1]!);
  expect(screen.getByRole("log").textContent).toContain("Spectator");
  expect(screen.getByLabelText("Message to Spectators")).toBeTruthy();
});

test("nothing is shown before the server names an audience; the review is read-only", () => {
  const { container } = render(<ChatPanel chat={NO_CHAT} onSend={() => true} />);
  expect(container.innerHTML).toBe("");
  render(<ChatPanel chat={{ ...player, read: ["players", "team", "spectators"], write: [] }} />);
  expect(screen.getAllByRole("tab")).toHaveLength(3);
  expect(screen.queryByRole("textbox")).toBeNull();
});

test("the session's chat state: a backlog replaces, a line is merged once, chat refusals are told apart", () => {
  const backlog = withBacklog({ ...NO_CHAT, lines: [line(9, "players", "old")] }, { read: ["players"], write: ["players"], lines: [line(1, "players", "a")] });
  expect(backlog.lines.map((l) => l.id)).toEqual(["players:1"]);
  const more = withLine(withLine(backlog, line(3, "players", "c")), line(2, "players", "b"));
  expect(more.lines.map((l) => l.id)).toEqual(["players:1", "players:2", "players:3"]);
  expect(withLine(more, line(2, "players", "b"))).toBe(more);
  // Each audience counts its own lines: the same number in two audiences is two lines, ordered by time.
  const both = withLine(more, line(2, "spectators", "s"));
  expect(both.lines.map((l) => l.id)).toEqual(["players:1", "players:2", "spectators:2", "players:3"]);
  expect([isChatError("chat_too_long"), isChatError("rate_limited"), isChatError("server_error")]).toEqual([true, false, false]);
});

test("a review's team tab counts each team's lines apart: nothing unread once it was open", () => {
  const review: ChatView = { read: ["players", "team"], write: [], lines: [line(1, "team", "east", "a1", "Ayla"), line(1, "team", "hold", "d1", "Dan", "defence"), line(2, "team", "west", "d1", "Dan", "defence")], error: null };
  render(<ChatPanel chat={review} />);
  expect(screen.getByLabelText("3 unread")).toBeTruthy();
  fireEvent.click(screen.getAllByRole("tab")[1]!);
  expect(screen.getByRole("log").textContent).toContain("west");
  fireEvent.click(screen.getAllByRole("tab")[0]!);
  expect(screen.queryByLabelText(/unread/)).toBeNull();
});
