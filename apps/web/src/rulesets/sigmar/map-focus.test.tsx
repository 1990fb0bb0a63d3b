/**
 * Where the Age of Sigmar map opens zoomed in on a phone (SigmarMap.tsx `mapFocus`): on the
 * viewer's own models, drawn for each player with its own edge at the bottom (p2's map is turned);
 * and a decision about one of the viewer's units scrolls that unit into the frame's middle.
 */
import { render } from "@testing-library/react";
import i18next from "i18next";
import { deserialize, serialize } from "node:v8";
import { seatViewer, spectator } from "@fogwar/engine";
import { sigmar, type SigmarView } from "@fogwar/sigmar";
import { SigmarMap, mapFocus } from "./SigmarMap";
import { inEnglish } from "../../../test/english";
import { playSigmar } from "../../../test/sigmar-play";

inEnglish();
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(60_000);

test("each player's map opens on its own models in the lower half (its own edge at the bottom); a spectator's on the top left", () => {
  const { state } = playSigmar((s) => s.phase === "battle", "web-map-focus");
  for (const seat of ["p1", "p2"] as const) {
    const view = sigmar.viewFor(state, seatViewer(seat));
    const focus = mapFocus(view, seat)!;
    expect({ seat, lower: focus.y > 0.5, inside: focus.x > 0 && focus.x < 1 }).toEqual({ seat, lower: true, inside: true });
    // The other player's models would be in the upper half of this player's map.
    const other = seat === "p1" ? "p2" : "p1";
    const theirs = { ...view, units: Object.fromEntries(Object.entries(view.units).map(([id, u]) => [id, { ...u, owner: u.owner === other ? seat : other }])) };
    expect(mapFocus(theirs, seat)!.y).toBeLessThan(0.5);
  }
  expect(mapFocus(sigmar.viewFor(state, spectator), null)).toBeNull();
});

describe("a decision about one of the viewer's units brings it into the zoomed map's sight", () => {
  /** The map of `view` in a 300 x 200 frame; the frame's and each unit's boxes laid out as a browser would (jsdom lays out nothing): a unit's box from its first base, the map 4520 wide at 2x. */
  function framed(view: ReturnType<typeof sigmar.viewFor>, seat: string) {
    const w = { t: i18next.getFixedT("en", "sigmar"), language: "en", name: (s: string) => s };
    const scroll = { left: 0, top: 0 };
    const { container, rerender } = render(
      <div className="board-viewport-frame">
        <SigmarMap view={view as SigmarView} w={w} seat={seat} selected={null} />
      </div>,
    );
    const frame = container.querySelector<HTMLElement>(".board-viewport-frame")!;
    Object.defineProperty(frame, "scrollLeft", { configurable: true, get: () => scroll.left, set: (v: number) => (scroll.left = v) });
    Object.defineProperty(frame, "scrollTop", { configurable: true, get: () => scroll.top, set: (v: number) => (scroll.top = v) });
    frame.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 300, height: 200 });
    const boxes = () => {
      for (const g of container.querySelectorAll<SVGGElement>("g.unit[data-unit]")) {
        const c = g.querySelector("circle")!;
        const x = (Number(c.getAttribute("cx")) + 60) / 2 - scroll.left;
        const y = (Number(c.getAttribute("cy")) + 60) / 2 - scroll.top;
        g.getBoundingClientRect = () => DOMRect.fromRect({ x: x - 30, y: y - 30, width: 60, height: 60 });
      }
    };
    boxes();
    return { scroll, show: (next: typeof view) => { rerender(<div className="board-viewport-frame"><SigmarMap view={next as SigmarView} w={w} seat={seat} selected={null} /></div>); boxes(); } };
  }

  test("models to remove of a unit out of the frame: the frame scrolls it to its middle; the player's own pan then holds until the next decision", () => {
    const { state } = playSigmar((s) => s.phase === "battle", "web-map-focus");
    const view = sigmar.viewFor(state, seatViewer("p1"));
    const unit = Object.values(view.units).find((u) => u.owner === "p1" && u.where === "field")!;
    const { scroll, show } = framed(view, "p1");
    expect(scroll).toEqual({ left: 0, top: 0 });
    const pending = { kind: "remove_models", seat: "p1", unit: unit.id, count: 1, suggested: [unit.models[0]!.id] };
    show({ ...view, pending } as never);
    const c = { x: (unit.models[0]!.x + 60) / 2, y: (3000 - unit.models[0]!.y + 60) / 2 };
    expect([Math.round(scroll.left), Math.round(scroll.top)]).toEqual([Math.round(c.x - 150), Math.round(c.y - 100)]);
    // The player pans away; the same decision, drawn again, leaves the frame where the player put it.
    scroll.left = 0;
    scroll.top = 0;
    show({ ...view, pending, units: { ...view.units } } as never);
    expect(scroll).toEqual({ left: 0, top: 0 });
  });

  test("the other player's decision, or none, moves nothing", () => {
    const { state } = playSigmar((s) => s.phase === "battle", "web-map-focus");
    const view = sigmar.viewFor(state, seatViewer("p1"));
    const theirs = Object.values(view.units).find((u) => u.owner === "p2" && u.where === "field")!;
    const { scroll, show } = framed(view, "p1");
    show({ ...view, pending: { kind: "remove_models", seat: "p2", unit: theirs.id, count: 1, suggested: [] } } as never);
    expect(scroll).toEqual({ left: 0, top: 0 });
  });
});
