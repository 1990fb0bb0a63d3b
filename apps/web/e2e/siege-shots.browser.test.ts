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
import { RandomBot } from "@fogwar/engine";
import { legalCommandsInView, siegeBotPolicy, type SiegeCommand, type SiegeView } from "@fogwar/siege";
import type { RunningServer } from "@fogwar/server";
import { TestClient } from "@fogwar/server/testing";
import { HAVE_CHROMIUM, IN_CI, claimSeats, closeWebSuite, fitsAndShoot, openWebSuite } from "./support";

jest.setTimeout(400_000);

const run = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;

run("Siege's pages at the documented moments fit their windows, at 1280 and 390 px, in English and Korean", () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  let ws: string;
  let shots = "";
  let matchId = "";
  const seats: Record<string, { url: string; token: string }> = {};
  const errors: string[] = [];

  /** A new 1 v 1 match on the ledger (Alice attacks, Bora defends), its seats claimed. */
  async function newMatch(): Promise<void> {
    const body = { ruleset: "siege", scenario: "ledger", players: [{ name: "Alice", team: "attack" }, { name: "Bora", team: "defence" }], options: { spectatorDelay: 0 } };
    const response = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`create: ${response.status} ${await response.text()}`);
    const created = await claimSeats(base, (await response.json()) as { matchId: string; seats: { seat: string; inviteUrl: string }[] });
    matchId = created.matchId;
    for (const s of created.seats) seats[s.seat] = { url: s.inviteUrl, token: s.token };
  }

  beforeAll(async () => {
    shots = process.env.FOGWAR_SCREENSHOTS ?? "";
    if (shots) mkdirSync(shots, { recursive: true });
    ({ server, browser, base, ws } = await openWebSuite());
    await newMatch();
  }, 240_000);

  afterAll(async () => {
    await closeWebSuite({ browser, server });
  });

  /**
   * Random bots play through the seats' connections until `found` holds for some seat (its
   * projection, its legal commands); returns that seat. The dice are the server's, so a match can
   * end before the moment comes: then a new match is played, up to five.
   */
  async function playUntil(found: (view: SiegeView, legal: SiegeCommand[]) => boolean, seed: string, max = 1500): Promise<string> {
    for (let match = 0; match < 5; match++) {
      const clients = await Promise.all(Object.keys(seats).map((seat) => TestClient.join(ws, matchId, { seat, token: seats[seat]!.token }))).catch(() => null);
      if (!clients) {
        await newMatch();
        continue;
      }
      const legal = (c: TestClient) => legalCommandsInView(c.projection() as SiegeView, c.seat!).filter((cmd) => cmd.type !== "concede");
      const bots = new Map(clients.map((c) => [c.seat!, new RandomBot<SiegeCommand>(`${seed}-${match}-${c.seat}`, siegeBotPolicy)]));
      try {
        for (let k = 0; k < max; k++) {
          const asked = clients.find((c) => found(c.projection() as SiegeView, legal(c)));
          if (asked) return asked.seat!;
          const mover = clients.find((c) => legal(c).length > 0);
          if (!mover) break; // the match is over
          const command = bots.get(mover.seat!)!.choose(legal(mover))!;
          const answer = await mover.command(command, `${seed}-${match}-${k}`);
          if (answer.type !== "accepted") throw new Error(JSON.stringify(answer.payload));
          await Promise.all(clients.map((c) => c.until(() => c.seq >= answer.payload.seq, "the new state")));
        }
      } finally {
        for (const c of clients) await c.leave();
      }
      await newMatch();
    }
    throw new Error(`${seed}: the moment never came in five matches`);
  }

  /** Checks that `page` fits its window (nothing cut sideways) and saves it as `file` when screenshots are wanted. */
  async function open(seat: string, width: number, language: "en" | "ko"): Promise<Page> {
    const phone = width < 500;
    const context = await browser.newContext({ locale: language === "ko" ? "ko-KR" : "en-US", viewport: { width, height: phone ? 844 : 800 }, ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}) });
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(`${seat} ${width} ${language}: ${String(error)}`));
    await page.goto(seats[seat]!.url);
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
    const seat = await playUntil((view, legal) => view.pending?.kind === "reaction" && legal.length > 0 && legal.every((c) => c.type === "react" || c.type === "hold"), "siege-shots-reaction");
    await atEachWindow(seat, "reaction", async (page, file) => {
      // Both answers (each watcher's "... fires a reaction shot", "Hold fire") inside the bar's visible box and the window.
      await page.locator(".action-bar .answers button[data-kind=hold]").waitFor({ timeout: 20_000 });
      const shown = await outOfSight(page, ".action-bar .answers button[data-kind]");
      expect([file, shown.count >= 2, shown.out]).toEqual([file, true, []]);
    });
  });

  test("a reroll asked of the shooting team: Reroll, Keep the dice and the main button in the bar's sight, on a phone and a desktop, in English and Korean", async () => {
    const seat = await playUntil((view, legal) => view.pending?.kind === "reroll" && legal.some((c) => c.type === "keep"), "siege-shots-reroll");
    await atEachWindow(seat, "reroll", async (page, file) => {
      await page.locator(".action-bar .siege-controls .command-list button.primary").waitFor({ timeout: 20_000 });
      const shown = await outOfSight(page, ".action-bar .siege-controls .kinds button, .action-bar .siege-controls .command-list button.primary");
      expect([file, shown.count >= 3, shown.out]).toEqual([file, true, []]);
    });
  });

  test("a shot's odds before it is rolled: the shooter's kind chosen, the odds of each target in the bar, on a phone and a desktop, in English and Korean", async () => {
    const seat = await playUntil((view, legal) => !view.pending && legal.some((c) => c.type === "shoot"), "siege-shots-odds");
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
