/**
 * Age of Sigmar (seed 003 sections 19-30 on the project's core) in a real browser (playwright-core
 * driving Debian's Chromium) against the real server, started in-process on a free port with an
 * in-memory database and serving apps/web/dist.
 *
 *  1. the lobby's Age of Sigmar form creates a battle whose players muster their own lists;
 *  2. two seat pages and a spectator open it; each seat locks a list through the UI: until both
 *     are locked the other page and the spectator's show nothing of it (HTML, accessible text,
 *     frames); after the reveal the units on the battlefield show, the reserve unit does not;
 *  3. deployment through the UI (a unit picked, a click in its territory, the plan confirmed),
 *     then phases and a move dragged on the measured map with its ruler, confirmed;
 *  4. throughout: no page but its own holds a seat's hand or its reserve unit, in HTML,
 *     accessible text or WebSocket frames;
 *  then p2's page on a phone, in Korean: a rules-help "?" (the phase, the map's legend, the
 *     points) opens its explanation on tap, in the flow, and nothing runs off the screen;
 *  5. bots finish the battle through the seats; the pages show the result; the review rebuilds
 *     and verifies it in the browser.
 * Screenshots go to a fresh folder under the OS temp dir (SIGMAR_SHOTS to choose it).
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, type Page } from "playwright-core";
import { chooseWithTemplates, Random, RandomBot, rngStateFromSeed } from "@fogwar/engine";
import { catalog, legalCommandsInView, sigmarBotPolicy, templatesInView, type SigmarCommand, type SigmarView } from "@fogwar/sigmar";
import type { RunningServer } from "@fogwar/server";
import { TestClient, decodedPaths } from "@fogwar/server/testing";
import { HAVE_CHROMIUM, IN_CI, claimInviteLink, closeWebSuite, openWebSuite } from "./support";

jest.setTimeout(300_000);

interface Viewer {
  readonly name: "p1" | "p2" | "spectator";
  readonly context: BrowserContext;
  readonly page: Page;
  readonly frames: Buffer[];
  readonly errors: string[];
}

async function openViewer(browser: Browser, name: Viewer["name"], width = 1280): Promise<Viewer> {
  const context = await browser.newContext({ locale: "en-US", viewport: { width, height: 1000 } });
  const page = await context.newPage();
  const viewer: Viewer = { name, context, page, frames: [], errors: [] };
  page.on("websocket", (ws) => ws.on("framereceived", ({ payload }) => viewer.frames.push(typeof payload === "string" ? Buffer.from(payload) : Buffer.from(payload))));
  page.on("pageerror", (error) => viewer.errors.push(String(error)));
  return viewer;
}

const logCount = (page: Page): Promise<number> => page.locator(".sigmar-table .log-lines li").count();
async function grows(page: Page, before: number): Promise<void> {
  await page.waitForFunction((n) => document.querySelectorAll(".sigmar-table .log-lines li").length > n, before, { timeout: 20_000 });
}
/** Everything a page shows a reader: its text and accessible names. */
const readerText = async (page: Page): Promise<string> => `${await page.locator("body").innerText()}\n${(await page.locator("[aria-label],[title]").evaluateAll((els) => els.map((e) => `${e.getAttribute("aria-label") ?? ""} ${e.getAttribute("title") ?? ""}`))).join("\n")}\n${await page.content()}`;

const run = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;

run("Age of Sigmar in the browser: a battle created in the lobby, two seats and a spectator", () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  let shots: string;
  let lobbyContext: BrowserContext;
  const invite: Record<string, string> = {};
  let spectatorUrl = "";
  let matchId = "";
  let p1: Viewer;
  let p2: Viewer;
  let watcher: Viewer;
  const viewers: Viewer[] = [];

  beforeAll(async () => {
    shots = process.env.SIGMAR_SHOTS ?? mkdtempSync(join(tmpdir(), "fogwar-sigmar-e2e-"));
    mkdirSync(shots, { recursive: true });
    ({ server, browser, base } = await openWebSuite());
  }, 240_000);

  afterAll(async () => {
    for (const viewer of viewers) await viewer.context.close().catch(() => undefined);
    await lobbyContext?.close().catch(() => undefined);
    await closeWebSuite({ browser, server });
    if (shots) console.log(`fogwar Age of Sigmar browser test: screenshots in ${shots}`);
  });

  test("1. the lobby's Age of Sigmar form creates a battle whose players muster their own secret lists", async () => {
    lobbyContext = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 1000 } });
    const lobby = await lobbyContext.newPage();
    await lobby.goto(`${base}/?game=sigmar`);
    const form = lobby.locator("form.create-sigmar");
    await form.waitFor();
    const names = form.getByLabel("Name");
    await names.nth(0).fill("Ana");
    await names.nth(1).fill("Bo");
    await lobby.screenshot({ path: join(shots, "01-sigmar-lobby.png"), fullPage: true });
    await form.getByRole("button", { name: "Create battle" }).click();
    await lobby.locator("section.created").waitFor();
    // Each invite claimed as the seat's page would; the pages then open links carrying the tokens.
    for (const seat of ["p1", "p2"]) invite[seat] = (await claimInviteLink(base, await lobby.locator(`#invite-${seat}`).inputValue())).playUrl;
    matchId = new URL(invite.p1!).pathname.split("/")[2] ?? "";
    spectatorUrl = await lobby.locator("#invite-spectator").inputValue();
    expect(spectatorUrl).toBe(`${base}/watch/${matchId}`);
  });

  test("2-4. core C2, seed 003 24.1, core C10: the secret muster, deployment and a dragged move through the UI; no other page holds a seat's list before the reveal, its reserve unit or its hand", async () => {
    p1 = await openViewer(browser, "p1");
    p2 = await openViewer(browser, "p2");
    watcher = await openViewer(browser, "spectator");
    viewers.push(p1, p2, watcher);
    for (const [viewer, url] of [[p1, invite.p1!], [p2, invite.p2!], [watcher, spectatorUrl]] as const) {
      await viewer.page.goto(url);
      await viewer.page.locator(".sigmar-table .summary").waitFor();
    }
    await p1.page.locator(".muster").waitFor();
    await p1.page.screenshot({ path: join(shots, "02-muster-p1.png"), fullPage: true });
    // p1 locks the Grove vanguard (its Elk Riders in reserve); before p2 locks, nothing of it reaches p2 or the spectator.
    let before = await logCount(p1.page);
    await p1.page.getByRole("button", { name: "Lock list" }).click();
    await grows(p1.page, before);
    await p2.page.getByText("Ana: Locked").waitFor();
    for (const viewer of [p2, watcher]) {
      const text = await readerText(viewer.page);
      for (const word of ["Thornwarden", "Elk Riders", "Grove Seer", "Moss Archers"]) expect([viewer.name, word, text.includes(word)]).toEqual([viewer.name, word, false]);
      expect(decodedPaths(viewer.frames).filter((p) => p.startsWith("/muster/seats/p1/list"))).toEqual([]);
    }
    // p2 picks the Kiln warband (its Ash Hounds in reserve) and locks: the lists are revealed, without the reserves.
    await p2.page.getByLabel("Sample list").selectOption({ index: 3 });
    before = await logCount(p2.page);
    await p2.page.getByRole("button", { name: "Lock list" }).click();
    await grows(p2.page, before);
    await watcher.page.getByText(/The lists are revealed/).waitFor();
    for (const viewer of [p2, watcher]) expect(await readerText(viewer.page)).toContain("Thornwarden");

    // Deployment through the UI: the first unit by a click in the territory, the rest by the suggested places.
    for (let i = 0; i < 12; i++) {
      const seat = (await p1.page.locator(".your-turn").count()) > 0 ? p1 : (await p2.page.locator(".your-turn").count()) > 0 ? p2 : null;
      if (!seat || (await seat.page.locator('[data-phase="deployment"]').count()) === 0) break;
      const toDeploy = seat.page.locator(".controls .command-list").first().getByRole("button");
      if ((await toDeploy.count()) === 0) break;
      await toDeploy.first().click();
      if (i === 0) {
        // A click inside p1's territory (the bottom band of the map), left of the ruins.
        const box = (await seat.page.locator("svg.sigmar-map .territory-p1").boundingBox())!;
        await seat.page.mouse.click(box.x + box.width * 0.15, box.y + box.height * 0.5);
        await seat.page.locator(".ruler-line").waitFor();
        await seat.page.screenshot({ path: join(shots, "03-deploy-plan.png"), fullPage: true });
        if ((await seat.page.locator(".ruler-line.legal").count()) === 0) await seat.page.locator(".controls .command-list").nth(1).getByRole("button").first().click();
      } else await seat.page.locator(".controls .command-list").nth(1).getByRole("button").first().click();
      before = await logCount(seat.page);
      await seat.page.getByRole("button", { name: "Confirm positions" }).click();
      await grows(seat.page, before);
    }
    await watcher.page.locator('[data-phase="hero"], [data-phase="movement"]').first().waitFor({ timeout: 20_000 });

    // The battle: whoever is awaited chooses who takes the first turn (the priority roll's winner),
    // answers the stones' order or ends phases until a movement phase.
    for (let i = 0; i < 12; i++) {
      const seat = (await p1.page.locator(".your-turn").count()) > 0 ? p1 : p2;
      if ((await seat.page.locator('[data-phase="movement"]').count()) > 0) break;
      const first = seat.page.getByRole("button", { name: /takes the first turn$/ });
      const order = seat.page.getByRole("button", { name: /^In this order/ });
      const end = seat.page.getByRole("button", { name: /^End the/ });
      before = await logCount(seat.page);
      if ((await first.count()) > 0) await first.first().click();
      else if ((await order.count()) > 0) await order.first().click();
      else await end.first().click();
      await grows(seat.page, before);
    }
    const mover = (await p1.page.locator(".your-turn").count()) > 0 ? p1 : p2;
    await mover.page.locator('[data-phase="movement"]').waitFor();
    // Drag a unit: its whole formation follows, the ruler tells inches moved and left.
    const unit = mover.page.locator("svg.sigmar-map g.unit.draggable").first();
    const circle = (await unit.locator("circle").first().boundingBox())!;
    await mover.page.mouse.move(circle.x + circle.width / 2, circle.y + circle.height / 2);
    await mover.page.mouse.down();
    await mover.page.mouse.move(circle.x + circle.width / 2, circle.y + circle.height / 2 - 40, { steps: 5 });
    await mover.page.mouse.up();
    const ruler = mover.page.locator(".ruler-line");
    await ruler.waitFor();
    expect(await ruler.innerText()).toMatch(/\d+\.\d" moved, \d+\.\d" left/);
    await mover.page.screenshot({ path: join(shots, "04-drag-move.png"), fullPage: true });
    if ((await mover.page.locator(".ruler-line.legal").count()) > 0) {
      before = await logCount(mover.page);
      await mover.page.getByRole("button", { name: "Confirm positions" }).click();
      await grows(mover.page, before);
    }
    for (const viewer of viewers) await viewer.page.screenshot({ path: join(shots, `05-battle-${viewer.name}.png`), fullPage: true });

    // Hands and reserves: each seat's own page has them; the other's and the spectator's do not.
    const hands = await Promise.all([p1, p2].map(async (v) => (await v.page.locator(".hand li strong").allInnerTexts()).filter(Boolean)));
    expect(hands[0]!.length).toBeGreaterThan(0);
    const played = new Set((await watcher.page.locator(".log-lines").innerText()).split("\n"));
    for (const [i, viewer] of [p1, p2].entries()) {
      const otherHand = new Set(hands[1 - i]);
      for (const other of [[p2, p1][i]!, watcher]) {
        const text = await readerText(other.page);
        for (const card of hands[i]!) if (!otherHand.has(card) && ![...played].some((l) => l.includes(card)) && other !== viewer) expect([other.name, card, text.includes(card)]).toEqual([other.name, card, false]);
        const paths = decodedPaths(other.frames);
        expect(paths.filter((p) => p.startsWith(`/hands/${viewer.name}/`))).toEqual([]);
      }
      expect(decodedPaths(viewer.frames).some((p) => p.startsWith(`/hands/${viewer.name}/`))).toBe(true);
    }
    // The reserve units (Elk Riders of p1, Ash Hounds of p2), unless set up: on their own page only.
    for (const [owner, unit, word, others] of [["p1", "p1-r1", "Elk Riders", [p2, watcher]], ["p2", "p2-r1", "Ash Hounds", [p1, watcher]]] as const) {
      const setUp = (await watcher.page.locator(".log-lines").innerText()).includes(`${word} (`);
      if (setUp) continue;
      for (const other of others) {
        expect([other.name, word, (await readerText(other.page)).includes(word)]).toEqual([other.name, word, false]);
        expect(decodedPaths(other.frames).filter((p) => p.startsWith(`/units/${unit}`))).toEqual([]);
      }
      void owner;
    }
    for (const viewer of viewers) expect(viewer.errors).toEqual([]);
  });

  test("rules help on a phone: a player's Korean table explains its phase, its legend and its points on tap, in the flow of the page (nothing runs off the screen)", async () => {
    // p2's page moves to a phone: 390 px, touch, Korean.
    await p2.page.goto("about:blank");
    const phone = await browser.newContext({ locale: "ko-KR", viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    try {
      const page = await phone.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(String(error)));
      await page.goto(invite.p2!);
      await page.locator("svg.sigmar-map").waitFor();
      const width = () => page.evaluate(() => document.documentElement.scrollWidth);
      // The map opens zoomed in on p2's own models (drawn with its edge at the bottom), not on the top
      // left corner, and in sight: inside the frame, on the screen and above the action bar pinned over
      // the screen's bottom (the frame runs under it).
      const inSight = await page.evaluate(() => {
        const frame = document.querySelector("[data-testid=board-viewport]")!.getBoundingClientRect();
        const bar = document.querySelector(".action-bar")!.getBoundingClientRect();
        const bottom = Math.min(frame.bottom, window.innerHeight, bar.top);
        const shown = (e: Element) => {
          const r = e.getBoundingClientRect();
          return r.right > frame.left && r.left < frame.right && r.bottom > Math.max(0, frame.top) && r.bottom <= bottom;
        };
        const models = (owner: string) => [...document.querySelectorAll(`svg.sigmar-map g[data-unit^="${owner}-"] circle[data-model-id]`)];
        return { zoom: Number(document.querySelector("[data-testid=board-viewport]")!.getAttribute("data-zoom")), own: models("p2").filter(shown).length, ownModels: models("p2").length };
      });
      expect(inSight.zoom).toBeGreaterThan(1);
      expect(inSight.ownModels).toBeGreaterThan(0);
      expect(inSight.own).toBeGreaterThan(0);
      // Scrolled down until the whole frame stands above the bar: the map's bottom edge meets the
      // frame's bottom, no empty room under it (the room added to open on p2's models is gone).
      await page.evaluate(() => {
        const frame = document.querySelector("[data-testid=board-viewport]")!.getBoundingClientRect();
        window.scrollBy(0, frame.bottom - document.querySelector(".action-bar")!.getBoundingClientRect().top + 20);
      });
      await page.waitForTimeout(200);
      const empty = await page.evaluate(() => {
        const frame = document.querySelector("[data-testid=board-viewport]")!;
        return Math.round(frame.getBoundingClientRect().bottom - document.querySelector("svg.sigmar-map")!.getBoundingClientRect().bottom);
      });
      expect(empty).toBeLessThanOrEqual(1);
      await page.evaluate(() => window.scrollTo(0, 0));
      // The phase in the header, then a legend entry and the first player's victory points.
      for (const [i, selector] of ["[data-phase] .rule-tip-button", ".map-legend .rule-tip-button", ".sides .rule-tip-button"].entries()) {
        const tip = page.locator(selector).last();
        await tip.tap();
        const note = page.locator(`[id="${await tip.getAttribute("aria-controls")}"]`);
        expect([selector, await note.isVisible(), await tip.getAttribute("aria-expanded")]).toEqual([selector, true, "true"]);
        // Korean words, the rules' numbers filled in.
        expect(await note.innerText()).toMatch(/[가-힣]/);
        expect(await note.innerText()).not.toContain("{{");
        expect([selector, await width()]).toEqual([selector, 390]);
        if (i === 0) await page.screenshot({ path: join(shots, "table-sigmar-p2-390-ko-help.png") });
        await tip.tap();
        expect(await note.isVisible()).toBe(false);
      }
      // The guide opens from the table in a tab of its own.
      expect(await page.locator(".rule-note a.how-to-play-link").getAttribute("href")).toBe("/how-to-play/sigmar");
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  test("5. bots finish the battle through the seats; the pages show the result; the review rebuilds and verifies it", async () => {
    const tokens = { p1: new URLSearchParams(new URL(invite.p1!).hash.slice(1)).get("token")!, p2: new URLSearchParams(new URL(invite.p2!).hash.slice(1)).get("token")! };
    await p1.page.goto("about:blank");
    await p2.page.goto("about:blank");
    const ws = `ws://127.0.0.1:${server.port}`;
    const bots = await Promise.all((["p1", "p2"] as const).map((seat) => TestClient.join(ws, matchId, { seat, token: tokens[seat] })));
    const random = new Map(bots.map((c) => [c.seat!, new RandomBot<SigmarCommand>(`browser-${c.seat}`, sigmarBotPolicy)]));
    const fills = new Random(rngStateFromSeed("browser", "fill"));
    for (let n = 0; n < 4000; n++) {
      if ((bots[0]!.projection() as { result?: unknown }).result) break;
      const mover = bots.find((c) => legalCommandsInView(c.projection() as SigmarView, c.seat!).length > 0);
      if (!mover) throw new Error("nobody can move");
      const view = mover.projection() as SigmarView;
      const command = chooseWithTemplates(random.get(mover.seat!)!, fills, legalCommandsInView(view, mover.seat!), templatesInView(view, mover.seat!), () => false)!;
      const answer = await mover.command(command);
      if (answer.type !== "accepted") throw new Error(JSON.stringify(answer.payload));
      await Promise.all(bots.map((c) => c.until(() => c.seq >= answer.payload.seq, "the new state")));
    }
    for (const bot of bots) await bot.leave();
    expect((await server.store.getMatch(matchId))?.status).toBe("finished");
    await watcher.page.locator(".match-end").waitFor({ timeout: 20_000 });
    // The spectator's action bar, with nothing left to show, is not drawn as an empty box.
    expect(await watcher.page.locator(".action-bar").isVisible()).toBe(false);
    await watcher.page.screenshot({ path: join(shots, "06-result-spectator.png"), fullPage: true });
    await watcher.page.getByRole("link", { name: "Review" }).click();
    await watcher.page.locator('[data-testid="sigmar-review"]').waitFor({ timeout: 30_000 });
    await watcher.page.locator('.verify[data-ok="true"]').waitFor({ timeout: 30_000 });
    await watcher.page.getByTestId("sigmar-review-perspective").selectOption("p2");
    await watcher.page.screenshot({ path: join(shots, "07-review.png"), fullPage: true });
    expect(catalog.battleplan.id).toBe("sundered_causeway");
    for (const viewer of viewers) expect(viewer.errors).toEqual([]);
  });
});
