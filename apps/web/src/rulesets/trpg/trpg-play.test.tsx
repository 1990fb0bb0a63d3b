/**
 * The TRPG table's play aids, rendered from real states (seed 002): an attack picked on the map
 * shows its odds from the party's own view (target number, modifiers, chance, expected wounds;
 * a hidden stat block is said to be unknown) and asks for a confirmation; the chosen kind does
 * not stay armed after a command; the board opens zoomed on a phone-wide column; the create
 * form sends the claim delay; the party's log says when a roll's target number is hidden.
 */
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { catalog, legalCommandsInView, STAT_NAMES, trpg, type TrpgSetup, type TrpgState } from "@fogwar/trpg";
import { encounter } from "@fogwar/trpg/encounters";
import { dodgeAsked, GM, until } from "../../../test/trpg-play";
import { TrpgTableView } from "./TrpgTableView";
import { CreateTrpgMatch } from "./CreateTrpgMatch";
import { describeEvent, type TrpgWords } from "./words";
import { OlderRulesVersion } from "../../table/aids";
import { trpgTableTests } from "../../../test/trpg-jsdom";

trpgTableTests();


/** Vale's turn with the raider in sight, half cover on the line (0,2) -> (4,2). */
function valesShot(): TrpgState {
  const s = structuredClone(until(trpg.setup(GM, "web-odds").state, (x) => x.turn?.actor === "vale"));
  for (const c of Object.values(s.characters)) if (c.id !== "vale" && c.id !== "raider-1") c.at = c.side === "party" ? { x: 11, y: 9 } : null;
  s.characters.vale!.at = { x: 0, y: 2 };
  s.characters["raider-1"]!.at = { x: 4, y: 2 };
  for (const id of Object.keys(s.characters)) if (id !== "vale" && id !== "raider-1" && s.characters[id]!.side === "enemies") s.characters[id]!.status = "dead";
  return s;
}

/** The table of `state` for `seat`; `older`: the older rules version the match plays (the table's aids then stay out). */
function renderFor(state: TrpgState, seat: string, onCommand = jest.fn(), older: string | null = null) {
  const view = trpg.viewFor(state, seatViewer(seat));
  const legal = legalCommandsInView(view, seat);
  const utils = render(
    <OlderRulesVersion.Provider value={older}>
      <TrpgTableView matchId="m" view={view} seat={seat} legal={legal} onCommand={onCommand} events={[]} />
    </OlderRulesVersion.Provider>,
  );
  return { ...utils, onCommand };
}

describe("the TRPG table's play aids", () => {
  test("seed 002 3-4: a match the server plays under an older rules version asks to confirm the shot without odds (they are computed with today's rules)", () => {
    const { container, onCommand } = renderFor(valesShot(), "p1", jest.fn(), "trpg-0.4.0");
    fireEvent.click(screen.getByRole("radio", { name: "Shoot · 4 AP" }));
    const raider = container.querySelector('[data-character="raider-1"]')!;
    fireEvent.click(raider.closest(".pickable") ?? raider);
    const confirm = screen.getByRole("group", { name: "Confirm the action" });
    expect(within(confirm).queryByTestId("trpg-odds")).toBeNull();
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    expect(onCommand).toHaveBeenCalledWith({ type: "shoot", targets: ["raider-1"], burst: false, called: false });
  });

  test("seed 002 3-4: a click on an enemy with Shoot chosen asks first and shows the odds from the party's view; Confirm sends the shot and the choice is cleared", () => {
    const { container, onCommand } = renderFor(valesShot(), "p1");
    fireEvent.click(screen.getByRole("radio", { name: "Shoot · 4 AP" }));
    const raider = container.querySelector('[data-character="raider-1"]')!;
    fireEvent.click(raider.closest(".pickable") ?? raider);
    expect(onCommand).not.toHaveBeenCalled();
    const confirm = screen.getByRole("group", { name: "Confirm the action" });
    const odds = within(confirm).getByTestId("trpg-odds").textContent!;
    expect(odds).toContain("roll over 3 on a d6 to hit (50%)");
    expect(odds).toContain("PRC +4");
    expect(odds).toContain("half cover -1");
    // GM mode: the raider's stat block is the master's; the party is told, not shown.
    expect(odds).toContain("Unknown modifiers may apply");
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    expect(onCommand).toHaveBeenCalledWith({ type: "shoot", targets: ["raider-1"], burst: false, called: false });
    expect((screen.getByRole("radio", { name: "Shoot · 4 AP" }) as HTMLInputElement).checked).toBe(false);
    expect(container.querySelector(".pickable")).toBeNull();
  });

  test("seed 002 3-1 행동치: each choice says its action-point cost, as the rules charge it, and the confirmation what the action leaves", async () => {
    const s = valesShot();
    s.turn!.ap = 5;
    const { container } = renderFor(s, "p1");
    const kinds = screen.getByRole("group", { name: "What to do" });
    expect(within(kinds).getByRole("radio", { name: "Shoot · 4 AP" })).toBeTruthy();
    expect(within(kinds).getByRole("radio", { name: /^Sprint · 3(–\d)? AP$/ })).toBeTruthy();
    expect(within(kinds).getByRole("radio", { name: /^Move · 0(–\d)? AP$/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Drop prone · 0 AP" })).toBeTruthy();
    fireEvent.click(within(kinds).getByRole("radio", { name: "Shoot · 4 AP" }));
    expect([...container.querySelectorAll("select option")].map((o) => o.textContent)).toEqual(["Shoot Yard raider · 4 AP"]);
    fireEvent.click(screen.getByRole("button", { name: "Do it" }));
    const confirm = screen.getByRole("group", { name: "Confirm the action" });
    expect(within(confirm).getByTestId("trpg-action-cost").textContent).toBe("Shoot · 4 AP (1 left after)");
    cleanup();
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    try {
      renderFor(s, "p1");
      fireEvent.click(screen.getByRole("radio", { name: "사격 · 행동치 4" }));
      fireEvent.click(screen.getByRole("button", { name: "실행" }));
      expect(screen.getByTestId("trpg-action-cost").textContent).toBe("사격 · 행동치 4 (이후 1 남음)");
    } finally {
      await act(async () => {
        await i18next.changeLanguage("en");
      });
    }
  });

  test("Cancel leaves the attack unsent; the odds are shown under the list's choice too", () => {
    const { container, onCommand } = renderFor(valesShot(), "p1");
    fireEvent.click(screen.getByRole("radio", { name: "Shoot · 4 AP" }));
    expect(screen.getByTestId("trpg-odds").textContent).toContain("over 3");
    const raider = container.querySelector('[data-character="raider-1"]')!;
    fireEvent.click(raider.closest(".pickable") ?? raider);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCommand).not.toHaveBeenCalled();
    expect(screen.queryByRole("group", { name: "Confirm the action" })).toBeNull();
  });

  test("Cancel takes the player back to the actions: no kind stays chosen, nothing is highlighted on the map, and the bar that folded while the target was picked opens again", () => {
    const { container, onCommand } = renderFor(valesShot(), "p1");
    const bar = container.querySelector(".action-bar")!;
    expect(bar.getAttribute("data-folded")).toBe("false");
    fireEvent.click(screen.getByRole("radio", { name: "Shoot · 4 AP" }));
    expect(bar.getAttribute("data-folded")).toBe("true");
    const raider = container.querySelector('[data-character="raider-1"]')!;
    fireEvent.click(raider.closest(".pickable") ?? raider);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCommand).not.toHaveBeenCalled();
    expect((screen.getByRole("radio", { name: "Shoot · 4 AP" }) as HTMLInputElement).checked).toBe(false);
    expect(container.querySelector(".pickable")).toBeNull();
    expect(bar.getAttribute("data-folded")).toBe("false");
  });

  test("a picked attack's Confirm is brought into the bar's sight again when the bar adds its 'More below' edge (on a phone it lay under that edge)", async () => {
    const scrolled: { el: Element; edge: boolean }[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push({ el: this, edge: document.querySelector(".action-bar > .bar-more") !== null });
    };
    try {
      const { container } = renderFor(valesShot(), "p1");
      fireEvent.click(screen.getByRole("radio", { name: "Shoot · 4 AP" }));
      const raider = container.querySelector('[data-character="raider-1"]')!;
      fireEvent.click(raider.closest(".pickable") ?? raider);
      const button = within(screen.getByRole("group", { name: "Confirm the action" })).getByRole("button", { name: "Confirm" });
      // The bar measures its new content: it now holds more than it shows (the bar checks on a scroll where no ResizeObserver runs).
      const bar = container.querySelector<HTMLElement>(".action-bar")!;
      Object.defineProperty(bar, "scrollHeight", { configurable: true, get: () => 900 });
      Object.defineProperty(bar, "clientHeight", { configurable: true, get: () => 300 });
      await act(async () => void bar.dispatchEvent(new Event("scroll")));
      expect(container.querySelector(".action-bar > .bar-more")).not.toBeNull();
      expect(scrolled.filter((s) => s.el === button).map((s) => s.edge)).toContain(true);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  test("seed 002 3-1: an action on a target chosen from the list asks first too, as one picked on the map does: Do it shows the confirmation, Confirm sends it", () => {
    const { onCommand } = renderFor(valesShot(), "p1");
    fireEvent.click(screen.getByRole("radio", { name: "Shoot · 4 AP" }));
    fireEvent.click(screen.getByRole("button", { name: "Do it" }));
    expect(onCommand).not.toHaveBeenCalled();
    const confirm = screen.getByRole("group", { name: "Confirm the action" });
    expect(within(confirm).getByTestId("trpg-odds").textContent).toContain("roll over 3 on a d6 to hit (50%)");
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    expect(onCommand).toHaveBeenCalledWith({ type: "shoot", targets: ["raider-1"], burst: false, called: false });
  });

  test("seed 002 3-6 치료 판정: Reed's heal (a repair kit) asks first and shows its odds, over 6 - PRC 3 = 3 (50%); a move is still sent at once", () => {
    const s = structuredClone(until(trpg.setup(GM, "web-odds").state, (x) => x.turn?.actor === "reed"));
    const at = s.characters.reed!.at!;
    s.characters.vale = { ...s.characters.vale!, at: { x: at.x + 1, y: at.y }, wounds: 1 };
    const { onCommand } = renderFor(s, "p1");
    const heal = screen.queryByRole("radio", { name: "Heal · 2 AP" });
    expect(heal).not.toBeNull();
    fireEvent.click(heal!);
    fireEvent.click(screen.getByRole("button", { name: "Do it" }));
    expect(onCommand).not.toHaveBeenCalled();
    const confirm = screen.getByRole("group", { name: "Confirm the action" });
    const odds = within(confirm).getByTestId("trpg-odds").textContent!;
    expect(odds).toContain("roll over 3 on a d6 to succeed (50%)");
    expect(odds).toContain("PRC +3");
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    expect(onCommand).toHaveBeenCalledWith(expect.objectContaining({ type: "heal" }));
    fireEvent.click(screen.getByRole("radio", { name: /^Move · / }));
    fireEvent.click(screen.getByRole("button", { name: "Do it" }));
    expect(onCommand).toHaveBeenCalledTimes(2);
  });

  test("on a phone the action bar folds to its first line while an attack is picked on the map (the board in sight), keeps the confirmation, opens on request and again once the attack is sent", () => {
    const { container, onCommand } = renderFor(valesShot(), "p1");
    const bar = () => screen.getByRole("region", { name: "Your actions" });
    expect(bar().getAttribute("data-folded")).toBe("false");
    fireEvent.click(screen.getByRole("radio", { name: "Shoot · 4 AP" }));
    expect(bar().getAttribute("data-folded")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Show actions ▴" }));
    expect(bar().getAttribute("data-folded")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: "Hide actions ▾" }));
    const raider = container.querySelector('[data-character="raider-1"]')!;
    fireEvent.click(raider.closest(".pickable") ?? raider);
    expect(bar().getAttribute("data-folded")).toBe("true");
    fireEvent.click(within(screen.getByRole("group", { name: "Confirm the action" })).getByRole("button", { name: "Confirm" }));
    expect(onCommand).toHaveBeenCalledTimes(1);
    expect(bar().getAttribute("data-folded")).toBe("false");
  });

  test("seed 002 3-1: on a phone the party's bar is folded while the enemies act (whom it waits for stays) and open on its turn; the waiting game master's is folded unless its console offers a check", () => {
    const enemiesTurn = until(trpg.setup(GM, "web-odds").state, (x) => x.phase === "turn" && !trpg.awaiting(x).includes("p1"));
    const waits = renderFor(enemiesTurn, "p1");
    const bar = waits.container.querySelector(".action-bar")!;
    expect(bar.getAttribute("data-folded")).toBe("true");
    expect(bar.querySelector(".bar-head .turn-line")?.textContent).toMatch(/^Waiting for /);
    waits.unmount();
    expect(renderFor(enemiesTurn, "gm").container.querySelector(".action-bar")?.getAttribute("data-folded")).toBe("false");
    cleanup();
    const partyTurn = valesShot();
    expect(renderFor(partyTurn, "p1").container.querySelector(".action-bar")?.getAttribute("data-folded")).toBe("false");
    cleanup();
    const master = renderFor(partyTurn, "gm");
    const offersCheck = legalCommandsInView(trpg.viewFor(partyTurn, seatViewer("gm")), "gm").some((c) => c.type === "call_check" || c.type === "resist");
    expect({ offersCheck, folded: master.container.querySelector(".action-bar")?.getAttribute("data-folded") }).toEqual({ offersCheck, folded: String(!offersCheck) });
  });

  test("seed 002 3-1: the turn line names the character whose turn the seat plays (it has two), in English and Korean; a decision keeps the bare words", async () => {
    const vales = valesShot();
    const line = () => document.querySelector(".action-bar .turn-line.mine")?.textContent;
    renderFor(vales, "p1");
    expect(line()).toBe("▶ Your move: Ines Vale");
    cleanup();
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    try {
      renderFor(vales, "p1");
      expect(line()).toBe("▶ 당신의 차례: 이네스 베일");
    } finally {
      cleanup();
      await act(async () => {
        await i18next.changeLanguage("en");
      });
    }
    renderFor(dodgeAsked(trpg.setup(GM, "web-trpg").state)!, "p1");
    expect(line()).toBe("▶ Your move");
  });

  test("after a move is sent from the map, Move is no longer chosen (the next click does nothing)", () => {
    const { container, onCommand } = renderFor(valesShot(), "p1");
    fireEvent.click(screen.getByRole("radio", { name: /^Move · / }));
    fireEvent.click(container.querySelector("rect.target[role=button]")!);
    expect(onCommand).toHaveBeenCalledTimes(1);
    expect(container.querySelector("rect.target[role=button]")).toBeNull();
  });

  test("on a 390 px screen the 22-square board opens zoomed so a square is at least 24 px", () => {
    const width = jest.spyOn(Element.prototype, "clientWidth", "get").mockReturnValue(358);
    try {
      const quarry: TrpgSetup = { scenario: "quarry", mode: "gm", enemies: encounter("quarry"), seats: { party: ["p1"], enemies: ["gm"] } };
      const { container } = renderFor(trpg.setup(quarry, "zoom").state, "p1");
      // (22 + 2/3 squares) x 24 px over 358 px: about 1.5x.
      expect(Number(container.querySelector("[data-testid=board-viewport]")!.getAttribute("data-zoom"))).toBeGreaterThanOrEqual(1.5);
    } finally {
      width.mockRestore();
    }
  });

  test("the party's log says a hidden target number is hidden (unknown modifiers may apply) instead of leaving it out", () => {
    const view = trpg.viewFor(trpg.setup(GM, "log").state, seatViewer("p1"));
    const w = { t: i18next.getFixedT("en", "trpg"), language: "en", name: (s: string) => s, view } as unknown as TrpgWords;
    const line = describeEvent(w, { type: "attack", attacker: "raider-1", target: "vale", weapon: null, via: "aimed", called: false, die: 4, mods: [], need: null, hit: true } as never);
    expect(line).toContain("unknown modifiers may apply");
  });

  test("seed 002 3-4: the party's log of Vale's shot at the raider (stat block hidden) shows the number and every term the odds showed before it", () => {
    const state = valesShot();
    const { container } = renderFor(state, "p1");
    fireEvent.click(screen.getByRole("radio", { name: "Shoot · 4 AP" }));
    const raider = container.querySelector('[data-character="raider-1"]')!;
    fireEvent.click(raider.closest(".pickable") ?? raider);
    const odds = within(screen.getByRole("group", { name: "Confirm the action" })).getByTestId("trpg-odds").textContent!;
    const r = trpg.apply(state, { type: "shoot", targets: ["raider-1"], burst: false, called: false }, "p1");
    if (!r.ok) throw new Error(r.error.code);
    const view = trpg.viewFor(r.state, seatViewer("p1"));
    const w = { t: i18next.getFixedT("en", "trpg"), language: "en", name: (s: string) => s, view } as unknown as TrpgWords;
    const attack = r.events.map((e) => trpg.redact(e, seatViewer("p1"))).find((e) => e?.type === "attack")!;
    const line = describeEvent(w, attack);
    expect(odds).toContain("roll over 3");
    expect(line).toContain("(needed over 3)");
    expect(line).toContain("(PRC +4, half cover -1)");
    expect(odds).toContain("PRC +4, half cover -1");
  });

  test("the log of a dodge against an enemy whose abilities are unknown shows the number and says such modifiers may apply", () => {
    const view = trpg.viewFor(trpg.setup(GM, "log").state, seatViewer("p1"));
    const w = { t: i18next.getFixedT("en", "trpg"), language: "en", name: (s: string) => s, view } as unknown as TrpgWords;
    const line = describeEvent(w, { type: "dodge", character: "vale", die: 1, mods: [], need: 1, success: false, unknownMods: true });
    expect(line).toContain("(needed over 1)");
    expect(line).toContain("unknown abilities may add modifiers");
  });

  test("the create form sends the claim delay (how long a game master may be away before the party may claim)", async () => {
    const createMatch = jest.fn().mockResolvedValue({ matchId: "m", seats: [], hostToken: "h" });
    const listing = {
      id: "trpg" as const,
      rulesVersion: "trpg-0.1.0",
      modes: ["gm", "versus"],
      partyPlayers: [1, 4] as [number, number],
      fields: [{ id: "clear", name: "No effect" }],
      scenarios: [{ id: "proving_ground", name: { en: "Proving Ground", ko: "훈련장" }, summary: { en: "Drill.", ko: "훈련." }, field: "clear", night: 0, rounds: 6, width: 12, height: 10, commander: null, party: [{ id: "vale", name: { en: "Ines Vale", ko: "이네스 베일" }, archetype: "scout" }] }],
    };
    render(<CreateTrpgMatch api={{ createMatch }} listing={listing} onCreated={() => undefined} />);
    fireEvent.change(screen.getByLabelText("Game master's name"), { target: { value: "Mara" } });
    fireEvent.change(screen.getByLabelText("Player 1"), { target: { value: "Ada" } });
    fireEvent.change(screen.getByLabelText("Claim after (seconds away)"), { target: { value: "30" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Create match" }));
    });
    expect((createMatch.mock.calls[0]![0] as { options: { claimDelay: number } }).options.claimDelay).toBe(30);
  });
});


describe("the TRPG table's character sheet", () => {
  test("seed 002 3-1, 3-4: the roster shows each known character's stat block, and no line for an enemy whose block the master keeps", () => {
    const state = trpg.setup(GM, "web-sheet").state;
    const { container } = renderFor(state, "p1");
    const roster = container.querySelector(".roster")!;
    const vale = state.characters.vale!;
    const stats = catalog.archetypes.get(vale.archetype!)!.stats;
    const valeLine = [...roster.querySelectorAll("li")].find((li) => li.querySelector("strong")?.textContent === "Ines Vale")!;
    expect(valeLine.querySelector(".stat-line")?.textContent).toBe(STAT_NAMES.map((k) => `${i18next.t(`stat.${k}`, { ns: "trpg" })} ${stats[k]}`).join(" · "));
    const enemies = [...roster.querySelectorAll("li.side-enemies")];
    expect(enemies.length).toBeGreaterThan(0);
    for (const li of enemies) expect(li.querySelector(".stat-line")).toBeNull();
    cleanup();
    // The master knows every enemy's block.
    const master = renderFor(state, "gm").container.querySelector(".roster")!;
    const theirs = master.querySelectorAll("li.side-enemies");
    expect(theirs.length).toBeGreaterThanOrEqual(enemies.length);
    expect(master.querySelectorAll("li.side-enemies .stat-line").length).toBe(theirs.length);
  });

  test("seed 002 3-1: in Korean the stat line names every stat in Korean words (grace too, as 그레이스), with its abbreviation", async () => {
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    try {
      const { container } = renderFor(trpg.setup(GM, "web-sheet").state, "p1");
      const lines = [...container.querySelectorAll(".roster li.side-party .stat-line")].map((e) => e.textContent!);
      expect(lines.length).toBe(2);
      for (const line of lines) {
        const terms = line.split(" · ");
        expect(terms.length).toBe(STAT_NAMES.length);
        for (const term of terms) expect(term).toMatch(/^[가-힣]+(\([A-Z]{3}\))? \d+$/);
        expect(line).toContain("그레이스(GRC)");
      }
    } finally {
      cleanup();
      await act(async () => {
        await i18next.changeLanguage("en");
      });
    }
  });
});
