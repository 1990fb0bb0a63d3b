/**
 * Correspondence play in Chromium against the real server (in-process, in-memory database,
 * serving the built client):
 *  1. the lobby's TRPG form: the host picks "Correspondence", 7 days per move and 3 vacation
 *     days; the match is created with those terms, and the table shows a correspondence clock in
 *     days (desktop, English);
 *  2. a live EMBER match on a real-time clock: p1 (desktop, English) proposes switching to 3 days
 *     per move; p2 (phone, 390 px, Korean) sees the proposal and agrees; both tables then show the
 *     clocks by correspondence;
 *  3. two guests: Ada opens a Siege table by correspondence (1 day per move) in the lobby; Bo sees
 *     its terms in the list and takes it; after the attack's first pick, each one's My games
 *     (desktop and phone) shows the match by correspondence, the awaited one with the day left.
 * Screenshots go to a fresh folder under the OS temp dir (or FOGWAR_SCREENSHOTS), printed at the end.
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type Page } from "playwright-core";
import { catalog, legalCommandsInView as emberLegal } from "@fogwar/ember";
import { legalCommandsInView as siegeLegal } from "@fogwar/siege";
import type { RunningServer } from "@fogwar/server";
import { emberRequest, TestClient } from "@fogwar/server/testing";
import { CHROMIUM, HAVE_CHROMIUM, IN_CI, claimSeats, closeWebSuite, openWebSuite } from "./support";

jest.setTimeout(240_000);

const title = HAVE_CHROMIUM ? "correspondence play in Chromium" : `SKIPPED correspondence browser tests: no Chromium at ${CHROMIUM}`;
const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;
if (!HAVE_CHROMIUM && !IN_CI) console.warn(title);

/** How far the page reaches past its window's right edge, in CSS px (0: no sideways scrolling). */
const overflow = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

suite(title, () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  let shots: string;

  beforeAll(async () => {
    shots = process.env.FOGWAR_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), "fogwar-correspondence-"));
    mkdirSync(shots, { recursive: true });
    ({ server, browser, base } = await openWebSuite());
  }, 180_000);
  afterAll(async () => {
    await closeWebSuite({ browser, server });
    console.log(`correspondence screenshots: ${shots}`);
  });

  async function page(width: number, locale: string): Promise<Page> {
    const context = await browser.newContext({ locale, viewport: { width, height: width > 600 ? 900 : 844 } });
    const p = await context.newPage();
    await p.addInitScript((lang) => localStorage.setItem("fogwar:language", lang), locale.slice(0, 2));
    return p;
  }

  test("the lobby's form creates a correspondence match: 7 days per move and 3 vacation days", async () => {
    const lobby = await page(1280, "en-US");
    await lobby.goto(`${base}/?game=trpg`);
    const form = lobby.locator("form.create-trpg");
    await form.waitFor();
    await form.getByLabel("Game master's name").fill("Mara");
    await form.getByLabel("Party players").selectOption("2");
    await form.getByLabel("Player 1", { exact: true }).fill("Ada");
    await form.getByLabel("Player 2", { exact: true }).fill("Bo");
    await form.getByRole("radiogroup", { name: "Time control" }).getByLabel("Correspondence").check();
    await form.getByLabel("Days per move").selectOption("7");
    await form.getByLabel("Vacation days").fill("3");
    await form.locator(".time-control").screenshot({ path: join(shots, "create-correspondence-1280.png") });
    // The same choice on a phone: nothing reaches past the window.
    const phone = await page(375, "ko-KR");
    await phone.goto(`${base}/?game=trpg`);
    await phone.locator("form.create-trpg").getByRole("radiogroup", { name: "시간 제한" }).getByLabel("통신 대국").check();
    await phone.locator("form.create-trpg .time-control").screenshot({ path: join(shots, "create-correspondence-375-ko.png") });
    expect(await overflow(phone)).toBe(0);
    await phone.context().close();
    await form.getByRole("button", { name: "Create match" }).click();
    await lobby.locator("#invite-p1").waitFor();
    const link = await lobby.locator("#invite-p1").inputValue();
    const matchId = new URL(link).pathname.split("/")[2]!;
    const stored = (await (await fetch(`${base}/api/matches/${matchId}`)).json()) as { options: { correspondence?: unknown } };
    expect(stored.options.correspondence).toEqual({ daysPerMove: 7, vacationDays: 3 });
    await lobby.goto(link);
    await lobby.locator(".clock-panel .clock-terms").waitFor({ timeout: 30_000 });
    expect(await lobby.locator(".clock-panel .clock-terms").innerText()).toContain("Correspondence: 7 days per move");
    // Nothing runs before the first move: each clock shows its vacation, in days.
    expect(await lobby.locator(".clock-panel .clock-time").first().innerText()).toBe("3 d vacation");
    await lobby.screenshot({ path: join(shots, "trpg-correspondence-table-1280.png") });
    await lobby.context().close();
  });

  test("a live match switches to correspondence when both players agree (desktop English, phone Korean)", async () => {
    const response = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(emberRequest(catalog, { options: { clock: { minutes: 20, incrementSeconds: 30 } } })) });
    expect(response.status).toBe(201);
    const created = await claimSeats(base, (await response.json()) as { matchId: string; seats: { seat: string; inviteUrl: string }[] });
    // A first move, so the clocks run.
    for (const { seat, token } of created.seats) {
      const client = await TestClient.join(`ws://127.0.0.1:${server.port}`, created.matchId, { seat, token });
      const legal = emberLegal(client.projection() as Parameters<typeof emberLegal>[0], seat);
      const moved = legal.length > 0 && (await client.command(legal[0])).type === "accepted";
      await client.leave();
      if (moved) break;
    }
    const url = (seat: string) => created.seats.find((s) => s.seat === seat)!.inviteUrl;
    const desktop = await page(1280, "en-US");
    const phone = await page(390, "ko-KR");
    await desktop.goto(url("p1"));
    await phone.goto(url("p2"));
    await desktop.locator(".clock-panel .clock").first().waitFor({ timeout: 30_000 });
    await phone.locator(".clock-panel .clock").first().waitFor({ timeout: 30_000 });
    await desktop.getByText("Switch to correspondence").click();
    await desktop.getByLabel("Days per move").selectOption("3");
    await desktop.locator(".clock-panel").screenshot({ path: join(shots, "switch-form-1280.png") });
    await desktop.getByRole("button", { name: "Propose" }).click();
    await desktop.locator(".correspondence-switch").getByText(/^Waiting for: /).waitFor();
    const agree = phone.getByRole("button", { name: "동의" });
    await agree.waitFor();
    await phone.screenshot({ path: join(shots, "switch-proposal-390-ko.png") });
    expect(await overflow(phone)).toBe(0);
    await agree.click();
    await desktop.locator(".clock-terms").getByText(/^Correspondence: 3 days per move/).waitFor();
    await phone.locator(".clock-terms").getByText(/^통신 대국: 수마다 3일/).waitFor();
    // The log says so too, in words.
    await desktop.getByText("The match goes on by correspondence: 3 days per move, 0 days of vacation.").waitFor();
    const running = desktop.locator(".clock-panel .clock.running .clock-time");
    expect(await running.first().innerText()).toMatch(/^(3 d|2 d 23 h)$/);
    await desktop.screenshot({ path: join(shots, "switched-1280.png") });
    await phone.screenshot({ path: join(shots, "switched-390-ko.png") });
    expect(await overflow(phone)).toBe(0);
    await desktop.context().close();
    await phone.context().close();
  });

  test("a correspondence table in the lobby, taken by another guest; My games shows the day left", async () => {
    async function guest(name: string, width: number): Promise<Page> {
      const p = await page(width, "en-US");
      await p.goto(`${base}/`);
      await p.getByLabel("Guest name").fill(name);
      await p.getByRole("button", { name: "Play as guest" }).click();
      await p.getByText(`Playing as ${name}.`).waitFor();
      return p;
    }
    const ada = await guest("Ada", 1280);
    const bo = await guest("Bo", 390);
    const form = ada.locator("form", { has: ada.getByRole("heading", { name: "Open a table" }) });
    await form.getByLabel("Game").selectOption("siege");
    await form.getByRole("radiogroup", { name: "Time control" }).getByLabel("Correspondence").check();
    await form.getByLabel("Days per move").selectOption("1");
    await form.screenshot({ path: join(shots, "open-table-correspondence-1280.png") });
    await ada.setViewportSize({ width: 375, height: 900 });
    await form.screenshot({ path: join(shots, "open-table-correspondence-375.png") });
    expect(await overflow(ada)).toBe(0);
    await ada.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole("button", { name: "Open the table" }).click();
    await ada.getByText("Waiting for an opponent…").waitFor();
    const row = bo.locator(".open-table", { hasText: "Ada" });
    await row.getByText("Correspondence: 1 day per move", { exact: true }).waitFor();
    await bo.screenshot({ path: join(shots, "open-tables-390.png") });
    await row.getByRole("button", { name: "Take a seat" }).click();
    await bo.waitForURL(/\/play\/[^/]+/);
    await ada.waitForURL(/\/play\/[^/]+/);
    const matchId = new URL(ada.url()).pathname.split("/")[2]!;
    // Both go to My games (their tables close), so the pick below is the attack seat's only connection.
    for (const p of [ada, bo]) await p.goto(`${base}/games`);
    const seatsOf = (p: Page) => p.evaluate(async (id) => (await (await fetch(`/api/me/seats/${id}`)).json()) as { seats: { seat: string; token: string }[] }, matchId);
    const mine = [...(await seatsOf(ada)).seats, ...(await seatsOf(bo)).seats];
    const attack = mine.find((s) => s.seat === "a1")!;
    const picker = await TestClient.join(`ws://127.0.0.1:${server.port}`, matchId, attack);
    const pick = siegeLegal(picker.projection() as Parameters<typeof siegeLegal>[0], "a1")[0];
    expect((await picker.command(pick)).type).toBe("accepted");
    await picker.leave();
    const attacker = (await seatsOf(ada)).seats.some((s) => s.seat === "a1") ? ada : bo;
    const defender = attacker === ada ? bo : ada;
    for (const p of [ada, bo]) await p.reload();
    await defender.locator(".game-clock").getByText(/^✉ 23 h 5\d min left$|^✉ 1 d left$/).waitFor();
    await attacker.locator(".game-clock").getByText("✉ by correspondence").waitFor();
    await ada.screenshot({ path: join(shots, "my-games-1280.png") });
    await bo.screenshot({ path: join(shots, "my-games-390.png") });
    expect(await overflow(bo)).toBe(0);
    await ada.context().close();
    await bo.context().close();
  });
});
