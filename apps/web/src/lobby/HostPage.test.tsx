import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { createApi, type FetchLike } from "../api";
import { setupI18n } from "../i18n";
import { HostPage, hostTokenFrom } from "./HostPage";

const i18n = setupI18n("en");
const HOST = "9d1e5b7a3c2f4e6d8b0a1c3e5f7d9b2a";
/** A seat as the server answers the host: p1 claimed (no link), others with their invite link; never a token. */
const seat = (n: number, invite: string, extra: object = {}) => ({
  seat: `p${n}`,
  name: n === 1 ? "Ada" : n === 2 ? "Bo" : "Bot",
  ...(n === 1 ? {} : { inviteUrl: `http://fogwar.test/play/m1#seat=p${n}&invite=${invite}` }),
  connected: n === 1,
  claimed: n === 1,
  joined: n === 1,
  locked: n === 1,
  ...extra,
});

function fakeHostApi() {
  const calls: { url: string; method: string; headers: Record<string, string> }[] = [];
  const fetchImpl: FetchLike = async (url, init) => {
    calls.push({ url, method: init?.method ?? "GET", headers: (init?.headers ?? {}) as Record<string, string> });
    const body = url.endsWith("/reissue")
      ? { seat: seat(2, "f".repeat(32), { locked: false, connected: false }) }
      : {
          matchId: "m1",
          ruleset: "ember",
          status: "live",
          seats: [seat(1, ""), seat(2, "b".repeat(32), { locked: false }), { seat: "p3", name: "Bot", bot: "easy", connected: true, claimed: true, joined: true, locked: true }],
          spectatorUrl: "http://fogwar.test/watch/m1",
        };
    return { ok: true, status: 200, json: async () => body } as Response;
  };
  return { api: createApi(fetchImpl), calls };
}

function renderHost(api: ReturnType<typeof createApi>, hash: string) {
  window.history.replaceState(null, "", `/host/m1${hash}`);
  return render(
    <MemoryRouter initialEntries={["/host/m1"]}>
      <Routes>
        <Route path="/host/:matchId" element={<HostPage api={api} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("HostPage", () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage("en"));
  });

  test("the host token comes from the fragment only when well formed", () => {
    expect(hostTokenFrom(`#token=${HOST}`)).toBe(HOST);
    expect(hostTokenFrom("#token=abc")).toBeNull();
    expect(hostTokenFrom("")).toBeNull();
  });

  test("lists every seat's claim, connection and lock status, and the invite link of the unclaimed seat only; the token goes in the X-Host-Token header, never the URL", async () => {
    const { api, calls } = fakeHostApi();
    renderHost(api, `#token=${HOST}`);
    const p2 = (await screen.findByLabelText("Invite link for Bo (seat 2)")) as HTMLInputElement;
    expect(p2.value).toBe(`http://fogwar.test/play/m1#seat=p2&invite=${"b".repeat(32)}`);
    expect(screen.queryByLabelText("Invite link for Ada (seat 1)")).toBeNull();
    // Titled by the players' names, not the match id.
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Host page: Ada vs Bo vs Bot");
    expect(screen.getByText(/✓ claimed · ● connected · ✓ list locked/)).toBeTruthy();
    expect(screen.getByText(/invite not claimed yet · ○ not connected · list not locked/)).toBeTruthy();
    expect(screen.getByText(/the server's bot/)).toBeTruthy();
    // Copy: Bo's link and the spectator link; a re-issue for Ada and Bo, none for the bot.
    expect(screen.getAllByRole("button", { name: /^Copy:/ })).toHaveLength(2);
    expect(screen.getAllByRole("button", { name: "Re-issue link" })).toHaveLength(2);
    expect(calls[0]?.url).toBe("/api/matches/m1/host");
    expect(calls[0]?.headers["X-Host-Token"]).toBe(HOST);
    expect(calls.every((c) => !c.url.includes(HOST))).toBe(true);
  });

  test("re-issuing a claimed seat warns that its holder loses it and the table is told", async () => {
    const { api } = fakeHostApi();
    renderHost(api, `#token=${HOST}`);
    await screen.findByLabelText("Invite link for Bo (seat 2)");
    fireEvent.click(screen.getAllByRole("button", { name: "Re-issue link" })[0]!);
    expect(screen.getByText(/Ada \(seat 1\) has taken the seat\. Re-issue it anyway\? .*everyone at the table is told/)).toBeTruthy();
  });

  test("re-issue asks for a confirmation, then shows the seat's new link", async () => {
    const { api, calls } = fakeHostApi();
    renderHost(api, `#token=${HOST}`);
    await screen.findByLabelText("Invite link for Bo (seat 2)");
    const [, reissueP2] = screen.getAllByRole("button", { name: "Re-issue link" });
    fireEvent.click(reissueP2!);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    fireEvent.click(screen.getAllByRole("button", { name: "Re-issue link" })[1]!);
    fireEvent.click(screen.getByRole("button", { name: "Yes, re-issue" }));
    await screen.findByText(/Bo \(seat 2\) has a new invite link/);
    const post = calls.find((c) => c.method === "POST");
    expect(post?.url).toBe("/api/matches/m1/host/seats/p2/reissue");
    expect(post?.headers["X-Host-Token"]).toBe(HOST);
    expect((screen.getByLabelText("Invite link for Bo (seat 2)") as HTMLInputElement).value).toContain("f".repeat(32));
  });

  test("a host link without its token says so", () => {
    const { api, calls } = fakeHostApi();
    renderHost(api, "");
    expect(screen.getByRole("alert").textContent).toContain("no host token");
    expect(calls).toHaveLength(0);
  });
});
