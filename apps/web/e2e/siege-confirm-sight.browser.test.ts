/**
 * Siege's last looks before a command that rolls or breaks, on a 390 x 844 phone in a real browser
 * (playwright-core driving Debian's Chromium) against the real server, in English and Korean:
 *
 *  1. a shot (seed 004 "사격"): once the Shoot kind is chosen and its target, the shot's chance
 *     (its percentages) and its button stand together inside the action bar's visible part, above
 *     its "more below" edge, with no scrolling by the player (the chance lay under that edge while
 *     the button was in sight), and the target is ringed on the map;
 *  2. a breach (seed 004 "파괴"): while it asks to be confirmed, its wall, door or window is
 *     marked in red on the map, in the part of the screen the bar leaves free.
 *
 * Random bots play the seats up to each moment. With FOGWAR_SCREENSHOTS set to a folder the pages
 * are saved there (siege-shot-confirm-390-<language>.png, the map alone siege-shot-mark-390-<language>.png,
 * siege-breach-confirm-390-<language>.png).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type Page } from "playwright-core";
import type { RunningServer } from "@fogwar/server";
import { HAVE_CHROMIUM, IN_CI, closeWebSuite, openWebSuite } from "./support";
import { siegePlay, type SiegePlay } from "./siege-play";

jest.setTimeout(400_000);

const run = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;

run("Siege on a phone: a shot's chance beside its button, a breach's target marked while it is confirmed", () => {
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

  /** `seat`'s page on a 390 x 844 phone in `language`, its map drawn. */
  async function phone(seat: string, language: "en" | "ko"): Promise<Page> {
    const context = await browser.newContext({ locale: language === "ko" ? "ko-KR" : "en-US", viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(`${seat} ${language}: ${String(error)}`));
    await page.goto(play.seats[seat]!.url);
    await page.locator(".siege-map > svg").waitFor({ timeout: 30_000 });
    await page.waitForTimeout(400);
    return page;
  }

  /** Whether the element `selector` finds lies wholly in the action bar's visible part: under its top, above its "more below" edge and the window's bottom. */
  function inBarSight(page: Page, selector: string): Promise<boolean> {
    return page.evaluate((query) => {
      const bar = document.querySelector(".action-bar")!.getBoundingClientRect();
      const cue = document.querySelector(".action-bar > .bar-more")?.getBoundingClientRect();
      const bottom = Math.min(bar.bottom, cue ? cue.top : bar.bottom, window.innerHeight);
      const r = document.querySelector(query)?.getBoundingClientRect();
      return !!r && r.height > 0 && r.top >= bar.top && r.bottom <= bottom;
    }, selector);
  }

  const save = async (page: Page, file: string) => {
    if (shots) await page.screenshot({ path: join(shots, file) });
  };

  test("1. a shot's chance and its button stand together in the bar's sight once the target is chosen, in English and Korean", async () => {
    const seat = await play.playUntil((view, legal) => !view.pending && legal.some((c) => c.type === "shoot"), "siege-confirm-shot");
    for (const language of ["en", "ko"] as const) {
      const page = await phone(seat, language);
      await page.locator(".action-bar .kinds button[data-kind=shoot]").click();
      // Several targets: the first of the list, as a player choosing in it would.
      const list = page.locator(".action-bar select[data-field=target]");
      if ((await list.count()) > 0) await list.selectOption({ index: 1 });
      const button = ".action-bar .siege-controls button[data-command=shoot]";
      await page.locator(button).waitFor({ timeout: 20_000 });
      await page.waitForTimeout(600);
      await save(page, `siege-shot-confirm-390-${language}.png`);
      // The map alone, the shot's target ringed on it (on a phone it may lie under the bar, hidden for this picture).
      if (shots) {
        await page.evaluate(() => document.querySelector<HTMLElement>(".action-bar")!.style.setProperty("visibility", "hidden"));
        await page.locator(".siege-map").screenshot({ path: join(shots, `siege-shot-mark-390-${language}.png`) });
        await page.evaluate(() => document.querySelector<HTMLElement>(".action-bar")!.style.removeProperty("visibility"));
      }
      expect(await page.locator(".siege-map svg .shot-mark").count()).toBe(1);
      const chance = ".action-bar .siege-controls .odds .odds-result";
      const words = (await page.locator(chance).first().innerText()).trim();
      expect([language, /\d+%/.test(words), await inBarSight(page, chance), await inBarSight(page, button)]).toEqual([language, true, true, true]);
      await page.context().close();
    }
    expect(errors).toEqual([]);
  });

  test("2. a breach's wall, door or window is marked on the map while it is confirmed, where the bar leaves the screen free, in English and Korean", async () => {
    const seat = await play.playUntil((view, legal) => !view.pending && legal.some((c) => c.type === "breach" && c.target in view.partitions), "siege-confirm-breach");
    for (const language of ["en", "ko"] as const) {
      const page = await phone(seat, language);
      await page.locator(".action-bar .kinds button[data-kind=breach]").click();
      // Several targets: a wall, door or window answered on the map, as a player tapping it would (a single breach asks at once).
      const wall = page.locator(".siege-map .wall-pick");
      if ((await page.locator(".confirm-step").count()) === 0) await wall.first().dispatchEvent("click");
      await page.locator(".confirm-step").waitFor({ timeout: 20_000 });
      await page.waitForTimeout(1200);
      await save(page, `siege-breach-confirm-390-${language}.png`);
      const mark = page.locator(".siege-map svg .breach-mark");
      expect(await mark.count()).toBe(1);
      const free = await page.evaluate(() => {
        const bar = document.querySelector(".action-bar")!.getBoundingClientRect();
        const r = document.querySelector(".siege-map svg .breach-mark")!.getBoundingClientRect();
        return { shown: r.width > 0 || r.height > 0, top: r.top >= 0, above: r.bottom <= Math.min(bar.top, window.innerHeight) };
      });
      expect([language, free]).toEqual([language, { shown: true, top: true, above: true }]);
      await page.context().close();
    }
    expect(errors).toEqual([]);
  });
});
