/**
 * The lobby's online play in Chromium against the real server: a signed-out visitor plays as a
 * guest without leaving the lobby and opens a rated table; a second guest (another browser
 * context) sees the table appear without reloading, with its terms, and takes it; both land on
 * the new match's table, each at its own seat; the table leaves the list. No CSP violation on the
 * way. Quick pairing pairs two seekers into one match. A challenge sent from a profile is
 * accepted on My games; the match conceded, a rematch offered on the table is accepted on the
 * other's table and both reach the new match. With FOGWAR_SHOTS=<folder> it saves screenshots of the lobby with an open table (desktop
 * and 390 px wide).
 *
 * Needs Chromium (FOGWAR_CHROMIUM, else /usr/bin/chromium) and builds the client when stale.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type Page } from "playwright-core";
import type { RunningServer } from "@fogwar/server";
import { CHROMIUM, HAVE_CHROMIUM, IN_CI, closeWebSuite, openWebSuite } from "./support";

const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;
if (!HAVE_CHROMIUM && !IN_CI) console.warn(`lobby-play.browser.test: skipped (needs ${CHROMIUM})`);
const SHOTS = process.env.FOGWAR_SHOTS;

suite("lobby: open tables", () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  const violations: string[] = [];

  beforeAll(async () => {
    ({ server, browser, base } = await openWebSuite());
  });
  afterAll(async () => {
    await closeWebSuite({ browser, server });
  });

  async function visitor(width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    page.on("console", (m) => m.text().includes("Content Security Policy") && violations.push(m.text()));
    await page.addInitScript(() => {
      localStorage.setItem("fogwar:language", "en");
      document.addEventListener("securitypolicyviolation", (e) => violations().push(`${e.violatedDirective} ${e.blockedURI}`));
      function violations() {
        return ((window as unknown as { __csp: string[] }).__csp ??= []);
      }
    });
    await page.goto(`${base}/`);
    return page;
  }
  const collect = async (page: Page) => violations.push(...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])));

  async function playAsGuest(page: Page, name: string) {
    await page.getByLabel("Guest name").fill(name);
    await page.getByRole("button", { name: "Play as guest" }).click();
    await page.getByText(`Playing as ${name}.`).waitFor();
  }

  test("a table opened by one guest appears live for another, who takes it; both go to the match", async () => {
    const owner = await visitor();
    const taker = await visitor();
    await playAsGuest(owner, "Ada");
    await playAsGuest(taker, "Bo");
    await taker.getByRole("heading", { name: "Open tables" }).waitFor();
    await taker.getByText(/No open tables/).waitFor();

    const form = owner.locator("form", { has: owner.getByRole("heading", { name: "Open a table" }) });
    await form.getByLabel("Game").selectOption("ember");
    await form.getByLabel("Clock").selectOption({ index: 2 });
    await form.getByLabel("at least").fill("1200");
    await form.getByLabel("at most").fill("1800");
    await form.getByRole("button", { name: "Open the table" }).click();
    await owner.getByText("Waiting for an opponent…").waitFor();

    // The other visitor sees it without reloading, with its terms.
    const row = taker.locator(".open-table", { hasText: "Ada" });
    await row.waitFor();
    for (const term of ["Rated", "clock 10+5", "ratings 1200–1800"]) await row.getByText(term, { exact: true }).waitFor();
    // The owner's own row says it is theirs, without a take button.
    const mine = owner.locator(".open-table", { hasText: "Your table" });
    await mine.waitFor();
    expect(await mine.getByRole("button").count()).toBe(0);

    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await taker.screenshot({ path: join(SHOTS, "lobby-desktop.png"), fullPage: true });
      await owner.screenshot({ path: join(SHOTS, "lobby-owner-desktop.png"), fullPage: true });
      const signedOut = await visitor(390);
      await signedOut.getByRole("button", { name: "Play as guest" }).waitFor();
      await signedOut.screenshot({ path: join(SHOTS, "lobby-signed-out-390-top.png") });
      await collect(signedOut);
      const phone = await visitor(390);
      await playAsGuest(phone, "Phon");
      await phone.locator(".open-table", { hasText: "Ada" }).waitFor();
      await phone.screenshot({ path: join(SHOTS, "lobby-390.png"), fullPage: true });
      await phone.screenshot({ path: join(SHOTS, "lobby-390-top.png") });
      await owner.setViewportSize({ width: 390, height: 900 });
      await owner.screenshot({ path: join(SHOTS, "lobby-owner-390-top.png") });
      await owner.setViewportSize({ width: 1280, height: 900 });
      await collect(phone);
    }

    await row.getByRole("button", { name: "Take a seat" }).click();
    await taker.waitForURL(/\/play\/[^/]+/);
    await owner.waitForURL(/\/play\/[^/]+/);
    expect(matchOf(owner)).toBe(matchOf(taker));
    // Each at its own seat: the table loads (no "no seat" note).
    for (const page of [owner, taker]) {
      await page.locator(".table-shell, .table, main").first().waitFor();
      expect(await page.getByText(/no seat/i).count()).toBe(0);
    }
    if (SHOTS) await taker.screenshot({ path: join(SHOTS, "table-after-take.png"), fullPage: true });
    await collect(owner);
    await collect(taker);
    expect(violations).toEqual([]);
  });

  const matchOf = (page: Page) => new URL(page.url()).pathname.split("/")[2];

  test("quick pairing pairs two seekers into one match", async () => {
    const eve = await visitor();
    const fay = await visitor();
    await playAsGuest(eve, "Eve");
    await playAsGuest(fay, "Fay");
    await eve.getByRole("button", { name: "Find an opponent" }).click();
    await eve.getByText(/Looking for an opponent/).waitFor();
    await fay.getByRole("button", { name: "Find an opponent" }).click();
    await fay.waitForURL(/\/play\/[^/]+/);
    await eve.waitForURL(/\/play\/[^/]+/, { timeout: 10_000 });
    expect(matchOf(eve)).toBe(matchOf(fay));
    await collect(eve);
    await collect(fay);
    expect(violations).toEqual([]);
  });

  test("a challenge from a profile, accepted on My games; a rematch offered and accepted on the table", async () => {
    const cy = await visitor();
    const di = await visitor();
    await playAsGuest(cy, "Cyan");
    await playAsGuest(di, "Dina");
    await cy.goto(`${base}/players/Dina`);
    await cy.getByRole("heading", { name: "Dina" }).waitFor();
    await cy.getByRole("button", { name: "Challenge" }).click();
    // Age of Sigmar: a seat may concede while mustering.
    await cy.getByLabel("Game", { exact: true }).selectOption("sigmar");
    await cy.getByRole("button", { name: "Send the challenge" }).click();
    await cy.getByText(/Challenge sent to Dina/).waitFor();
    if (SHOTS) await cy.screenshot({ path: join(SHOTS, "profile.png"), fullPage: true });

    await di.goto(`${base}/games`);
    const incoming = di.locator(".challenge-row", { hasText: "Cyan" });
    await incoming.waitFor();
    if (SHOTS) await di.screenshot({ path: join(SHOTS, "my-games-challenge.png"), fullPage: true });
    await incoming.getByRole("button", { name: "Accept" }).click();
    await di.waitForURL(/\/play\/[^/]+/);
    const first = matchOf(di);
    await cy.goto(`${base}/play/${first}`);

    // Dina concedes; both tables offer a rematch.
    await di.getByRole("button", { name: "Concede" }).click();
    await di.getByRole("button", { name: /Yes, concede/ }).click();
    await di.getByRole("button", { name: "Rematch (sides swapped)" }).click();
    await di.getByText(/waiting for Cyan to accept/).waitFor();
    await cy.getByText("Dina offers a rematch (sides swapped, same settings).").waitFor({ timeout: 15_000 });
    if (SHOTS) await cy.screenshot({ path: join(SHOTS, "rematch-offer.png"), fullPage: true });
    await cy.getByRole("button", { name: "Accept the rematch" }).click();
    await cy.waitForURL((url) => url.pathname.startsWith("/play/") && !url.pathname.includes(first ?? ""));
    await di.waitForURL((url) => url.pathname.startsWith("/play/") && !url.pathname.includes(first ?? ""), { timeout: 15_000 });
    expect(matchOf(cy)).toBe(matchOf(di));
    // The leaderboard and a profile read at a phone's width.
    await cy.setViewportSize({ width: 390, height: 900 });
    await cy.goto(`${base}/leaderboard`);
    await cy.getByRole("tab", { name: "Age of Sigmar" }).click();
    await cy.getByText(/No rated Age of Sigmar games yet|Best Age of Sigmar ratings/).first().waitFor();
    if (SHOTS) await cy.screenshot({ path: join(SHOTS, "leaderboard-390.png"), fullPage: true });
    await cy.goto(`${base}/players/Dina`);
    await cy.getByRole("heading", { name: "Recent matches" }).waitFor();
    await cy.locator(".game-row").first().waitFor();
    if (SHOTS) await cy.screenshot({ path: join(SHOTS, "profile-390.png"), fullPage: true });
    await collect(cy);
    await collect(di);
    expect(violations).toEqual([]);
  });
});
