/**
 * The EMBER board's sight lines while an attack is chosen (seed 000 1.3): with two enemies standing
 * side by side far up the board, the two lines run close together and their labels, once both at
 * the middle of their lines, covered each other. Each label now stands on its own line where it
 * covers no other label (label-boxes.ts), and inside the board: a line down the first column had
 * its label cut at the board's edge.
 */
import { render } from "@testing-library/react";
import { catalog, ember, validateArmy, type EmberState } from "@fogwar/ember";
import { seatViewer } from "@fogwar/engine";
import { Board, CELL } from "./Board";
import { boxesOverlap, textWidth, type Box } from "../../table/label-boxes";
import { inEnglish } from "../../../test/english";
import { withNames } from "../../../test/players";

inEnglish();

const fitting = catalog.data.armies.filter((a) => validateArmy(a, "skirmish").length === 0);
const SETUP = { scenario: "crossroads", seats: ["p1", "p2"] as const, armies: { p1: fitting[0]!, p2: fitting[1] ?? fitting[0]! } };

test("seed 000 1.3: two enemies side by side eight squares up: the labels of their sight lines cover neither each other nor any unit", () => {
  const state = structuredClone(ember.setup(SETUP, "sight-labels").state) as EmberState;
  const [attacker, ...rest] = state.units.filter((u) => u.owner === "p1");
  const enemies = state.units.filter((u) => u.owner === "p2");
  expect(enemies.length).toBeGreaterThanOrEqual(2);
  // The attacker low in the middle, two enemies side by side on row 1, the others off to the sides.
  const place = (u: (typeof state.units)[number], x: number, y: number) => Object.assign(u, { deployed: true, at: { x, y }, facing: "N" });
  place(attacker!, 5, 9);
  place(enemies[0]!, 5, 1);
  place(enemies[1]!, 6, 1);
  enemies.slice(2).forEach((u, i) => place(u, 0, 2 + 3 * i));
  rest.forEach((u, i) => place(u, 11, 6 + 2 * i));
  const view = ember.viewFor(state, seatViewer("p1"));
  const { container } = render(withNames(<Board view={view} seat="p1" selected={null} onSelectUnit={jest.fn()} sight={{ from: attacker!.id, range: 10, shooting: true }} />));
  const labels = [...container.querySelectorAll<SVGTextElement>(".sight-label")];
  expect(labels).toHaveLength(enemies.length);
  // Each label's box as drawn (text-anchor middle at x; its baseline at y), at its font size.
  const boxes: Box[] = labels.map((t) => {
    const size = Number(t.getAttribute("font-size"));
    const w = textWidth(t.textContent ?? "", size);
    const x = Number(t.getAttribute("x"));
    const y = Number(t.getAttribute("y"));
    return { x0: x - w / 2, x1: x + w / 2, y0: y - size, y1: y + size * 0.3 };
  });
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect([labels[i]!.textContent, labels[j]!.textContent, boxesOverlap(boxes[i]!, boxes[j]!)]).toEqual([labels[i]!.textContent, labels[j]!.textContent, false]);
  // Every label on the board, none past its edge.
  for (const box of boxes) expect(box.x0 >= 20 && box.x1 <= 20 + 12 * CELL && box.y0 >= 20 && box.y1 <= 20 + 12 * CELL).toBe(true);
  const pieces = view.units.filter((u) => u.at).map((u) => ({ x0: 20 + u.at!.x * CELL + 6, y0: 20 + u.at!.y * CELL + 6, x1: 20 + (u.at!.x + 1) * CELL - 6, y1: 20 + (u.at!.y + 1) * CELL - 6 }));
  for (const box of boxes) expect(pieces.filter((p) => boxesOverlap(box, p))).toEqual([]);
});

test("seed 000 1.3: an attacker and an enemy in the board's first column: the sight line's label stands inside the board", () => {
  const state = structuredClone(ember.setup(SETUP, "sight-labels").state) as EmberState;
  const [attacker, ...rest] = state.units.filter((u) => u.owner === "p1");
  const enemies = state.units.filter((u) => u.owner === "p2");
  const place = (u: (typeof state.units)[number], x: number, y: number) => Object.assign(u, { deployed: true, at: { x, y }, facing: "N" });
  place(attacker!, 0, 4);
  place(enemies[0]!, 0, 1);
  enemies.slice(1).forEach((u, i) => place(u, 11, 1 + 3 * i));
  rest.forEach((u, i) => place(u, 11, 8 + 2 * i));
  const view = ember.viewFor(state, seatViewer("p1"));
  const { container } = render(withNames(<Board view={view} seat="p1" selected={null} onSelectUnit={jest.fn()} sight={{ from: attacker!.id, range: 10, shooting: true }} />));
  const label = container.querySelector<SVGTextElement>(`[data-sight="${enemies[0]!.id}"] .sight-label`)!;
  const w = textWidth(label.textContent ?? "", Number(label.getAttribute("font-size")));
  expect(Number(label.getAttribute("x")) - w / 2).toBeGreaterThanOrEqual(20);
});
