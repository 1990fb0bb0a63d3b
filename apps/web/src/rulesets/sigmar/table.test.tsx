/**
 * The Age of Sigmar table's panels: Concede in every phase (the muster, the deployment, a battle's
 * turns and decisions), the odds before a roll, the compact decision area (one row per unit), why a
 * selected unit has no action, the result told to each player ("You win"), and the list builder
 * (warscroll characteristics, problems in sentences, the points bar's warning colour, no
 * commitment hash), with no raw id on the page.
 */
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { deserialize, serialize } from "node:v8";
import { seatViewer } from "@fogwar/engine";
import { awaiting, catalog, legalCommands, legalCommandsInView, sigmar, type SigmarState, type SigmarView } from "@fogwar/sigmar";
import { SigmarTable } from "./SigmarTable";
import { SigmarTableView } from "./SigmarTableView";
import type { MatchConnection } from "../../net/useMatch";
import { openConnection } from "../../../test/connection";
import { inEnglish } from "../../../test/english";
import { playSigmar } from "../../../test/sigmar-play";
import { NAMES, withNames } from "../../../test/players";
import { problems, readable } from "../../../test/readable";
import { OlderRulesVersion } from "../../table/aids";
import { MatchEndShown } from "../../table/match-end-shown";

inEnglish();
jest.setTimeout(60_000);
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

/** An open connection holding `view` under the rules version `rulesVersion`; `concede` is recorded. */
const connection = (view: unknown, rulesVersion?: string): MatchConnection => openConnection(view, { welcome: { rulesVersion, spectatorDelay: 0 } as MatchConnection["welcome"] });

/** The test battle of `seed` played until `until` holds (../../../test/sigmar-play.ts). */
const playUntil = (until: (s: SigmarState) => boolean, seed = "web-table"): SigmarState => playSigmar(until, seed, 600).state;

const p1 = seatViewer("p1");
/** A state where p1 shoots and has a unit that may shoot. */
const shooting = playUntil((s) => s.phase === "battle" && s.step === "shooting" && s.active === "p1" && !s.pending && legalCommands(s, "p1").some((c) => c.type === "shoot"));

/** The table as `seat` sees `view`, with the seat's legal commands. */
/** The table of `view` for `seat`; `older`: the older rules version the match plays (the table's aids then stay out). */
function table(view: SigmarView, seat: string | null = "p1", older: string | null = null) {
  return render(<OlderRulesVersion.Provider value={older}>{withNames(<SigmarTableView matchId="m" view={view} seat={seat} legal={seat ? legalCommandsInView(view, seat) : []} templates={[]} onCommand={() => {}} events={[]} />)}</OlderRulesVersion.Provider>);
}

describe("Concede on the Age of Sigmar table", () => {
  const muster = sigmar.setup({ seats: ["p1", "p2"] }, "web-concede").state;
  const deployment = playUntil((s) => s.phase === "deployment");
  const otherTurn = playUntil((s) => s.phase === "battle" && s.active === "p2" && awaiting(s)[0] === "p2");
  const decision = playUntil((s) => s.phase === "battle" && s.pending !== null && s.pending.seat === "p1");
  test.each([
    ["mustering", muster],
    ["deploying", deployment],
    ["shooting, on its own turn", shooting],
    ["while the other player acts", otherTurn],
    ["while a decision waits", decision],
  ])("a seat has Concede %s, and concedes through the protocol after confirming", async (_label, state) => {
    const match = connection(sigmar.viewFor(state, p1));
    render(withNames(<SigmarTable matchId="m" seat="p1" match={match} banner={null} />));
    fireEvent.click(screen.getByRole("button", { name: "Concede" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Yes, concede" }));
    });
    expect(match.concede).toHaveBeenCalledTimes(1);
  });

  test("a finished battle offers no Concede", () => {
    const over = sigmar.apply(shooting, { type: "concede" }, "p2");
    if (!over.ok) throw new Error("refused");
    render(withNames(<SigmarTable matchId="m" seat="p1" match={connection(sigmar.viewFor(over.state, p1))} banner={null} />));
    expect(screen.queryByRole("button", { name: "Concede" })).toBeNull();
  });

  test("once the battle is over the pinned action bar goes: no lone 'played by the server's bot' box over the attack panel", () => {
    const view = (s: SigmarState) => sigmar.viewFor(s, p1) as SigmarView;
    const bots = { p2: "normal" };
    const during = render(withNames(<SigmarTableView matchId="m" view={view(shooting)} seat="p1" legal={legalCommandsInView(view(shooting), "p1")} templates={[]} onCommand={() => {}} events={[]} bots={bots} />));
    expect(during.container.querySelector(".action-bar .bot-note")).not.toBeNull();
    during.unmount();
    const over = sigmar.apply(shooting, { type: "concede" }, "p2");
    if (!over.ok) throw new Error("refused");
    const { container } = render(withNames(<SigmarTableView matchId="m" view={view(over.state)} seat="p1" legal={[]} templates={[]} onCommand={() => {}} events={[]} bots={bots} />));
    expect(container.querySelector(".result")).not.toBeNull();
    expect(container.querySelector(".action-bar")).toBeNull();
    expect(container.querySelector(".bot-note")).toBeNull();
    expect(container.querySelector(".attack-panel")).not.toBeNull();
  });
});

describe("the decision area", () => {
  test("odds before the roll: the selected unit's targets with the target numbers, each step's chance and the expected damage", () => {
    const view = sigmar.viewFor(shooting, p1);
    const shot = legalCommandsInView(view, "p1").find((c) => c.type === "shoot")!;
    const { container } = table(view);
    fireEvent.click(container.querySelector(`[data-unit="${shot.unit}"]`)!);
    const odds = screen.getByRole("group", { name: "Odds before you roll" });
    expect(odds.textContent).toMatch(/Shoot .+: about \d+(\.\d)? damage \(it has \d+ health left\)/);
    expect(odds.textContent).toMatch(/Hit \d\+.*: \d+%/);
    expect(odds.textContent).toMatch(/Wound \d\+.*: \d+%/);
    expect(odds.textContent).toMatch(/Their save fails \d\+ at rend \d.*: \d+%/);
    expect(odds.textContent).toMatch(/about \d+(\.\d)? damage expected/);
    // The odds come before the roll: the attack panel has no attack yet.
    expect(within(container.querySelector<HTMLElement>(".attack-panel")!).getByText("No attack yet.")).toBeTruthy();
    expect(problems(readable(container), "en", { names: Object.values(NAMES) })).toEqual([]);
  });

  test("the table of a match the server plays under an older rules version says once that the odds and reasons are left out, and why", () => {
    const view = sigmar.viewFor(shooting, p1);
    render(withNames(<SigmarTable matchId="m" seat="p1" match={connection(view, "sigmar-0.3.0")} banner={null} />));
    expect(screen.getAllByRole("note").map((n) => n.textContent)).toContain("Odds and the reasons an action is missing are not shown: this match plays rules version sigmar-0.3.0, and this page computes them with today's rules.");
  });

  test("a match the server plays under an older rules version shows no odds (they are computed with today's rules), the controls stay", () => {
    const view = sigmar.viewFor(shooting, p1);
    const shot = legalCommandsInView(view, "p1").find((c) => c.type === "shoot")!;
    const { container } = table(view, "p1", "sigmar-0.3.0");
    fireEvent.click(container.querySelector(`[data-unit="${shot.unit}"]`)!);
    expect(screen.queryByRole("group", { name: "Odds before you roll" })).toBeNull();
    expect(screen.getAllByRole("button").some((b) => /Shoot/.test(b.textContent ?? ""))).toBe(true);
  });

  test("with no unit selected, each unit's commands make one compact row (the unit's name, then short buttons)", () => {
    const movement = playUntil((s) => s.phase === "battle" && s.step === "movement" && s.active === "p1" && !s.pending);
    const view = sigmar.viewFor(movement, p1);
    const { container } = table(view);
    const legal = legalCommandsInView(view, "p1");
    const units = new Set(legal.flatMap((c) => (c.type === "move" || c.type === "run" ? [c.unit] : [])));
    const rows = container.querySelectorAll(".action-bar .unit-row");
    expect(rows.length).toBe(units.size);
    expect(units.size).toBeGreaterThan(1);
    // The row names the unit once; its buttons say what they do.
    for (const row of rows) expect([...row.querySelectorAll("span button")].map((b) => b.textContent).some((t) => t === "Run")).toBe(true);
    // Outside the rows and the folded abilities, commands and cards: only the phase's own (End the phase).
    expect(container.querySelectorAll(".action-bar .controls > .command-list > li").length).toBeLessThan(legal.length / 4);
  });

  test("a selected unit with no action says why (it has already shot)", () => {
    const view = structuredClone(sigmar.viewFor(shooting, p1)) as SigmarView;
    const unit = legalCommandsInView(view, "p1").find((c) => c.type === "shoot")!.unit;
    (view.units[unit]!.did as { shot?: boolean }).shot = true;
    const { container } = table(view);
    fireEvent.click(container.querySelector(`[data-unit="${unit}"]`)!);
    expect(container.querySelector(".why-not")!.textContent).toContain("It has already shot this turn.");
  });

  test("the result says You win to the winner and You lose to the loser; no dice seed on the table", () => {
    const over = sigmar.apply(shooting, { type: "concede" }, "p2");
    if (!over.ok) throw new Error("refused");
    const won = table(sigmar.viewFor(over.state, p1));
    expect(won.container.querySelector(".result h2")!.textContent).toBe("You win");
    const seed = sigmar.viewFor(over.state, p1).seed!;
    expect(won.container.textContent).not.toContain(seed);
    won.unmount();
    const lost = table(sigmar.viewFor(over.state, seatViewer("p2")), "p2");
    expect(lost.container.querySelector(".result h2")!.textContent).toBe("You lose");
    lost.unmount();
    // Under the live table's match-end banner the outcome is said once, by the banner.
    const under = render(<MatchEndShown.Provider value={true}>{withNames(<SigmarTableView matchId="m" view={sigmar.viewFor(over.state, p1)} seat="p1" legal={[]} templates={[]} onCommand={() => {}} events={[]} />)}</MatchEndShown.Provider>);
    expect(under.container.querySelector(".result")).toBeNull();
    expect(under.container.textContent).not.toContain("You win");
  });
});

describe("the list builder", () => {
  const muster = sigmar.setup({ seats: ["p1", "p2"] }, "web-muster").state;

  test("shows each warscroll's characteristics and weapons, and the one about to be added", () => {
    const { container } = table(sigmar.viewFor(muster, p1));
    const first = catalog.warscrolls.get(catalog.armies[0]!.units[0]!.warscroll)!;
    const stats = container.querySelector(".muster-units .warscroll-stats")!.textContent!;
    expect(stats).toContain(`Move ${first.move}"`);
    expect(stats).toContain(`Health ${first.health}`);
    expect(stats).toContain(`Save ${first.save}+`);
    expect(stats).toContain(`Control ${first.control}`);
    const wp = first.weapons[0]!;
    expect(stats).toContain(`${wp.attacks} attacks, hit ${wp.hit}+, wound ${wp.wound}+, rend ${wp.rend}, damage ${wp.damage}`);
    expect(container.querySelector(".add-preview .warscroll-stats")).toBeTruthy();
  });

  test("two enhancements: the problem is a sentence naming both heroes; over the limit the points bar turns to the warning colour", () => {
    const { container } = table(sigmar.viewFor(muster, p1));
    const enhancement = catalog.factions.get(catalog.armies[0]!.faction)!.enhancements[0]!.id;
    // Add a second hero, then give both heroes the enhancement.
    const heroes = catalog.factions.get(catalog.armies[0]!.faction)!.warscrolls.filter((w) => w.keywords.includes("hero"));
    fireEvent.change(screen.getByRole("combobox", { name: "Add" }), { target: { value: heroes[1]!.id } });
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    for (const select of [...container.querySelectorAll<HTMLSelectElement>(".muster-units select")]) fireEvent.change(select, { target: { value: enhancement } });
    const alert = container.querySelector(".list-problems")!.textContent!;
    expect(alert).toMatch(/Only one enhancement in a list: .+ and .+ both carry one\./);
    expect(alert).not.toMatch(/:\s*\d+\s*$/);
    expect((screen.getByRole("button", { name: "Lock list" }) as HTMLButtonElement).disabled).toBe(true);
    // Over the points limit: the bar's warning colour and the excess in words.
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByRole("button", { name: "Add" }));
    expect(container.querySelector(".points-bar.over")).toBeTruthy();
    expect(container.querySelector(".points-bar")!.textContent).toMatch(/\d+ over the limit/);
    expect(container.querySelector(".list-problems")!.textContent).toMatch(/The list costs \d+ points, \d+ over the limit of 700/);
  });

  test("a locked list shows no commitment hash", () => {
    const locked = sigmar.apply(muster, { type: "lock_army", army: catalog.armies[0]! }, "p1");
    if (!locked.ok) throw new Error("refused");
    const { container } = table(sigmar.viewFor(locked.state, p1));
    expect(container.textContent).toContain("Your list is locked.");
    expect(container.textContent).not.toMatch(/[0-9a-f]{10,}/);
  });
});

describe("core C14 reactions on the table", () => {
  /** The first state, over a few seeds, that `until` accepts. */
  const find = (until: (s: SigmarState) => boolean): SigmarState => {
    for (let i = 0; i < 12; i++) {
      try {
        return playUntil(until, `web-reaction-${i}`);
      } catch {
        // another seed
      }
    }
    throw new Error("no seed gave the wanted state");
  };
  const counter = (s: SigmarState) => s.pending?.kind === "phase_window" && s.pending.seat !== s.active && legalCommands(s, s.pending.seat).some((c) => c.type === "command" && c.command === "counter_charge");

  test("core C14: in the opponent's turn the reacting seat sees the counter-charge offer with its cost, and may pass; the other seat only waits", () => {
    const state = find(counter);
    const seat = state.pending!.seat;
    const sent = jest.fn();
    const view = sigmar.viewFor(state, seatViewer(seat));
    render(withNames(<SigmarTableView matchId="m" view={view} seat={seat} legal={legalCommandsInView(view, seat)} templates={[]} onCommand={sent} events={[]} />));
    expect(document.querySelector(".pending")!.textContent).toMatch(/End of the Charge phase: use an ability or a reaction/);
    const offer = screen.getAllByRole("button", { name: /^Counter-charge: .+ charges .+ \(1 command point\)$/ })[0]!;
    expect(screen.getByRole("button", { name: "Pass (nothing more now)" })).toBeTruthy();
    fireEvent.click(offer);
    expect(sent).toHaveBeenCalledWith(expect.objectContaining({ type: "command", command: "counter_charge" }));
    cleanup();
    const other = state.seats.find((x) => x !== seat)!;
    const theirs = sigmar.viewFor(state, seatViewer(other));
    render(withNames(<SigmarTableView matchId="m" view={theirs} seat={other} legal={legalCommandsInView(theirs, other)} templates={[]} onCommand={() => {}} events={[]} />));
    expect(screen.queryByRole("button", { name: /Counter-charge/ })).toBeNull();
    expect(document.querySelector(".pending")!.textContent).toMatch(/Waiting for/);
  });

  test("core C14 with seed 003 21-22: a rally's points are offered as returned models (clicks beside the unit) or healing only", () => {
    const state = find((s) => s.pending?.kind === "rally");
    const p = state.pending as Extract<SigmarState["pending"], { kind: "rally" }>;
    const view = sigmar.viewFor(state, seatViewer(p.seat));
    render(withNames(<SigmarTableView matchId="m" view={view} seat={p.seat} legal={legalCommandsInView(view, p.seat)} templates={[]} onCommand={() => {}} events={[]} />));
    expect(document.querySelector(".pending")!.textContent).toContain(`rallied (rally points: ${p.points}): return up to ${p.returnable} slain model${p.returnable === 1 ? "" : "s"} (each costs its Health, ${p.health};`);
    expect(screen.getByRole("button", { name: "Return no model: every point heals" })).toBeTruthy();
  });
});

test("each objective marker's outline is drawn again over the bases, so a model standing on an objective does not hide it", () => {
  const { container } = table(sigmar.viewFor(shooting, p1));
  const map = container.querySelector("svg.sigmar-map")!;
  const over = [...map.querySelectorAll(".objective-over circle")];
  expect(over.map((c) => c.getAttribute("data-objective")).sort()).toEqual(catalog.battleplan.objectives.map((o) => o.id).sort());
  // Later in the drawing than every base, each over its marker.
  const units = [...map.querySelectorAll("g.unit")];
  expect(units.length).toBeGreaterThan(0);
  for (const unit of units) expect(unit.compareDocumentPosition(over[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  const markers = [...map.querySelectorAll(".objective circle.objective-marker")];
  expect(over.map((c) => `${c.getAttribute("cx")},${c.getAttribute("cy")}`)).toEqual(markers.map((c) => `${c.getAttribute("cx")},${c.getAttribute("cy")}`));
});
