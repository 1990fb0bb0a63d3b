/**
 * Each player brings their own secret army list (seed 001 2), in a real browser against the real
 * server: the host creates an EMBER match in the lobby with the default "each player builds their
 * own list", keeps the host link; each player opens their invite link on their own page, builds
 * (starts from a sample list) and locks; before the second lock, the other page and the
 * spectator's never show the first list (HTML, accessible text, WebSocket frames); the host page
 * lists the seats with their lock status and re-issues a link after a confirmation. Screenshots of
 * the muster screen and the host page at 1280 and 390 px go to a temp folder, printed at the end.
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

const run = HAVE_CHROMIUM ? describe : describe.skip;
if (!HAVE_CHROMIUM && IN_CI) throw new Error(`no Chromium at ${CHROMIUM}: CI must run the browser tests`);

run("each player builds and locks their own list from their own page (seed 001 2)", () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  const shots = mkdtempSync(join(tmpdir(), "fogwar-muster-"));
  const frames: Record<string, string[]> = { p1: [], p2: [], spectator: [] };
  const pages: Record<string, Page> = {};
  const invite: Record<string, string> = {};
  let hostUrl = "";
  let spectatorUrl = "";

  beforeAll(async () => {
    ({ server, browser, base } = await openWebSuite());
  });
  afterAll(async () => {
    await closeWebSuite({ browser, server });
    console.log(`fogwar muster browser test: screenshots in ${shots}`);
  });

  async function open(name: string, url: string, width = 1280): Promise<Page> {
    const context = await browser.newContext({ locale: "en-US", viewport: { width, height: 900 } });
    const page = await context.newPage();
    page.on("websocket", (ws) => ws.on("framereceived", ({ payload }) => frames[name]?.push(typeof payload === "string" ? payload : Buffer.from(payload).toString("latin1"))));
    await page.goto(url);
    return page;
  }

  test("the host creates the match without lists and keeps the host link", async () => {
    const lobby = await open("lobby", `${base}/?game=ember`);
    const form = lobby.locator("form.create-ember");
    await form.getByLabel("Scenario").selectOption("crossroads");
    expect(await form.getByLabel("Each player builds their own list").isChecked()).toBe(true);
    await expect(form.getByLabel("Start from").count()).resolves.toBe(0);
    for (const [index, name] of ["Alice", "Bora"].entries()) await form.locator(`input[id$="-p${index}-name"]`).fill(name);
    await form.getByRole("button", { name: "Create match" }).click();
    await lobby.locator("section.created").waitFor();
    for (const seat of ["p1", "p2"]) invite[seat] = await lobby.locator(`#invite-${seat}`).inputValue();
    hostUrl = await lobby.locator("#invite-host").inputValue();
    spectatorUrl = await lobby.locator("#invite-spectator").inputValue();
    expect(hostUrl).toMatch(/\/host\/[a-z0-9]+#token=[0-9a-f]{32}$/);
    await lobby.screenshot({ path: join(shots, "01-lobby-links-1280.png"), fullPage: true });
    await lobby.context().close();
  });

  test("each player builds and locks their own list; the other page and the spectator never see it before the reveal", async () => {
    pages.p1 = await open("p1", invite.p1 as string);
    pages.p2 = await open("p2", invite.p2 as string, 390);
    pages.spectator = await open("spectator", spectatorUrl);
    const p1 = pages.p1;
    const p2 = pages.p2;
    for (const page of [p1, p2]) await page.getByRole("button", { name: /Lock my list/ }).waitFor();
    await p1.screenshot({ path: join(shots, "02-muster-builder-1280.png"), fullPage: true });
    await p2.screenshot({ path: join(shots, "03-muster-builder-390.png"), fullPage: true });
    // p1 starts from the GOF sample list and locks it.
    const gof = p1.getByLabel("Start from");
    const options = await gof.locator("option").allTextContents();
    const gofIndex = options.findIndex((o) => o.includes("GOF"));
    await gof.selectOption({ index: gofIndex });
    // A name of its own, so the list is recognisable anywhere it might leak.
    const p1Army = "Alice secret list 7f3a";
    await p1.getByLabel("Army name").fill(p1Army);
    await p1.getByRole("button", { name: /Lock my list/ }).click();
    await p1.getByRole("button", { name: "Unlock to change it" }).waitFor();
    await p1.getByText("Waiting for Bora").waitFor();
    await p2.locator('[data-seat="p1"][data-locked="true"]').waitFor();
    await pages.spectator.locator('[data-seat="p1"][data-locked="true"]').waitFor();
    await p1.screenshot({ path: join(shots, "04-muster-waiting-1280.png"), fullPage: true });
    await p2.screenshot({ path: join(shots, "05-muster-other-locked-390.png"), fullPage: true });
    await p1.setViewportSize({ width: 390, height: 900 });
    await p1.screenshot({ path: join(shots, "06-muster-waiting-390.png"), fullPage: true });
    await p1.setViewportSize({ width: 1280, height: 900 });
    // Nothing of p1's list on p2's page or the spectator's: HTML, text, frames.
    for (const name of ["p2", "spectator"]) {
      const page = pages[name] as Page;
      const html = await page.content();
      const text = await page.locator("body").innerText();
      expect([name, html.includes(p1Army), text.includes(p1Army)]).toEqual([name, false, false]);
      expect([name, frames[name]?.some((f) => f.includes(p1Army) || f.includes("gof-"))]).toEqual([name, false]);
    }
    // The host page shows p1 locked and p2 building; its layout holds at 390 px.
    const host = await open("host", hostUrl);
    await host.locator('li[data-seat="p1"]').getByText("list locked").waitFor();
    await host.locator('li[data-seat="p2"]').getByText("list not locked").waitFor();
    await host.screenshot({ path: join(shots, "07-host-1280.png"), fullPage: true });
    await host.setViewportSize({ width: 390, height: 900 });
    await host.screenshot({ path: join(shots, "08-host-390.png"), fullPage: true });
    expect(await host.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await host.context().close();

    // p2's builder in Korean (and back).
    await p2.getByRole("button", { name: "한국어" }).click();
    await p2.getByRole("button", { name: /내 리스트 잠그기/ }).waitFor();
    await p2.screenshot({ path: join(shots, "11-muster-builder-390-ko.png"), fullPage: true });
    await p2.getByRole("button", { name: "English" }).click();

    // p2 locks: both lists are revealed and the battle begins (seed 001 3.2 side choice).
    await p2.getByRole("button", { name: /Lock my list/ }).click();
    for (const page of [p1, p2, pages.spectator]) await page.locator('[data-phase="side_choice"]').first().waitFor();
    expect(await p2.locator("body").innerText()).toContain("the armies are revealed");
    await p2.screenshot({ path: join(shots, "09-revealed-390.png"), fullPage: true });
  });

  test("the host page shows no token of a claimed seat; re-issuing p2 (after a confirmation) gives a new link, p2's page is told, and p1's table log says so", async () => {
    const host = await open("host", hostUrl);
    const row = host.locator('li[data-seat="p2"]');
    await row.getByText("claimed").first().waitFor();
    // p2 claimed its invite: the host sees no link and no token for it.
    expect(await row.locator("input").count()).toBe(0);
    await row.getByRole("button", { name: "Re-issue link" }).click();
    await row.getByText(/has taken the seat\. Re-issue it anyway\?/).waitFor();
    await row.getByRole("button", { name: "Yes, re-issue" }).click();
    await host.getByText(/Bora \(seat 2\) has a new invite link/).waitFor();
    const after = await row.locator("input").inputValue();
    expect(after).toMatch(/\/play\/[a-z0-9]+#seat=p2&invite=[0-9a-f]{32}$/);
    expect(after).not.toBe(invite.p2);
    await (pages.p2 as Page).getByText(/re-issued this seat's invite link/i).waitFor({ timeout: 15_000 });
    await (pages.p2 as Page).screenshot({ path: join(shots, "10-revoked-390.png"), fullPage: true });
    await (pages.p1 as Page).getByRole("log").getByText(/The host re-issued Bora's seat/).waitFor({ timeout: 15_000 });
    await (pages.p1 as Page).screenshot({ path: join(shots, "12-reissue-notice-1280.png"), fullPage: true });
    // The old link opens nothing any more: another browser is told so.
    const stranger = await open("stranger", invite.p2 as string);
    await stranger.getByText(/no longer opens its seat/).waitFor();
    await stranger.context().close();
    await host.context().close();
  });
});
