/**
 * A laid-out page for jsdom tests of what a table brings into sight (../src/table/BoardViewport.tsx
 * `follow`): jsdom lays nothing out, so every element is given one box (`box`, CSS px from the
 * window's top) and the sizes given; animation frames wait until `drawn()` runs them, and the page's
 * scrolls are recorded instead of made.
 */
import type { ReactElement } from "react";
import { act, render } from "@testing-library/react";

/** The box and sizes every element reports while `run` runs; `drawn` runs the frames requested so far; `scrolls` holds each `window.scrollBy` argument. */
export function withLaidOutPage<T>(
  layout: { readonly box: { readonly top: number; readonly height: number; readonly width: number }; readonly sizes?: Partial<Record<"clientHeight" | "scrollHeight" | "clientWidth" | "scrollWidth", number>> },
  run: (page: { readonly drawn: () => void; readonly scrolls: { top?: number }[] }) => T,
): T {
  const frames: FrameRequestCallback[] = [];
  const raf = jest.spyOn(window, "requestAnimationFrame").mockImplementation((f) => frames.push(f));
  const scrolls: { top?: number }[] = [];
  const savedScrollBy = window.scrollBy;
  window.scrollBy = ((options: { top?: number }) => void scrolls.push(options)) as typeof window.scrollBy;
  const { top, height, width } = layout.box;
  const sizes = { clientHeight: height, scrollHeight: height, clientWidth: width, scrollWidth: width, ...layout.sizes };
  const saved = [...Object.keys(sizes), "getBoundingClientRect"].map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)] as const);
  for (const [key, value] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  Object.defineProperty(HTMLElement.prototype, "getBoundingClientRect", { configurable: true, value: () => ({ top, bottom: top + height, left: 0, right: width, width, height, x: 0, y: top, toJSON: () => ({}) }) });
  try {
    return run({ drawn: () => act(() => void frames.splice(0).forEach((f) => f(0))), scrolls });
  } finally {
    raf.mockRestore();
    window.scrollBy = savedScrollBy;
    for (const [key, descriptor] of saved) if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
  }
}

/**
 * The follow's moment on a laid-out page (`layout` as for {@link withLaidOutPage}): the page open
 * before it (`before` rendered, its frames drawn: a page opens at its top, so nothing may scroll
 * yet), then the moment (`after` rendered in its place, its frames drawn).
 * @returns the page's scrolls the moment made.
 * @throws the test's failure when the page scrolled before the moment.
 */
export function scrollsAtMoment(layout: Parameters<typeof withLaidOutPage>[0], before: ReactElement, after: ReactElement): { top?: number }[] {
  return withLaidOutPage(layout, ({ drawn, scrolls }) => {
    const shown = render(before);
    drawn();
    expect(scrolls).toHaveLength(0);
    shown.rerender(after);
    drawn();
    shown.unmount();
    return scrolls;
  });
}
