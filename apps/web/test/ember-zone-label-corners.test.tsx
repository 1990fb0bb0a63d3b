/**
 * The EMBER board's tactical zone labels (seeds 000, 001: zones A-I with their victory points) on a
 * phone and under units:
 *  - at 390 x 844 the board opens at 40 px squares (about ten of its twelve columns in the frame), so
 *    a label on column a was cut by the frame's edge and read "점" (the end of "A: 3 승점"): every
 *    label stands where the frame shows it whole at any sideways scroll, apart from its neighbours;
 *  - a unit standing on a zone's first square covered its label: a label stands on squares where no
 *    unit stands.
 */
import { act, render } from "@testing-library/react";
import i18next from "i18next";
import { catalog, ember, validateArmy, type EmberView } from "@fogwar/ember";
import { seatViewer } from "@fogwar/engine";
import { Board, CELL } from "../src/rulesets/ember/Board";
import { fingerZoom } from "../src/rulesets/ember/opening";
import { ZONE_FONT } from "../src/rulesets/ember/Zones";
import { textWidth, boxesOverlap, type Box } from "../src/table/label-boxes";
import { emberStateWhere } from "./ember-find";
import { inEnglish } from "./english";
import { withNames } from "./players";

inEnglish();

/** The board's margin around its squares and its drawn size, board units (Board.tsx). */
const MARGIN = 20;
const SIZE = MARGIN * 2 + 12 * CELL;

/** Each zone label's box on the board drawn for `view`, board units. */
function labelBoxes(view: EmberView): { zone: string; text: string; box: Box }[] {
  const { container } = render(withNames(<Board view={view} seat="p1" selected={null} onSelectUnit={jest.fn()} />));
  return [...container.querySelectorAll<SVGTextElement>("text.zone-label")].map((label) => {
    const text = label.textContent ?? "";
    const x = Number(label.getAttribute("x"));
    const y = Number(label.getAttribute("y"));
    const w = textWidth(text, ZONE_FONT);
    const anchor = label.getAttribute("text-anchor");
    const x0 = anchor === "end" ? x - w : anchor === "middle" ? x - w / 2 : x;
    return { zone: label.getAttribute("data-zone-label") ?? text.slice(0, 1), text, box: { x0, y0: y - ZONE_FONT, x1: x0 + w, y1: y + 3 } };
  });
}

const fitting = catalog.data.armies.filter((a) => validateArmy(a, "skirmish").length === 0);

test.each(["ko", "en"])("at 390 x 844 (%s) every zone label stands whole in the frame at any sideways scroll of the board", async (language) => {
  await act(async () => {
    await i18next.changeLanguage(language);
  });
  const state = ember.setup({ scenario: "crossroads", seats: ["p1", "p2"] as const, armies: { p1: fitting[0]!, p2: fitting[1] ?? fitting[0]! } }, "zone-corners").state;
  const zoom = fingerZoom({ width: 390, height: 844 });
  expect(zoom).toBeGreaterThan(1.2);
  // The frame shows 1 / zoom of the board's width: scrolled fully left it ends at SIZE / zoom, fully right it starts at SIZE - SIZE / zoom.
  const seen = { from: SIZE - SIZE / zoom, to: SIZE / zoom };
  const boxes = labelBoxes(ember.viewFor(state, seatViewer("p1")));
  expect(boxes.map((b) => b.zone)).toEqual("ABCDEFGHI".split(""));
  if (language === "ko") expect(boxes.find((b) => b.zone === "E")?.text).toMatch(/승점/);
  const cut = boxes.filter((b) => b.box.x0 < seen.from || b.box.x1 > seen.to).map((b) => `${b.text} (${Math.round(b.box.x0)}-${Math.round(b.box.x1)})`);
  expect(cut).toEqual([]);
  // Two labels on one line stand at least half a square apart: side by side across a zone's border they read as one.
  const close = boxes.flatMap((a) => boxes.filter((b) => a.zone < b.zone && a.box.y0 === b.box.y0 && boxesOverlap(a.box, b.box, CELL / 2)).map((b) => `${a.text} | ${b.text}`));
  expect(close).toEqual([]);
});

test("a unit on a zone's first square leaves the zone's label readable: no label lies under a unit", () => {
  // A unit on the first (top-left) square of a zone: (0, 0), (4, 0), (8, 0), (0, 4), ...
  const onFirst = (u: { at: { x: number; y: number } | null; deployed: boolean; destroyed: boolean }) => u.deployed && !u.destroyed && !!u.at && u.at.x % 4 === 0 && u.at.y % 4 === 0;
  const state = emberStateWhere((s) => s.phase === "plan" && s.units.some(onFirst), "zone-first-square");
  const view = ember.viewFor(state, seatViewer("p1"));
  const units = view.units.filter((u) => u.deployed && !u.destroyed && u.at);
  expect(units.some(onFirst)).toBe(true);
  const tokens = units.map((u) => ({ unit: u.id, box: { x0: MARGIN + u.at!.x * CELL + 4, y0: MARGIN + u.at!.y * CELL + 4, x1: MARGIN + (u.at!.x + 1) * CELL - 4, y1: MARGIN + (u.at!.y + 1) * CELL - 4 } }));
  const covered = labelBoxes(view).flatMap((label) => tokens.filter((t) => boxesOverlap(label.box, t.box)).map((t) => `${label.text} under ${t.unit}`));
  expect(covered).toEqual([]);
});
