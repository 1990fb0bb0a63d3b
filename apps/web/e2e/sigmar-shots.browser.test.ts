/**
 * Age of Sigmar's pages at the moments docs/screenshots shows, in a real browser (playwright-core
 * driving Debian's Chromium) against the real server: the muster (a list too expensive, its problem
 * in words), the first battle round (each seat, a spectator, the units' rows), the odds of a shot
 * before it is rolled, a later combat phase, and the review of the finished battle; at 1280 x 800
 * and on a 390 x 844 phone, in English and Korean. Random bots play the seats between the moments.
 * Every page fits its window (no sideways scrolling, no box holding more than its width shows) and throws nothing. With FOGWAR_SCREENSHOTS set
 * to a folder the pages are saved there under the names docs/screenshots uses; without it none are.
 */
import { mkdirSync } from "node:fs";
import { type Browser, type Page } from "playwright-core";
import { chooseWithTemplates, Random, RandomBot, rngStateFromSeed } from "@fogwar/engine";
import { legalCommandsInView, sigmarBotPolicy, templatesInView, type SigmarCommand, type SigmarView } from "@fogwar/sigmar";
import type { RunningServer } from "@fogwar/server";
import { TestClient } from "@fogwar/server/testing";
import { HAVE_CHROMIUM, IN_CI, claimSeats, closeWebSuite, fitsAndShoot, openWebSuite } from "./support";

jest.setTimeout(600_000);

const run = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;

run("Age of Sigmar's pages at the documented moments fit their windows, at 1280 and 390 px, in English and Korean", () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  let ws: string;
  let shots = "";
  let matchId = "";
  const seats: Record<string, { url: string; token: string }> = {};
  const errors: string[] = [];
  const fills = new Random(rngStateFromSeed("sigmar-shots", "fill"));
  const bots = new Map<string, RandomBot<SigmarCommand>>();
  let n = 0;

  beforeAll(async () => {
    shots = process.env.FOGWAR_SCREENSHOTS ?? "";
    if (shots) mkdirSync(shots, { recursive: true });
    ({ server, browser, base, ws } = await openWebSuite());
    await newMatch();
  }, 240_000);

  /** Creates a match of Ana (p1) against Bo (p2) on the sample battleplan, seats claimed, and makes it the one the moments play. */
  async function newMatch(): Promise<void> {
    const response = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ruleset: "sigmar", scenario: "sundered_causeway", players: [{ name: "Ana" }, { name: "Bo" }], options: { spectatorDelay: 0 } }) });
    const created = await claimSeats(base, (await response.json()) as { matchId: string; seats: { seat: string; inviteUrl: string }[] });
    matchId = created.matchId;
    for (const s of created.seats) seats[s.seat] = { url: s.inviteUrl, token: s.token };
  }

  afterAll(async () => {
    await closeWebSuite({ browser, server });
  });

  /**
   * Random bots play through the seats' connections until `done` holds for p1's projection (at most
   * `max` commands): true then, false when the battle ends first or had ended (the dice come from
   * the match's secret seed, so a battle may end before a wanted moment).
   */
  async function playUntil(done: (view: SigmarView, legal: (seat: string) => SigmarCommand[]) => boolean, max = 3000): Promise<boolean> {
    let clients: TestClient[];
    try {
      clients = await Promise.all(["p1", "p2"].map((seat) => TestClient.join(ws, matchId, { seat, token: seats[seat]!.token })));
    } catch (error) {
      if (String(error).includes("match_over")) return false;
      throw error;
    }
    const legal = (seat: string) => legalCommandsInView(clients.find((c) => c.seat === seat)!.projection() as SigmarView, seat).filter((c) => c.type !== "concede");
    try {
      for (let k = 0; k < max; k++) {
        const seen = clients[0]!.projection() as SigmarView;
        if (done(seen, legal)) return true;
        if (seen.phase === "finished") return false;
        const mover = clients.find((c) => legal(c.seat!).length > 0);
        if (!mover) throw new Error("nobody can move");
        const view = mover.projection() as SigmarView;
        const bot = bots.get(mover.seat!) ?? new RandomBot<SigmarCommand>(`shots-${mover.seat}`, sigmarBotPolicy);
        bots.set(mover.seat!, bot);
        const command = chooseWithTemplates(bot, fills, legal(mover.seat!), templatesInView(view, mover.seat!), () => false)!;
        const answer = await mover.command(command, `shots-${n++}`);
        if (answer.type !== "accepted") throw new Error(JSON.stringify(answer.payload));
        await Promise.all(clients.map((c) => c.until(() => c.seq >= answer.payload.seq, "the new state")));
      }
      throw new Error("the wanted moment never came");
    } finally {
      for (const c of clients) await c.leave();
    }
  }

  /** Opens `path` (a seat's link, or a path on the server) at `width` in `language`: a phone (touch, 2x) below 500 px. */
  async function open(path: string, width: 1280 | 390, language: "en" | "ko", ready = "svg.sigmar-map"): Promise<Page> {
    const phone = width < 500;
    const context = await browser.newContext({ locale: language === "ko" ? "ko-KR" : "en-US", viewport: { width, height: phone ? 844 : 800 }, ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}) });
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(`${path} ${width} ${language}: ${String(error)}`));
    await page.goto(path.startsWith("http") ? path : `${base}${path}`);
    await page.locator(ready).first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(400);
    return page;
  }

  /** Checks that `page` fits its window, saves it as `file` when screenshots are wanted, and closes it. */
  const shoot = (page: Page, file: string, fullPage = false) => fitsAndShoot(page, file, shots, fullPage);

  test("the muster: each seat's list builder, and a list 280 points over the limit says so in words", async () => {
    const p1 = await open(seats.p1!.url, 1280, "en");
    await shoot(p1, "muster-sigmar-p1-1280-en.png", true);
    for (let i = 0; i < 3; i++) await p1.getByRole("button", { name: "Add", exact: true }).click();
    await p1.locator(".list-problems").getByText("This list cannot be locked:").waitFor();
    await shoot(p1, "muster-sigmar-p1-1280-en-problems.png", true);
    await p1.context().close();
    const phone = await open(seats.p1!.url, 390, "ko");
    for (let i = 0; i < 3; i++) await phone.getByRole("button", { name: "추가", exact: true }).click();
    const problems = phone.locator(".list-problems");
    await problems.getByText("이 리스트는 잠글 수 없습니다:").waitFor();
    await problems.evaluate((e) => e.scrollIntoView({ block: "center" }));
    await shoot(phone, "muster-sigmar-p1-390-ko-problems.png");
    await phone.context().close();
    const p2 = await open(seats.p2!.url, 390, "ko");
    await shoot(p2, "muster-sigmar-p2-390-ko.png", true);
    await p2.context().close();
  });

  test("the first battle round: each seat at 1280 and on a phone, in English and Korean, a spectator, and the units' rows", async () => {
    expect(await playUntil((v) => v.phase === "battle" && v.step === "movement" && v.active === "p1" && !v.pending)).toBe(true);
    for (const language of ["en", "ko"] as const) {
      const p1 = await open(seats.p1!.url, 1280, language);
      await shoot(p1, `table-sigmar-p1-1280-${language}.png`, language === "en");
      if (language === "en") {
        await p1.locator(".action-bar").scrollIntoViewIfNeeded();
        await shoot(p1, "table-sigmar-p1-1280-en-rows.png");
      }
      await p1.context().close();
      const p2 = await open(seats.p2!.url, 390, language);
      await shoot(p2, `table-sigmar-p2-390-${language}.png`);
      await p2.context().close();
    }
    const rows = await open(seats.p1!.url, 390, "en");
    await rows.evaluate(() => window.scrollTo(0, document.querySelector(".board-column")!.getBoundingClientRect().bottom + window.scrollY - 200));
    await rows.locator(".action-bar").evaluate((bar) => {
      const row = bar.querySelector(".unit-row");
      if (row) bar.scrollTop += row.getBoundingClientRect().top - bar.getBoundingClientRect().top - 60;
    });
    await shoot(rows, "table-sigmar-p1-390-en-rows.png");
    await rows.context().close();
    const watcher = await open(`/watch/${matchId}`, 1280, "en");
    await shoot(watcher, "table-sigmar-spectator-1280-en.png", true);
    await watcher.context().close();
  });

  test("the odds of a shot before it is rolled, at 1280 in English and on a phone in Korean", async () => {
    // About one battle in thirty of random bots ends without p1 ever having a target: then a new one.
    const shot = (v: SigmarView, legal: (seat: string) => SigmarCommand[]) => v.phase === "battle" && v.step === "shooting" && v.active === "p1" && !v.pending && legal("p1").some((c) => c.type === "shoot");
    for (let battles = 1; !(await playUntil(shot)); battles++) {
      if (battles === 4) throw new Error("four battles ended without p1 having a shot");
      await newMatch();
    }
    for (const [width, language] of [[1280, "en"], [390, "ko"]] as const) {
      const page = await open(seats.p1!.url, width, language);
      await page.locator(".action-bar .ready-units button").first().click();
      const odds = page.locator(".odds").first();
      await odds.waitFor({ timeout: 10_000 });
      await odds.scrollIntoViewIfNeeded();
      await shoot(page, `table-sigmar-p1-${width}-${language}-odds.png`);
      await page.context().close();
    }
  });

  test("a later combat phase: p1 at 1280 and p2's phone, in English and Korean", async () => {
    await playUntil((v) => v.round >= 2 && v.step === "combat" && !v.pending);
    for (const language of ["en", "ko"] as const) {
      const p1 = await open(seats.p1!.url, 1280, language);
      await shoot(p1, `table-sigmar-combat-p1-1280-${language}.png`);
      await p1.context().close();
      const p2 = await open(seats.p2!.url, 390, language);
      await p2.evaluate(() => window.scrollTo(0, document.querySelector(".board-column")!.getBoundingClientRect().top + window.scrollY - 10));
      await shoot(p2, `table-sigmar-combat-p2-390-${language}.png`);
      await p2.context().close();
    }
  });

  test("the review of the finished battle, verified in the browser", async () => {
    await playUntil((v) => v.phase === "finished", 6000);
    const page = await open(`/review/${matchId}`, 1280, "en", "[data-testid=sigmar-review]");
    await page.locator('.verify[data-ok="true"]').waitFor({ timeout: 60_000 });
    await shoot(page, "review-sigmar-1280-en.png", true);
    await page.context().close();
    expect(errors).toEqual([]);
  });
});
