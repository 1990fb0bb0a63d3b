/**
 * The board frame of every table: the zoom buttons step the board's drawn width (1x to 4x, 1.5x a
 * step), "Fit" shows the whole board again, and a big board opens zoomed on a narrow screen.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { BoardViewport, focusOn, followScroll, openingScroll, phoneZoom, screenBand, seenBand } from "./BoardViewport";
import { inEnglish } from "../../test/english";

inEnglish();

/** A DOMRect from its edges (CSS px). */
const rect = (top: number, bottom: number, left = 0, right = 390) => ({ top, bottom, left, right, width: right - left, height: bottom - top, x: left, y: top, toJSON: () => ({}) }) as DOMRect;

test("the zoom buttons scale the board's canvas between the whole board and 4x", () => {
  render(
    <BoardViewport label="Map">
      <svg viewBox="0 0 10 10" />
    </BoardViewport>,
  );
  const frame = screen.getByTestId("board-viewport");
  const canvas = () => frame.firstElementChild as HTMLElement;
  expect(canvas().style.width).toBe("100%");
  expect((screen.getByRole("button", { name: "Zoom out" }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(screen.getByRole("button", { name: "Zoom in" }));
  expect(canvas().style.width).toBe("150%");
  expect(screen.getByText("150%")).toBeTruthy();
  for (let i = 0; i < 5; i++) fireEvent.click(screen.getByRole("button", { name: "Zoom in" }));
  expect(frame.dataset.zoom).toBe("4");
  expect((screen.getByRole("button", { name: "Zoom in" }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(screen.getByRole("button", { name: "Fit" }));
  expect(canvas().style.width).toBe("100%");
});

test("a 22-square board opens zoomed so a square is 24 px wide in a 358 px frame; a small board does not", () => {
  expect(phoneZoom(22, 358)).toBeCloseTo(1.47, 2);
  expect(phoneZoom(12, 1200)).toBe(1);
  expect(phoneZoom(60, 358, 24, 4)).toBe(4);
  render(
    <BoardViewport label="Map" initialZoom={phoneZoom(22, 358)}>
      <svg viewBox="0 0 10 10" />
    </BoardViewport>,
  );
  expect(screen.getByTestId("board-viewport").dataset.zoom).toBe("1.47");
});

test("a board's focus is the piece nearest the middle of the points given (fractions of the board), none without points", () => {
  expect(focusOn([])).toBeNull();
  expect(focusOn([{ x: 0.2, y: 0.9 }, { x: 0.35, y: 0.8 }, { x: 0.4, y: 0.7 }])).toEqual({ x: 0.35, y: 0.8 });
  // Two groups standing apart: their middle (0.5, 0.8) is empty ground, so the frame opens on a piece of the larger group.
  expect(focusOn([{ x: 0.1, y: 0.8 }, { x: 0.12, y: 0.82 }, { x: 0.9, y: 0.8 }])).toEqual({ x: 0.12, y: 0.82 });
});

test("the opening zoom follows the frame until the player zooms; then a relayout (another language's words, a new frame width) keeps the player's zoom", () => {
  const board = (initialZoom: number) => (
    <BoardViewport label="Map" initialZoom={initialZoom}>
      <svg viewBox="0 0 10 10" />
    </BoardViewport>
  );
  const { rerender } = render(board(1));
  const zoom = () => screen.getByTestId("board-viewport").dataset.zoom;
  // A desktop page turned to a phone's width: the board opens zoomed for it.
  rerender(board(1.47));
  expect(zoom()).toBe("1.47");
  fireEvent.click(screen.getByRole("button", { name: "Fit" }));
  expect(zoom()).toBe("1");
  rerender(board(1.28));
  expect(zoom()).toBe("1");
});

test("a board zoomed in opens on its focus, given once it has one (no side chosen yet: none), and is not moved by later ones", () => {
  // jsdom lays nothing out: the frame reports a 100 px view of a 300 px board.
  const sizes = { scrollWidth: 300, scrollHeight: 300, clientWidth: 100, clientHeight: 100 };
  const saved = Object.keys(sizes).map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)] as const);
  for (const [key, value] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  try {
    const board = (focus: { x: number; y: number } | null) => (
      <BoardViewport label="Map" initialZoom={3} focus={focus}>
        <svg viewBox="0 0 10 10" />
      </BoardViewport>
    );
    const { rerender } = render(board(null));
    const frame = screen.getByTestId("board-viewport");
    expect([frame.scrollLeft, frame.scrollTop]).toEqual([0, 0]);
    // The focus 270 px down: the frame's end (200) shows it 70 px down the frame, in sight.
    rerender(board({ x: 0.5, y: 0.9 }));
    expect([frame.scrollLeft, frame.scrollTop]).toEqual([100, 200]);
    frame.scrollLeft = 0;
    rerender(board({ x: 0.1, y: 0.1 }));
    expect([frame.scrollLeft, frame.scrollTop]).toEqual([0, 200]);
  } finally {
    for (const [key, descriptor] of saved) if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
  }
});

test("a focus is aimed at the middle of the part of the frame in sight; room is added below the board only when the frame's end leaves it out of sight", () => {
  // A phone: a 464 px frame holding 670 px of map, its top 240 px in sight above the action bar. A
  // focus 556 px down the map (own models at its bottom edge) stands 350 px down the frame at its end
  // (206), under the bar: room below the map lets it scroll until the map's bottom edge is 16 px above
  // the bar (scroll 446), the focus 110 px down the band.
  expect(openingScroll(556, 670, 464, { top: 0, bottom: 240 })).toEqual({ scrollTop: 446, room: 240 });
  // The whole frame in sight (a desktop): the frame's end brings the focus 350 px down, well in sight: no room.
  expect(openingScroll(556, 670, 464, { top: 0, bottom: 464 })).toEqual({ scrollTop: 206, room: 0 });
  // A focus on the board's very bottom (660 px): 454 px down the frame at its end, under 64 px from the band's bottom: 16 px of room.
  expect(openingScroll(660, 670, 464, { top: 0, bottom: 464 })).toEqual({ scrollTop: 222, room: 16 });
  // A band far shorter than the hidden part of the frame: the focus a quarter down the band, not above it.
  expect(openingScroll(556, 670, 464, { top: 0, bottom: 100 })).toEqual({ scrollTop: 531, room: 325 });
  // A focus near the top: no scroll, no room.
  expect(openingScroll(40, 670, 464, { top: 0, bottom: 240 })).toEqual({ scrollTop: 0, room: 0 });
  // A band under 48 px (the frame almost scrolled out of the screen): the frame's own middle.
  expect(openingScroll(300, 670, 464, { top: 430, bottom: 464 })).toEqual({ scrollTop: 68, room: 0 });
});

test("the band in sight ends at the top of an element pinned over the frame (the phone's action bar), not at one beside it; so does the screen's seen part", () => {
  render(
    <>
      <BoardViewport label="Map">
        <svg viewBox="0 0 10 10" />
      </BoardViewport>
      <section data-pinned-over="true" data-testid="bar" />
    </>,
  );
  const frame = screen.getByTestId("board-viewport");
  const bar = screen.getByTestId("bar");
  frame.getBoundingClientRect = () => rect(400, 864);
  Object.defineProperty(window, "innerHeight", { configurable: true, value: 844 });
  bar.getBoundingClientRect = () => rect(670, 844);
  expect(seenBand(frame)).toEqual({ top: 0, bottom: 270 });
  expect(screenBand(frame)).toEqual({ top: 0, bottom: 670 });
  // The bar in a side column beside the board (a desktop): the screen's bottom ends the band.
  bar.getBoundingClientRect = () => rect(8, 800, 900, 1270);
  expect(seenBand(frame)).toEqual({ top: 0, bottom: 444 });
  expect(screenBand(frame)).toEqual({ top: 0, bottom: 844 });
  // The page scrolled so the frame's top is 100 px above the screen's top.
  frame.getBoundingClientRect = () => rect(-100, 364);
  expect(seenBand(frame)).toEqual({ top: 100, bottom: 464 });
});

test("a point to follow is scrolled to the middle of the screen's seen part only when it stands under the bar or past the window's edge", () => {
  // The screen's seen part: 0-670 px (the bar's top at 670).
  const band = { top: 0, bottom: 670 };
  expect(followScroll(300, band)).toBe(0);
  // A token 20 px above the bar's top is not seen whole: brought to the middle (335).
  expect(followScroll(650, band)).toBe(315);
  // Under the bar, below the window, above its top.
  expect(followScroll(760, band)).toBe(425);
  expect(followScroll(1200, band)).toBe(865);
  expect(followScroll(-80, band)).toBe(-415);
});

/**
 * A phone page for the follow tests: animation frames wait until `drawn()`, `window.scrollBy` is
 * recorded (`scrollBy`), every element reports a 390 x 400 box of board (zoom 1), the window is
 * 844 px tall, and `board(follow)` draws a BoardViewport with a bar pinned over it (test id "bar").
 */
function withFollowPage(run: (page: { drawn: () => void; scrollBy: jest.Mock; board: (follow: { key: string; at: { x: number; y: number } } | null) => ReactElement }) => void): void {
  const frames: FrameRequestCallback[] = [];
  const raf = jest.spyOn(window, "requestAnimationFrame").mockImplementation((f) => frames.push(f));
  const scrollBy = jest.fn();
  const savedScrollBy = window.scrollBy;
  window.scrollBy = scrollBy as unknown as typeof window.scrollBy;
  const sizes = { scrollWidth: 390, scrollHeight: 400, clientWidth: 390, clientHeight: 400 };
  const saved = Object.keys(sizes).map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)] as const);
  for (const [key, value] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  try {
    Object.defineProperty(window, "innerHeight", { configurable: true, value: 844 });
    const board = (follow: { key: string; at: { x: number; y: number } } | null) => (
      <>
        <BoardViewport label="Map" follow={follow}>
          <svg viewBox="0 0 10 10" />
        </BoardViewport>
        <section data-pinned-over="true" data-testid="bar" />
      </>
    );
    run({ drawn: () => act(() => void frames.splice(0).forEach((f) => f(0))), scrollBy, board });
  } finally {
    raf.mockRestore();
    window.scrollBy = savedScrollBy;
    for (const [key, descriptor] of saved) if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
  }
}

test("a followed point under the bar scrolls the page up to it once per key: not again for the same key, not when it is in sight", () => {
  // jsdom lays nothing out: the frame shows the whole 400 px board (zoom 1), its top 300 px down the window; the bar's top at 670.
  withFollowPage(({ drawn, scrollBy, board }) => {
    const { rerender } = render(board(null));
    screen.getByTestId("board-viewport").getBoundingClientRect = () => rect(300, 700);
    screen.getByTestId("bar").getBoundingClientRect = () => rect(670, 844);
    // The character at the board's bottom row (y 0.95: 380 px down the board, 680 px down the window): under the bar.
    rerender(board({ key: "1:vale", at: { x: 0.5, y: 0.95 } }));
    drawn();
    expect(scrollBy).toHaveBeenCalledTimes(1);
    expect(scrollBy.mock.calls[0]![0]).toMatchObject({ top: 345 });
    // The same turn drawn again (the player scrolled back, a new state of the same turn): nothing moves.
    rerender(board({ key: "1:vale", at: { x: 0.5, y: 0.9 } }));
    drawn();
    expect(scrollBy).toHaveBeenCalledTimes(1);
    // The next turn's character stands in sight (y 0.2: 380 px down the window): nothing moves.
    rerender(board({ key: "1:reed", at: { x: 0.5, y: 0.2 } }));
    drawn();
    expect(scrollBy).toHaveBeenCalledTimes(1);
  });
});

/** A ResizeObserver jsdom lacks: `report()` tells every observer the current sizes of what it watches, as a browser does after layout. */
function fakeResizeObserver() {
  const observers: { callback: ResizeObserverCallback; targets: Element[]; self: ResizeObserver }[] = [];
  class Fake {
    constructor(callback: ResizeObserverCallback) {
      observers.push({ callback, targets: [], self: this as unknown as ResizeObserver });
    }
    observe(target: Element) {
      observers.find((o) => o.self === (this as unknown as ResizeObserver))!.targets.push(target);
    }
    disconnect() {
      observers.find((o) => o.self === (this as unknown as ResizeObserver))!.targets.length = 0;
    }
    unobserve() {}
  }
  const saved = globalThis.ResizeObserver;
  globalThis.ResizeObserver = Fake as unknown as typeof ResizeObserver;
  return {
    report: () => act(() => observers.forEach((o) => o.targets.length > 0 && o.callback(o.targets.map((target) => ({ target }) as ResizeObserverEntry), o.self))),
    restore: () => void (globalThis.ResizeObserver = saved),
  };
}

test("a bar pinned over the board that grows just after a follow (the turn's events arrive after its state) has the point brought back above it, until the player touches the page", () => {
  const resize = fakeResizeObserver();
  try {
    withFollowPage(({ drawn, scrollBy, board }) => {
      const { rerender } = render(board(null));
      const frame = screen.getByTestId("board-viewport");
      const bar = screen.getByTestId("bar");
      // The frame's top 300 px down the window; the character 380 px down the board, under the bar (its top at 670).
      frame.getBoundingClientRect = () => rect(300, 700);
      bar.getBoundingClientRect = () => rect(670, 844);
      rerender(board({ key: "1:vale", at: { x: 0.5, y: 0.95 } }));
      drawn();
      resize.report();
      expect(scrollBy.mock.calls.map((c) => c[0].top)).toEqual([345]);
      // The page scrolled: the character stands at 335; then the bar grows (its top at 300): the character is under it again, and is brought back.
      frame.getBoundingClientRect = () => rect(-45, 355);
      bar.getBoundingClientRect = () => rect(300, 844);
      resize.report();
      expect(scrollBy.mock.calls.map((c) => c[0].top)).toEqual([345, 185]);
      // Once the player touches the page, a bar that grows moves nothing.
      rerender(board({ key: "1:reed", at: { x: 0.5, y: 0.95 } }));
      drawn();
      resize.report();
      const before = scrollBy.mock.calls.length;
      fireEvent.touchStart(window);
      bar.getBoundingClientRect = () => rect(200, 844);
      resize.report();
      expect(scrollBy.mock.calls.length).toBe(before);
    });
  } finally {
    resize.restore();
  }
});
