/**
 * A ruleset joins the web app by its adapter alone: the dial-duel fixture (@fogwar/engine/testing;
 * its table in src/rulesets/dial-duel, found by the registry with no shared file naming it) is
 * hosted by a test server through its server host alone (`hostRulesets`), and played to its end
 * in a real browser (playwright-core driving Debian's Chromium) by two seat pages, with a spectator
 * page watching. While a seat's locked number is unrevealed (dial-duel 2-3), no other page shows
 * it, and no other page's WebSocket frames carry the salt that opens its commitment.
 */
import { type Browser, type BrowserContext, type Page } from "playwright-core";
import { deriveSalt } from "@fogwar/engine";
import { dialLabel } from "@fogwar/engine/testing";
import type { RunningServer } from "@fogwar/server";
import { hostRulesets } from "@fogwar/server/hosts";
import { carries, dialDuelHost, DUEL_SCENARIO } from "@fogwar/server/testing";
import { HAVE_CHROMIUM, IN_CI, claimSeats, closeWebSuite, openWebSuite } from "./support";

jest.setTimeout(300_000);

interface Viewer {
  readonly name: string;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly frames: Buffer[];
  readonly errors: string[];
}

const run = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;

run("a fixture ruleset in the browser, by its adapters alone", () => {
  let server: RunningServer;
  let browser: Browser;
  const viewers: Viewer[] = [];

  beforeAll(async () => {
    hostRulesets([dialDuelHost]);
    ({ server, browser } = await openWebSuite());
  }, 240_000);

  afterAll(async () => {
    for (const viewer of viewers) await viewer.context.close().catch(() => undefined);
    await closeWebSuite({ browser, server });
  });

  async function open(name: string, url: string): Promise<Viewer> {
    const context = await browser.newContext({ locale: "en-US", viewport: { width: 1000, height: 800 } });
    const page = await context.newPage();
    const viewer: Viewer = { name, context, page, frames: [], errors: [] };
    page.on("websocket", (ws) => ws.on("framereceived", ({ payload }) => viewer.frames.push(typeof payload === "string" ? Buffer.from(payload) : Buffer.from(payload))));
    page.on("pageerror", (error) => viewer.errors.push(String(error)));
    viewers.push(viewer);
    await page.goto(url);
    await page.locator(".dial-duel-table h2").waitFor({ timeout: 30_000 });
    return viewer;
  }

  test("dial-duel 1-6: two seat pages play to the end; neither the other seat's page nor the spectator's shows a number or carries its salt before its reveal", async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const response = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ruleset: "dial-duel", scenario: DUEL_SCENARIO, players: [{ name: "Ana" }, { name: "Bo" }] }) });
    expect(response.status).toBe(201);
    const created = await claimSeats(base, (await response.json()) as { matchId: string; seats: { seat: string; inviteUrl: string }[] });
    const seed = (await server.store.getSeed(created.matchId)) as string;
    const seats = new Map<string, Viewer>();
    for (const s of created.seats) seats.set(s.seat, await open(s.seat, s.inviteUrl));
    const watcher = await open("spectator", `${base}/watch/${created.matchId}`);
    const everyone = [...seats.values(), watcher];
    // p1 always locks 5 and p2 always 2: p1 wins two rounds.
    const pick: Record<string, number> = { p1: 5, p2: 2 };
    const unrevealed = new Map<string, { round: number; number: number }>();
    let checked = 0;
    for (let step = 0; step < 30; step++) {
      if ((await watcher.page.locator(".dial-duel-table .result").count()) > 0 && (await seats.get("p1")!.page.locator(".dial-duel-table .result").count()) > 0) break;
      // The seat whose page offers a command (its own legal commands, from its projection).
      let actor: [string, Viewer] | undefined;
      for (let tries = 0; !actor && tries < 100; tries++) {
        for (const entry of seats) if ((await entry[1].page.locator(".dial-duel-table .actions button").count()) > 0) actor = entry;
        if (!actor) await new Promise((r) => setTimeout(r, 100));
      }
      if (!actor) break;
      const [seat, viewer] = actor;
      const round = Number(/Round (\d+)/.exec(await viewer.page.locator(".dial-duel-table h2").innerText())?.[1]);
      const lock = viewer.page.locator(".dial-duel-table .actions").getByRole("button", { name: `Lock ${pick[seat]}` });
      const button = (await lock.count()) > 0 ? lock : viewer.page.locator(".dial-duel-table .actions button").first();
      const label = await button.innerText();
      await button.click();
      await viewer.page.locator(".dial-duel-table .actions").getByRole("button", { name: label, exact: true }).waitFor({ state: "detached", timeout: 10_000 });
      if (label.startsWith("Lock")) {
        unrevealed.set(seat, { round, number: pick[seat]! });
        await viewer.page.locator(`.dial-duel-table li[data-seat=${seat}]`).getByText(`dial ${pick[seat]}`).waitFor();
        // The others learn that it is locked, and nothing more.
        for (const other of everyone.filter((v) => v !== viewer)) await other.page.locator(`.dial-duel-table li[data-seat=${seat}]`).getByText("locked").waitFor();
      }
      if (label === "Reveal") unrevealed.delete(seat);
      for (const [owner, dial] of unrevealed) {
        const salt = deriveSalt(seed, dialLabel(dial.round, owner));
        for (const other of everyone.filter((v) => v.name !== owner)) {
          const text = await other.page.locator(`.dial-duel-table li[data-seat=${owner}]`).innerText();
          expect([other.name, owner, text]).toEqual([other.name, owner, expect.not.stringMatching(/dial/)]);
          expect([other.name, owner, carries(Buffer.concat(other.frames), salt)]).toEqual([other.name, owner, false]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
    for (const viewer of everyone) {
      await viewer.page.locator(".dial-duel-table .result").getByText("Winner: p1").waitFor({ timeout: 10_000 });
      // After the reveals every page shows both numbers.
      await viewer.page.locator(".dial-duel-table li[data-seat=p2]").getByText("dial 2 revealed").waitFor();
      expect(viewer.errors).toEqual([]);
    }
  });
});
