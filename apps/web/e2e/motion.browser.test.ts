/**
 * The tables' animations (src/table/motion.css) in a real browser (playwright-core driving
 * Debian's Chromium): with no motion preference a moved EMBER unit or Siege operator is still on
 * its way 100 ms later, and hit marks and dice run their keyframes; under
 * `prefers-reduced-motion: reduce` each piece is at once at its new square and no mark or die
 * animates. The tables' own markup classes (`.ember-board .unit`, `.siege-map .model`,
 * `.siege-map .token`, `.hit-mark`, `.die`) on a page holding only the motion CSS.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS, HAVE_CHROMIUM, IN_CI } from "./support";

jest.setTimeout(60_000);

const MOTION_CSS = readFileSync(join(__dirname, "../src/table/motion.css"), "utf8");

const PAGE = `<!doctype html><html><head><style>${MOTION_CSS}</style></head><body>
<svg class="ember-board" viewBox="0 0 400 400" width="400" height="400">
  <g class="unit" transform="translate(20 20)" style="transform: translate(20px, 20px)"><circle r="10" /></g>
  <g><text class="hit-mark" x="50" y="50">!</text></g>
</svg>
<figure class="siege-map"><svg viewBox="0 0 400 400" width="400" height="400">
  <g class="model" transform="translate(20 20)" style="transform: translate(20px, 20px)"><circle r="10" /><circle class="hit-mark" r="12" /></g>
  <g class="token" transform="translate(60 60)" style="transform: translate(60px, 60px)"><rect width="10" height="10" /></g>
</svg></figure>
<svg class="die" width="28" height="28" viewBox="0 0 28 28"><rect width="28" height="28" /></svg>
</body></html>`;

/** Moves the piece (`selector`) 300 user units right, then reads where it is after 100 ms (its x translation). */
async function unitXAfterMove(page: Page, selector = ".unit"): Promise<number> {
  return page.evaluate(async (selector) => {
    const unit = document.querySelector(selector) as SVGGElement;
    unit.getBoundingClientRect();
    unit.setAttribute("style", "transform: translate(320px, 20px)");
    await new Promise((done) => setTimeout(done, 100));
    return new DOMMatrix(getComputedStyle(unit).transform).m41;
  }, selector);
}

const animations = (page: Page) =>
  page.evaluate(() => ({
    hit: getComputedStyle(document.querySelector(".ember-board .hit-mark")!).animationName,
    siegeHit: getComputedStyle(document.querySelector(".siege-map .hit-mark")!).animationName,
    die: getComputedStyle(document.querySelector(".die")!).animationName,
    unit: getComputedStyle(document.querySelector(".unit")!).transitionDuration,
    model: getComputedStyle(document.querySelector(".siege-map .model")!).transitionDuration,
    token: getComputedStyle(document.querySelector(".siege-map .token")!).transitionDuration,
  }));

const title = HAVE_CHROMIUM ? "the table's animations in Chromium, and prefers-reduced-motion" : `SKIPPED motion browser tests: no Chromium at ${CHROMIUM}`;
const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;

suite(title, () => {
  let browser: Browser;

  beforeAll(async () => {
    if (!HAVE_CHROMIUM) throw new Error(`Chromium is missing at ${CHROMIUM}`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
  });

  test("with no preference: moves glide, hit marks and dice animate", async () => {
    const context = await browser.newContext({ reducedMotion: "no-preference" });
    try {
      const page = await context.newPage();
      await page.setContent(PAGE);
      expect(await animations(page)).toEqual({ hit: "fogwar-hit", siegeHit: "fogwar-hit", die: "fogwar-die-roll", unit: "0.25s", model: "0.25s", token: "0.25s" });
      const x = await unitXAfterMove(page);
      expect(x).toBeGreaterThan(20);
      expect(x).toBeLessThan(320);
      const m = await unitXAfterMove(page, ".siege-map .model");
      expect(m).toBeGreaterThan(20);
      expect(m).toBeLessThan(320);
    } finally {
      await context.close();
    }
  });

  test("under prefers-reduced-motion: reduce, nothing animates: the unit is at once on its new square", async () => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    try {
      const page = await context.newPage();
      await page.setContent(PAGE);
      expect(await animations(page)).toEqual({ hit: "none", siegeHit: "none", die: "none", unit: "0s", model: "0s", token: "0s" });
      expect(await unitXAfterMove(page)).toBe(320);
      expect(await unitXAfterMove(page, ".siege-map .model")).toBe(320);
    } finally {
      await context.close();
    }
  });
});
