/**
 * The EMBER table explains itself, rendered from real states (random bot matches with the sample
 * armies, projected for one seat): tokens carry the unit's initials; turning in place has arrows
 * around the token; a missing shot says it is locked on, and by whom (seed 000 1.3); each target
 * shows its odds before the roll (seed 000 1.2.1); the defender deciding a reroll sees the attack
 * dice; a standing reroll preference answers by itself and says so.
 */
import { deserialize, serialize } from "node:v8";
import { act, fireEvent, render } from "@testing-library/react";
import { catalog, ember, emberBotPolicy, legalCommandsInView, unavailableActions, validateArmy, type EmberCommand, type EmberEvent, type EmberState, type EmberView, type MechState } from "@fogwar/ember";
import { Match, RandomBot, seatViewer } from "@fogwar/engine";
import { TableView } from "./TableView";
import { scenarioOf, unitName, unitShort } from "./model";
import { CELL, boardFocus } from "./Board";
import { RerollPrefsForm, saveRerollPrefs } from "./rerollPrefs";
import i18next from "i18next";
import { inEnglish } from "../../../test/english";
import { NAMES, withNames } from "../../../test/players";
import { OlderRulesVersion } from "../../table/aids";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const fitting = catalog.data.armies.filter((a) => validateArmy(a, "skirmish").length === 0);
const SETUP = { scenario: "crossroads", seats: ["p1", "p2"] as const, armies: { p1: fitting[0]!, p2: fitting[1] ?? fitting[0]! } };
type EmberMatch = Match<typeof SETUP, EmberState, EmberCommand, EmberEvent, EmberView>;

/** A bot match played until `pred` holds, trying seeds in turn. */
function find(pred: (s: EmberState) => boolean, seeds = 60): EmberState {
  for (let i = 0; i < seeds; i++) {
    const match = new Match(ember, SETUP, `explain-${i}`) as unknown as EmberMatch;
    const bots = { p1: new RandomBot<EmberCommand>(`e${i}:p1`, emberBotPolicy), p2: new RandomBot<EmberCommand>(`e${i}:p2`, emberBotPolicy) };
    for (let n = 0; n < 3000 && match.state.phase !== "finished"; n++) {
      if (pred(match.state)) return match.state;
      const seat = ember.awaiting(match.state)[0] as "p1" | "p2";
      const r = match.submit(seat, bots[seat].choose(ember.legalCommands(match.state, seat))!);
      if (!r.ok) break;
    }
  }
  throw new Error("no seed reached the state");
}

const ownerOfActive = (s: EmberState) => s.units.find((u) => u.id === s.activation?.unit)?.owner as "p1" | "p2";

/** The table of `state` for `seat`; `older`: the older rules version the match plays (the table's aids then stay out). */
function table(state: EmberState, seat: "p1" | "p2", onCommand: (c: EmberCommand) => void = jest.fn(), older: string | null = null) {
  const view = ember.viewFor(state, seatViewer(seat));
  return render(<OlderRulesVersion.Provider value={older}>{withNames(<TableView matchId="m" view={view} seat={seat} legal={legalCommandsInView(view, seat)} onCommand={onCommand} events={[]} />)}</OlderRulesVersion.Provider>);
}

inEnglish();
beforeEach(() => globalThis.localStorage?.clear());

test("each token shows a short label of its unit, different for the units of one seat", () => {
  const state = find((s) => s.phase === "action" && s.units.filter((u) => u.deployed).length >= 4);
  const { container } = table(state, "p1");
  const labels = [...container.querySelectorAll(".ember-board g.unit")].map((g) => ({ owner: g.getAttribute("data-owner"), short: g.querySelector("[data-unit-short]")?.textContent ?? "" }));
  expect(labels.length).toBeGreaterThan(0);
  for (const l of labels) expect(l.short).toMatch(/^\S{1,3}$/);
  for (const owner of ["p1", "p2"]) {
    const mine = labels.filter((l) => l.owner === owner).map((l) => l.short);
    expect(new Set(mine).size).toBe(mine.length);
  }
});

test("units whose initials match read apart by one more letter of their names (Smelter Two STW, Scrap Tortoise STO), not as S1 and S2; drones of one card are numbered", () => {
  const army = (name: string) => catalog.data.armies.find((a) => a.name === name)!;
  const setup = { scenario: "foundry", seats: ["p1", "p2"] as const, armies: { p1: army("Ironclad Vanguard"), p2: army("Ironclad Foundry Column") } };
  const view = ember.viewFor(new Match(ember, setup, "shorts").state, seatViewer("p1"));
  const shorts = (owner: string) => Object.fromEntries(view.units.filter((u) => u.owner === owner).map((u) => [unitName(u, "en"), unitShort(view, u.id, "en")]));
  expect(shorts("p1")).toEqual({ "Bulwark One": "BO", "Smelter Two": "STW", "Scrap Tortoise": "STO" });
  const p2 = view.units.filter((u) => u.owner === "p2").map((u) => unitShort(view, u.id, "en"));
  expect(p2.sort()).toEqual(["BR", "HL", "S1", "S2", "S3"]);
});

test("seed 001 3.4: a zoomed board opens on the viewer's deployment zone once its side is chosen, then on its units; a spectator's has no focus", () => {
  const chosen = find((s) => s.phase === "deployment" && !!s.sides?.p1 && s.units.every((u) => !u.deployed));
  const view = ember.viewFor(chosen, seatViewer("p1"));
  const zone = scenarioOf(view).deployment[view.sides!.p1!]!;
  const focus = boardFocus(view, "p1")!;
  // The zone's middle row and column, as fractions of the 12-square board with its margins.
  const fraction = (square: number) => (20 + (square + 0.5) * CELL) / (40 + 12 * CELL);
  expect(focus.x).toBeCloseTo(fraction((zone.x0 + zone.x1) / 2));
  expect(focus.y).toBeCloseTo(fraction((zone.y0 + zone.y1) / 2));
  expect(boardFocus(view, null)).toBeNull();
  const fighting = find((s) => s.phase === "action" && s.units.some((u) => u.owner === "p1" && u.deployed && !u.destroyed));
  const later = ember.viewFor(fighting, seatViewer("p1"));
  const mine = later.units.filter((u) => u.owner === "p1" && u.deployed && !u.destroyed && u.at);
  // On the unit nearest the middle of the viewer's units (board-viewport.test.tsx), one of its own.
  const focused = boardFocus(later, "p1")!;
  expect(mine.some((u) => Math.abs(fraction(u.at!.x) - focused.x) < 1e-9 && Math.abs(fraction(u.at!.y) - focused.y) < 1e-9)).toBe(true);
});

test("turning in place: arrows around the active mech's token send a manoeuvre to its own square with the new facing", () => {
  const state = find((s) => s.phase === "action" && !s.pending && !!s.activation && ember.legalCommands(s, ownerOfActive(s)).some((c) => c.type === "manoeuvre"));
  const seat = ownerOfActive(state);
  const onCommand = jest.fn();
  const { container } = table(state, seat, onCommand);
  const arrows = [...container.querySelectorAll("polygon[data-turn]")];
  expect(arrows.length).toBeGreaterThan(0);
  fireEvent.click(arrows[0]!);
  const mech = state.units.find((u) => u.id === state.activation!.unit)!;
  expect(onCommand).toHaveBeenCalledWith({ type: "manoeuvre", unit: mech.id, to: mech.at, facing: arrows[0]!.getAttribute("data-turn") });
  expect(arrows[0]!.getAttribute("aria-label")).toMatch(/^Turn in place to face /);
  // A finger may land beside the small arrow: each arrow has a wider band along its edge that sends the same turn.
  const reach = [...container.querySelectorAll("polygon.turn-reach")];
  expect(reach).toHaveLength(arrows.length);
  fireEvent.click(reach[reach.length - 1]!);
  expect(onCommand).toHaveBeenLastCalledWith({ type: "manoeuvre", unit: mech.id, to: mech.at, facing: arrows[arrows.length - 1]!.getAttribute("data-turn") });
});

test("seed 000 1.3: a mech under lock-on is told why it cannot shoot, naming the enemy that locks it", () => {
  // An activation; then an enemy mech stands right in front of the active mech, facing it.
  const base = find((s) => s.phase === "action" && !s.pending && !!s.activation && (s.units.find((u) => u.id === s.activation!.unit) as MechState).stance !== "SHUTDOWN");
  const seat = ownerOfActive(base);
  const state = structuredClone(base);
  const mech = state.units.find((u) => u.id === state.activation!.unit)!;
  const enemy = state.units.find((u) => u.kind === "mech" && u.owner !== seat && !u.destroyed)!;
  const step = { N: { x: 0, y: -1 }, S: { x: 0, y: 1 }, E: { x: 1, y: 0 }, W: { x: -1, y: 0 } }[mech.facing];
  enemy.at = { x: mech.at!.x + step.x, y: mech.at!.y + step.y };
  enemy.facing = ({ N: "S", S: "N", E: "W", W: "E" } as const)[mech.facing];
  enemy.deployed = true;
  const view = ember.viewFor(state, seatViewer(seat));
  const locked = unavailableActions(view, seat).find((w) => w.code === "locked_on");
  if (!locked) throw new Error("the arranged state has no locked shooting action");
  const { container } = table(state, seat);
  const line = container.querySelector(`.why-not li[data-code="locked_on"]`);
  expect(line?.textContent).toMatch(/cannot shoot: locked on by /);
  const locker = state.units.find((u) => u.id === locked.lockers![0])!;
  expect(line?.textContent).toContain(`(${NAMES[locker.owner as "p1" | "p2"]})`);
});

test("seed 000 1.3: why actions are missing stands open on a desktop and folded under its count on a phone, where it filled the short action bar", () => {
  const state = find((s) => s.phase === "action" && !s.pending && !!s.activation && unavailableActions(ember.viewFor(s, seatViewer(ownerOfActive(s))), ownerOfActive(s)).length > 0);
  const seat = ownerOfActive(state);
  const original = window.matchMedia;
  const media = (wide: boolean) =>
    (window.matchMedia = ((query: string) => ({ matches: query.includes("min-width: 901px") ? wide : !wide, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList) as typeof window.matchMedia);
  try {
    for (const wide of [true, false]) {
      media(wide);
      const { container, unmount } = table(state, seat);
      const box = container.querySelector<HTMLDetailsElement>("details.why-not-box")!;
      expect(box.querySelector("summary")?.textContent).toMatch(/not available now/);
      expect([wide, box.open]).toEqual([wide, wide]);
      unmount();
    }
  } finally {
    window.matchMedia = original;
  }
});

test("seed 000 1.2.1: choosing an attack shows each target's chance to hit and expected damage before the roll", () => {
  const state = find((s) => s.phase === "action" && !s.pending && !!s.activation && ember.legalCommands(s, ownerOfActive(s)).some((c) => c.type === "act" && typeof c.target === "string" && catalog.parts.size > 0 && s.units.find((u) => u.id === c.target)?.owner !== ownerOfActive(s)));
  const seat = ownerOfActive(state);
  const { container } = table(state, seat);
  for (const button of [...container.querySelectorAll(".act-group .act-button")]) {
    fireEvent.click(button);
    if (container.querySelector(".targets .odds")) break;
  }
  const odds = container.querySelector(".targets .odds summary");
  expect(odds?.textContent).toMatch(/^\d+% to hit · \d+% to deal damage · \d+\.\d damage expected$/);
  expect(container.querySelector(".targets .odds li")?.textContent).toMatch(/^Attack · \d+ (yellow|red): /);
});

test("seed 000 1.2.1, 1.3: a match the server plays under an older rules version shows no odds and no reasons (they are computed with today's rules); the targets stay", () => {
  const state = find((s) => s.phase === "action" && !s.pending && !!s.activation && ember.legalCommands(s, ownerOfActive(s)).some((c) => c.type === "act" && typeof c.target === "string" && s.units.find((u) => u.id === c.target)?.owner !== ownerOfActive(s)));
  const { container } = table(state, ownerOfActive(state), jest.fn(), "ember-1.2.0");
  let targets = 0;
  for (const button of [...container.querySelectorAll(".act-group .act-button")]) {
    fireEvent.click(button);
    targets += container.querySelectorAll(".targets button").length;
  }
  expect(targets).toBeGreaterThan(0);
  expect(container.querySelector(".targets .odds")).toBeNull();
  expect(container.querySelector(".why-not")).toBeNull();
});

test("a defence reroll shows the attack dice being defended against; a standing preference answers it, says so, and can be changed", async () => {
  const state = find((s) => s.pending?.kind === "defence_reroll" && (s.attack?.attackDice.length ?? 0) > 0, 120);
  const seat = state.pending!.seat as "p1" | "p2";
  const asked = table(state, seat);
  const rows = [...asked.container.querySelectorAll(".decision .dice-row")].map((r) => r.textContent ?? "");
  expect(rows.some((r) => r.startsWith("The attack dice you defend against"))).toBe(true);
  expect(asked.container.querySelector("[data-testid=reroll-prefs]")).toBeTruthy();
  asked.unmount();
  saveRerollPrefs({ defence_reroll: "never" });
  const onCommand = jest.fn();
  const auto = table(state, seat, onCommand);
  expect(onCommand).toHaveBeenCalledWith({ type: "reroll", dice: [] });
  expect(auto.container.querySelector("[data-testid=reroll-applied]")?.textContent).toMatch(/Answered by your preference \(Defence dice reroll: /);
  // The note offers the preferences again: back to "Ask me".
  const ask = auto.container.querySelector('[data-testid=reroll-applied] input[name="pref-defence_reroll"][value="ask"]') as HTMLInputElement;
  await act(async () => fireEvent.click(ask));
  expect(JSON.parse(globalThis.localStorage.getItem("fogwar.ember.rerollPrefs") ?? "{}")).toMatchObject({ defence_reroll: "ask" });
});

test("seed 000 5: the reroll preferences name the EW roll as the prompt does, spelled out (electronic warfare, 전자전)", async () => {
  const form = () => render(<RerollPrefsForm prefs={{}} set={() => {}} />);
  const en = form();
  expect([...en.container.querySelectorAll("legend")].map((l) => l.textContent)).toContain("EW (electronic warfare) dice reroll");
  en.unmount();
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  const ko = form();
  expect([...ko.container.querySelectorAll("legend")].map((l) => l.textContent)).toContain("전자전(EW) 주사위 리롤");
  ko.unmount();
  await act(async () => {
    await i18next.changeLanguage("en");
  });
});
