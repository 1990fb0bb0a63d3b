/**
 * Age of Sigmar's muster on a phone (390 x 844), in a real browser against the real server: the
 * list builder (the sample list to start from, the units, "Lock list") is found on the first
 * screen, before the map, in Korean and in English. The map opened zoomed in filled the first
 * screen and the form lay under it with nothing saying to scroll; a new player did not find it.
 * At 1280 the map and the form stand side by side as before. With FOGWAR_SCREENSHOTS set the
 * pages are saved there.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type Page } from "playwright-core";
import type { RunningServer } from "@fogwar/server";
import { HAVE_CHROMIUM, IN_CI, claimSeats, closeWebSuite, openWebSuite } from "./support";

jest.setTimeout(240_000);

const run = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;

run("Age of Sigmar's muster on a phone: the list builder first", () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  let seats: { seat: string; inviteUrl: string }[] = [];
  const shots = process.env.FOGWAR_SCREENSHOTS ?? "";

  beforeAll(async () => {
    if (shots) mkdirSync(shots, { recursive: true });
    ({ server, browser, base } = await openWebSuite());
    const response = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ruleset: "sigmar", scenario: "sundered_causeway", players: [{ name: "Ana" }, { name: "Bo" }], options: { spectatorDelay: 0 } }) });
    ({ seats } = await claimSeats(base, (await response.json()) as { matchId: string; seats: { seat: string; inviteUrl: string }[] }));
  }, 200_000);

  afterAll(async () => {
    await closeWebSuite({ browser, server });
  });

  async function open(width: 390 | 1280, language: "en" | "ko"): Promise<Page> {
    const phone = width < 500;
    const context = await browser.newContext({ locale: language === "ko" ? "ko-KR" : "en-US", viewport: { width, height: phone ? 844 : 800 }, ...(phone ? { deviceScaleFactor: 3, isMobile: true, hasTouch: true } : {}) });
    const page = await context.newPage();
    await page.goto(seats[0]!.inviteUrl);
    await page.locator("svg.sigmar-map").waitFor({ timeout: 30_000 });
    await page.locator(".muster form").waitFor();
    await page.waitForTimeout(400);
    return page;
  }

  /** Where the muster's title, its sample-list picker and the map's top stand (CSS px from the window's top), the page unscrolled. */
  const places = (page: Page) =>
    page.evaluate(() => ({
      title: document.querySelector("#sigmar-muster-title")!.getBoundingClientRect().top,
      picker: document.querySelector(".muster form select")!.getBoundingClientRect().bottom,
      map: document.querySelector(".board-column")!.getBoundingClientRect().top,
      lock: document.querySelector(".muster form button[type=submit]")!.getBoundingClientRect().top,
      scrolled: window.scrollY,
    }));

  test.each([["ko"], ["en"]] as const)("on a 390 px phone in %s the list builder's title and its sample list stand on the first screen, above the map", async (language) => {
    const page = await open(390, language);
    const at = await places(page);
    expect(at.scrolled).toBe(0);
    expect(at.title).toBeLessThan(844);
    expect(at.picker).toBeLessThan(844);
    expect(at.map).toBeGreaterThan(at.lock);
    if (shots) await page.screenshot({ path: join(shots, `muster-phone-390-${language}.png`) });
    await page.context().close();
  });

  test("at 1280 the map and the list builder stand side by side", async () => {
    const page = await open(1280, "en");
    const at = await places(page);
    expect(at.title).toBeLessThan(800);
    expect(Math.abs(at.map - at.title)).toBeLessThan(120);
    if (shots) await page.screenshot({ path: join(shots, "muster-1280-en.png") });
    await page.context().close();
  });
});
