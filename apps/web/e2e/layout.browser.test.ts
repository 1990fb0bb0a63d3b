/**
 * The tables' layout in a real browser (playwright-core driving Debian's Chromium) against the
 * real server (in-process, in-memory database, serving apps/web/dist):
 *  - an EMBER match and a Siege match are brought to their action phase by random bots playing
 *    through the seats' connections;
 *  - each seat's page at 1440 px and 390 px wide, in English and Korean: nothing overflows
 *    horizontally (the page is no wider than the window, and no box inside it, such as a panel's
 *    table, holds more than its width shows), the page title says whose move it is;
 *  - on a phone, the bar of a seat that only waits is folded and shorter than opened; the acting seat's is open;
 *  - a seat's page at 1440 px and 390 px: when the events arrive (the log fills after the page is
 *    shown), the window does not scroll; the event log's own box shows its newest line;
 *  - on a phone, a rules-help "?" opens its explanation on tap;
 *  - each ruleset's how-to-play page at 1280 and 390 px, in English and Korean, fits its window;
 *  - so do the lobby (each game's create form, EMBER's with its army editor), the spectators' pages and a finished match's review
 *    (a review without a chat keeping the whole width: no empty chat column),
 *    and each ruleset's review of a whole stored match (its step controls at the longest counter);
 *  - with FOGWAR_SCREENSHOTS set to a folder, screenshots of every page (1280 px and 390 px,
 *    English and Korean) go there (docs/screenshots takes them from there); without it none are
 *    taken, which spares CI about 70 PNG encodings that nobody reads.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type Page } from "playwright-core";
import { RandomBot, type BotPolicy } from "@fogwar/engine";
import { catalog as emberCatalog, emberBotPolicy, legalCommandsInView as emberLegal } from "@fogwar/ember";
import { legalCommandsInView as siegeLegal, siegeBotPolicy } from "@fogwar/siege";
import { currentVersion } from "@fogwar/rules-archive";
import type { RunningServer } from "@fogwar/server";
import { TestClient } from "@fogwar/server/testing";
import { CHROMIUM, HAVE_CHROMIUM, IN_CI, claimSeats, closeWebSuite, openWebSuite, sidewaysBoxes } from "./support";
import { fixtureOf, storeFinished } from "./stored";

jest.setTimeout(300_000);

type Legal = (view: never, seat: string) => { type: string }[];
interface Created {
  readonly ruleset: "ember" | "siege";
  readonly matchId: string;
  readonly seats: { seat: string; token: string; inviteUrl: string }[];
  readonly legal: Legal;
  readonly policy: BotPolicy<{ type: string }>;
}

/** Plays random bot commands through the seats' connections until `done` holds for the first seat's projection (or `max` commands). */
async function play(ws: string, match: Created, done: (view: Record<string, unknown>, bots: TestClient[]) => boolean, max: number, seed: string): Promise<void> {
  const bots = await Promise.all(match.seats.map((s) => TestClient.join(ws, match.matchId, { seat: s.seat, token: s.token })));
  const random = new Map(bots.map((c) => [c.seat!, new RandomBot<{ type: string }>(`${seed}-${c.seat}`, match.policy)]));
  try {
    for (let n = 0; n < max; n++) {
      if (done(bots[0]!.projection() as Record<string, unknown>, bots)) break;
      const mover = bots.find((c) => match.legal(c.projection() as never, c.seat!).length > 0);
      if (!mover) throw new Error("nobody can move");
      const command = random.get(mover.seat!)!.choose(match.legal(mover.projection() as never, mover.seat!))!;
      // Command ids unique over the whole test: a seat's reused id is answered from its first use, not applied again.
      const answer = await mover.command(command, `${seed}-${n}`);
      if (answer.type !== "accepted") throw new Error(JSON.stringify(answer.payload));
      await Promise.all(bots.map((c) => c.until(() => c.seq >= answer.payload.seq, "the new state")));
    }
  } finally {
    for (const bot of bots) await bot.leave();
  }
}

/** How wide the page is against its window, and the window's scroll position. */
const measure = (page: Page) =>
  page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    scrollY: window.scrollY,
    title: document.title,
    // The outermost elements reaching past the window's right edge (what to fix when it overflows).
    wide: [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && ![...e.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1))
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${(e.getAttribute("class") ?? "").replace(/ /g, ".")} ${Math.round(e.getBoundingClientRect().right)}`),
  }));

const title = HAVE_CHROMIUM ? "the tables' layout in Chromium: no sideways overflow at 1440 and 390 px, the window stays put when an event arrives" : `SKIPPED layout browser tests: no Chromium at ${CHROMIUM}`;
const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;

suite(title, () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  let ws: string;
  let shots: string;
  const matches: Created[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    shots = process.env.FOGWAR_SCREENSHOTS ?? "";
    if (shots) mkdirSync(shots, { recursive: true });
    ({ server, browser, base, ws } = await openWebSuite());
    const create = async (body: unknown) => {
      const response = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`create: ${response.status} ${await response.text()}`);
      // Each seat's invite claimed, as its player's page would: the links now carry the tokens.
      const created = await claimSeats(base, (await response.json()) as { matchId: string; seats: { seat: string; inviteUrl: string }[] });
      return { matchId: created.matchId, seats: created.seats.map((s) => ({ ...s, token: new URLSearchParams(new URL(s.inviteUrl).hash.slice(1)).get("token")! })) };
    };
    const ember = await create({ ruleset: "ember", scenario: "crossroads", players: [{ name: "Ana", army: emberCatalog.data.armies[0] }, { name: "Bo", army: emberCatalog.data.armies[2] }], options: { spectatorDelay: 0, clock: { minutes: 20, incrementSeconds: 30 } } });
    const siege = await create({ ruleset: "siege", scenario: "ledger", players: [{ name: "Alice", team: "attack" }, { name: "Bora", team: "defence" }], options: { spectatorDelay: 0 } });
    matches.push({ ruleset: "ember", ...ember, legal: emberLegal as Legal, policy: emberBotPolicy as unknown as BotPolicy<{ type: string }> });
    matches.push({ ruleset: "siege", ...siege, legal: siegeLegal as Legal, policy: siegeBotPolicy as unknown as BotPolicy<{ type: string }> });
    // EMBER: into the first round's activations with a few moves made.
    let emberSteps = 0;
    await play(ws, matches[0]!, (v) => v.phase === "action" && ++emberSteps > 6 && !v.pending, 600, "layout-ember");
    // Siege: into the action phase, an activation under way.
    let siegeSteps = 0;
    await play(ws, matches[1]!, (v) => v.phase === "action" && !v.pending && ++siegeSteps > 4 && v.activation !== null, 600, "layout-siege");
    // A line of table chat from each player, so the tables show their chat as people use it.
    const lines = ["Good luck, have fun!", "You too. 잘 부탁해요!"];
    for (const match of matches) {
      for (const [i, seat] of match.seats.entries()) {
        const client = await TestClient.join(ws, match.matchId, { seat: seat.seat, token: seat.token });
        const text = lines[i % lines.length] as string;
        client.room.send("chat", { type: "chat", audience: "players", text });
        await client.until(() => client.received("chat").some((m) => m.line?.text === text), "the chat line");
        await client.leave();
      }
    }
  }, 240_000);

  afterAll(async () => {
    await closeWebSuite({ browser, server });
    if (shots) console.log(`fogwar layout browser test: screenshots in ${shots}`);
  });

  /** Saves a screenshot of `page` as `file` in the FOGWAR_SCREENSHOTS folder; nothing without one. */
  const shoot = async (page: Page, file: string, fullPage: boolean): Promise<void> => {
    if (shots) await page.screenshot({ path: join(shots, file), fullPage });
  };

  const widths = [
    { name: "desktop", width: 1440, height: 900, shot: false },
    { name: "1280", width: 1280, height: 900, shot: true },
    { name: "phone", width: 390, height: 844, shot: true },
  ] as const;

  test.each(["ember", "siege"] as const)("%s: every seat's page in English and Korean fits its window at 1440, 1280 and 390 px (no sideways scrolling)", async (ruleset) => {
    const match = matches.find((m) => m.ruleset === ruleset)!;
    for (const language of ["en", "ko"] as const) {
      for (const size of widths) {
        for (const seat of match.seats) {
          const phone = size.width < 500;
          const context = await browser.newContext({ locale: language === "ko" ? "ko-KR" : "en-US", viewport: { width: size.width, height: size.height }, ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}) });
          const page = await context.newPage();
          page.on("pageerror", (error) => errors.push(`${ruleset} ${seat.seat}: ${String(error)}`));
          await page.goto(seat.inviteUrl);
          await page.locator(ruleset === "ember" ? "[data-testid=board]" : ".siege-map > svg").waitFor({ timeout: 20_000 });
          await page.waitForTimeout(300);
          const m = { ...(await measure(page)), sideways: await sidewaysBoxes(page) };
          if (size.shot) await shoot(page, `table-${ruleset}-${seat.seat}-${size.width}-${language}.png`, !phone);
          if (size.shot && phone) await shoot(page, `table-${ruleset}-${seat.seat}-${size.width}-${language}-full.png`, true);
          // Rules help on tap: the first "?" opens its explanation (a phone's first seat, Korean).
          if (size.shot && phone && language === "ko" && seat === match.seats[0]) {
            const tip = page.locator(".rule-tip-button:visible").first();
            await tip.click();
            const note = page.locator(`[id="${await tip.getAttribute("aria-controls")}"]`);
            expect(await note.isVisible()).toBe(true);
            expect((await measure(page)).scrollWidth).toBe(size.width);
            await shoot(page, `table-${ruleset}-${seat.seat}-${size.width}-${language}-help.png`, false);
            await tip.click();
          }
          expect({ seat: seat.seat, language, width: size.width, scrollWidth: m.scrollWidth, wide: m.scrollWidth > size.width ? m.wide : [], sideways: m.sideways }).toEqual({ seat: seat.seat, language, width: size.width, scrollWidth: size.width, wide: [], sideways: [] });
          // The title says whose move it is (the match waits for one of the two seats).
          if (match.seats.length === 2) expect(m.title).toMatch(/^(● (Your move|Your decision|내 차례|내 결정) · .+ · fogwar|(Waiting for .+|.+ 님을 기다리는 중) · .+ · fogwar)$/);
          // On a phone the bar of a seat that only waits is folded, and shorter than opened (the board in sight); the acting seat's is open.
          if (phone) {
            const bar = page.locator(".action-bar");
            const height = async () => Math.round((await bar.boundingBox())!.height);
            const waits = /^(Waiting for .+|.+ 님을 기다리는 중) · /.test(m.title);
            expect({ seat: seat.seat, waits, folded: await bar.getAttribute("data-folded") }).toEqual({ seat: seat.seat, waits, folded: String(waits) });
            if (waits) {
              const folded = await height();
              await bar.getByRole("button", { name: language === "ko" ? "행동 펼치기 ▴" : "Show actions ▴" }).click();
              expect(await bar.getAttribute("data-folded")).toBe("false");
              expect(folded).toBeLessThan(await height());
            }
          }
          await context.close();
        }
      }
    }
    expect(errors).toEqual([]);
  });

  /** The page's top: on how many lines the header's links stand, whether the header is at most two lines tall (90 px), and on how many lines the page's title stands. */
  const headerLines = (page: Page) =>
    page.evaluate(() => {
      const header = document.querySelector(".app-header")!;
      const tops = new Set([...header.querySelectorAll("nav a")].map((a) => Math.round(a.getBoundingClientRect().top)));
      const range = document.createRange();
      range.selectNodeContents(document.querySelector("h1")!);
      const titleLines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      return { links: tops.size, short: header.getBoundingClientRect().height <= 90, titleLines: titleLines >= 1 && titleLines <= 2 };
    });

  test("the lobby (each game's create form, EMBER's army editor open), the spectators' pages and a finished match's review fit their window at 1280 and 390 px, in English and Korean", async () => {
    // A finished Siege match to review: the defence concedes at once.
    const conceded = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ruleset: "siege", scenario: "ledger", players: [{ name: "Alice", team: "attack" }, { name: "Bora", team: "defence" }] }) }).then(async (r) => claimSeats(base, (await r.json()) as { matchId: string; seats: { seat: string; inviteUrl: string }[] }));
    const defence = conceded.seats.find((s) => s.seat === "d1")!;
    const client = await TestClient.join(ws, conceded.matchId, { seat: "d1", token: new URLSearchParams(new URL(defence.inviteUrl).hash.slice(1)).get("token")! });
    expect((await client.command({ type: "concede" })).type).toBe("accepted");
    await client.leave();
    const pages = [
      // The lobby with the host building every list, so the army editor is open.
      { name: "lobby", path: "/?game=ember", ready: "form.create-ember fieldset.army", open: (page: Page) => page.locator('form.create-ember input[type=radio][value="host"]').check() },
      // Setting up a Siege match and an Age of Sigmar battle: the form scrolled into the window.
      ...(["siege", "sigmar"] as const).map((game) => ({ name: `lobby-${game}`, path: `/?game=${game}`, ready: `form.create-${game}`, open: (page: Page) => page.locator(`form.create-${game}`).evaluate((form) => window.scrollTo(0, form.getBoundingClientRect().top + window.scrollY - 12)) })),
      ...matches.map((m) => ({ name: `watch-${m.ruleset}`, path: `/watch/${m.matchId}`, ready: m.ruleset === "ember" ? "[data-testid=board]" : ".siege-map > svg" })),
      { name: "review-siege", path: `/review/${conceded.matchId}`, ready: "[data-testid=siege-review]" },
    ];
    // Each ruleset's review of a whole match of today's rules (its replay fixture): the step counter at its longest.
    for (const [ruleset, ready] of [["ember", "[data-testid=review-step]"], ["siege", "[data-testid=siege-review-step]"], ["trpg", "[data-testid=trpg-review-step]"], ["sigmar", "[data-testid=sigmar-review-step]"]] as const) {
      const id = `layout${ruleset}0001`;
      await storeFinished(server, id, fixtureOf(await currentVersion(ruleset)));
      pages.push({ name: `review-${ruleset}-whole`, path: `/review/${id}`, ready });
    }
    for (const language of ["en", "ko"] as const) {
      for (const size of widths.filter((w) => w.shot)) {
        for (const p of pages) {
          const phone = size.width < 500;
          const context = await browser.newContext({ locale: language === "ko" ? "ko-KR" : "en-US", viewport: { width: size.width, height: size.height }, ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}) });
          const page = await context.newPage();
          page.on("pageerror", (error) => errors.push(`${p.name}: ${String(error)}`));
          await page.goto(`${base}${p.path}`);
          if ("open" in p && p.open) await p.open(page);
          await page.locator(p.ready).first().waitFor({ timeout: 20_000 });
          await page.waitForTimeout(300);
          const m = await measure(page);
          if (p.name !== "lobby" || phone) await shoot(page, `${p.name}-${size.width}-${language}.png`, !phone);
          // A review without a chat keeps the whole width for its board (no empty chat column beside it).
          if (p.name.startsWith("review-")) {
            const spare = await page.evaluate(() => (document.querySelector(".review-with-chat > .chat-panel") ? 0 : Math.round(document.querySelector(".review-with-chat")!.getBoundingClientRect().width - document.querySelector(".review-main")!.getBoundingClientRect().width)));
            expect({ page: p.name, language, width: size.width, spare }).toEqual({ page: p.name, language, width: size.width, spare: 0 });
          }
          if (p.name === "lobby") expect({ language, width: size.width, header: await headerLines(page) }).toEqual({ language, width: size.width, header: { links: 1, short: true, titleLines: true } });
          expect({ page: p.name, language, width: size.width, scrollWidth: m.scrollWidth, wide: m.scrollWidth > size.width ? m.wide : [] }).toEqual({ page: p.name, language, width: size.width, scrollWidth: size.width, wide: [] });
          await context.close();
        }
      }
    }
    expect(errors).toEqual([]);
  });

  test("a player who opens a finished match later (refused before any state) reads You win or You lose, the winner, whom they played as and the same game offered again, at 1280 and 390 px in English and Korean", async () => {
    const created = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ruleset: "siege", scenario: "ledger", players: [{ name: "Alice", team: "attack" }, { name: "Bora", team: "defence" }] }) }).then(async (r) => claimSeats(base, (await r.json()) as { matchId: string; seats: { seat: string; inviteUrl: string }[] }));
    const link = (seat: string) => created.seats.find((s) => s.seat === seat)!.inviteUrl;
    const client = await TestClient.join(ws, created.matchId, { seat: "d1", token: new URLSearchParams(new URL(link("d1")).hash.slice(1)).get("token")! });
    expect((await client.command({ type: "concede" })).type).toBe("accepted");
    await client.leave();
    const words = { en: { a1: "You win", d1: "You lose", winner: "Winner: Alice", again: "Play again" }, ko: { a1: "승리했습니다", d1: "패배했습니다", winner: "승자: Alice", again: null } } as const;
    for (const language of ["en", "ko"] as const) {
      for (const size of [widths[1], widths[2]]) {
        for (const [seat, name] of [["a1", "Alice"], ["d1", "Bora"]] as const) {
          const phone = size.width < 500;
          const context = await browser.newContext({ locale: language === "ko" ? "ko-KR" : "en-US", viewport: { width: size.width, height: size.height }, ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}) });
          const page = await context.newPage();
          page.on("pageerror", (error) => errors.push(`finished ${seat}: ${String(error)}`));
          await page.goto(link(seat));
          const heading = page.locator("#match-end-title");
          await heading.filter({ hasText: words[language][seat] }).waitFor({ timeout: 20_000 });
          expect(await page.locator(".match-end-winners").innerText()).toBe(words[language].winner);
          expect(await page.locator(".connection").innerText()).toContain(name);
          if (words[language].again) expect(await page.getByRole("link", { name: words[language].again }).getAttribute("href")).toBe("/?game=siege");
          const m = await measure(page);
          expect({ seat, language, width: size.width, scrollWidth: m.scrollWidth }).toEqual({ seat, language, width: size.width, scrollWidth: size.width });
          if (seat === "a1") await shoot(page, `finished-later-siege-a1-${size.width}-${language}.png`, false);
          await context.close();
        }
      }
    }
    expect(errors).toEqual([]);
  });

  test.each(["ember", "siege", "trpg", "sigmar"] as const)("%s: the how-to-play page in English and Korean fits its window at 1280 and 390 px", async (ruleset) => {
    for (const language of ["en", "ko"] as const) {
      for (const size of widths.filter((w) => w.shot)) {
        const phone = size.width < 500;
        const context = await browser.newContext({ locale: language === "ko" ? "ko-KR" : "en-US", viewport: { width: size.width, height: size.height }, ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}) });
        const page = await context.newPage();
        page.on("pageerror", (error) => errors.push(`how-to-play ${ruleset}: ${String(error)}`));
        await page.goto(`${base}/how-to-play/${ruleset}`);
        await page.locator(".how-to-play .reference").waitFor({ timeout: 20_000 });
        const m = await measure(page);
        await shoot(page, `how-to-play-${ruleset}-${size.width}-${language}.png`, !phone);
        expect({ language, width: size.width, scrollWidth: m.scrollWidth, wide: m.scrollWidth > size.width ? m.wide : [] }).toEqual({ language, width: size.width, scrollWidth: size.width, wide: [] });
        await context.close();
      }
    }
    expect(errors).toEqual([]);
  });

  test.each(["ember", "siege"] as const)("%s: the window does not scroll when the events arrive (a seat's page at 1440 and 390 px: its log fills after the page is shown)", async (ruleset) => {
    const match = matches.find((m) => m.ruleset === ruleset)!;
    for (const size of [widths[0], widths[2]]) {
      const phone = size.width < 500;
      const context = await browser.newContext({ locale: "en-US", viewport: { width: size.width, height: size.height }, ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}) });
      const page = await context.newPage();
      await page.goto(match.seats[1]!.inviteUrl);
      await page.locator(".log-lines li").nth(5).waitFor({ timeout: 20_000 });
      await page.waitForTimeout(500);
      const m = await measure(page);
      // The log box itself is at its end (newest line shown), the window at its top.
      const box = await page.locator(".log-lines").evaluate((e) => ({ end: e.scrollHeight - e.scrollTop - e.clientHeight }));
      expect({ width: size.width, scrollY: m.scrollY, logAtEnd: box.end <= 24 }).toEqual({ width: size.width, scrollY: 0, logAtEnd: true });
      await context.close();
    }
  });

  test.each(["ember", "siege"] as const)("%s: a spectator's page does not scroll the window when a new event arrives (1440 and 390 px)", async (ruleset) => {
    const match = matches.find((m) => m.ruleset === ruleset)!;
    for (const size of [widths[0], widths[2]]) {
      const phone = size.width < 500;
      const context = await browser.newContext({ locale: "en-US", viewport: { width: size.width, height: size.height }, ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}) });
      const page = await context.newPage();
      await page.goto(`${base}/watch/${match.matchId}`);
      await page.locator(".log-lines li").nth(5).waitFor({ timeout: 20_000 });
      await page.waitForTimeout(500);
      await page.evaluate(() => window.scrollTo(0, 0));
      const before = await page.locator(".log-lines li").count();
      let grown = false;
      for (let attempt = 0; attempt < 6 && !grown; attempt++) {
        await play(ws, match, () => false, 1, `${ruleset}-live-${size.width}-${attempt}`);
        grown = await page.waitForFunction((n) => document.querySelectorAll(".log-lines li").length > n, before, { timeout: 3_000 }).then(
          () => true,
          () => false,
        );
      }
      expect({ grown, scrollY: (await measure(page)).scrollY }).toEqual({ grown: true, scrollY: 0 });
      await context.close();
    }
  });
});