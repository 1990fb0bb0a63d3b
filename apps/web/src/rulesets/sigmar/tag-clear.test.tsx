/**
 * The units' tags on the Age of Sigmar map keep clear of the other things drawn on it with words
 * or marks (tags.ts `placeTags`, MapUnits.tsx): the player's territory named along the bottom edge
 * while the armies deploy (seed 003 24), and a token beside its unit (seed 003 23); a tag standing
 * over either made both unreadable. While a plan stands, every tag is drawn again over its ghosts
 * and rulers (a ghost dragged over a tag hid it), and the reason a plan is refused over all. The tags' letters are large enough to read on a desktop's
 * whole map (a name of 84 map units, about 13 px at 1280 px; they were 70, about 10 px, and the
 * wounds 7 px).
 */
import { createElement } from "react";
import { render } from "@testing-library/react";
import i18next from "i18next";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { seatViewer } from "@fogwar/engine";
import { catalog, geometry, moves, setupBattle, sigmar, type SigmarState, type SigmarView } from "@fogwar/sigmar";
import { SigmarMap } from "./SigmarMap";
import { NAME_SIZE, WOUNDS_SIZE } from "./tags";
import { textWidth, type Box } from "../../table/label-boxes";
import { inEnglish } from "../../../test/english";

inEnglish();
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const H = 3000;

/** A battle in `phase` whose field holds p1's `units` (warscroll, formation centre in board units) and the `tokens` given. */
function viewOf(phase: "deployment" | "battle", units: readonly [string, { x: number; y: number }][], tokens: SigmarState["tokens"] = []): SigmarView {
  const s = setupBattle();
  s.units = {};
  units.forEach(([warscroll, at], k) => {
    const w = catalog.warscrolls.get(warscroll)!;
    const id = `p1-u${k + 1}`;
    const models = moves.formation(w.models, geometry.baseRadius(w.baseMm), at).map((p, i) => ({ id: `${id}-m${i + 1}`, x: Math.round(p.x), y: Math.round(p.y) }));
    s.units[id] = { id, owner: "p1", warscroll, size: w.models, models, damage: 0, where: "field", did: {}, next: w.models + 1 };
  });
  Object.assign(s, { phase, step: phase === "battle" ? "movement" : undefined, active: "p1", first: "p1", round: 1, turn: 1, tokens });
  return sigmar.viewFor(s, seatViewer("p1")) as SigmarView;
}

const w = () => ({ t: i18next.getFixedT("en", "sigmar"), language: "en", name: (s: string) => s });
const num = (e: Element, name: string) => Number(e.getAttribute(name));
const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Each unit's tag on the drawn map as boxes (its name, its wound bar, its "left/total"), screen units. */
function tags(container: HTMLElement): Box[][] {
  return [...container.querySelectorAll("g.unit[data-unit]")].map((g) => {
    const name = g.querySelector("text.unit-label")!;
    const bar = g.querySelector("rect.wounds-back")!;
    const text = g.querySelector("text.wounds-text")!;
    const nw = textWidth(name.textContent!, NAME_SIZE) / 2;
    return [
      { x0: num(name, "x") - nw, y0: num(name, "y") - 0.72 * NAME_SIZE, x1: num(name, "x") + nw, y1: num(name, "y") + 0.2 * NAME_SIZE },
      { x0: num(bar, "x"), y0: num(bar, "y"), x1: num(bar, "x") + num(bar, "width"), y1: num(bar, "y") + num(bar, "height") },
      { x0: num(text, "x"), y0: num(text, "y") - 0.72 * WOUNDS_SIZE, x1: num(text, "x") + textWidth(text.textContent!, WOUNDS_SIZE), y1: num(text, "y") + 0.05 * WOUNDS_SIZE },
    ];
  });
}

test("seed 003 24: while the armies deploy, no tag covers the player's territory named along the bottom edge", () => {
  // A Grove Seer at the bottom edge's middle, under a row of Briar Guard: its tag cannot stand above it.
  const view = viewOf("deployment", [
    ["grove_seer", { x: 2200, y: 110 }],
    ["briar_guard", { x: 2200, y: 330 }],
  ]);
  const { container } = render(createElement(SigmarMap, { view, w: w(), seat: "p1", selected: null }));
  const label = container.querySelector("text.territory-label")!;
  expect(label.textContent).toBe("Your territory");
  // The name's letters (a lower estimate: 110 units high, the width of its plain letters).
  const half = textWidth(label.textContent!, 110) / 2;
  const named: Box = { x0: num(label, "x") - half, y0: num(label, "y") - 0.7 * 110, x1: num(label, "x") + half, y1: num(label, "y") };
  const over = tags(container).filter((parts) => parts.some((p) => overlaps(p, named)));
  expect(over).toEqual([]);
});

test("seed 003 23: no tag covers a token beside its unit", () => {
  // A Grove Seer with a token just above its base, where its tag would stand.
  const at = { x: 1000, y: 1500 };
  const view = viewOf("battle", [["grove_seer", at]], [{ id: "t1", kind: "hex", owner: "p2", unit: "p1-u1", x: at.x, y: at.y + 160 }]);
  const { container } = render(createElement(SigmarMap, { view, w: w(), seat: "p1", selected: null }));
  const token = { x: at.x, y: H - (at.y + 160) };
  const reach: Box = { x0: token.x - 31, y0: token.y - 31, x1: token.x + 31, y1: token.y + 31 };
  expect(container.querySelectorAll("rect.token")).toHaveLength(1);
  expect(tags(container).filter((parts) => parts.some((p) => overlaps(p, reach)))).toEqual([]);
});

test("the tags' letters read on a desktop's whole map: a name at least 12 px and its wounds at least 9 px where the map is 674 px wide (1280 px window), as table.css draws them", () => {
  const css = readFileSync(join(__dirname, "table.css"), "utf8");
  const size = (cls: string) => Number(new RegExp(`\\.${cls} \\{[^}]*font-size: (\\d+)px`).exec(css)?.[1]);
  // The placement measures the letters the map draws.
  expect(size("unit-label")).toBe(NAME_SIZE);
  expect(size("wounds-text")).toBe(WOUNDS_SIZE);
  // The map's viewBox is 4,520 units wide (the 44" battlefield and its margins).
  const px = (units: number) => (units * 674) / 4520;
  expect(px(NAME_SIZE)).toBeGreaterThanOrEqual(12);
  expect(px(WOUNDS_SIZE)).toBeGreaterThanOrEqual(9);
});

test("core 14.1: while a plan stands, every unit's tag is drawn over its ghosts and rulers, and the reason it is refused over all", () => {
  const at = { x: 2200, y: 1500 };
  const view = viewOf("battle", [
    ["briar_guard", at],
    ["grove_seer", { x: 2200, y: 1900 }],
  ]);
  const unit = view.units["p1-u1"]!;
  // The Briar Guard moved 4" up onto the Grove Seer.
  const positions = unit.models.map((m) => ({ x: m.x, y: m.y + 400 }));
  const plan = { unit: unit.id, positions, origin: unit.models.map((m) => ({ x: m.x, y: m.y })), problem: "too far", radius: geometry.baseRadius(catalog.warscrolls.get("briar_guard")!.baseMm) };
  const { container } = render(createElement(SigmarMap, { view, w: w(), seat: "p1", selected: null, plan }));
  const ghosts = container.querySelector("g.plan")!;
  const over = container.querySelector("g.tags-over")!;
  expect(ghosts).not.toBeNull();
  expect(over).not.toBeNull();
  // Later in the drawing is drawn over.
  expect(ghosts.compareDocumentPosition(over) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect([...over.querySelectorAll("text.unit-label")].map((t) => t.textContent)).toEqual([...container.querySelectorAll("g.unit text.unit-label")].map((t) => t.textContent));
  expect(over.querySelectorAll("text.unit-label")).toHaveLength(2);
  // The ghosts stand on the Grove Seer's base: refused, the reason drawn last.
  const reason = container.querySelector("text.offence-reason")!;
  expect(reason.textContent).toBe("too far");
  expect(over.compareDocumentPosition(reason) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});
