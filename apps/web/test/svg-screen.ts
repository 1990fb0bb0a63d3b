/**
 * jsdom lays nothing out and has no SVG geometry: for a test that clicks a map drawn in SVG, the
 * screen is made the map's own viewBox (a point's `matrixTransform` returns it unchanged, every
 * `getScreenCTM` is the identity), so a click's clientX and clientY are board units of the viewBox.
 * Call at a test file's top level (it installs a `beforeAll`).
 */
export function screenIsViewBox(): void {
  beforeAll(() => {
    (globalThis as { DOMPoint?: unknown }).DOMPoint ??= class {
      constructor(
        readonly x: number,
        readonly y: number,
      ) {}
      matrixTransform() {
        return { x: this.x, y: this.y };
      }
    };
    (SVGElement.prototype as unknown as { getScreenCTM: () => unknown }).getScreenCTM = () => ({ inverse: () => ({}) });
  });
}
