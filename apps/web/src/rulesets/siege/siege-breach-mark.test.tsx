/**
 * A breach asks first (seed 004 "파괴": it cannot be taken back), and while it asks, its target is
 * marked on the map in red: the wall, door or window along each of its edges, or a ring around the
 * gadget, named for screen readers in English and Korean; the map offers nothing else to click
 * meanwhile, and the mark goes with the question. New players read only "between B4 and B5" and
 * could not tell which wall they were about to open. States are reached by commands through the engine.
 */
import { deserialize, serialize } from "node:v8";
import { act, fireEvent, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { board, siege, type SiegeCommand } from "@fogwar/siege";
import { inEnglish } from "../../../test/english";
import { runSiege } from "../../../test/siege-play";
import { facing, show } from "../../../test/siege-table";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(30_000);
inEnglish();
beforeEach(() => localStorage.clear());
afterEach(() => act(async () => void (await i18next.changeLanguage("en"))));

/** Haze activated in the rules' combat example, offered only to end its activation or to breach `target`. */
function breachOf(target: (s: ReturnType<typeof facing>) => string) {
  const s = runSiege(facing(), [["a1", { type: "activate", operator: "haze" }]]);
  const legal: SiegeCommand[] = [{ type: "end_activation", operator: "haze" }, { type: "breach", operator: "haze", target: target(s) }];
  return { s, legal };
}

/** A wall of the map two squares long, standing (not broken). */
const longWall = (s: ReturnType<typeof facing>) => {
  const geo = board.geometry(s.map);
  return [...geo.partitions.values()].find((p) => p.edges.length >= 2 && p.initial.kind === "thin" && !s.partitions[p.id]?.broken)!.id;
};

const endpoints = (l: Element) => ["x1", "y1", "x2", "y2"].map((a) => Number(l.getAttribute(a))).join(" ");

describe("seed 004 파괴: the target of a breach being confirmed is marked on the map", () => {
  test("a wall: a red line over each of its edges, where the wall is drawn, named; nothing else clickable; gone on Cancel", () => {
    const { s, legal } = breachOf(longWall);
    const wall = (legal[1] as { target: string }).target;
    const { container, onCommand } = show(s, "a1", { legal });
    const map = container.querySelector(".siege-map svg")!;
    expect(map.querySelector(".breach-mark")).toBeNull();
    fireEvent.click(container.querySelector("[data-kind=breach]")!);
    expect(onCommand).not.toHaveBeenCalled();
    const dialog = screen.getByRole("alertdialog");
    const mark = map.querySelector(".breach-mark")!;
    expect(mark).not.toBeNull();
    // Named as the confirmation names the wall (its rooms and squares).
    const named = mark.getAttribute("aria-label")!;
    expect(named).toMatch(/^To be breached: /);
    expect(dialog.textContent).toContain(named.replace(/^To be breached: /, ""));
    // One line per edge, each exactly where the wall itself is drawn.
    const drawn = [...map.querySelectorAll(`line.wall[data-partition="${wall}"]`)].map(endpoints).sort();
    expect(drawn).toHaveLength(board.geometry(s.map).partitions.get(wall)!.edges.length);
    expect([...mark.querySelectorAll(".breach-line line")].map(endpoints).sort()).toEqual(drawn);
    // While asked, the map answers nothing else.
    expect(map.querySelectorAll(".pickable")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(map.querySelector(".breach-mark")).toBeNull();
  });

  test("a gadget: a red ring around it, named by the gadget, in English and Korean", async () => {
    const view = siege.viewFor(facing(), seatViewer("a1"));
    const gadget = view.gadgets.find((g) => !board.isUpper(g.at))!;
    const { s, legal } = breachOf(() => gadget.id);
    const first = show(s, "a1", { legal });
    fireEvent.click(first.container.querySelector("[data-kind=breach]")!);
    const mark = first.container.querySelector(".siege-map svg .breach-mark")!;
    const ring = mark.querySelector("circle")!;
    // Around the gadget's square drawn on the map (its small square sits in the square's lower right).
    const square = first.container.querySelector<SVGRectElement>(`rect.cell[data-place="${gadget.at}"]`)!;
    const [x, y] = [Number(square.getAttribute("x")), Number(square.getAttribute("y"))];
    expect([Number(ring.getAttribute("cx")), Number(ring.getAttribute("cy"))]).toEqual([x + 32, y + 32]);
    expect(mark.getAttribute("aria-label")).toMatch(/^To be breached: [A-Z]/);
    first.unmount();
    await act(async () => void (await i18next.changeLanguage("ko")));
    const ko = show(s, "a1", { legal });
    fireEvent.click(ko.container.querySelector("[data-kind=breach]")!);
    expect(ko.container.querySelector(".siege-map svg .breach-mark")?.getAttribute("aria-label")).toMatch(/^파괴할 대상: \S/);
  });
});
