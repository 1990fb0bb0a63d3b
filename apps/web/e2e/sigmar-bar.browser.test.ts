/**
 * Age of Sigmar's pinned action bar on a phone (390 x 844, touch, Korean) in a real browser
 * (playwright-core driving Debian's Chromium) against the real server: a battle against the bot
 * started from the lobby, the list locked, a unit picked for deployment. The bar is a short box at
 * the screen's bottom holding more than it shows; every one of its buttons can be brought into
 * sight by the "More below" cue pinned to its bottom edge (../src/table/ActionBar.tsx), and a tap
 * there reaches that button, not something over it.
 */
import { type Browser, type Page } from "playwright-core";
import type { RunningServer } from "@fogwar/server";
import { HAVE_CHROMIUM, IN_CI, closeWebSuite, openWebSuite } from "./support";

jest.setTimeout(180_000);

const run = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;

/** Whether the bar's button marked `i` is inside the bar's visible box and the window, and a tap at its middle lands on it. */
const reachable = (page: Page, i: number) =>
  page.evaluate((k) => {
    const bar = document.querySelector(".action-bar")!;
    const button = bar.querySelector(`[data-reach="${k}"]`) as HTMLElement;
    const b = button.getBoundingClientRect();
    const box = bar.getBoundingClientRect();
    const inside = b.top >= box.top && b.bottom <= box.bottom && b.bottom <= window.innerHeight && b.top >= 0;
    const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    return { text: button.textContent ?? "", inside, hits: hit !== null && button.contains(hit) };
  }, i);

run("Age of Sigmar on a phone: the pinned action bar's every button is reachable", () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    ({ server, browser, base } = await openWebSuite({ botDelayMs: 50 }));
  }, 240_000);

  afterAll(async () => {
    await closeWebSuite({ browser, server });
  });

  test("deploying against the bot at 390 px: the bar holds more than it shows, a 'More below' cue says so, and tapping it brings each button into sight and under the finger", async () => {
    const phone = await browser.newContext({ locale: "ko-KR", viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    try {
      const page = await phone.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      await page.goto(`${base}/`);
      await page.getByRole("radio", { name: "에이지 오브 지그마" }).check();
      await page.getByLabel("내 이름").fill("민지");
      await page.getByRole("button", { name: "봇과 대전하기" }).click();
      await page.getByRole("button", { name: "리스트 잠그기" }).click();
      const unit = page.locator(".action-bar").getByRole("button", { name: "가시파수꾼 (민지)" });
      await unit.waitFor({ timeout: 60_000 });
      await unit.tap();
      await page.locator(".action-bar").getByText("추천 위치 1").waitFor();
      const bar = page.locator(".action-bar");
      // The bar is stuck to the screen's bottom while the reader is above it: the page at its top.
      await page.evaluate(() => window.scrollTo(0, 0));
      const sizes = await bar.evaluate((e) => ({ scroll: e.scrollHeight, client: e.clientHeight }));
      expect(sizes.scroll).toBeGreaterThan(sizes.client + 40);
      const cue = bar.getByRole("button", { name: "아래에 더 있음 ▾" });
      expect(await cue.isVisible()).toBe(true);
      // The bar's buttons a player may tap now (those in a closed disclosure excepted), the cue aside.
      const count = await bar.evaluate((e) => {
        const buttons = [...e.querySelectorAll("button:not(.bar-more)")].filter((b) => b.checkVisibility() && !b.closest("details:not([open]) > :not(summary)"));
        buttons.forEach((b, i) => b.setAttribute("data-reach", String(i)));
        return buttons.length;
      });
      expect(count).toBeGreaterThan(6);
      const unreached: string[] = [];
      for (let i = 0; i < count; i++) {
        await bar.evaluate((e) => (e.scrollTop = 0));
        // Back at the top the cue shows again once the bar's scroll event is handled (the next frame):
        // waited for, so a button low in the bar is not judged before the cue can reach it.
        await cue.waitFor({ state: "visible" });
        let seen = await reachable(page, i);
        for (let taps = 0; taps < 8 && !(seen.inside && seen.hits) && (await cue.isVisible()); taps++) {
          await cue.tap();
          await page.waitForTimeout(100);
          seen = await reachable(page, i);
        }
        if (!(seen.inside && seen.hits)) unreached.push(seen.text);
      }
      expect(unreached).toEqual([]);
      // Scrolled to its end, nothing is left below: the cue is gone.
      expect(await cue.isVisible()).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
