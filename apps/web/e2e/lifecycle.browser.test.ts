/**
 * A whole match lifecycle in a real browser (playwright-core driving Debian's Chromium) against the
 * real server (in-process, in-memory database, serving apps/web/dist), for EMBER and for Siege:
 *  1. a host creates the match in the lobby's form (EMBER: each player builds their own list, the
 *     optional clock on; Siege: its time bank always runs), with a 10 s claim delay, and keeps the
 *     invite links;
 *  2. each player opens their own link (one on a desktop in English, one on a phone in Korean) and
 *     builds and locks their own secret choice on their own page: EMBER's army list (seed 001 2),
 *     Siege's operator pick (seed 004 팀 준비);
 *  3. the clocks run once the battle begins (EMBER's do not during the muster) and count down on
 *     both pages;
 *  4. the player the match waits for closes their page; the other page shows the countdown, then
 *     the claim buttons; it claims the win and both the page and the stored match show the result.
 * Screenshots at 1280 and 390 px go to a fresh folder under the OS temp dir, printed at the end.
 *
 * Without Chromium the suite is skipped, visibly; under CI a missing Chromium fails.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type Page } from "playwright-core";
import type { RunningServer } from "@fogwar/server";
import { CHROMIUM, HAVE_CHROMIUM, IN_CI, closeWebSuite, openWebSuite } from "./support";

jest.setTimeout(240_000);

const title = HAVE_CHROMIUM
  ? "a host's match from lobby to claim in Chromium: own secret lists or picks, clocks, a drop and a claim (EMBER and Siege)"
  : IN_CI
    ? `match lifecycle in Chromium: FAILS, Chromium is missing at ${CHROMIUM} (required under CI)`
    : `SKIPPED browser tests: no Chromium at ${CHROMIUM} (apt-get install chromium, or set FOGWAR_CHROMIUM)`;
const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;
if (!HAVE_CHROMIUM && !IN_CI) console.warn(title);

/** A player's page: its seat, its page, and the errors the page threw. */
interface Player {
  readonly seat: string;
  readonly page: Page;
  readonly errors: string[];
  readonly width: number;
}

suite(title, () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  let shots: string;

  beforeAll(async () => {
    shots = mkdtempSync(join(tmpdir(), "fogwar-lifecycle-e2e-"));
    ({ server, browser, base } = await openWebSuite());
  }, 180_000);

  afterAll(async () => {
    await closeWebSuite({ browser, server });
    if (shots) console.log(`fogwar lifecycle browser test: screenshots in ${shots}`);
  });

  async function open(seat: string, url: string, width: number, locale: string): Promise<Player> {
    const context = await browser.newContext({ locale, viewport: { width, height: width < 500 ? 844 : 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(url);
    return { seat, page, errors, width };
  }

  /** The lobby's creation: fills `form` with the players' names and the 10 s claim delay, creates, and reads the invite links of `seats`. */
  async function createInLobby(formSelector: string, fill: (form: ReturnType<Page["locator"]>) => Promise<void>, seats: readonly string[]): Promise<{ matchId: string; invite: Record<string, string> }> {
    const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 1000 } });
    const lobby = await context.newPage();
    // The lobby shows one game's form at a time: the form's game is chosen in the address.
    await lobby.goto(`${base}/?game=${/create-(\w+)/.exec(formSelector)?.[1] ?? ""}`);
    const form = lobby.locator(formSelector);
    await form.waitFor();
    await fill(form);
    await form.getByLabel("Claim after (seconds away)").fill("10");
    await form.getByRole("button", { name: /^Create/ }).click();
    await lobby.locator("section.created").waitFor();
    const invite: Record<string, string> = {};
    for (const seat of seats) invite[seat] = await lobby.locator(`#invite-${seat}`).inputValue();
    const matchId = new URL(invite[seats[0] as string] as string).pathname.split("/")[2] ?? "";
    await lobby.screenshot({ path: join(shots, `${formSelector.includes("siege") ? "siege" : "ember"}-01-created.png`), fullPage: true });
    await context.close();
    return { matchId, invite };
  }

  /** The clocks' accessible texts on a page. */
  const clocksOf = (page: Page) => page.locator(".clock-panel .clock").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));

  /**
   * The clocks run and count down on every page; then the player whose move it is (the page
   * showing `.your-turn`) closes their page, and the other claims the win after the delay.
   */
  async function dropAndClaim(game: string, matchId: string, players: readonly Player[], running: RegExp): Promise<void> {
    for (const p of players) await p.page.locator(".clock-panel .clock.running").first().waitFor();
    const before = await Promise.all(players.map((p) => clocksOf(p.page)));
    for (const [i, clocks] of before.entries()) expect([players[i]!.seat, clocks.some((c) => running.test(c))]).toEqual([players[i]!.seat, true]);
    await players[0]!.page.waitForTimeout(2100);
    expect(await clocksOf(players[0]!.page)).not.toEqual(before[0]);
    for (const p of players) await p.page.screenshot({ path: join(shots, `${game}-03-clocks-${p.seat}-${p.width}.png`) });

    const turn = async (p: Player) => (await p.page.locator(".your-turn").count()) > 0;
    const waitedFor = (await turn(players[0]!)) ? players[0]! : players[1]!;
    const stays = waitedFor === players[0] ? players[1]! : players[0]!;
    expect(await turn(waitedFor)).toBe(true);
    await waitedFor.page.context().close();
    const claim = stays.page.locator(".abandonment .claim");
    await claim.waitFor({ timeout: 15_000 });
    await stays.page.screenshot({ path: join(shots, `${game}-04-countdown-${stays.seat}-${stays.width}.png`) });
    const win = stays.page.locator(".abandonment .claim-buttons button").first();
    await win.waitFor({ timeout: 20_000 });
    await stays.page.screenshot({ path: join(shots, `${game}-05-claim-${stays.seat}-${stays.width}.png`) });
    await win.click();
    await stays.page.locator(".match-end").waitFor();
    await stays.page.screenshot({ path: join(shots, `${game}-06-claimed-${stays.seat}-${stays.width}.png`) });
    const stored = await server.store.getMatch(matchId);
    expect(stored?.status).toBe("finished");
    expect(stored?.result).toMatchObject({ reason: "abandoned" });
    expect((stored?.result as { winners?: string[]; winner: string }).winners ?? [(stored?.result as { winner: string }).winner]).toContain(stays.seat);
    expect(stays.errors).toEqual([]);
    expect(await stays.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(stays.width);
    await stays.page.context().close();
  }

  test("EMBER (seed 001 2): each player builds and locks their own list on their own page; the clocks start with the battle; a drop, then a claim", async () => {
    const { matchId, invite } = await createInLobby(
      "form.create-ember",
      async (form) => {
        await form.getByLabel("Scenario").selectOption("crossroads");
        expect(await form.getByLabel("Each player builds their own list").isChecked()).toBe(true);
        await form.locator('input[id$="-p0-name"]').fill("Alice");
        await form.locator('input[id$="-p1-name"]').fill("Bora");
        await form.getByLabel("Clock", { exact: true }).check();
      },
      ["p1", "p2"],
    );
    const p1 = await open("p1", invite.p1 as string, 1280, "en-US");
    const p2 = await open("p2", invite.p2 as string, 390, "ko-KR");
    for (const [i, p] of [p1, p2].entries()) {
      const build = p.page.locator(".muster-build");
      await build.waitFor();
      // No clock runs while the players build their lists.
      expect(await p.page.locator(".clock-panel .clock.running").count()).toBe(0);
      // A sample list (the options: this army, an empty army, then the samples).
      await build.locator('select[id$="-sample"]').selectOption({ index: i + 2 });
      await p.page.screenshot({ path: join(shots, `ember-02-muster-${p.seat}-${p.width}.png`), fullPage: true });
      await build.locator(":scope > button.primary").click();
      await p.page.locator(".muster-wait, [data-phase='side_choice']").first().waitFor();
    }
    for (const p of [p1, p2]) await p.page.locator('[data-phase="side_choice"]').first().waitFor();
    // The battle opens at the top of the page (the board), not where the muster's lock button was.
    for (const p of [p1, p2]) await p.page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 5000 });
    await dropAndClaim("ember", matchId, [p1, p2], /running|진행 중/);
  });

  test("Siege (seed 004 팀 준비): each team locks its secret pick on its own page; the time bank runs; the defence drops during its setup and the attack claims", async () => {
    const { matchId, invite } = await createInLobby(
      "form.create-siege",
      async (form) => {
        await form.getByLabel("Mission").selectOption("ledger");
        await form.getByLabel("Players").selectOption("1");
        const names = form.getByLabel("Name");
        await names.nth(0).fill("Alice");
        await names.nth(1).fill("Bora");
        await form.getByLabel("Team").nth(0).selectOption("attack");
        await form.getByLabel("Team").nth(1).selectOption("defence");
      },
      ["a1", "d1"],
    );
    const a1 = await open("a1", invite.a1 as string, 1280, "en-US");
    const d1 = await open("d1", invite.d1 as string, 390, "ko-KR");
    for (const p of [a1, d1]) {
      await p.page.locator(".siege-table .summary").waitFor();
      const send = p.page.locator(".pick-form button.primary");
      await p.page.screenshot({ path: join(shots, `siege-02-pick-${p.seat}-${p.width}.png`), fullPage: true });
      await send.click();
    }
    await d1.page.locator('[data-phase="defence_setup"]').first().waitFor();
    await a1.page.locator('[data-phase="defence_setup"]').first().waitFor();
    await dropAndClaim("siege", matchId, [d1, a1], /running|진행 중/);
  });
});
