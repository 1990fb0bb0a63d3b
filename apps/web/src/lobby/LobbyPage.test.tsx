import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { createApi } from "../api";
import { setupI18n } from "../i18n";
import { LobbyPage } from "./LobbyPage";
import { HOST_TOKEN, INVITES, fakeFetch, rulesetsBody } from "../../test/fixtures";

const i18n = setupI18n("en");

// Rendering the whole lobby with two forms takes a few seconds on a loaded 2-core machine (CI
// runs every project at once); jest's 5 s default made the create flow flaky there.
jest.setTimeout(20_000);

function renderLobby(fetchImpl: ReturnType<typeof fakeFetch>["fetchImpl"], entry = "/?game=ember") {
  const api = createApi(fetchImpl);
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <LobbyPage api={api} />
    </MemoryRouter>,
  );
}

describe("LobbyPage", () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage("en"));
  });

  test("create flow: names, options, each player building their own list (the default); then each seat's invite link, the host link, the spectator link and a play link", async () => {
    const { fetchImpl, calls } = fakeFetch();
    renderLobby(fetchImpl);
    const create = await screen.findByRole("button", { name: "Create match" });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Give every player a name.")).toBeTruthy();
    // The rules version in words, not its id.
    expect(screen.getByRole("option", { name: "EMBER: Obsidian Protocol (rules 0.1.0)" })).toBeTruthy();

    const [p1, p2] = screen.getAllByLabelText("Name", { selector: "input[required]" }) as HTMLInputElement[];
    fireEvent.change(p1 as HTMLInputElement, { target: { value: " Ada " } });
    fireEvent.change(p2 as HTMLInputElement, { target: { value: "Bo" } });
    fireEvent.change(screen.getByLabelText("Spectator delay (rounds)"), { target: { value: "1" } });
    fireEvent.click(screen.getByLabelText("Progressive timing dial reveal"));
    expect((create as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(create);

    await screen.findByText(/Match created/);
    const post = calls.find((c) => c.method === "POST");
    expect(post?.url).toBe("/api/matches");
    expect(post?.body).toMatchObject({
      ruleset: "ember",
      scenario: "crossroads",
      players: [{ name: "Ada" }, { name: "Bo" }],
      options: { progressiveReveal: true, spectatorDelay: 1, reconnectGrace: 120 },
    });
    // Each player builds their own list in the match: the request carries none.
    expect((post?.body as { players: object[] }).players.every((p) => !("army" in p))).toBe(true);
    expect((screen.getByLabelText("Host link (keep it)") as HTMLInputElement).value).toBe(`http://fogwar.test/host/n3wm4tch9xyz#token=${HOST_TOKEN}`);
    expect(screen.getByRole("link", { name: "Open the host page" }).getAttribute("href")).toBe(`/host/n3wm4tch9xyz#token=${HOST_TOKEN}`);
    const p1Link = screen.getByLabelText("Invite link for Ada (seat 1)") as HTMLInputElement;
    expect(p1Link.value).toBe(`http://fogwar.test/play/n3wm4tch9xyz#seat=p1&invite=${INVITES[0]}`);
    expect((screen.getByLabelText("Invite link for Bo (seat 2)") as HTMLInputElement).value).toContain(INVITES[1]);
    expect((screen.getByLabelText("Spectator link") as HTMLInputElement).value).toBe("http://fogwar.test/watch/n3wm4tch9xyz");
    expect(screen.getAllByRole("button", { name: /^Copy:/ })).toHaveLength(4);
    // The created match and the seat read by names, not ids.
    expect(document.querySelector("#created-title")?.textContent).not.toContain("n3wm4tch9xyz");
    const play = screen.getByRole("link", { name: "Play as Ada (seat 1) in this window" });
    expect(play.getAttribute("href")).toBe(`/play/n3wm4tch9xyz#seat=p1&invite=${INVITES[0]}`);
  });

  test("seed 001 6.1 formats: 2 v 2 gives four players in two teams (changeable, two each); 1 v 1 v 1 only on a scenario with four deployment zones", async () => {
    const { fetchImpl, calls } = fakeFetch();
    renderLobby(fetchImpl);
    const create = await screen.findByRole("button", { name: "Create match" });
    const format = screen.getByLabelText("Battle format") as HTMLSelectElement;
    expect([...format.options].map((o) => o.value)).toEqual(["1v1", "2v2"]);
    fireEvent.change(format, { target: { value: "2v2" } });
    const names = screen.getAllByLabelText("Name", { selector: "input[required]" }) as HTMLInputElement[];
    expect(names).toHaveLength(4);
    names.forEach((input, i) => fireEvent.change(input, { target: { value: `P${i + 1}` } }));
    const teams = screen.getAllByLabelText("Team") as HTMLSelectElement[];
    expect(teams.map((t) => t.value)).toEqual(["alpha", "bravo", "alpha", "bravo"]);
    fireEvent.change(teams[1] as HTMLSelectElement, { target: { value: "alpha" } });
    expect(screen.getByText("A 2 v 2 needs two players in each team.")).toBeTruthy();
    expect((create as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(teams[2] as HTMLSelectElement, { target: { value: "bravo" } });
    expect((create as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(create);
    await screen.findByText(/Match created/);
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      players: [{ name: "P1", team: "alpha" }, { name: "P2", team: "alpha" }, { name: "P3", team: "bravo" }, { name: "P4", team: "bravo" }],
    });
    // The invite links show each seat's team.
    expect([...document.querySelectorAll(".created [data-team]")].map((e) => e.getAttribute("data-team"))).toEqual(["alpha", "alpha", "bravo", "bravo"]);
   }, 30_000);

  test("the host may still build every player's list: the army builders appear and the request carries the lists", async () => {
    const { fetchImpl, calls } = fakeFetch();
    renderLobby(fetchImpl);
    await screen.findByRole("button", { name: "Create match" });
    expect(screen.queryAllByRole("group", { name: /: army$/ })).toHaveLength(0);
    fireEvent.click(screen.getByLabelText("I build every player's list"));
    expect(screen.getAllByRole("group", { name: /: army$/ })).toHaveLength(2);
    const names = screen.getAllByLabelText("Name", { selector: "input[required]" }) as HTMLInputElement[];
    names.forEach((input, i) => fireEvent.change(input, { target: { value: `P${i + 1}` } }));
    fireEvent.click(screen.getByRole("button", { name: "Create match" }));
    await screen.findByText(/Match created/);
    const players = (calls.find((c) => c.method === "POST")?.body as { players: { army?: { faction: string } }[] }).players;
    expect(players.map((p) => p.army?.faction)).toEqual(["RDL", "UN"]);
  }, 30_000);

  test("seed 001 6.1 formats: relay-field offers 1 v 1 v 1 and 1 v 1 v 1 v 1; going back to a two-zone scenario returns to 1 v 1", async () => {
    const { fetchImpl } = fakeFetch();
    renderLobby(fetchImpl);
    await screen.findByRole("button", { name: "Create match" });
    fireEvent.change(screen.getByLabelText("Scenario"), { target: { value: "relay-field" } });
    const format = screen.getByLabelText("Battle format") as HTMLSelectElement;
    expect([...format.options].map((o) => o.value)).toEqual(["1v1", "2v2", "1v1v1", "1v1v1v1"]);
    fireEvent.change(format, { target: { value: "1v1v1" } });
    expect(screen.getAllByLabelText("Name", { selector: "input[required]" })).toHaveLength(3);
    expect(screen.queryAllByLabelText("Team")).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Scenario"), { target: { value: "crossroads" } });
    await waitFor(() => expect((screen.getByLabelText("Battle format") as HTMLSelectElement).value).toBe("1v1"));
    expect(screen.getAllByLabelText("Name", { selector: "input[required]" })).toHaveLength(2);
   }, 30_000);

  test("copy buttons use the clipboard and say so in words", async () => {
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const { fetchImpl } = fakeFetch();
    renderLobby(fetchImpl);
    const names = (await screen.findAllByLabelText("Name", { selector: "input[required]" })) as HTMLInputElement[];
    names.forEach((input, i) => fireEvent.change(input, { target: { value: `P${i}` } }));
    fireEvent.click(screen.getByRole("button", { name: "Create match" }));
    fireEvent.click(await screen.findByRole("button", { name: "Copy: Spectator link" }));
    await screen.findByText(/Copied/);
    expect(writeText).toHaveBeenCalledWith("http://fogwar.test/watch/n3wm4tch9xyz");
  });

  test("the server's refusal is shown with its code and its problems in words, each after the player's name, never as raw details", async () => {
    const { fetchImpl } = fakeFetch((call) =>
      call.method === "POST"
        ? { status: 400, body: { error: { code: "invalid_army", message: "P1's army is not valid.", details: { seat: "p2", name: "P1", problems: [{ code: "over_points", message: "The list costs 720 points; the limit is 600." }] } } } }
        : undefined,
    );
    renderLobby(fetchImpl);
    const names = (await screen.findAllByLabelText("Name", { selector: "input[required]" })) as HTMLInputElement[];
    names.forEach((input, i) => fireEvent.change(input, { target: { value: `P${i}` } }));
    fireEvent.click(screen.getByRole("button", { name: "Create match" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("invalid_army");
    expect(alert.textContent).toContain("An army list is not valid.");
    expect(alert.textContent).toContain("P1: The list costs 720 points; the limit is 600.");
    expect(alert.textContent).not.toContain("{");
    expect(alert.textContent).not.toContain("p2");
  });

  test("rulesets that cannot load show an error and a retry", async () => {
    let fail = true;
    const { fetchImpl } = fakeFetch((call) => (call.url.endsWith("/rulesets") && fail ? { status: 500, body: { error: { code: "server_error", message: "boom" } } } : undefined));
    renderLobby(fetchImpl, "/");
    expect(await screen.findByText(/The rulesets could not be loaded/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    fireEvent.click(await screen.findByRole("button", { name: /^EMBER: Obsidian Protocol/ }));
    expect(await screen.findByRole("button", { name: "Create match" })).toBeTruthy();
  });

  test("lists live matches with connected seats and finished ones with the result and a review link", async () => {
    const { fetchImpl, calls } = fakeFetch();
    renderLobby(fetchImpl);
    const live = await screen.findByRole("list", { name: "Live matches" });
    expect(live.textContent).toContain("Ada (● connected)");
    expect(live.textContent).toContain("Bo (○ not connected)");
    expect(within(live).getByRole("link", { name: "Watch" }).getAttribute("href")).toBe("/watch/k7m2q9x4w8ab");
    const finished = await screen.findByRole("list", { name: "Finished matches" });
    expect(finished.textContent).toContain("Winner: Ada (score)");
    expect(within(finished).getByRole("link", { name: "Review" }).getAttribute("href")).toBe("/review/t3vq8n2hc6pe");
    expect(calls.some((c) => c.url.includes("status=live"))).toBe(true);
    fireEvent.change(screen.getByLabelText("Player name contains"), { target: { value: "ada" } });
    await waitFor(() => expect(calls.some((c) => c.url.includes("player=ada"))).toBe(true));
  });

  test("the lobby's shape: playing now first, then one game's create form at a time, chosen with the game picker (no form before a choice)", async () => {
    const { fetchImpl } = fakeFetch();
    const { container } = renderLobby(fetchImpl, "/");
    const picker = await screen.findByRole("group", { name: "Game" });
    const ember = within(picker).getByRole("button", { name: /^EMBER: Obsidian Protocol/ });
    expect(ember.getAttribute("aria-pressed")).toBe("false");
    // Nothing chosen: no create form, a word on what to do.
    expect(container.querySelector("form.create")).toBeNull();
    expect(screen.getByText(/Pick a game above/)).toBeTruthy();
    // Play now comes before setting up a match, and the match lists after it.
    const sections = [...container.querySelectorAll(".lobby-now, .lobby-create, .lists")].map((e) => e.className);
    expect(sections).toEqual(["lobby-now", "lobby-create", "lists"]);
    fireEvent.click(ember);
    await screen.findByRole("button", { name: "Create match" });
    expect(ember.getAttribute("aria-pressed")).toBe("true");
    expect(container.querySelectorAll("form.create")).toHaveLength(1);
    expect(screen.queryByText(/Pick a game above/)).toBeNull();
  });

  test("match lists name each game and scenario in the reader's language (Siege's ledger, a TRPG quarry unknown to the listing), never by id or seat code", async () => {
    const siegeListing = { id: "siege", rulesVersion: "siege-1", missions: [{ id: "ledger", name: { en: "Seize the ledger", ko: "장부 탈취" } }], maps: [], teamSizes: [1, 2] };
    const seat = (s: string, name: string) => ({ seat: s, name, connected: false });
    const finished = [
      { matchId: "aaaabbbbcccc", ruleset: "siege", rulesVersion: "siege-1", scenario: "ledger", status: "finished", createdAt: "2026-01-01T00:00:00Z", finishedAt: "2026-01-01T01:00:00Z", seats: [seat("a1", "Ada"), seat("d1", "")], result: { winner: "d1", reason: "defence: time", scores: {} } },
      { matchId: "ddddeeeeffff", ruleset: "trpg", rulesVersion: "trpg-1", scenario: "proving_ground", status: "finished", createdAt: "2026-01-01T00:00:00Z", finishedAt: "2026-01-01T01:00:00Z", seats: [seat("gm", "Gil"), seat("party", "Pat")], result: null },
    ];
    const { fetchImpl } = fakeFetch((call) => {
      if (call.url.endsWith("/rulesets")) return { status: 200, body: { rulesets: [...rulesetsBody.rulesets, siegeListing] } };
      if (call.url.includes("status=finished")) return { status: 200, body: { matches: finished } };
      return undefined;
    });
    renderLobby(fetchImpl, "/");
    const list = await screen.findByRole("list", { name: "Finished matches" });
    await waitFor(() => expect(list.textContent).toContain("Siege · Seize the ledger"));
    expect(list.textContent).toContain("Tactical TRPG · Proving ground");
    // The winner without a name is "Player 2", not the seat code.
    expect(list.textContent).toContain("Winner: Player 2");
    expect(list.textContent).toContain("Ada vs Player 2");
    for (const raw of [/· ledger/, /proving_ground/, /\bd1\b/, /\bgm\b/, /\bparty\b/]) expect(list.textContent).not.toMatch(raw);
    await act(() => i18n.changeLanguage("ko"));
    await waitFor(() => expect(list.textContent).toContain("장부 탈취"));
  });
});
