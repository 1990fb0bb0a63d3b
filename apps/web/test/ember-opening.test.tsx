/**
 * The EMBER board on a phone (390 x 844) opens with all of the viewer's own units in its frame: at
 * 40 px squares (128%) about ten of the twelve columns fit, and a player whose mechs stand on
 * columns a and l had one of them outside the frame. The board opens, and opens afresh as each
 * round begins (before its plan is set), on the box around the viewer's units, zoomed out as far as
 * the box needs; a spectator's opens on the board's middle.
 *
 * jsdom lays nothing out: the frame is given a phone's sizes, its board `zoom` times its 374 px
 * width (../src/table/BoardViewport.tsx draws the board at that width).
 */
import { deserialize, serialize } from "node:v8";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { catalog, ember, emberBotPolicy, legalCommandsInView, validateArmy, type EmberCommand, type EmberEvent, type EmberState, type EmberView } from "@fogwar/ember";
import { Match, RandomBot, seatViewer, spectator } from "@fogwar/engine";
import { TableView } from "../src/rulesets/ember/TableView";
import { squareFocus } from "../src/rulesets/ember/Board";
import { inEnglish } from "./english";
import { withNames } from "./players";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

inEnglish();

const FRAME = 374;
const FRAME_HEIGHT = 464;

type Setup = { scenario: string; seats: readonly ["p1", "p2"]; armies: Record<"p1" | "p2", (typeof catalog.data.armies)[number]> };

/**
 * A Crossroads match whose p1 deploys its units on its zone's outer columns in turn (a, l, a, ...),
 * the rest played by seeded random bots: the states at its first deployment (round 0, nothing of its own on the board yet), at the
 * first plan (round 1) and at the second (round 2).
 */
function spreadMatch(): { deploying: EmberState; planning: EmberState; nextPlan: EmberState } {
  const fitting = catalog.data.armies.filter((a) => validateArmy(a, "skirmish").length === 0);
  const setup: Setup = { scenario: "crossroads", seats: ["p1", "p2"], armies: { p1: fitting[0]!, p2: fitting[1] ?? fitting[0]! } };
  const match = new Match(ember, setup, "ember-opening") as unknown as Match<Setup, EmberState, EmberCommand, EmberEvent, never>;
  const bots = { p1: new RandomBot<EmberCommand>("opening:p1", emberBotPolicy), p2: new RandomBot<EmberCommand>("opening:p2", emberBotPolicy) };
  let deployed = 0;
  let deploying: EmberState | null = null;
  let planning: EmberState | null = null;
  for (let n = 0; n < 4000 && match.state.phase !== "finished"; n++) {
    if (match.state.phase === "plan" && match.state.round === 1) planning ??= match.state;
    if (match.state.phase === "plan" && match.state.round === 2) return { deploying: deploying!, planning: planning!, nextPlan: match.state };
    const seat = ember.awaiting(match.state)[0] as "p1" | "p2";
    const legal = ember.legalCommands(match.state, seat);
    const deploys = legal.filter((c): c is Extract<EmberCommand, { type: "deploy" }> => c.type === "deploy" && !c.hidden);
    let command = bots[seat].choose(legal)!;
    if (seat === "p1" && deploys.length > 0) {
      deploying ??= match.state;
      const wanted = deployed++ % 2 === 0 ? Math.min(...deploys.map((c) => c.at.x)) : Math.max(...deploys.map((c) => c.at.x));
      command = deploys.find((c) => c.at.x === wanted)!;
    }
    if (!match.submit(seat, command).ok) throw new Error("refused");
  }
  throw new Error("no second plan phase");
}

/** Runs `run` with a 390 x 844 window and the board's frame laid out as a phone's (see the file's comment). */
async function onPhone(run: () => Promise<void>): Promise<void> {
  const saved = { w: window.innerWidth, h: window.innerHeight };
  Object.assign(window, { innerWidth: 390, innerHeight: 844 });
  const frameOf = (el: HTMLElement) => (el.dataset.testid === "board-viewport" ? Number(el.dataset.zoom) : null);
  const sizes: Record<string, (el: HTMLElement) => number> = {
    clientWidth: (el) => (frameOf(el) ? FRAME : 0),
    scrollWidth: (el) => (frameOf(el) ? Math.round(frameOf(el)! * FRAME) : 0),
    clientHeight: (el) => (frameOf(el) ? Math.min(FRAME_HEIGHT, Math.round(frameOf(el)! * FRAME)) : 0),
    scrollHeight: (el) => (frameOf(el) ? Math.round(frameOf(el)! * FRAME) : 0),
  };
  const saved2 = [...Object.keys(sizes), "getBoundingClientRect"].map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)] as const);
  for (const [key, get] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get() { return get(this as HTMLElement); } });
  Object.defineProperty(HTMLElement.prototype, "getBoundingClientRect", { configurable: true, value: () => ({ top: 200, bottom: 200 + FRAME_HEIGHT, left: 8, right: 8 + FRAME, width: FRAME, height: FRAME_HEIGHT, x: 8, y: 200, toJSON: () => ({}) }) });
  try {
    await run();
  } finally {
    Object.assign(window, { innerWidth: saved.w, innerHeight: saved.h });
    for (const [key, descriptor] of saved2) if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
  }
}

/** The part of the board's width (fractions) the frame shows now. */
function shownAcross(): { from: number; to: number; zoom: number } {
  const frame = screen.getByTestId("board-viewport");
  return { from: frame.scrollLeft / frame.scrollWidth, to: (frame.scrollLeft + frame.clientWidth) / frame.scrollWidth, zoom: Number(frame.dataset.zoom) };
}

/** The columns (0 = a) of `seat`'s units on the board of `view` that the frame leaves out, in part or whole. */
function cutColumns(view: EmberView, seat: string): number[] {
  const { from, to } = shownAcross();
  const half = (squareFocus({ x: 1, y: 0 }).x - squareFocus({ x: 0, y: 0 }).x) / 2;
  return view.units
    .filter((u) => u.owner === seat && u.deployed && !u.destroyed && u.at)
    .map((u) => u.at!.x)
    .filter((x) => squareFocus({ x, y: 0 }).x - half < from - 1e-6 || squareFocus({ x, y: 0 }).x + half > to + 1e-6);
}

const table = (view: EmberView, seat: string | null) => withNames(<TableView matchId="m-opening" view={view} seat={seat} legal={seat ? legalCommandsInView(view, seat) : []} onCommand={jest.fn()} events={[]} />);

test("on a phone the board opens, and opens again as the plan begins, with every one of the viewer's own units in its frame", async () => {
  const { deploying, planning } = spreadMatch();
  const plan = ember.viewFor(planning, seatViewer("p1"));
  const columns = plan.units.filter((u) => u.owner === "p1" && u.deployed && u.at).map((u) => u.at!.x);
  // The units stand on both outer columns: at 40 px squares no scroll of the frame shows them all.
  expect([Math.min(...columns), Math.max(...columns)]).toEqual([0, 11]);
  await onPhone(async () => {
    // Opened during the deployment (the units not all down yet), then the plan begins.
    const shown = render(table(ember.viewFor(deploying, seatViewer("p1")), "p1"));
    await act(async () => undefined);
    expect(shownAcross().zoom).toBeGreaterThan(1.2);
    shown.rerender(table(plan, "p1"));
    await act(async () => undefined);
    expect(cutColumns(plan, "p1")).toEqual([]);
    expect(shownAcross().zoom).toBeGreaterThanOrEqual(1);
    // A unit on column a: the row numbers left of it ("10", "11", "12") are in the frame too.
    expect(shownAcross().from).toBe(0);
    shown.unmount();
    // The page opened at the plan: the same.
    render(table(plan, "p1"));
    await act(async () => undefined);
    expect(cutColumns(plan, "p1")).toEqual([]);
  });
});

test("a spectator's board on a phone opens zoomed in on the board's middle", async () => {
  const { planning } = spreadMatch();
  const view = ember.viewFor(planning, spectator);
  await onPhone(async () => {
    render(table(view, null));
    await act(async () => undefined);
    const { from, to, zoom } = shownAcross();
    expect(zoom).toBeGreaterThan(1.2);
    expect((from + to) / 2).toBeCloseTo(0.5, 2);
  });
});

test("a zoom the player chose on a phone is kept as the next round begins, the board opening on the viewer's units at it", async () => {
  const { planning, nextPlan } = spreadMatch();
  const plan = ember.viewFor(planning, seatViewer("p1"));
  const next = ember.viewFor(nextPlan, seatViewer("p1"));
  await onPhone(async () => {
    const shown = render(table(plan, "p1"));
    await act(async () => undefined);
    const opened = shownAcross().zoom;
    fireEvent.click(screen.getByRole("button", { name: "Zoom in" }));
    await act(async () => undefined);
    const chosen = shownAcross().zoom;
    expect(chosen).toBeGreaterThan(opened);
    shown.rerender(table(next, "p1"));
    await act(async () => undefined);
    expect(shownAcross().zoom).toBe(chosen);
  });
});
