/**
 * The built web client under the server's content security policy, in Chromium: the lobby, a
 * seat's page and a spectator's page load, render and open their match WebSocket with no CSP
 * violation reported (neither as a `securitypolicyviolation` event nor on the console); so do a
 * table of every ruleset the lobby's bot form offers, with the tables' own style sheets applied
 * (styles come only from the build's CSS files: the policy allows no inline <style>), and the
 * review of that match once the seat has conceded; and the build ships no source maps.
 *
 * Needs apps/web/dist (`pnpm build:web`) and Chromium (FOGWAR_CHROMIUM, else /usr/bin/chromium);
 * without either the suite is skipped, visibly; under CI a missing one fails.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { startServer, type RunningServer } from "@fogwar/server";
import { CHROMIUM, CHROMIUM_ARGS, DIST, IN_CI } from "./support";

jest.setTimeout(120_000);

const READY = existsSync(CHROMIUM) && existsSync(join(DIST, "index.html"));

const suite = READY || IN_CI ? describe : describe.skip;
if (!READY && !IN_CI) console.warn(`csp.browser.test: skipped (needs ${CHROMIUM} and a built ${DIST})`);

suite("the web client under the content security policy", () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    server = await startServer({ port: 0, host: "127.0.0.1", publicUrl: "http://127.0.0.1", logLevel: "silent", webDir: DIST });
    base = `http://127.0.0.1:${server.port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Opens `path`, waits until the page has rendered (and `socket` says so), returns the violations seen. */
  async function visit(path: string, expectSocket: boolean): Promise<{ violations: string[]; page: Page }> {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    const violations: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => {
        ((window as unknown as { __csp: string[] }).__csp ??= []).push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    page.on("pageerror", (e) => violations.push(`page error: ${e.message}`));
    const socket = expectSocket ? page.waitForEvent("websocket", { timeout: 15_000 }) : null;
    const response = await page.goto(`${base}${path}`);
    expect(response?.headers()["content-security-policy"]).toContain("default-src 'self'");
    await page.waitForFunction(() => (document.querySelector("#root")?.childElementCount ?? 0) > 0, undefined, { timeout: 15_000 });
    if (socket) await socket;
    await page.waitForTimeout(500);
    violations.push(...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])));
    return { violations, page };
  }

  it("loads the lobby, a seat's page and a spectator's page with no violation", async () => {
    const { violations } = await visit("/", false);
    expect(violations).toEqual([]);
    const created = await fetch(`${base}/api/matches`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ruleset: "siege", scenario: "ledger", players: [{ name: "Ada", team: "attack" }, { name: "Bo", team: "defence" }] }),
    });
    expect(created.status).toBe(201);
    const match = (await created.json()) as { matchId: string; seats: { inviteUrl: string }[] };
    const invite = new URL(match.seats[0]!.inviteUrl);
    expect((await visit(`${invite.pathname}${invite.hash}`, true)).violations).toEqual([]);
    expect((await visit(`/watch/${match.matchId}`, true)).violations).toEqual([]);
  });

  it("opens a table of every ruleset against the bot, and its review, with its styles and no violation", async () => {
    const { violations, page } = await visit("/", false);
    // A table may ask its question with the browser's own confirmation dialog.
    page.on("dialog", (dialog) => void dialog.accept());
    /** Moves the violations the current document saw into `violations` (a navigation starts a new list). */
    const collect = async () => violations.push(...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])));
    const form = page.locator("form.play-bot");
    const rulesets = form.locator('[role="radiogroup"] input[type="radio"]');
    await rulesets.first().waitFor();
    const count = await rulesets.count();
    expect(count).toBeGreaterThanOrEqual(4);
    const roots = new Set<string>();
    for (let i = 0; i < count; i++) {
      if (i > 0) {
        await collect();
        await page.goto(`${base}/`);
      }
      await rulesets.nth(i).check();
      await form.locator('button[type="submit"]').click();
      await page.waitForURL(/\/play\/[a-z0-9]+/);
      const matchId = new URL(page.url()).pathname.split("/")[2]!;
      // The shared and the ruleset's style sheets apply: a two-column grid in a flex column.
      const grid = page.locator(".table-grid").first();
      await grid.waitFor();
      expect(await grid.evaluate((e) => getComputedStyle(e).display)).toBe("grid");
      const root = await grid.evaluate((e) => ({ name: e.parentElement?.className ?? "", display: e.parentElement ? getComputedStyle(e.parentElement).display : "" }));
      expect(root.display).toBe("flex");
      roots.add(root.name);
      // The seat concedes (after the shell's confirmation, where the table asks one), so the review replays the match.
      await page.locator("button.concede").first().click();
      const confirm = page.locator(".concede-confirm button.danger");
      if (await confirm.isVisible({ timeout: 2_000 }).catch(() => false)) await confirm.click();
      for (let wait = 0; (await server.store.getMatch(matchId))?.status !== "finished"; wait++) {
        if (wait > 100) throw new Error(`match ${matchId} did not finish after the concession`);
        await page.waitForTimeout(100);
      }
      await collect();
      await page.goto(`${base}/review/${matchId}`);
      await page.locator(".review-page").waitFor();
      await page.waitForTimeout(500);
    }
    await collect();
    expect(roots.size).toBe(count);
    expect(violations).toEqual([]);
  });

  it("ships no source maps", () => {
    expect(readdirSync(join(DIST, "assets")).filter((f) => f.endsWith(".map"))).toEqual([]);
  });
});
