/**
 * A unit being moved (core 14.1, a move): the move tools, the ruler's readout and Confirm stand at
 * the top of the action bar (./PlanTools.tsx), not above and under the map: the tools appearing
 * above the map pushed it down 30-40 px, and on a phone the readout and Confirm under the map lay
 * under the pinned bar. The block stays when the bar folds, and the bar folds (on a phone) while a
 * plan stands, opening again once it is confirmed or cancelled. A plan the table makes itself (the
 * best placement suggested, a reserve's suggested set-up) is brought into sight: on a phone's
 * zoomed map it could lie outside the frame.
 */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { deserialize, serialize } from "node:v8";
import { seatViewer } from "@fogwar/engine";
import { legalCommandsInView, sigmar, templatesInView, type SigmarView } from "@fogwar/sigmar";
import { SigmarTableView } from "./SigmarTableView";
import { inEnglish } from "../../../test/english";
import { withLaidOutPage } from "../../../test/board-layout";
import { playSigmar } from "../../../test/sigmar-play";
import { withNames } from "../../../test/players";

inEnglish();
jest.setTimeout(60_000);
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const view = sigmar.viewFor(playSigmar((s) => s.phase === "battle" && s.step === "movement" && s.active === "p1" && !s.pending, "web-move-tools").state, seatViewer("p1")) as SigmarView;
const legal = legalCommandsInView(view, "p1");
/** Selects the first unit the bar lists with a move (its row's name). */
const select = (container: HTMLElement) => act(() => void fireEvent.click(container.querySelector(".unit-row .unit-name")!));
const table = () => withNames(<SigmarTableView matchId="m" view={view} seat="p1" legal={legal} templates={templatesInView(view, "p1")} onCommand={() => undefined} events={[]} />);

/** The board column's parts, in order (the map and what stands around it). */
const boardParts = (container: HTMLElement) => [...container.querySelector(".board-column")!.children].map((e) => `${e.tagName.toLowerCase()}.${e.className}`);

test("core 14.1: selecting a unit and suggesting its move puts nothing above or under the map; the tools, the readout and Confirm stand in the action bar, kept when it folds", () => {
  const { container } = render(table());
  const before = boardParts(container);
  select(container);
  const bar = container.querySelector<HTMLElement>(".action-bar")!;
  // The tools appear in the bar, the map's column unchanged.
  expect(boardParts(container)).toEqual(before);
  const tools = within(bar).getByRole("group", { name: "Moving a unit" });
  expect(tools.closest(".action-bar > .keep-folded")).not.toBeNull();
  act(() => void fireEvent.click(within(tools).getByRole("button", { name: "Suggest the best placement" })));
  // The plan's readout and Confirm stand in the bar too, and the bar folds while it stands (on a phone), the plan kept in sight.
  expect(boardParts(container)).toEqual(before);
  const readout = container.querySelector<HTMLElement>(".ruler-line")!;
  expect(readout.closest(".action-bar > .keep-folded")).not.toBeNull();
  expect(readout.textContent).toMatch(/^\d+\.\d" moved, \d+\.\d" left/);
  expect(within(readout).getByRole("button", { name: "Confirm positions" })).toBeTruthy();
  expect(bar.getAttribute("data-folded")).toBe("true");
  act(() => void fireEvent.click(within(readout).getByRole("button", { name: "Cancel" })));
  expect(container.querySelector(".ruler-line")).toBeNull();
  expect(bar.getAttribute("data-folded")).toBe("false");
  expect(screen.getByRole("group", { name: "Moving a unit" }).closest(".action-bar")).toBe(bar);
});

test("a suggested placement is brought into sight: a page scrolled far from the map scrolls back to it", () => {
  // The map's frame is given a 600 px box whose top stands 1,500 px below the window's top.
  withLaidOutPage({ box: { top: 1500, height: 600, width: 390 } }, ({ drawn, scrolls }) => {
    const { container, unmount } = render(table());
    drawn();
    expect(scrolls).toHaveLength(0);
    select(container);
    drawn();
    expect(scrolls).toHaveLength(0);
    act(() => void fireEvent.click(screen.getByRole("button", { name: "Suggest the best placement" })));
    drawn();
    expect(scrolls).toHaveLength(1);
    expect(scrolls[0]!.top).toBeGreaterThan(1500 - 384);
    unmount();
  });
});
