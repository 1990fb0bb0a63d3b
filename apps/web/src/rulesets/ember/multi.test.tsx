/**
 * The EMBER table in battles of more than two seats (seed 001 6.1) and in mission preparation
 * (seed 001 3.3), rendered from real states made by the engine and projected with `viewFor`.
 */
import { deserialize, serialize } from "node:v8";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { catalog, ember, legalCommandsInView, type EmberCommand, type EmberSetup, type EmberState } from "@fogwar/ember";
import { seatViewer, spectator, type Viewer } from "@fogwar/engine";
import { setupI18n } from "../../i18n";
import { TableView } from "./TableView";
import { NAMES, withNames } from "../../../test/players";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

setupI18n("en");
afterEach(cleanup);
beforeEach(async () => {
  await act(() => i18next.changeLanguage("en"));
});

const army = (n: number) => catalog.data.armies[n]!;
const TWO_V_TWO: EmberSetup = {
  scenario: "crossroads",
  seats: ["p1", "p2", "p3", "p4"],
  teams: { p1: "alpha", p2: "bravo", p3: "alpha", p4: "bravo" },
  armies: { p1: army(0), p2: army(2), p3: army(4), p4: army(0) },
};
const THREE: EmberSetup = { scenario: "relay-field", seats: ["p1", "p2", "p3"], armies: { p1: army(0), p2: army(2), p3: army(4) } };

/** Plays the awaited seat's first legal command until `done` holds. */
function drive(state: EmberState, done: (s: EmberState) => boolean): EmberState {
  for (let i = 0; i < 500 && !done(state); i++) {
    const seat = ember.awaiting(state)[0] as string;
    const r = ember.apply(state, ember.legalCommands(state, seat)[0] as EmberCommand, seat);
    if (!r.ok) throw new Error(r.error.code);
    state = r.state;
  }
  return state;
}

function show(state: EmberState, viewer: Viewer, onCommand: (c: EmberCommand) => void = () => undefined) {
  const view = ember.viewFor(state, viewer);
  const seat = viewer.kind === "seat" ? viewer.seat : null;
  return render(withNames(<TableView matchId="m1" view={view} seat={seat} legal={seat ? legalCommandsInView(view, seat) : []} onCommand={onCommand} events={[]} />));
}

describe("seed 001 6.1: the table of a 2 v 2", () => {
  test("every seat is listed with its team badge and the initiative order; a teammate's locked dials show as known, the other team's do not", () => {
    let state = drive(ember.setup(TWO_V_TWO, "web-2v2").state, (s) => s.phase === "plan");
    const dials = Object.fromEntries(state.units.filter((u) => u.owner === "p3" && u.kind === "mech").map((u) => [u.id, "shoot" as const]));
    const r = ember.apply(state, { type: "lock_plan", dials }, "p3");
    if (!r.ok) throw new Error(r.error.code);
    state = r.state;
    const { container } = show(state, seatViewer("p1"));
    const seats = within(container.querySelector(".seats") as HTMLElement).getAllByRole("listitem");
    expect(seats.map((li) => li.getAttribute("data-team"))).toEqual(["alpha", "bravo", "alpha", "bravo"]);
    expect(seats[2]!.textContent).toContain("Team Alpha");
    expect(seats[3]!.textContent).toContain("Team Bravo");
    expect(container.querySelector("[data-initiative]")?.getAttribute("data-initiative")).toBe(state.initiative!.join(","));
    // p1's projection carries its teammate p3's dials; a p2 view does not.
    expect(ember.viewFor(state, seatViewer("p1")).plans.p3?.dials).toEqual(dials);
    cleanup();
    show(state, seatViewer("p2"));
    expect(ember.viewFor(state, seatViewer("p2")).plans.p3?.dials).toBeUndefined();
  });
});

describe("seed 001 3.3: mission preparation on the table", () => {
  test("the seat choosing a secondary mission gets one button per mission with its name; the others wait; a spectator sees no choice", () => {
    let state = ember.setup(THREE, "web-prep").state;
    const order = state.initiative!;
    for (const [i, side] of ["black", "white", "red"].entries()) {
      const r = ember.apply(state, { type: "choose_side", side: side as "black" }, order[i]!);
      if (!r.ok) throw new Error(r.error.code);
      state = r.state;
    }
    const sent: EmberCommand[] = [];
    show(state, seatViewer(order[0]!), (c) => sent.push(c));
    fireEvent.click(screen.getByRole("button", { name: /^Unbroken Line:/ }));
    expect(sent).toEqual([{ type: "choose_secondary", secondary: "unbroken" }]);
    cleanup();
    show(state, seatViewer(order[1]!));
    expect(screen.getByText(new RegExp(`Waiting for ${NAMES[order[0]!]} to choose a secondary mission`))).toBeTruthy();
    cleanup();
    for (const seat of order) {
      const r = ember.apply(state, { type: "choose_secondary", secondary: "deep-strike" }, seat);
      if (!r.ok) throw new Error(r.error.code);
      state = r.state;
    }
    const { container } = show(state, spectator);
    expect(container.textContent).not.toContain("secondary: Deep Strike");
  });

  test("an objective marker is placed by clicking a highlighted square; placed markers are drawn on the board", () => {
    let state = ember.setup(THREE, "web-prep").state;
    state = drive(state, (s) => s.pending?.kind === "place_objective" && (s.missionPrep?.objectives.length ?? 0) === 1);
    const seat = state.pending!.seat;
    const sent: EmberCommand[] = [];
    const { container } = show(state, seatViewer(seat), (c) => sent.push(c));
    expect(container.querySelectorAll("[data-objective]")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Place an objective marker on h8" }));
    expect(sent).toEqual([{ type: "place_objective", at: { x: 7, y: 7 } }]);
    // No list of every square in the decision panel.
    expect(screen.queryAllByRole("button", { name: /^place_objective/ })).toHaveLength(0);
  });
});
