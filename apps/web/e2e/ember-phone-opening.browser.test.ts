/**
 * The EMBER board on a phone (390 x 844, Korean) in Chromium (playwright-core against the
 * in-process server): a match whose first seat deployed its units on both outer columns (a and l,
 * in turn), the rest played by seeded random bots, opened at its first plan by each seat:
 *  - every one of the seat's own units is drawn inside the board's frame (at 40 px squares about
 *    ten of the twelve columns fit, and a mech on column a or l opened out of sight);
 *  - no tactical zone's label is cut by the frame's left or right edge ("A: 0 승점" on column a read
 *    "점"; the frame may scroll a label's row out of sight up or down, never half a label sideways).
 * With FOGWAR_SCREENSHOTS set to a folder, screenshots go there (table-ember-opening-*.png).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser } from "playwright-core";
import { RandomBot, type BotPolicy } from "@fogwar/engine";
import { catalog, emberBotPolicy, legalCommandsInView } from "@fogwar/ember";
import type { RunningServer } from "@fogwar/server";
import { TestClient } from "@fogwar/server/testing";
import { CHROMIUM, HAVE_CHROMIUM, IN_CI, claimSeats, closeWebSuite, openWebSuite } from "./support";

jest.setTimeout(240_000);

type Seat = { seat: string; token: string; inviteUrl: string };
type Command = { type: string; at?: { x: number; y: number }; hidden?: unknown };

const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;

suite(HAVE_CHROMIUM ? "the EMBER board opens on a phone with the seat's own units and every zone label in its frame" : `SKIPPED: no Chromium at ${CHROMIUM}`, () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  let ws: string;
  const shots = process.env.FOGWAR_SCREENSHOTS ?? "";

  beforeAll(async () => {
    if (shots) mkdirSync(shots, { recursive: true });
    ({ server, browser, base, ws } = await openWebSuite());
  }, 180_000);

  afterAll(async () => {
    await closeWebSuite({ browser, server });
  });

  /** A Crossroads match brought to its first plan, its first seat deploying on columns a and l in turn; its seats. */
  async function spreadMatch(): Promise<Seat[]> {
    const response = await fetch(`${base}/api/matches`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ruleset: "ember", scenario: "crossroads", players: [{ name: "Ana", army: catalog.data.armies[0] }, { name: "Bo", army: catalog.data.armies[2] }], options: { spectatorDelay: 0 } }),
    });
    const created = await claimSeats(base, (await response.json()) as { matchId: string; seats: { seat: string; inviteUrl: string }[] });
    const seats = created.seats.map((s) => ({ ...s, token: new URLSearchParams(new URL(s.inviteUrl).hash.slice(1)).get("token")! }));
    const clients = await Promise.all(seats.map((s) => TestClient.join(ws, created.matchId, { seat: s.seat, token: s.token })));
    const random = new Map(clients.map((c) => [c.seat!, new RandomBot<{ type: string }>(`opening-${c.seat}`, emberBotPolicy as unknown as BotPolicy<{ type: string }>)]));
    let deployed = 0;
    try {
      for (let n = 0; n < 300; n++) {
        const view = clients[0]!.projection() as { phase?: string };
        if (view.phase === "plan") return seats;
        const mover = clients.find((c) => legalCommandsInView(c.projection() as never, c.seat!).length > 0);
        if (!mover) throw new Error(`nobody can move (phase ${view.phase})`);
        const legal = legalCommandsInView(mover.projection() as never, mover.seat!) as Command[];
        const deploys = legal.filter((c) => c.type === "deploy" && !c.hidden);
        let command = random.get(mover.seat!)!.choose(legal)!;
        if (mover === clients[0] && deploys.length > 0) {
          const xs = deploys.map((c) => c.at!.x);
          const wanted = deployed++ % 2 === 0 ? Math.min(...xs) : Math.max(...xs);
          command = deploys.find((c) => c.at!.x === wanted)!;
        }
        const answer = await mover.command(command, `opening-${n}`);
        if (answer.type !== "accepted") throw new Error(JSON.stringify(answer.payload));
        await Promise.all(clients.map((c) => c.until(() => c.seq >= answer.payload.seq, "the new state")));
      }
      throw new Error("no plan phase");
    } finally {
      for (const c of clients) await c.leave();
    }
  }

  test("at the first plan, on a phone in Korean, each seat's board opens with all its own units and every zone label in the frame", async () => {
    const seats = await spreadMatch();
    for (const seat of seats) {
      const context = await browser.newContext({ locale: "ko-KR", viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.goto(seat.inviteUrl);
      await page.locator("[data-testid=board]").waitFor({ timeout: 20_000 });
      await page.waitForTimeout(600);
      if (shots) await page.screenshot({ path: join(shots, `table-ember-opening-${seat.seat}-390-ko.png`) });
      const seen = await page.evaluate((seat) => {
        const frame = document.querySelector("[data-testid=board-viewport]")!.getBoundingClientRect();
        const beside = (r: DOMRect) => r.left < frame.left - 0.5 || r.right > frame.right + 0.5;
        const outside = (r: DOMRect) => beside(r) || r.top < frame.top - 0.5 || r.bottom > frame.bottom + 0.5;
        const units = [...document.querySelectorAll<SVGGElement>(`.ember-board g.unit[data-owner="${seat}"]`)];
        const labels = [...document.querySelectorAll<SVGTextElement>(".ember-board text.zone-label")];
        return {
          units: units.length,
          unitsOutside: units.filter((g) => outside(g.getBoundingClientRect())).map((g) => g.getAttribute("data-unit")),
          labels: labels.map((l) => l.textContent),
          labelsCut: labels.filter((l) => beside(l.getBoundingClientRect())).map((l) => l.textContent),
          zoom: document.querySelector<HTMLElement>("[data-testid=board-viewport]")!.dataset.zoom,
        };
      }, seat.seat);
      expect(seen.units).toBeGreaterThan(1);
      expect(seen.labels).toHaveLength(9);
      expect(seen.labels.join(" ")).toMatch(/승점/);
      expect({ seat: seat.seat, unitsOutside: seen.unitsOutside, labelsCut: seen.labelsCut }).toEqual({ seat: seat.seat, unitsOutside: [], labelsCut: [] });
      expect(Number(seen.zoom)).toBeGreaterThanOrEqual(1);
      await context.close();
    }
  });
});
