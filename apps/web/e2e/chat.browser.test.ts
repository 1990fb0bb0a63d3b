/**
 * The table chat in a real browser (playwright-core driving Debian's Chromium) against the real
 * server: a Siege 2 v 2 match; an attacker's page posts to its team chat from the keyboard and
 * its teammate's connection receives the line; the defence's connection and a spectator's page
 * never do; the spectator's page writes in the spectators' chat only; every page fits its window
 * at 1280 and 390 px; the review of the finished match shows every audience beside the log.
 * Screenshots go to FOGWAR_SCREENSHOTS when set, else to a fresh folder under the OS temp dir.
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type Page } from "playwright-core";
import type { RunningServer } from "@fogwar/server";
import { TestClient } from "@fogwar/server/testing";
import { CHROMIUM, HAVE_CHROMIUM, IN_CI, claimSeats, closeWebSuite, openWebSuite } from "./support";

jest.setTimeout(240_000);

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const title = HAVE_CHROMIUM ? "the table chat in Chromium" : `SKIPPED chat browser tests: no Chromium at ${CHROMIUM}`;
const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;

suite(title, () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  let shots: string;

  beforeAll(async () => {
    shots = process.env.FOGWAR_SCREENSHOTS || mkdtempSync(join(tmpdir(), "fogwar-chat-e2e-"));
    mkdirSync(shots, { recursive: true });
    ({ server, browser, base } = await openWebSuite());
  }, 180_000);

  afterAll(async () => {
    await closeWebSuite({ browser, server });
    if (shots) console.log(`fogwar chat browser test: screenshots in ${shots}`);
  });

  test("team chat from the keyboard reaches the teammate only; spectators write among themselves; pages fit at 1280 and 390 px; the review shows every audience", async () => {
    const response = await fetch(`${base}/api/matches`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ruleset: "siege", scenario: "ledger", players: [{ name: "Ayla", team: "attack" }, { name: "Dan", team: "defence" }, { name: "Arno", team: "attack" }, { name: "Dora", team: "defence" }], options: {} }),
    });
    // Each seat's invite claimed, as its player's page would: the links now carry the tokens.
    const created = await claimSeats(base, (await response.json()) as { matchId: string; spectatorUrl: string; seats: { seat: string; inviteUrl: string }[] });
    const token = (seat: string) => new URLSearchParams(new URL(created.seats.find((s) => s.seat === seat)!.inviteUrl).hash.slice(1)).get("token")!;
    const ws = `ws://127.0.0.1:${server.port}`;
    const a2 = await TestClient.join(ws, created.matchId, { seat: "a2", token: token("a2") });
    const d1 = await TestClient.join(ws, created.matchId, { seat: "d1", token: token("d1") });
    d1.room.send("chat", { type: "chat", audience: "players", text: "좋은 경기 해요" });
    await a2.until(() => a2.received("chat").length > 0, "the players' line");

    for (const size of [
      { width: 1280, height: 900, phone: false },
      { width: 390, height: 844, phone: true },
    ]) {
      const context = await browser.newContext({ locale: "en-US", viewport: { width: size.width, height: size.height }, ...(size.phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}) });
      const page = await context.newPage();
      await page.goto(created.seats.find((s) => s.seat === "a1")!.inviteUrl);
      const panel = page.locator("[data-testid=chat-panel]");
      await panel.waitFor({ timeout: 20_000 });
      expect((await panel.locator("[role=tab]").allTextContents()).map((t) => t.replace(/\d+$/, ""))).toEqual(["Players", "Team"]);
      // Keyboard only: focus the open tab, move to Team, type, Enter.
      await panel.locator("[role=tab][aria-selected=true]").focus();
      await page.keyboard.press("ArrowRight");
      expect(await panel.locator("[role=tab][aria-selected=true]").textContent()).toBe("Team");
      const text = `breach the east wall at ${size.width}`;
      await panel.getByLabel("Message to Team").fill(text);
      await page.keyboard.press("Enter");
      await a2.until(() => a2.received("chat").some((m) => m.line.text === text), "the team line at the teammate");
      await panel.locator("[role=log]", { hasText: text }).waitFor();
      expect(await fits(page)).toBe(true);
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `chat-siege-a1-${size.width}.png`), fullPage: !size.phone });

      const watcher = await context.newPage();
      await watcher.goto(created.spectatorUrl);
      const seen = watcher.locator("[data-testid=chat-panel]");
      await seen.waitFor({ timeout: 20_000 });
      expect((await seen.locator("[role=tab]").allTextContents()).map((t) => t.replace(/\d+$/, ""))).toEqual(["Players", "Spectators"]);
      expect(await seen.locator("[role=textbox]").count()).toBe(0);
      await seen.locator("[role=tab]", { hasText: "Spectators" }).click();
      await seen.getByLabel("Message to Spectators").fill(`the real token is on the left (${size.width})`);
      await seen.getByRole("button", { name: "Send" }).click();
      await seen.locator("[role=log]", { hasText: "the real token" }).waitFor();
      expect(await fits(watcher)).toBe(true);
      await seen.scrollIntoViewIfNeeded();
      await watcher.screenshot({ path: join(shots, `chat-siege-spectator-${size.width}.png`), fullPage: !size.phone });
      await context.close();
    }
    expect(d1.received("chat").some((m) => /breach|real token/.test(m.line.text))).toBe(false);
    expect(a2.received("chat").some((m) => /real token/.test(m.line.text))).toBe(false);

    await server.store.finishMatch(created.matchId, "abandoned", null);
    for (const size of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ locale: "ko-KR", viewport: { width: size.width, height: size.height } });
      const page = await context.newPage();
      await page.goto(`${base}/review/${created.matchId}`);
      const panel = page.locator("[data-testid=chat-panel]");
      await panel.waitFor({ timeout: 20_000 });
      expect(await panel.locator("[role=tab]").count()).toBe(3);
      expect(await fits(page)).toBe(true);
      await page.screenshot({ path: join(shots, `chat-review-${size.width}-ko.png`), fullPage: true });
      await context.close();
    }
    await a2.leave();
    await d1.leave();
  });
});
