/**
 * Siege's pages at the moments docs/screenshots shows that no other browser test reaches, in a real
 * browser (playwright-core driving Debian's Chromium) against the real server: a reaction asked of
 * the watching team (seed 004 "반응 액션"), a reroll asked of the shooting team (seed 004 "사격",
 * the reroll tokens) and a shot's odds before it is rolled, on a 390 x 844 phone and at 1280 x 800,
 * in English and Korean. Random bots play the seats up to each moment. Every page fits its window
 * (no sideways scrolling, no box holding more than its width shows), shows the reaction's and the
 * reroll's answers in the bar's sight, and throws nothing. With FOGWAR_SCREENSHOTS set to a folder
 * the pages are saved there under the names docs/screenshots uses (table-siege-<moment>-<width>-<language>.png).
 */
import { mkdirSync } from "node:fs";
import { type Browser, type Page } from "playwright-core";
import type { RunningServer } from "@fogwar/server";
import { HAVE_CHROMIUM, IN_CI, closeWebSuite, fitsAndShoot, openWebSuite } from "./support";
import { siegePlay, type SiegePlay } from "./siege-play";

jest.setTimeout(400_000);

const run = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;

run("Siege's pages at the documented moments fit their windows, at 1280 and 390 px, in English and Korean", () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  let ws: string;
  let shots = "";
  let play: SiegePlay;
  const errors: string[] = [];

  beforeAll(async () => {
    shots = process.env.FOGWAR_SCREENSHOTS ?? "";
    if (shots) mkdirSync(shots, { recursive: true });
    ({ server, browser, base, ws } = await openWebSuite());
    play = siegePlay(base, ws);
    await play.newMatch();
  }, 240_000);

  afterAll(async () => {
    await closeWebSuite({ browser, server });
  });

  /** Checks that `page` fits its window (nothing cut sideways) and saves it as `file` when screenshots are wanted. */
  async function open(seat: string, width: number, language: "en" | "ko"): Promise<Page> {
    const phone = width < 500;
    const context = await browser.newContext({ locale: language === "ko" ? "ko-KR" : "en-US", viewport: { width, height: phone ? 844 : 800 }, ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}) });
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(`${seat} ${width} ${language}: ${String(error)}`));
    await page.goto(play.seats[seat]!.url);
    await page.locator(".siege-map > svg").waitFor({ timeout: 30_000 });
    await page.waitForTimeout(400);
    return page;
  }

  /**
   * The buttons matching `selector` on `page` and the words of those out of the action bar's sight:
   * above its top, or below its "more below" edge or the window's bottom.
   */
  function outOfSight(page: Page, selector: string): Promise<{ count: number; out: (string | null)[] }> {
    return page.evaluate((query) => {
      const bar = document.querySelector(".action-bar")!.getBoundingClientRect();
      const cue = document.querySelector(".action-bar > .bar-more")?.getBoundingClientRect();
      const bottom = Math.min(bar.bottom, cue ? cue.top : bar.bottom, window.innerHeight);
      const buttons = [...document.querySelectorAll<HTMLButtonElement>(query)];
      return { count: buttons.length, out: buttons.filter((b) => { const r = b.getBoundingClientRect(); return r.top < bar.top || r.bottom > bottom; }).map((b) => b.textContent) };
    }, selector);
  }

  /**
   * Opens `seat`'s page on a phone and a desktop, in English and Korean, runs `check` on each (the
   * page and its screenshot's name, table-siege-<moment>-<width>-<language>.png), then checks it
   * fits its window and saves it when screenshots are wanted; no page may throw.
   */
  async function atEachWindow(seat: string, moment: string, check: (page: Page, file: string) => Promise<void>): Promise<void> {
    for (const language of ["en", "ko"] as const) {
      for (const width of [390, 1280]) {
        const page = await open(seat, width, language);
        const file = `table-siege-${moment}-${width}-${language}.png`;
        await check(page, file);
        await fitsAndShoot(page, file, shots);
        await page.context().close();
      }
    }
    expect(errors).toEqual([]);
  }

  test("a reaction asked of the watching team: its answers in the bar's sight, on a phone and a desktop, in English and Korean", async () => {
    const seat = await play.playUntil((view, legal) => view.pending?.kind === "reaction" && legal.length > 0 && legal.every((c) => c.type === "react" || c.type === "hold"), "siege-shots-reaction");
    await atEachWindow(seat, "reaction", async (page, file) => {
      // Both answers (each watcher's "... fires a reaction shot", "Hold fire") inside the bar's visible box and the window.
      await page.locator(".action-bar .answers button[data-kind=hold]").waitFor({ timeout: 20_000 });
      const shown = await outOfSight(page, ".action-bar .answers button[data-kind]");
      expect([file, shown.count >= 2, shown.out]).toEqual([file, true, []]);
    });
  });

  test("a reroll asked of the shooting team: Reroll, Keep the dice and the main button in the bar's sight, on a phone and a desktop, in English and Korean", async () => {
    const seat = await play.playUntil((view, legal) => view.pending?.kind === "reroll" && legal.some((c) => c.type === "keep"), "siege-shots-reroll");
    await atEachWindow(seat, "reroll", async (page, file) => {
      await page.locator(".action-bar .siege-controls .command-list button.primary").waitFor({ timeout: 20_000 });
      const shown = await outOfSight(page, ".action-bar .siege-controls .kinds button, .action-bar .siege-controls .command-list button.primary");
      expect([file, shown.count >= 3, shown.out]).toEqual([file, true, []]);
    });
  });

  test("a shot's odds before it is rolled: the shooter's kind chosen, the odds of each target in the bar, on a phone and a desktop, in English and Korean", async () => {
    const seat = await play.playUntil((view, legal) => !view.pending && legal.some((c) => c.type === "shoot"), "siege-shots-odds");
    await atEachWindow(seat, "odds", async (page, file) => {
      await page.locator(".action-bar .kinds button[data-kind=shoot]").click();
      const odds = page.locator(".action-bar .odds");
      await odds.first().waitFor({ timeout: 20_000 });
      // The panel names the chance to hurt in the page's language, with the rules' numbers filled in.
      const words = await odds.first().innerText();
      expect([file, /%/.test(words), words.includes("{{")]).toEqual([file, true, false]);
      await odds.first().scrollIntoViewIfNeeded();
    });
  });
});
