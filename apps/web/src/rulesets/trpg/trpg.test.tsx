/**
 * The TRPG table's components rendered from real states (seed 002): the engine's states projected
 * for one viewer with `viewFor`. A concealed enemy the party has never seen is absent from a party
 * seat's and a spectator's HTML and accessible text, and present on the game master's page; the
 * map's highlighted squares and characters send the listed commands; decisions, the round-end
 * step's delayed turns and the master's console send what they show.
 */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer, spectator, type Viewer } from "@fogwar/engine";
import { legalCommandsInView, trpg, type TrpgCommand, type TrpgSetup, type TrpgState } from "@fogwar/trpg";
import { encounter } from "@fogwar/trpg/encounters";
import { TrpgTableView } from "./TrpgTableView";
import { CreateTrpgMatch } from "./CreateTrpgMatch";
import { TrpgReview } from "./TrpgReview";
import { describeEvent, type TrpgWords } from "./words";
import { readable } from "../../../test/readable";
import { dodgeAsked, GM, leavingEngagement, until } from "../../../test/trpg-play";
import { trpgTableTests } from "../../../test/trpg-jsdom";

trpgTableTests();

function renderFor(state: TrpgState, seat: string | null, onCommand = jest.fn()) {
  const viewer: Viewer = seat ? seatViewer(seat) : spectator;
  const view = trpg.viewFor(state, viewer);
  const legal = seat ? legalCommandsInView(view, seat) : [];
  const utils = render(<TrpgTableView matchId="m-trpg" view={view} seat={seat} legal={legal} onCommand={onCommand} events={[]} />);
  return { ...utils, view, legal, onCommand };
}

describe("the TRPG table", () => {
  const start = trpg.setup(GM, "web-trpg").state;

  test("seed 002 3-3: the hidden lookout is absent from the party's and a spectator's page (HTML and accessible text) and on the game master's", () => {
    const hidden = start.characters.lookout!;
    expect(hidden.known).toBe(false);
    for (const seat of ["p1", null]) {
      const { container, unmount } = renderFor(start, seat);
      expect(container.innerHTML).not.toContain("Lookout");
      expect(container.innerHTML).not.toContain('data-character="lookout"');
      expect(readable(container)).not.toContain("Lookout");
      unmount();
    }
    const { container } = renderFor(start, "gm");
    expect(container.querySelector('[data-character="lookout"]')).not.toBeNull();
    expect(readable(container)).toContain("Lookout");
  });

  test("seed 002 3-1: choosing Move then a highlighted square sends that move; the action points and initiative order are shown", () => {
    const mine = until(start, (s) => s.turn !== null && s.characters[s.turn.actor]!.side === "party");
    const { onCommand, container } = renderFor(mine, "p1");
    fireEvent.click(screen.getByRole("radio", { name: /^Move · / }));
    const target = container.querySelector("rect.target[role=button]")!;
    expect(target).not.toBeNull();
    fireEvent.click(target);
    expect(onCommand).toHaveBeenCalledWith(expect.objectContaining({ type: "move" }));
    expect(screen.getByRole("region", { name: "Action points" }).textContent).toContain("6 of 6 AP left");
    // Seed 002 3-2: the order lists the party and the enemies it has seen (both raiders), never the hidden lookout.
    const order = within(screen.getByRole("region", { name: "Initiative order" })).getAllByRole("listitem");
    expect(order.length).toBe(Object.values(mine.characters).filter((c) => c.side === "party" || c.known).length);
    expect(order.map((li) => li.textContent).join(" ")).not.toContain("Lookout");
  });

  test("the round-end step: the master composes the lookout's delayed turn on the map (Step, a highlighted square; then Overwatch from the list) and ends the round with it in one command", () => {
    const roundEnd = until(start, (s) => s.phase === "round_end");
    const { onCommand, container } = renderFor(roundEnd, "gm");
    const region = screen.getByRole("region", { name: "Round-end step" });
    // More than one enemy waited (the concealed sharpshooter too): the master picks the lookout; its kinds are buttons in words.
    fireEvent.click(within(region).getByRole("button", { name: /lookout/i }));
    fireEvent.click(within(region).getByRole("button", { name: "Step" }));
    fireEvent.click(container.querySelector("rect.target[role=button]")!);
    expect(within(region).getByRole("heading", { name: /delayed turn/ })).toBeTruthy();
    fireEvent.click(within(region).getByRole("button", { name: "Overwatch" }));
    fireEvent.click(within(region).getByRole("button", { name: "Add" }));
    fireEvent.click(within(region).getByRole("button", { name: "End the round" }));
    const sent = onCommand.mock.calls.at(-1)![0] as TrpgCommand & { type: "end_round" };
    expect(sent.turns?.[0]?.actor).toBe("lookout");
    expect(sent.turns?.[0]?.commands.map((c) => c.type)).toEqual(["step", "overwatch"]);
    expect(trpg.apply(roundEnd, sent, "gm").ok).toBe(true);
    // The party is told what it waits for.
    const party = renderFor(roundEnd, "p1");
    expect(party.container.querySelector(".waiting-for")?.textContent).toContain("The round-end step");
  });

  test("the game master's console calls a check from the legal commands; a player has no console", () => {
    const mastersTurn = until(start, (s) => s.phase === "round_end");
    const { onCommand } = renderFor(mastersTurn, "gm");
    const consoleRegion = screen.getByRole("region", { name: "Game master's console" });
    fireEvent.click(within(consoleRegion).getAllByRole("button")[0]!);
    expect(onCommand).toHaveBeenCalledWith(expect.objectContaining({ type: "call_check" }));
    const party = renderFor(mastersTurn, "p1");
    expect(within(party.container).queryByRole("region", { name: "Game master's console" })).toBeNull();
  });

  test("a decision asked of the seat shows its answers as buttons that send them", () => {
    // The raider's shot at Vale hits: her seat is asked whether she dodges.
    const hit = dodgeAsked(start);
    expect(hit).not.toBeNull();
    const { onCommand } = renderFor(hit!, "p1");
    fireEvent.click(screen.getByRole("button", { name: "Dodge" }));
    expect(onCommand).toHaveBeenCalledWith({ type: "decide", choice: "dodge" });
  });

  test("seed 002 3-1 접전: the free strike on one leaving engagement is the opponent's choice: the master is asked (Strike / Let it go), the party sees what it waits for", () => {
    const asked = leavingEngagement(start);
    expect(asked.pending).toMatchObject({ kind: "free_strike", seat: "gm", attacker: "raider-1", target: "vale" });
    const master = renderFor(asked, "gm");
    fireEvent.click(screen.getByRole("button", { name: "Let it go" }));
    expect(master.onCommand).toHaveBeenCalledWith({ type: "decide", choice: "spare" });
    expect(screen.getByRole("button", { name: "Strike" })).toBeTruthy();
    master.unmount();
    renderFor(asked, "p1");
    expect(screen.queryByRole("button", { name: "Strike" })).toBeNull();
    expect(document.body.textContent).toContain("whether Yard raider takes a free strike at Ines Vale");
  });
});

describe("the TRPG log's words", () => {
  test("wounds are counted in words: 1 wound, 2 wounds, in English and Korean", async () => {
    const view = trpg.viewFor(trpg.setup(GM, "words").state, seatViewer("gm"));
    const words = (language: string): TrpgWords => ({ t: i18next.getFixedT(language, "trpg"), language, name: (s: string) => s, view }) as unknown as TrpgWords;
    const say = (language: string, amount: number, wounds: number) => describeEvent(words(language), { type: "damaged", character: "reed", amount, wounds } as never);
    expect(say("en", 1, 3)).toBe("Tomas Reed takes 1 wound (3 left).");
    expect(say("en", 2, 2)).toBe("Tomas Reed takes 2 wounds (2 left).");
    expect(say("en", 1, -1)).toBe("Tomas Reed takes 1 wound.");
    expect(say("ko", 1, 3)).toBe("토마스 리드가 운드 1 피해를 입습니다 (3 남음).");
  });
});

/**
 * The history the server would serve (omniscient) of a match whose enemies' seat (the last of
 * `seats`) conceded at once: one entry after the setup.
 */
function concededHistory(matchId: string, setup: TrpgSetup, seed: string, seats: { seat: string; name: string }[]) {
  const start = trpg.setup(setup, seed);
  const concedes = seats.at(-1)!.seat;
  const concede = trpg.apply(start.state, { type: "concede" }, concedes);
  if (!concede.ok) throw new Error("refused");
  const omniscientOnly = (envs: typeof start.events) => envs.map((e) => trpg.redact(e, { kind: "omniscient" }));
  const entries = [{ seq: 1, seat: concedes, command: { type: "concede" } as TrpgCommand, events: omniscientOnly(concede.events), stateHash: null }];
  const match = { matchId, ruleset: "trpg", scenario: setup.scenario, status: "finished", seats, createdAt: 0, finishedAt: 1, result: concede.state.result };
  return { match, perspective: "omniscient", rulesVersion: trpg.rulesVersion, setup, seedCommitment: "", seed, setupEvents: omniscientOnly(start.events), entries } as never;
}

describe("the TRPG lobby form and review", () => {
  test("creating a GM match sends the master, the party players with their characters and the table settings", async () => {
    const createMatch = jest.fn().mockResolvedValue({ matchId: "m", seats: [], hostToken: "h" });
    const listing = {
      id: "trpg" as const,
      rulesVersion: "trpg-0.1.0",
      modes: ["gm", "versus"],
      partyPlayers: [1, 4] as [number, number],
      fields: [{ id: "clear", name: "No effect" }, { id: "storm", name: "Storm" }],
      scenarios: [{ id: "proving_ground", name: { en: "Proving Ground", ko: "훈련장" }, summary: { en: "Drill.", ko: "훈련." }, field: "clear", night: 0, rounds: 6, width: 12, height: 10, commander: null, party: [{ id: "vale", name: { en: "Ines Vale", ko: "이네스 베일" }, archetype: "scout" }, { id: "reed", name: { en: "Tomas Reed", ko: "토마스 리드" }, archetype: "gunner" }] }],
    };
    render(<CreateTrpgMatch api={{ createMatch }} listing={listing} onCreated={() => undefined} />);
    fireEvent.change(screen.getByLabelText("Game master's name"), { target: { value: "Mara" } });
    fireEvent.change(screen.getByLabelText("Player 1"), { target: { value: "Ada" } });
    fireEvent.change(screen.getByLabelText("Player 2"), { target: { value: "Bo" } });
    fireEvent.change(screen.getByLabelText("Field effect"), { target: { value: "storm" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Create match" }));
    });
    expect(createMatch).toHaveBeenCalledWith({
      ruleset: "trpg",
      scenario: "proving_ground",
      players: [
        { name: "Mara", team: "gm", army: { field: "storm" } },
        { name: "Ada", team: "party", army: { characters: ["vale"] } },
        { name: "Bo", team: "party", army: { characters: ["reed"] } },
      ],
      options: { spectatorDelay: 0, reconnectGrace: 120, claimDelay: 60 },
    });
  });

  test("the review rebuilds a finished match, verifies it, and shows the party's perspective without the enemy it never saw", () => {
    const history = concededHistory("m", GM, "web-review", [{ seat: "p1", name: "Ada" }, { seat: "gm", name: "Mara" }]);
    render(<TrpgReview matchId="m" history={history} />);
    expect(screen.getByText(/Dice seed/).textContent).toMatch(/failed|verified/);
    // A review is no live table: it names whose view it shows, and nobody is "watching".
    expect(screen.getByRole("option", { name: "Everything (the game master's view)" })).toBeTruthy();
    expect(screen.queryByText("You are watching.")).toBeNull();
    fireEvent.change(screen.getByTestId("trpg-review-perspective"), { target: { value: "p1" } });
    fireEvent.click(screen.getByRole("button", { name: /First/ }));
    expect(document.body.innerHTML).not.toContain('data-character="lookout"');
    // The step controls: the first step disables going back; End (a window key) goes to the concession.
    expect(screen.getByTestId("trpg-review-step").textContent).toBe("0 / 1");
    expect(screen.getByTestId<HTMLButtonElement>("review-prev").disabled).toBe(true);
    fireEvent.keyDown(window, { key: "End" });
    expect(screen.getByTestId("trpg-review-step").textContent).toBe("1 / 1");
    expect(screen.getByTestId<HTMLButtonElement>("review-next").disabled).toBe(true);
    expect(document.querySelector(".step-info")?.textContent).toMatch(/^Step 1: Mara: /);
  });

  test("the review puts the board first and the verification after it (the board starts on the first screen)", () => {
    const history = concededHistory("m", GM, "web-review", [{ seat: "p1", name: "Ada" }, { seat: "gm", name: "Mara" }]);
    const { container } = render(<TrpgReview matchId="m" history={history} />);
    const board = container.querySelector("[data-testid=board-viewport]")!;
    const verify = screen.getByRole("region", { name: "Verification" });
    expect(board).toBeTruthy();
    expect(board.compareDocumentPosition(verify) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test("a versus match's review has no game master: everything is every secret revealed", () => {
    const setup: TrpgSetup = { scenario: "proving_ground", mode: "versus", enemies: encounter("proving_ground"), seats: { party: ["p1"], enemies: ["e1"] } };
    const history = concededHistory("v", setup, "web-review-versus", [{ seat: "p1", name: "Ada" }, { seat: "e1", name: "Bot" }]);
    render(<TrpgReview matchId="v" history={history} />);
    expect(screen.getByRole("option", { name: "Everything (every secret revealed)" })).toBeTruthy();
    expect(screen.queryByRole("option", { name: /game master/ })).toBeNull();
    expect(screen.queryByText("You are watching.")).toBeNull();
  });
});
