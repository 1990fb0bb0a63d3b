/**
 * Siege (seed 004_cb264102299fbb71.txt) in a real browser (playwright-core driving Debian's
 * Chromium) against the real server, started in-process on a free port with an in-memory
 * database and serving apps/web/dist (built first when missing or older than its sources).
 *
 *  1. the lobby's Siege form creates a 1 v 1 match on the sample mission (attack a1, defence d1);
 *  2. a1, d1 (from their invite links) and a spectator open the match;
 *  3. through the UI: both secret picks, the defence's whole setup (secret tokens by clicking
 *     highlighted squares, gadgets, end of setup), the attack's deployment and a few activations;
 *     after the defence's setup the defence page shows its real tokens distinctly (★), while the
 *     attack's and the spectator's pages show two identical tokens per hidden operator (HTML,
 *     accessible text) and none of their WebSocket frames says which token is real;
 *  4. bots finish the match through the same seats (the pages reconnect and show the result);
 *  5. the review opens: the match rebuilt in the browser, every check verified.
 * Screenshots go to a fresh folder under the OS temp dir, printed at the end.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, type Page } from "playwright-core";
import { RandomBot } from "@fogwar/engine";
import { legalCommandsInView, siegeBotPolicy, type SiegeCommand } from "@fogwar/siege";
import type { RunningServer } from "@fogwar/server";
import { TestClient, decodedPaths } from "@fogwar/server/testing";
import { CHROMIUM, HAVE_CHROMIUM, IN_CI, claimInviteLink, closeWebSuite, openWebSuite } from "./support";

jest.setTimeout(240_000);

interface Viewer {
  readonly name: "a1" | "d1" | "spectator";
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every WebSocket frame the page received, as text (binary frames as latin1). */
  readonly frames: string[];
  readonly errors: string[];
}

async function openViewer(browser: Browser, name: Viewer["name"]): Promise<Viewer> {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  const viewer: Viewer = { name, context, page, frames: [], errors: [] };
  page.on("websocket", (ws) => {
    ws.on("framesent", () => sentFrames.set(page, (sentFrames.get(page) ?? 0) + 1));
    ws.on("framereceived", ({ payload }) => {
      viewer.frames.push(typeof payload === "string" ? payload : Buffer.from(payload).toString("latin1"));
    });
  });
  page.on("pageerror", (error) => viewer.errors.push(String(error)));
  return viewer;
}

/** WebSocket frames each page has sent (a command is one). */
const sentFrames = new WeakMap<Page, number>();

/** The command kinds a seat's controls offer now. */
const kindsOf = (page: Page): Promise<string[]> => page.locator(".siege-controls .kinds button").evaluateAll((els) => els.map((e) => e.getAttribute("data-kind") ?? ""));

const logCount = (page: Page): Promise<number> => page.locator(".siege-table .log-lines li").count();

/**
 * Sends one command through the UI: presses the kind's button (a single-command kind sends at
 * once); then answers what the controls wait for: a highlighted square on the map (`map`), else
 * the first answer the controls ask for (which gadget), else the first choice of the waiting list,
 * then the Do-it button; waits until the page's event log grows.
 */
async function act(page: Page, kind: string, how: "map" | "list"): Promise<void> {
  const before = await logCount(page);
  const grew = () => page.evaluate((n) => document.querySelectorAll(".siege-table .log-lines li").length > n || !!document.querySelector(".siege-table .action-bar p.error"), before);
  const button = page.locator(`.siege-controls .kinds button[data-kind="${kind}"]`);
  const direct = (await button.getAttribute("data-direct")) === "true";
  const sent = sentFrames.get(page) ?? 0;
  await button.click();
  for (let i = 0; i < 5 && !direct && !(await grew()); i++) {
    const waiting = page.locator(".siege-controls .field.waiting select");
    if (how === "map" && (await page.locator("svg .cell.target").count()) > 0) {
      // The first highlighted square a click reaches (a token drawn over a square takes its clicks).
      const open = await page.evaluate(() =>
        [...document.querySelectorAll("svg .cell.target")].findIndex((cell) => {
          const box = cell.getBoundingClientRect();
          return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === cell;
        }),
      );
      await page.locator("svg .cell.target").nth(Math.max(0, open)).click();
    }
    else if ((await page.locator(".siege-controls .field.waiting.ask button").count()) > 0) await page.locator(".siege-controls .field.waiting.ask button").first().click();
    else if ((await waiting.count()) > 0) await waiting.selectOption({ index: 1 });
    else if ((await page.locator(".siege-controls .command-list button").count()) > 0) await page.locator(".siege-controls .command-list button").first().click();
    else break;
    // Never a fixed pause: once the answer sent the command, wait for it (on a loaded machine it
    // can take longer than any guess, and a second click on the stale map would send another).
    if ((sentFrames.get(page) ?? 0) > sent) break;
    await page.waitForTimeout(50);
  }
  await page.waitForFunction((n) => document.querySelectorAll(".siege-table .log-lines li").length > n || !!document.querySelector(".siege-table .action-bar p.error"), before, { timeout: 10_000 });
  const error = await page.locator(".siege-table .action-bar p.error").count();
  if (error > 0) throw new Error(`refused: ${await page.locator(".siege-table .action-bar p.error").textContent()}`);
}

/** Occurrences of `text` in `haystack`. */
function occurrences(haystack: string, text: string): number {
  let n = 0;
  for (let at = haystack.indexOf(text); at >= 0; at = haystack.indexOf(text, at + 1)) n++;
  return n;
}

const title = HAVE_CHROMIUM ? "Siege in Chromium: lobby, picks, setup and activations through the UI, secret tokens per viewer, review" : `SKIPPED Siege browser tests: no Chromium at ${CHROMIUM}`;
const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;

suite(title, () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  let shots: string;
  const viewers: Viewer[] = [];
  let lobbyContext: BrowserContext | undefined;
  let matchId = "";
  const invite: Record<"a1" | "d1", string> = { a1: "", d1: "" };
  let spectatorUrl = "";
  let a1: Viewer;
  let d1: Viewer;
  let watcher: Viewer;
  const framesBeforeEnd = new Map<Viewer, number>();
  let uiCommands = 0;

  beforeAll(async () => {
    shots = mkdtempSync(join(tmpdir(), "fogwar-siege-e2e-"));
    ({ server, browser, base } = await openWebSuite());
  }, 180_000);

  afterAll(async () => {
    for (const viewer of viewers) await viewer.context.close().catch(() => undefined);
    await lobbyContext?.close().catch(() => undefined);
    await closeWebSuite({ browser, server });
    if (shots) console.log(`fogwar Siege browser test: screenshots in ${shots}; commands sent through the UI: ${uiCommands}`);
  });

  test("1. seed 004 팀 준비: the lobby's Siege form creates a 1 v 1 match with a team per player", async () => {
    lobbyContext = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 1000 } });
    const lobby = await lobbyContext.newPage();
    await lobby.goto(`${base}/?game=siege`);
    const form = lobby.locator("form.create-siege");
    await form.waitFor();
    await form.getByLabel("Mission").selectOption("ledger");
    expect(await form.textContent()).toContain("Saltmarsh Cannery");
    await form.getByLabel("Players").selectOption("1");
    const names = form.getByLabel("Name");
    await names.nth(0).fill("Alice");
    await names.nth(1).fill("Bora");
    await form.getByLabel("Team").nth(0).selectOption("attack");
    await form.getByLabel("Team").nth(1).selectOption("defence");
    await lobby.screenshot({ path: join(shots, "01-siege-lobby.png"), fullPage: true });
    await form.getByRole("button", { name: "Create Siege match" }).click();
    await lobby.locator("section.created").waitFor();
    for (const seat of ["a1", "d1"] as const) {
      // The invite claimed as the seat's page would; the page then opens a link carrying the token.
      invite[seat] = (await claimInviteLink(base, await lobby.locator(`#invite-${seat}`).inputValue())).playUrl;
      matchId = new URL(invite[seat]).pathname.split("/")[2] ?? "";
    }
    spectatorUrl = await lobby.locator("#invite-spectator").inputValue();
    expect(spectatorUrl).toBe(`${base}/watch/${matchId}`);
  });

  test("2-3. seed 004 비밀 오퍼레이터: picks, the defence setup, deployment and activations through the UI; the defence sees its real tokens, the attack and the spectator two identical tokens, in HTML, accessible text and frames", async () => {
    a1 = await openViewer(browser, "a1");
    d1 = await openViewer(browser, "d1");
    watcher = await openViewer(browser, "spectator");
    viewers.push(a1, d1, watcher);
    for (const [viewer, url] of [
      [a1, invite.a1],
      [d1, invite.d1],
      [watcher, spectatorUrl],
    ] as const) {
      await viewer.page.goto(url);
      await viewer.page.locator(".siege-table .summary").waitFor();
    }
    // Secret picks (the form's suggested legal pick).
    for (const seat of [a1, d1]) {
      const before = await logCount(seat.page);
      await seat.page.getByRole("button", { name: "Lock the pick (secret)" }).click();
      await seat.page.waitForFunction((n) => document.querySelectorAll(".siege-table .log-lines li").length > n, before);
      uiCommands++;
    }
    await d1.page.locator('[data-phase="defence_setup"]').waitFor();
    await d1.page.screenshot({ path: join(shots, "02-defence-setup.png"), fullPage: true });
    // The defence's setup: every secret token and setup gadget on a highlighted square, then the end.
    for (let i = 0; i < 60; i++) {
      const kinds = await kindsOf(d1.page);
      if (kinds.includes("place_token")) await act(d1.page, "place_token", "map");
      else if (kinds.includes("place_gadget")) await act(d1.page, "place_gadget", "map");
      else if (kinds.includes("end_setup")) {
        await act(d1.page, "end_setup", "list");
        uiCommands++;
        break;
      } else throw new Error(`unexpected defence kinds ${kinds.join(",")}`);
      uiCommands++;
    }
    await a1.page.locator('[data-phase="attack_setup"]').waitFor();
    await watcher.page.locator('[data-phase="attack_setup"]').waitFor();

    // The defence sees which token is real; the others see two identical tokens an operator.
    const realCount = await d1.page.locator("svg .token-real").count();
    expect(realCount).toBeGreaterThan(0);
    expect(await d1.page.locator("svg .token-decoy").count()).toBeGreaterThan(0);
    expect(await d1.page.locator("svg .token-real").first().getAttribute("aria-label")).toMatch(/real token ★/);
    for (const viewer of [a1, watcher]) {
      const page = viewer.page;
      expect(await page.locator(".token-real, .token-decoy").count()).toBe(0);
      const tokens = await page.locator("svg .token-secret").evaluateAll((els) => els.map((e) => ({ label: e.getAttribute("aria-label") ?? "", html: e.outerHTML.replace(/\s(x|y|cx|cy|transform|style)="[^"]*"/g, "") })));
      expect(tokens.length).toBeGreaterThan(1);
      const byLabel = new Map<string, Set<string>>();
      for (const t of tokens) byLabel.set(t.label, (byLabel.get(t.label) ?? new Set()).add(t.html));
      for (const [label, htmls] of byLabel) {
        expect(tokens.filter((t) => t.label === label)).toHaveLength(2);
        expect(htmls.size).toBe(1);
      }
      const text = await page.locator("body").innerText();
      expect(text).not.toMatch(/real token|decoy/i);
      expect(await page.content()).not.toMatch(/token-real|token-decoy|★/);
    }
    for (const viewer of [a1, d1, watcher]) await viewer.page.screenshot({ path: join(shots, `03-after-defence-setup-${viewer.name}.png`), fullPage: true });

    // The attack deploys through the UI (highlighted squares).
    for (let i = 0; i < 10 && (await kindsOf(a1.page)).includes("deploy"); i++) {
      await act(a1.page, "deploy", "map");
      uiCommands++;
    }
    await a1.page.locator('[data-phase="action"]').waitFor();
    // A few activations, each by the team whose turn it is.
    let activations = 0;
    for (let i = 0; i < 24 && activations < 3; i++) {
      const seat = (await a1.page.locator(".your-turn").count()) > 0 ? a1 : d1;
      const kinds = await kindsOf(seat.page);
      if (kinds.includes("hold")) await act(seat.page, "hold", "list");
      else if (kinds.includes("keep")) await act(seat.page, "keep", "list");
      else if (kinds.includes("contest")) await act(seat.page, "contest", "list");
      else if (kinds.includes("activate")) await act(seat.page, "activate", "list");
      else if (kinds.includes("step") && i % 3 !== 2) await act(seat.page, "step", "map");
      else if (kinds.includes("end_activation")) {
        await act(seat.page, "end_activation", "list");
        activations++;
      } else if (kinds.includes("end_phase")) await act(seat.page, "end_phase", "list");
      else break;
      uiCommands++;
    }
    expect(activations).toBeGreaterThan(0);
    for (const viewer of [a1, d1, watcher]) await viewer.page.screenshot({ path: join(shots, `04-action-${viewer.name}.png`), fullPage: true });
    for (const viewer of viewers) framesBeforeEnd.set(viewer, viewer.frames.length);
    // Frames: nothing the attack or the spectator received says which token is real.
    // Bytes: no "real" but in the path of the empty /hidden/real every view has. Decoded frames
    // (every value a flat map was given, replayed from the raw frames, in either entry form):
    // nothing under /hidden/real for the attack and the spectator, the real tokens for the defence.
    const paths = (viewer: Viewer) => decodedPaths(viewer.frames.map((frame) => Buffer.from(frame, "latin1")));
    for (const viewer of [a1, watcher]) {
      const all = viewer.frames.join("\n");
      expect(occurrences(all, "real")).toBe(occurrences(all, "/hidden/real"));
      expect(paths(viewer)).toContain("/hidden/real");
      expect(paths(viewer).filter((p) => p.startsWith("/hidden/real/"))).toEqual([]);
    }
    expect(paths(d1).some((p) => p.startsWith("/hidden/real/"))).toBe(true);
    for (const viewer of viewers) expect(viewer.errors).toEqual([]);
  });

  test("4-5. bots finish the match through the seats; the pages show the result; the review rebuilds and verifies it", async () => {
    const record = await server.store.getMatch(matchId);
    expect(record?.status).toBe("live");
    const tokens = { a1: new URLSearchParams(new URL(invite.a1).hash.slice(1)).get("token")!, d1: new URLSearchParams(new URL(invite.d1).hash.slice(1)).get("token")! };
    // The seat pages are closed first (a new connection for a seat replaces the old one).
    await a1.page.goto("about:blank");
    await d1.page.goto("about:blank");
    const ws = `ws://127.0.0.1:${server.port}`;
    const bots = await Promise.all((["a1", "d1"] as const).map((seat) => TestClient.join(ws, matchId, { seat, token: tokens[seat] })));
    const random = new Map(bots.map((c) => [c.seat!, new RandomBot<SiegeCommand>(`browser-${c.seat}`, siegeBotPolicy)]));
    for (let n = 0; n < 4000; n++) {
      if ((bots[0]!.projection() as { result?: unknown }).result) break;
      const mover = bots.find((c) => legalCommandsInView(c.projection() as never, c.seat!).length > 0);
      if (!mover) throw new Error("nobody can move");
      const command = random.get(mover.seat!)!.choose(legalCommandsInView(mover.projection() as never, mover.seat!))!;
      const answer = await mover.command(command);
      if (answer.type !== "accepted") throw new Error(JSON.stringify(answer.payload));
      await Promise.all(bots.map((c) => c.until(() => c.seq >= answer.payload.seq, "the new state")));
    }
    for (const bot of bots) await bot.leave();
    expect((await server.store.getMatch(matchId))?.status).toBe("finished");

    await watcher.page.locator(".match-end").waitFor({ timeout: 20_000 });
    // A player who opens the match again after its end is told so and offered the review, once.
    await a1.page.goto(`${base}/play/${matchId}#seat=a1&token=${tokens.a1}`);
    await a1.page.getByRole("link", { name: "Review the match" }).waitFor();
    expect(await a1.page.getByRole("link", { name: /review/i }).count()).toBe(1);
    for (const viewer of [a1, watcher]) await viewer.page.screenshot({ path: join(shots, `05-result-${viewer.name}.png`), fullPage: true });
    await a1.page.getByRole("link", { name: "Review the match" }).click();
    await a1.page.locator('[data-testid="siege-review"]').waitFor({ timeout: 30_000 });

    const page = watcher.page;
    await page.getByRole("link", { name: "Review the match" }).click();
    await page.locator('[data-testid="siege-review"]').waitFor({ timeout: 30_000 });
    await page.locator('.verify[data-ok="true"]').waitFor();
    expect(await page.locator(".verify").innerText()).toMatch(/Every check: ✓ OK/);
    await page.getByTestId("siege-review-perspective").selectOption("a1");
    await page.getByRole("button", { name: /First/ }).click();
    await page.screenshot({ path: join(shots, "06-review.png"), fullPage: true });
    for (const viewer of viewers) expect(viewer.errors).toEqual([]);
  });
});
