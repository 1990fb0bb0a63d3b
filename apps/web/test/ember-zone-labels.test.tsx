/**
 * The EMBER board's tactical zone labels (seeds 000, 001: nine zones A-I, each with its victory
 * points) read over terrain: in Crossroads zone I starts on a blocking block, whose dark hatching
 * hid the label's dark letters. Every label is drawn with a light halo under its letters.
 */
import { render } from "@testing-library/react";
import { board, catalog, ember, validateArmy } from "@fogwar/ember";
import { seatViewer } from "@fogwar/engine";
import { Board } from "../src/rulesets/ember/Board";
import { scenarioOf } from "../src/rulesets/ember/model";
import { inEnglish } from "./english";
import { withNames } from "./players";

inEnglish();

const fitting = catalog.data.armies.filter((a) => validateArmy(a, "skirmish").length === 0);

test("seeds 000, 001: each zone's label has a light halo under its letters; zone I's first square is dark terrain in Crossroads", () => {
  const state = ember.setup({ scenario: "crossroads", seats: ["p1", "p2"] as const, armies: { p1: fitting[0]!, p2: fitting[1] ?? fitting[0]! } }, "zone-labels").state;
  const view = ember.viewFor(state, seatViewer("p1"));
  // Zone I is the bottom-right block of 4 x 4 squares: its label stands on square (8, 8).
  const dark = scenarioOf(view).terrain.some((card) => board.standingPiece(view as never, card).blocking && board.standingPiece(view as never, card).squares.some(([x, y]) => x === 8 && y === 8));
  expect(dark).toBe(true);
  const { container } = render(withNames(<Board view={view} seat="p1" selected={null} onSelectUnit={jest.fn()} />));
  const labels = [...container.querySelectorAll<SVGTextElement>("g.zone text")];
  expect(labels.map((l) => l.textContent?.slice(0, 1))).toEqual("ABCDEFGHI".split(""));
  for (const label of labels) {
    expect([label.textContent, label.getAttribute("stroke"), label.getAttribute("paint-order"), Number(label.getAttribute("stroke-width")) >= 2]).toEqual([label.textContent, "#fff", "stroke", true]);
  }
});
