/**
 * The account pages: the order and wording of "My games" (my move first, won/lost/draw from the
 * result, the table link while live and the review once over), the reset token read from the
 * fragment, and the account page's sign-in failure and reset advice in the page's language.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { MyMatch } from "@fogwar/protocol";
import { setupI18n } from "../i18n";
import en from "../i18n/en/account.json";
import ko from "../i18n/ko/account.json";
import { createAccountApi } from "./account-api";
import { AccountPage } from "./AccountPage";
import { SeatFromAccount } from "./SeatFromAccount";
import { tokenKey } from "../net/hash";
import { clocksLeft, clockText, gameLink, gameState, opponentsOf, orderGames, resetTokenOf } from "./games";

const i18n = setupI18n("en");
jest.setTimeout(20_000);

function match(over: Partial<MyMatch>): MyMatch {
  return {
    matchId: "m1", ruleset: "ember", scenario: "s", status: "live", mySeats: ["p1"], yourMove: false,
    seats: [{ seat: "p1", playerName: "Ada", bot: false }, { seat: "p2", playerName: "Bo", bot: false }],
    result: null, createdAt: "2026-01-01T00:00:00Z", finishedAt: null, ...over,
  };
}

describe("my games", () => {
  test("my move first, then live, then finished", () => {
    const list = [match({ matchId: "done", status: "finished" }), match({ matchId: "wait" }), match({ matchId: "mine", yourMove: true })];
    expect(orderGames(list).map((m) => m.matchId)).toEqual(["mine", "wait", "done"]);
  });

  test("results read from my seats", () => {
    expect(gameState(match({ yourMove: true }))).toBe("yourMove");
    expect(gameState(match({}))).toBe("waiting");
    expect(gameState(match({ status: "finished", result: { winner: "p1", reason: "vp" } }))).toBe("won");
    expect(gameState(match({ status: "finished", result: { winner: "p2", reason: "vp" } }))).toBe("lost");
    expect(gameState(match({ status: "finished", result: { winner: null, reason: "draw" } }))).toBe("draw");
    expect(gameState(match({ status: "finished", result: { winner: null, winners: ["p1", "p3"], reason: "vp" } }))).toBe("won");
    expect(gameState(match({ status: "abandoned" }))).toBe("abandoned");
  });

  test("links: the table while live, the review once over; opponents are the other seats", () => {
    expect(gameLink(match({ mySeats: ["p2"] }))).toBe("/play/m1#seat=p2");
    expect(gameLink(match({ status: "finished" }))).toBe("/review/m1");
    expect(opponentsOf(match({}))).toEqual(["Bo"]);
  });

  test("my clocks count down from the server's reading while they run, never below zero", () => {
    const timed = match({ clockAt: 1_000_000, clocks: [{ remainingMs: 90_000, running: true }, { remainingMs: 30_000, running: false }] });
    expect(clocksLeft(timed, 1_030_000)).toEqual([
      { leftMs: 60_000, running: true },
      { leftMs: 30_000, running: false },
    ]);
    expect(clocksLeft(timed, 1_200_000)[0]).toEqual({ leftMs: 0, running: true });
    expect(clocksLeft(match({}), 1_000_000)).toEqual([]);
    expect([clockText(60_000), clockText(59_001), clockText(3_723_000)]).toEqual(["1:00", "1:00", "1:02:03"]);
  });

  test("the reset token comes from the fragment, well formed only", () => {
    const token = "A".repeat(43);
    expect(resetTokenOf(`#token=${token}`)).toBe(token);
    expect(resetTokenOf("#token=short")).toBeNull();
    expect(resetTokenOf("")).toBeNull();
  });
});

describe("the account page", () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage("en"));
  });

  function server(signIn: { status: number; body: unknown }) {
    const calls: { url: string; init?: RequestInit }[] = [];
    const fetchImpl = async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      const answer = url === "/api/me" ? { status: 200, body: { account: null, passwordReset: false } } : signIn;
      return { ok: answer.status < 400, status: answer.status, json: async () => answer.body } as Response;
    };
    return { api: createAccountApi(fetchImpl), calls };
  }

  test.each([["en", en], ["ko", ko]] as const)("a refused sign-in and the reset advice read in %s", async (lang, strings) => {
    await act(() => i18n.changeLanguage(lang));
    const { api, calls } = server({ status: 401, body: { error: { code: "bad_credentials", message: "no" } } });
    render(<MemoryRouter><AccountPage api={api} /></MemoryRouter>);
    expect(await screen.findByText(strings.forgot.unavailable)).toBeTruthy();
    fireEvent.change(screen.getAllByLabelText(strings.field.email)[0]!, { target: { value: "ada@example.com" } });
    fireEvent.change(screen.getByLabelText(strings.field.password), { target: { value: "correct horse" } });
    fireEvent.click(screen.getByRole("button", { name: strings.signIn.submit }));
    expect((await screen.findByRole("alert")).textContent).toContain(strings.errors.bad_credentials);
    const sent = calls.find((c) => c.url === "/api/auth/sign-in");
    expect(sent?.init?.credentials).toBe("same-origin");
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ email: "ada@example.com", password: "correct horse" });
  });
});

describe("account settings", () => {
  test("a new name is sent with PATCH; deleting needs the name typed, then signs out", async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const signedIn = { account: { id: "a1", name: "Ada", kind: "member", email: "ada@example.org", hasPassword: true, passkeys: 1 }, passwordReset: false };
    let current: unknown = signedIn;
    const fetchImpl = async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (init?.method === "PATCH") current = { ...signedIn, account: { ...signedIn.account, name: "Ada Lovelace" } };
      if (init?.method === "DELETE") current = { account: null, passwordReset: false };
      return { ok: true, status: 200, json: async () => current } as Response;
    };
    render(<MemoryRouter><AccountPage api={createAccountApi(fetchImpl)} /></MemoryRouter>);
    const name = await screen.findByDisplayValue("Ada");
    fireEvent.change(name, { target: { value: "Ada Lovelace" } });
    fireEvent.click(screen.getByRole("button", { name: en.settings.rename }));
    expect(await screen.findByText(en.settings.renamed)).toBeTruthy();
    const patch = calls.find((c) => c.init?.method === "PATCH");
    expect(JSON.parse(String(patch?.init?.body))).toEqual({ name: "Ada Lovelace" });
    const remove = screen.getByRole("button", { name: en.settings.deleteNow }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(en.settings.confirm.replace("{{name}}", "Ada Lovelace")), { target: { value: "ada lovelace" } });
    expect(remove.disabled).toBe(false);
    fireEvent.click(remove);
    expect(await screen.findByRole("heading", { name: en.signIn.title })).toBeTruthy();
    expect(JSON.parse(String(calls.find((c) => c.init?.method === "DELETE")?.init?.body))).toEqual({ confirmName: "ada lovelace" });
  });
});

describe("a seat from the account", () => {
  function api(status: number, body: unknown) {
    return createAccountApi(async () => ({ ok: status < 400, status, json: async () => body }) as Response);
  }

  test("a tab without a token plays the seat the account holds, kept in the tab", async () => {
    window.location.hash = "#seat=p2";
    const seats = { matchId: "m1", seats: [{ seat: "p1", token: "a".repeat(32) }, { seat: "p2", token: "b".repeat(32) }] };
    render(<SeatFromAccount matchId="m1" api={api(200, seats)} fallback={<p>no seat</p>}>{(held) => <p>seat {held.seat} {held.token}</p>}</SeatFromAccount>);
    expect(await screen.findByText(`seat p2 ${"b".repeat(32)}`)).toBeTruthy();
    expect(window.sessionStorage.getItem(tokenKey("m1", "p2"))).toBe("b".repeat(32));
  });

  test("signed out, the no-seat note", async () => {
    render(<SeatFromAccount matchId="m2" api={api(401, { error: { code: "not_signed_in", message: "no" } })} fallback={<p>no seat</p>}>{() => <p>seat</p>}</SeatFromAccount>);
    expect(await screen.findByText("no seat")).toBeTruthy();
  });
});
