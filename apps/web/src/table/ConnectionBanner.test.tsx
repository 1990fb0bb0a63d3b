/**
 * The connection banner: a join refused because the match is over (a reload after its end) tells
 * the player so and links to the review, instead of "could not join" with a retry that cannot work;
 * any other final failure keeps its cause and the retry button.
 */
import { act, render, screen } from "@testing-library/react";
import { ConnectionBanner } from "./ConnectionBanner";
import type { MatchConnection } from "../net/useMatch";
import { inEnglish } from "../../test/english";
import i18next from "i18next";

inEnglish();

function connection(code: string, message: string): MatchConnection {
  return {
    status: "failed",
    error: { code, message },
    retry: null,
    unanswered: 0,
    welcome: null,
    seq: 0,
    view: null,
    caster: null,
    connected: {},
    spectators: 0,
    events: [],
    send: () => Promise.reject(new Error("not connected")),
    retryNow: () => undefined,
    chat: { read: [], write: [], lines: [], error: null },
    sendChat: () => false,
  };
}

test("a join refused with match_over says the match is over, with no retry, no error and no second review link (the match-end banner has it)", () => {
  render(<ConnectionBanner match={connection("match_over", "The match is over.")} seat="p1" onRetry={() => undefined} />);
  expect(screen.getAllByRole("status")[0]?.textContent).toContain("Match over");
  expect(screen.queryByRole("link")).toBeNull();
  expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
  expect(screen.queryByRole("alert")).toBeNull();
});

test("another final failure keeps its cause, in the app's words, and the retry button", () => {
  render(<ConnectionBanner match={connection("invalid_token", "The token is wrong (server words).")} seat="p1" onRetry={() => undefined} />);
  expect(screen.getByRole("alert").textContent).toBe("⚠ The seat token does not open a seat of this match.");
  expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
});

test("in Korean, a seat opened elsewhere says so in Korean, not in the server's English; an unknown code is named in a Korean sentence", async () => {
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  try {
    const { rerender } = render(<ConnectionBanner match={{ ...connection("replaced", "This seat was opened in another window or device."), status: "closed" }} seat="p1" onRetry={() => undefined} />);
    expect(screen.getByRole("alert").textContent).toBe("⚠ 이 좌석이 다른 창이나 기기에서 열렸습니다.");
    rerender(<ConnectionBanner match={connection("made_up_code", "Some English words.")} seat="p1" onRetry={() => undefined} />);
    expect(screen.getByRole("alert").textContent).toBe("⚠ 연결이 끝났습니다(코드 made_up_code).");
  } finally {
    await act(async () => {
      await i18next.changeLanguage("en");
    });
  }
});

test("a join retried while the server starts says the server is starting, not that its database is down", () => {
  const starting = { ...connection("server_starting", "The server is starting: try again in a moment."), status: "reconnecting" as const, retry: { attempt: 1, nextAt: Date.now() + 1000 } };
  const { container } = render(<ConnectionBanner match={starting as MatchConnection} seat="p1" onRetry={() => undefined} />);
  const cause = container.querySelector(".reconnect .cause")?.textContent ?? "";
  expect(cause).toBe("The server is starting up.");
  expect(cause).not.toMatch(/database|server_starting/);
});

test("presence names the players who can be online; a bot seat, which never connects, is not called offline", () => {
  const open: MatchConnection = { ...connection("none", ""), status: "open", error: null, connected: { p1: true, p2: false } };
  const { rerender } = render(<ConnectionBanner match={open} seat="p1" onRetry={() => undefined} />);
  expect(screen.getAllByRole("status")[0]?.textContent).toMatch(/offline/);
  rerender(<ConnectionBanner match={open} seat="p1" onRetry={() => undefined} bots={{ p2: "normal" }} />);
  expect(screen.getAllByRole("status")[0]?.textContent).not.toMatch(/offline/);
  expect(screen.getAllByRole("status")[0]?.textContent).toMatch(/online/);
});
