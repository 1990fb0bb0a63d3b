/**
 * The Siege map's upper floor (seed 004 "상층부") and its legend stand under the board's scrolling
 * frame, not inside it: at 1280 x 800 the frame's bottom edge cut the "Upper floor" heading in two,
 * and its places and the legend lay hidden inside the frame's scroll, where nothing showed they were.
 * The upper floor's places stay clickable when a command waits for one.
 */
import { deserialize, serialize } from "node:v8";
import { fireEvent } from "@testing-library/react";
import type { SiegeCommand } from "@fogwar/siege";
import { inEnglish } from "../../../test/english";
import { runSiege } from "../../../test/siege-play";
import { facing, show } from "../../../test/siege-table";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(30_000);
inEnglish();

test("the upper floor and the legend follow the board's frame, outside it", () => {
  const { container } = show(facing(), "a1");
  const frame = container.querySelector(".board-viewport-frame")!;
  expect(frame.querySelector("svg")).not.toBeNull();
  for (const selector of [".upper-floor", ".map-legend"]) {
    const part = container.querySelector(selector)!;
    expect(part).not.toBeNull();
    expect(frame.contains(part)).toBe(false);
    expect(frame.compareDocumentPosition(part) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  }
});

test("an upper-floor place a command waits for is still picked from the list", () => {
  const s = runSiege(facing(), [["a1", { type: "activate", operator: "haze" }]]);
  const upper = show(s, "a1").container.querySelector(".upper-floor [data-place]")!.getAttribute("data-place")!;
  document.body.innerHTML = "";
  const step: SiegeCommand = { type: "step", operator: "haze", to: upper };
  const { container, onCommand } = show(s, "a1", { legal: [{ type: "end_activation", operator: "haze" }, step, { type: "step", operator: "haze", to: "7,0" }] });
  if (container.querySelector('[data-kind="step"]')?.getAttribute("aria-pressed") !== "true") fireEvent.click(container.querySelector('[data-kind="step"]')!);
  fireEvent.click(container.querySelector(".upper-floor button.pickable")!);
  // A pick on the map sends the command at once, or leaves it as the main button.
  const send = container.querySelector<HTMLButtonElement>('.siege-controls .command-list button.primary[data-command="step"]');
  if (send) fireEvent.click(send);
  expect(onCommand).toHaveBeenCalledWith(step);
});
