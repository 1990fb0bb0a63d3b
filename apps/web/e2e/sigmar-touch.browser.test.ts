/**
 * Age of Sigmar on a phone: a finger on one of the player's own bases drags its unit (the ruler
 * shows the inches moved), where a finger on the empty field pans the board. Chromium, an
 * emulated phone (390 x 844, touch), real touch events through the DevTools protocol
 * (`Input.dispatchTouchEvent`, as a finger sends them), against the real server; the other seat
 * is the server's bot. After the drag the map stands where it stood, and the ruler's readout and
 * its Confirm are in sight, in the action bar, where a tap reaches Confirm.
 */
import type { Browser } from "playwright-core";
import { chooseWithTemplates, Random, RandomBot, rngStateFromSeed } from "@fogwar/engine";
import { legalCommandsInView, sigmarBotPolicy, templatesInView, type SigmarCommand, type SigmarView } from "@fogwar/sigmar";
import type { RunningServer } from "@fogwar/server";
import { TestClient } from "@fogwar/server/testing";
import { HAVE_CHROMIUM, IN_CI, claimSeats, closeWebSuite, openWebSuite } from "./support";

jest.setTimeout(240_000);
const run = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;

run("Age of Sigmar on a phone: touch drags a unit", () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    ({ server, browser, base } = await openWebSuite({ botDelayMs: 0 }));
  }, 180_000);
  afterAll(async () => closeWebSuite({ browser, server }));

  test("core 14.1, a move: a finger dragging one of the player's bases moves its unit's formation and the ruler says how far; the board does not pan away under it", async () => {
    const response = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ruleset: "sigmar", scenario: "sundered_causeway", players: [{ name: "Ana" }, { name: "Bot", bot: "easy" }] }) });
    expect(response.status).toBe(201);
    const created = await claimSeats(base, (await response.json()) as { matchId: string; seats: { seat: string; inviteUrl: string }[] });
    const ana = created.seats.find((s) => s.seat === "p1")! as { seat: string; inviteUrl: string; token: string };
    // Ana's seat is played by a random bot up to her first movement phase (the server's bot plays Bo).
    const client = await TestClient.join(`ws://127.0.0.1:${server.port}`, created.matchId, { seat: "p1", token: ana.token });
    const bot = new RandomBot<SigmarCommand>("touch-p1", sigmarBotPolicy);
    const fills = new Random(rngStateFromSeed("touch", "fill"));
    for (let n = 0; n < 400; n++) {
      const view = client.projection() as SigmarView & { phase: string; step?: string };
      const legal = legalCommandsInView(view, "p1");
      if (view.phase === "battle" && view.step === "movement" && legal.some((c) => c.type === "move")) break;
      if (legal.length === 0) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      const answer = await client.command(chooseWithTemplates(bot, fills, legal.filter((c) => c.type !== "concede"), templatesInView(view, "p1"), () => false)!);
      if (answer.type !== "accepted") throw new Error(JSON.stringify(answer.payload));
    }
    await client.leave();

    const phone = await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    try {
      const page = await phone.newPage();
      await page.goto(ana.inviteUrl.replace(/#.*/, "") + `#seat=p1&token=${ana.token}`);
      await page.locator('[data-phase="movement"]').waitFor({ timeout: 30_000 }).catch(async (e) => {
        await page.screenshot({ path: "/tmp/touch-fail.png", fullPage: true });
        throw e;
      });
      const unit = page.locator("svg.sigmar-map g.unit.draggable").first();
      // Clear of the action bar pinned to the screen's bottom.
      await unit.evaluate((el) => el.scrollIntoView({ block: "center", inline: "center" }));
      const circle = (await unit.locator("circle").first().boundingBox())!;
      const frame = page.getByTestId("board-viewport");
      const scrolled = async () => frame.evaluate((el) => [el.scrollLeft, el.scrollTop, window.scrollY]);
      const before = await scrolled();
      const frameTop = async () => frame.evaluate((el) => Math.round(el.getBoundingClientRect().top));
      const topBefore = await frameTop();
      // The browser gives a gesture it takes for a pan up with a pointercancel: none may come.
      await page.evaluate(() => {
        const w = window as unknown as { cancelled: number };
        w.cancelled = 0;
        document.addEventListener("pointercancel", () => (w.cancelled += 1), true);
      });
      // CSS px per inch of the battlefield as drawn now (the map's viewBox counts 100 units an inch).
      const pxPerInch = await page.locator("svg.sigmar-map").evaluate((el) => (el as SVGSVGElement).getScreenCTM()!.a * 100);
      const cdp = await phone.newCDPSession(page);
      const x = circle.x + circle.width / 2;
      const y = circle.y + circle.height / 2;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
      for (let i = 1; i <= 8; i++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y - i * 6 }] });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      const ruler = page.locator(".ruler-line");
      await ruler.waitFor({ timeout: 10_000 });
      expect(await page.evaluate(() => (window as unknown as { cancelled: number }).cancelled)).toBe(0);
      // The unit followed the whole 48 px of the finger, not the first few before a pan took over.
      const moved = Number(/(\d+\.\d)" moved, \d+\.\d" left/.exec(await ruler.innerText())?.[1]);
      expect(moved).toBeGreaterThanOrEqual(Math.floor((0.8 * 48 * 10) / pxPerInch) / 10);
      expect(await scrolled()).toEqual(before);
      // The move tools and the readout came into the action bar: nothing pushed the map down under the finger.
      expect(await frameTop()).toBe(topBefore);
      // The readout and its Confirm stand in sight, and a tap on Confirm lands on it (under the map they lay under the pinned bar).
      const confirm = page.getByRole("button", { name: "Confirm positions" });
      const seen = await confirm.evaluate((button) => {
        const b = button.getBoundingClientRect();
        const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
        return { inWindow: b.top >= 0 && b.bottom <= window.innerHeight, hits: hit !== null && button.contains(hit) };
      });
      expect(seen).toEqual({ inWindow: true, hits: true });
      const line = (await ruler.boundingBox())!;
      expect(line.y).toBeGreaterThanOrEqual(0);
      expect(line.y + line.height).toBeLessThanOrEqual(844);
    } finally {
      await phone.close();
    }
  });
});
