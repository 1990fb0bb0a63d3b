/**
 * The tactical TRPG (seed 002) in a real browser (playwright-core driving Debian's Chromium)
 * against the real server (in-process, in-memory database, serving apps/web/dist):
 *  1. a three-seat game-master match made with the lobby's TRPG form on the Proving Ground (the
 *     master, two players): each opens its invite link; the concealed lookout of the encounter is
 *     absent from both players' and a spectator's HTML, accessible text and WebSocket frames, and
 *     shown on the game master's page; players end their turns through the UI, the master plays the
 *     lookout's delayed turn in the round-end step and ends the round; still nothing of it reaches a
 *     player; screenshots at 1280 and 390 px, in English and Korean; the master concedes and the
 *     review shows everything (the lookout too) and, from p1's perspective, what p1 saw;
 *  2. a newcomer runs a solo scenario from the lobby: "Play against the bot", the TRPG on the
 *     quarry (22 x 14), one click to the table as the whole party; at 1280 x 800 the party's own
 *     characters are on the unscrolled screen and a shot shows its odds before the confirmation;
 *     at 390 x 844, picking a square folds the action bar so the whole board is in sight above it;
 *     the bot plays the enemies; the person plays on until the bot has taken its turns, then
 *     concedes and sees the result.
 * Every page shown fits its window (no sideways scrolling, no box holding more than its width shows) at 1280 and 390 px.
 * Screenshots go to a fresh folder under the OS temp dir (FOGWAR_SCREENSHOTS overrides it).
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, type Page } from "playwright-core";
import type { RunningServer } from "@fogwar/server";
import { CHROMIUM, HAVE_CHROMIUM, IN_CI, closeWebSuite, openWebSuite, eventually, sidewaysBoxes } from "./support";

jest.setTimeout(240_000);

const title = HAVE_CHROMIUM ? "the TRPG in Chromium: a three-seat game-master match with a concealed enemy kept from the players, and solo play from the lobby" : `SKIPPED TRPG browser tests: no Chromium at ${CHROMIUM}`;
const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;

interface Seat {
  readonly name: string;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly frames: string[];
  readonly errors: string[];
}

async function open(browser: Browser, name: string, width = 1280): Promise<Seat> {
  const context = await browser.newContext({ locale: "en-US", viewport: { width, height: 1000 } });
  const page = await context.newPage();
  const seat: Seat = { name, context, page, frames: [], errors: [] };
  page.on("websocket", (ws) => ws.on("framereceived", ({ payload }) => seat.frames.push(typeof payload === "string" ? payload : Buffer.from(payload).toString("latin1"))));
  page.on("pageerror", (error) => seat.errors.push(String(error)));
  return seat;
}

/** Everything a reader gets from the page: its text and the accessible names, labels and titles. */
const readableText = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const attrs = ["aria-label", "title", "placeholder", "alt"];
    const values = attrs.flatMap((a) => [...document.querySelectorAll(`[${a}]`)].map((e) => e.getAttribute(a) ?? ""));
    const titles = [...document.querySelectorAll("title")].map((e) => e.textContent ?? "");
    return [document.body.innerText, ...values, ...titles].join("\n");
  });

/** How far the page reaches past its window's right edge, in CSS px (0: no sideways scrolling). */
const overflow = async (page: Page): Promise<number | string[]> => {
  const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const cut = await sidewaysBoxes(page);
  return cut.length > 0 ? cut : wider;
};

suite(title, () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  let shots: string;
  const opened: Seat[] = [];

  beforeAll(async () => {
    shots = process.env.FOGWAR_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), "fogwar-trpg-e2e-"));
    mkdirSync(shots, { recursive: true });
    ({ server, browser, base } = await openWebSuite({ botDelayMs: 200 }));
  }, 180_000);

  afterAll(async () => {
    for (const s of opened) await s.context.close().catch(() => undefined);
    await closeWebSuite({ browser, server });
    console.log(`TRPG screenshots: ${shots}`);
  });

  test("seed 002 3-3: a three-seat game-master match; the hidden lookout never reaches a player's page, text or frames, and the master sees and plays it", async () => {
    const lobby = await open(browser, "lobby");
    opened.push(lobby);
    // The TRPG's form loads when the game is chosen (here in the address).
    await lobby.page.goto(`${base}/?game=trpg`);
    const form = lobby.page.locator("form.create-trpg");
    await form.waitFor();
    await form.getByLabel("Scenario").selectOption("proving_ground");
    await form.getByLabel("Game master's name").fill("Mara");
    await form.getByLabel("Party players").selectOption("2");
    await form.screenshot({ path: join(shots, "trpg-lobby-form-1280.png") });
    await form.getByLabel("Player 1", { exact: true }).fill("Ada");
    await form.getByLabel("Player 2", { exact: true }).fill("Bo");
    await form.getByRole("button", { name: "Create match" }).click();
    await lobby.page.locator("#invite-p2").waitFor();
    const linkOf = (seat: string) => lobby.page.locator(`#invite-${seat}`).inputValue();
    const master = await open(browser, "gm");
    const ada = await open(browser, "p1");
    const bo = await open(browser, "p2");
    const watcher = await open(browser, "spectator");
    opened.push(master, ada, bo, watcher);
    await master.page.goto(await linkOf("gm"));
    await ada.page.goto(await linkOf("p1"));
    await bo.page.goto(await linkOf("p2"));
    await watcher.page.goto(await linkOf("spectator"));
    for (const s of [master, ada, bo, watcher]) await s.page.locator(".trpg-table .trpg-map").waitFor({ timeout: 30_000 });

    const outsiders = [ada, bo, watcher];
    const checkHidden = async (when: string) => {
      for (const s of outsiders) {
        const html = await s.page.content();
        expect([when, s.name, html.includes("Lookout"), html.includes("감시병"), html.includes('data-character="lookout"')]).toEqual([when, s.name, false, false, false]);
        const text = await readableText(s.page);
        expect([when, s.name, text.includes("Lookout"), text.includes("감시병")]).toEqual([when, s.name, false, false]);
        expect([when, s.name, s.frames.some((f) => f.includes("lookout"))]).toEqual([when, s.name, false]);
      }
    };
    await checkHidden("at the start");
    expect(await master.page.locator('[data-character="lookout"]').count()).toBe(1);
    expect(await readableText(master.page)).toContain("Lookout");
    expect(master.frames.some((f) => f.includes("lookout"))).toBe(true);
    for (const s of [master, ada, watcher]) expect([s.name, 1280, await overflow(s.page)]).toEqual([s.name, 1280, 0]);
    await master.page.screenshot({ path: join(shots, "trpg-gm-1280.png"), fullPage: true });
    await ada.page.screenshot({ path: join(shots, "trpg-player-1280.png"), fullPage: true });

    // Every turn ends through the UI until the round-end step; there the master plays the lookout.
    const seats = [master, ada, bo];
    let turns = 0;
    await eventually("the round-end step", async () => {
      for (const s of seats) {
        const end = s.page.getByRole("button", { name: "End the turn" });
        if ((await end.count()) > 0 && (await end.isEnabled())) {
          await end.click();
          turns++;
          await s.page.waitForTimeout(300);
        }
      }
      return (await master.page.locator("section.round-end").count()) > 0;
    }, 60_000);
    expect(turns).toBeGreaterThanOrEqual(2);
    const roundEnd = master.page.locator("section.round-end");
    // The master picks the lookout when more than one enemy waited (the concealed sharpshooter too);
    // its delayed turn: Spot, added from step 3.
    const lookout = roundEnd.getByRole("button", { name: /lookout/i });
    if ((await lookout.count()) > 0) await lookout.first().click();
    await roundEnd.getByRole("button", { name: /^Spot/ }).click();
    await roundEnd.getByRole("button", { name: "Add" }).click();
    await roundEnd.locator(".delayed li").first().waitFor();
    expect(await ada.page.locator(".waiting-for").textContent()).toContain("round-end step");
    await master.page.screenshot({ path: join(shots, "trpg-gm-round-end-1280.png") });
    await roundEnd.getByRole("button", { name: "End the round" }).click();
    await eventually("round 2 on every page", async () => {
      const texts = await Promise.all([ada, bo, watcher].map((s) => s.page.locator(".trpg-table .summary h2").textContent()));
      return texts.every((t) => t?.includes("Round 2"));
    });
    await checkHidden("after the master's delayed turn");
    await ada.page.setViewportSize({ width: 390, height: 844 });
    expect(["p1", 390, await overflow(ada.page)]).toEqual(["p1", 390, 0]);
    await ada.page.screenshot({ path: join(shots, "trpg-player-390.png") });
    await ada.page.screenshot({ path: join(shots, "trpg-player-390-full.png"), fullPage: true });
    await ada.page.getByRole("button", { name: "한국어" }).click();
    await eventually("the table in Korean", async () => (await ada.page.locator(".trpg-table .summary h2").textContent())?.includes("라운드"));
    expect(["p1 in Korean", 390, await overflow(ada.page)]).toEqual(["p1 in Korean", 390, 0]);
    await ada.page.screenshot({ path: join(shots, "trpg-player-390-ko.png") });
    await checkHidden("in Korean");
    await master.page.setViewportSize({ width: 390, height: 844 });
    expect(["gm", 390, await overflow(master.page)]).toEqual(["gm", 390, 0]);
    await master.page.screenshot({ path: join(shots, "trpg-gm-390.png") });
    // The master concedes; the review then shows everything, the lookout too, and each perspective.
    await master.page.getByRole("button", { name: "Concede", exact: true }).click();
    await master.page.getByRole("button", { name: "Yes, concede" }).click();
    await ada.page.locator(".match-end").waitFor();
    await ada.page.getByRole("button", { name: "English" }).click();
    await ada.page.setViewportSize({ width: 1280, height: 1000 });
    await ada.page.getByRole("link", { name: "Review the match" }).click();
    const review = ada.page.locator(".trpg-review");
    await review.waitFor({ timeout: 30_000 });
    await eventually("the verified replay", async () => (await review.locator(".verify").getAttribute("data-ok")) === "true");
    expect(await review.locator('[data-character="lookout"]').count()).toBe(1);
    expect(["review", 1280, await overflow(ada.page)]).toEqual(["review", 1280, 0]);
    await ada.page.screenshot({ path: join(shots, "trpg-review-1280.png"), fullPage: true });
    await review.getByTestId("trpg-review-perspective").selectOption("p1");
    expect(await review.locator('[data-character="lookout"]').count()).toBe(0);
    for (const s of [master, ada, bo, watcher]) expect([s.name, s.errors]).toEqual([s.name, []]);
  });

  test("on a phone, the party's character whose turn begins while the page is open is brought into sight above the action bar (Proving Ground: the party stands at the map's bottom rows)", async () => {
    const context = await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    opened.push({ name: "phone", context, page, frames: [], errors: [] });
    await page.goto(base);
    const form = page.locator("form.play-bot");
    await form.waitFor();
    await form.getByRole("radio", { name: "Tactical TRPG" }).check();
    await form.getByLabel("Battlefield").selectOption("proving_ground");
    await form.getByRole("button", { name: "Play against the bot" }).click();
    const inSight = () =>
      page.evaluate(() => {
        const token = document.querySelector(".trpg-map .token.active")?.getBoundingClientRect();
        const bar = document.querySelector(".action-bar")!.getBoundingClientRect();
        return token ? { actor: document.querySelector(".trpg-map .token.active")!.getAttribute("data-character"), top: Math.round(token.top), bottom: Math.round(token.bottom), barTop: Math.round(bar.top) } : null;
      });
    // The page opens at its top on the party's first turn; each turn that begins afterwards, while the
    // page is open, brings its character on the screen, above the bar.
    await page.locator(".action-bar .turn-line.mine").waitFor({ timeout: 30_000 });
    const first = (await inSight())!.actor;
    await page.getByRole("button", { name: "End the turn" }).click();
    const seen: string[] = [first!];
    for (let turn = 0; turn < 2; turn++) {
      await eventually("the next character's turn, in sight above the bar", async () => {
        const at = await inSight();
        return at !== null && at.actor !== seen.at(-1) && at.top >= 0 && at.bottom <= at.barTop && (await page.locator(".action-bar .turn-line.mine").count()) > 0 && Boolean(seen.push(at.actor!));
      }, 60_000);
      // The turn's first buttons stand in the bar's sight, above its More-below cue, though the
      // bot's note and the last roll come first (on a phone the roll shows two lines until opened).
      const end = await page.evaluate(() => {
        const button = [...document.querySelectorAll(".action-bar button")].find((b) => b.textContent === "End the turn")!.getBoundingClientRect();
        const bar = document.querySelector(".action-bar")!.getBoundingClientRect();
        const cue = document.querySelector(".action-bar > .bar-more")?.getBoundingClientRect();
        return { top: Math.round(button.top), bottom: Math.round(button.bottom), barTop: Math.round(bar.top), limit: Math.round(cue ? cue.top : bar.bottom), roll: document.querySelector(".action-bar .last-roll") !== null };
      });
      expect([turn, end.top >= end.barTop && end.bottom <= end.limit, end]).toEqual([turn, true, end]);
      if (turn === 0) await page.screenshot({ path: join(shots, "table-trpg-turn-390-en.png") });
      await page.getByRole("button", { name: "End the turn" }).click();
    }
    expect(seen.length).toBe(3);
  });

  test("a newcomer plays a solo scenario from the lobby: one click to the table as the party, the bot plays the enemies, the person concedes and sees the result", async () => {
    const me = await open(browser, "solo", 1280);
    opened.push(me);
    await me.page.setViewportSize({ width: 1280, height: 800 });
    await me.page.goto(base);
    const form = me.page.locator("form.play-bot");
    await form.waitFor();
    await form.getByRole("radio", { name: "Tactical TRPG" }).check();
    // The quarry: the 22 x 14 board.
    await form.getByLabel("Battlefield").selectOption("quarry");
    await form.getByLabel("Bot level").selectOption("easy");
    await form.getByRole("button", { name: "Play against the bot" }).click();
    await me.page.locator(".trpg-table .trpg-map").waitFor({ timeout: 30_000 });
    expect(me.page.url()).not.toContain("token=");
    await me.page.locator(".action-bar .turn-line.mine").waitFor({ timeout: 30_000 });
    // 1280 x 800, unscrolled: every one of the player's own characters is on the screen.
    const ownTokens = () =>
      me.page.evaluate(() => ({ height: window.innerHeight, scrolled: window.scrollY, tokens: [...document.querySelectorAll(".trpg-map .token.side-party")].map((e) => Math.round(e.getBoundingClientRect().bottom)) }));
    const desk = await ownTokens();
    expect(desk.tokens.length).toBeGreaterThan(0);
    expect([desk.scrolled, desk.tokens.filter((bottom) => bottom > desk.height)]).toEqual([0, []]);
    await me.page.screenshot({ path: join(shots, "table-trpg-quarry-1280x800-en.png") });
    // The odds before a shot, with its confirmation (the first party character with a target in sight).
    let odds = 0;
    for (let i = 0; i < 6 && odds === 0; i++) {
      const shoot = me.page.getByRole("radio", { name: "Shoot" });
      if ((await shoot.count()) > 0) {
        await shoot.check();
        const target = me.page.locator(".trpg-map .token.pickable").first();
        if ((await target.count()) > 0) {
          await target.click();
          odds = await me.page.locator(".confirm [data-testid=trpg-odds]").count();
          break;
        }
      }
      await me.page.getByRole("button", { name: "End the turn" }).click();
      await me.page.locator(".action-bar .turn-line.mine").waitFor({ timeout: 30_000 });
    }
    expect(odds).toBeGreaterThan(0);
    expect(await me.page.locator(".confirm [data-testid=trpg-odds]").first().textContent()).toMatch(/PRC \+\d/);
    await me.page.locator(".confirm").scrollIntoViewIfNeeded();
    await me.page.screenshot({ path: join(shots, "table-trpg-odds-1280-en.png") });
    await me.page.getByRole("button", { name: "Cancel" }).click();
    // 390 x 844 while deciding: picking a square to move to folds the bar, and the whole board is in sight above it.
    // (Loaded afresh at that size, as a phone opens it: the board opens zoomed.)
    await me.page.setViewportSize({ width: 390, height: 844 });
    await me.page.reload();
    await me.page.locator(".action-bar .turn-line.mine").waitFor({ timeout: 30_000 });
    await me.page.getByRole("radio", { name: "Move" }).check();
    await eventually("the folded bar", async () => (await me.page.locator(".action-bar").getAttribute("data-folded")) === "true");
    await me.page.waitForTimeout(400);
    const phone = await me.page.evaluate(() => {
      const bar = document.querySelector(".action-bar")!.getBoundingClientRect();
      const board = document.querySelector(".trpg-table [data-testid=board-viewport]")!.getBoundingClientRect();
      return { barTop: Math.round(bar.top), boardTop: Math.round(board.top), boardBottom: Math.round(board.bottom) };
    });
    expect([phone.boardTop >= 0, phone.boardBottom <= phone.barTop]).toEqual([true, true]);
    await me.page.getByRole("button", { name: "한국어" }).click();
    await eventually("the table in Korean", async () => (await me.page.locator(".trpg-table .summary h2").textContent())?.includes("라운드"));
    await me.page.screenshot({ path: join(shots, "table-trpg-22x14-390-ko.png") });
    await me.page.getByRole("button", { name: "English" }).click();
    await eventually("the table in English", async () => (await me.page.locator(".trpg-table .summary h2").textContent())?.includes("Round"));
    await me.page.getByRole("button", { name: "Show actions ▴" }).click();
    // Play: end every turn the table offers until the bot has taken its turns (round 2 or later).
    await eventually("the bot's turns and a new round", async () => {
      const end = me.page.getByRole("button", { name: "End the turn" });
      if ((await end.count()) > 0) await end.click().catch(() => undefined);
      const h2 = await me.page.locator(".trpg-table .summary h2").textContent();
      return /Round [2-9]/.test(h2 ?? "");
    }, 60_000);
    const log = await me.page.locator(".dice-log").textContent();
    expect(log).toMatch(/ends the round|Round 2 begins/);
    expect(["solo", 390, await overflow(me.page)]).toEqual(["solo", 390, 0]);
    await me.page.screenshot({ path: join(shots, "trpg-solo-390.png") });
    await me.page.getByRole("button", { name: "Concede", exact: true }).click();
    await me.page.getByRole("button", { name: "Yes, concede" }).click();
    await me.page.locator(".match-end h2").waitFor();
    // Said once, by the match-end banner: the party conceded, so its seat lost.
    expect(await me.page.locator(".match-end h2").textContent()).toBe("You lose");
    expect(await me.page.locator(".trpg-table .result").count()).toBe(0);
    expect(me.errors).toEqual([]);
  });
});
