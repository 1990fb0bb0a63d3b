/**
 * Solo play in a real browser (playwright-core driving Debian's Chromium) against the real server
 * (in-process, in-memory database, serving apps/web/dist):
 *  1. one person opens the lobby, picks EMBER and the easy bot under "Play against the bot" and
 *     clicks once: the table opens as their seat (p1), the token leaves the visible URL, and the
 *     table says p2 is the bot; the person plays the moves the table offers as buttons until the
 *     bot has moved, then concedes: the result screen, and the stored match is finished;
 *  2. Siege: the person takes the defence; the bot (the attack) picks its operators at once and
 *     the table says which seat is the bot.
 * Screenshots at 1280 and 390 px wide go to a fresh folder under the OS temp dir, printed at the end.
 *
 * Without Chromium the suite is skipped, visibly; under CI a missing Chromium fails.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import type { RunningServer } from "../../server/src/server";
import { CHROMIUM, CHROMIUM_ARGS, HAVE_CHROMIUM, IN_CI, ensureWebBuild, startWebServer } from "./support";

jest.setTimeout(240_000);

const title = HAVE_CHROMIUM
  ? "play against the bot in Chromium: from the lobby to the table in one click, EMBER to the end, Siege"
  : IN_CI
    ? `play against the bot in Chromium: FAILS, Chromium is missing at ${CHROMIUM} (required under CI)`
    : `SKIPPED browser tests: no Chromium at ${CHROMIUM} (apt-get install chromium, or set FOGWAR_CHROMIUM)`;
const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;
if (!HAVE_CHROMIUM && !IN_CI) console.warn(title);

/** Waits until `check` gives a value, failing after `ms` with `what`. */
async function eventually<T>(what: string, check: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

suite(title, () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  let shots: string;

  beforeAll(async () => {
    if (!HAVE_CHROMIUM) throw new Error(`Chromium is missing at ${CHROMIUM}; under CI the browser tests must run`);
    ensureWebBuild();
    shots = mkdtempSync(join(tmpdir(), "fogwar-bot-e2e-"));
    // A short pace: the "thinking" note shows, and the test stays quick.
    server = await startWebServer({ botDelayMs: 300 });
    base = `http://127.0.0.1:${server.port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }, 180_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.close();
    if (shots) console.log(`fogwar bot browser test: screenshots in ${shots}`);
  });

  /** A fresh page at `width` px, with its errors collected. */
  async function open(width: number): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
    const context = await browser.newContext({ locale: "en-US", viewport: { width, height: width < 500 ? 844 : 1000 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    return { page, errors, close: () => context.close() };
  }

  /** The match id of the table the page shows (/play/<id>). */
  const matchOf = (page: Page) => new URL(page.url()).pathname.split("/")[2] ?? "";

  test("1. EMBER: one click from the lobby to the table as p1; the bot plays p2; the person concedes and the match is over", async () => {
    const { page, errors, close } = await open(1280);
    await page.goto(`${base}/`);
    const form = page.locator("form.play-bot");
    await form.getByRole("heading", { name: "Play against the bot" }).waitFor();
    await page.screenshot({ path: join(shots, "lobby-1280.png"), fullPage: true });
    await form.getByLabel("Bot level").selectOption("easy");
    await form.getByRole("button", { name: "Play against the bot" }).click();
    await page.waitForURL(/\/play\/[a-z0-9]+/);
    const matchId = matchOf(page);
    // The token leaves the visible URL; the table says which seat is the bot.
    await eventually("the token to leave the URL", async () => !page.url().includes("token="));
    const note = page.locator('[data-bot-seat="p2"]');
    await note.waitFor();
    expect(await note.textContent()).toMatch(/Bot/);
    await page.screenshot({ path: join(shots, "ember-table-1280.png"), fullPage: false });

    // Play what the table offers (a decision's first choice, the first highlighted square while
    // deploying, else the first plain button) until the bot has moved; then concede.
    const botMoved = async () => (await server.store.entries(matchId)).some((e) => e.seat === "p2");
    for (let i = 0; i < 60 && !(await botMoved()); i++) {
      await new Promise((r) => setTimeout(r, 300));
      if ((await page.locator(".bot-note.thinking").count()) > 0) continue;
      const decision = page.locator("section.decision.mine .row button");
      const squares = page.locator("rect.choice-square");
      const offered = page.locator("section.controls button:not(.concede):not([disabled])");
      if ((await decision.count()) > 0) await decision.first().click();
      else if ((await squares.count()) > 0) await squares.first().click();
      else if ((await offered.count()) > 0) await offered.first().click();
    }
    await eventually("the bot's first move", botMoved);
    await page.locator("section.controls").getByRole("button", { name: /Concede/ }).click();
    await page.getByRole("button", { name: "Yes, concede" }).click();
    await page.locator("section.result").waitFor();
    expect(await page.locator("section.result").textContent()).toMatch(/You lose/);
    await page.screenshot({ path: join(shots, "ember-result-1280.png"), fullPage: false });
    expect((await server.store.getMatch(matchId))?.status).toBe("finished");
    expect(errors).toEqual([]);
    await close();
  });

  test("2. Siege at 390 px: the person takes the defence; the bot (the attack) picks at once; the table names the bot", async () => {
    const { page, errors, close } = await open(390);
    await page.goto(`${base}/`);
    const form = page.locator("form.play-bot");
    await form.getByLabel("Siege").check();
    await form.getByLabel("Defence").check();
    await page.screenshot({ path: join(shots, "lobby-390.png"), fullPage: true });
    await form.getByRole("button", { name: "Play against the bot" }).click();
    await page.waitForURL(/\/play\/[a-z0-9]+/);
    const matchId = matchOf(page);
    await page.locator('[data-bot-seat="a1"]').waitFor();
    await eventually("the bot's picks", async () => (await server.store.entries(matchId)).some((e) => e.seat === "a1"));
    await page.screenshot({ path: join(shots, "siege-table-390.png"), fullPage: false });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    // Back to the lobby: the table leaves the match (a closed tab would hold the seat's
    // reconnection slot open on the server for its grace period).
    await page.getByRole("link", { name: "Lobby" }).first().click();
    await page.locator("form.play-bot").waitFor();
    await close();
  });
});
