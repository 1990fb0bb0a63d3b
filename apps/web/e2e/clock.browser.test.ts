/**
 * Clocks and an abandonment claim in a real browser (playwright-core driving Debian's Chromium)
 * against the real server, started in-process on a free port with an in-memory database and
 * serving apps/web/dist (built first when missing or older than its sources):
 *  1. an EMBER match with the optional clock (20 min + 30 s a round) and a 10 s claim delay, and a
 *     Siege match (its time bank), each after a first command: p1 on a desktop (1280 px, English)
 *     and p2 on a phone (390 px, Korean) see every seat's clock, the running ones counting down;
 *  2. the seat the EMBER match waits for closes its page: the other page shows the claim countdown,
 *     then the claim buttons; it claims the win and the page shows the result.
 * Screenshots go to a fresh folder under the OS temp dir, printed at the end.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type Page } from "playwright-core";
import { catalog, legalCommandsInView as emberLegal } from "@fogwar/ember";
import { legalCommandsInView as siegeLegal } from "@fogwar/siege";
import type { RunningServer } from "@fogwar/server";
import { emberRequest, TestClient } from "@fogwar/server/testing";
import { CHROMIUM, HAVE_CHROMIUM, IN_CI, claimSeats, closeWebSuite, openWebSuite } from "./support";

jest.setTimeout(180_000);

const title = HAVE_CHROMIUM ? "clocks and an abandonment claim in Chromium" : `SKIPPED clock browser tests: no Chromium at ${CHROMIUM}`;
const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;
if (!HAVE_CHROMIUM && !IN_CI) console.warn(title);

/** A seat's legal commands from its own projection (what its page offers). */
type LegalOf = (view: unknown, seat: string) => unknown[];
const emberLegalOf: LegalOf = (view, seat) => emberLegal(view as Parameters<typeof emberLegal>[0], seat);
const siegeLegalOf: LegalOf = (view, seat) => siegeLegal(view as Parameters<typeof siegeLegal>[0], seat);

interface Created {
  matchId: string;
  seats: { seat: string; token: string; inviteUrl: string }[];
}

suite(title, () => {
  let server: RunningServer;
  let browser: Browser;
  let http: string;
  const shots = mkdtempSync(join(tmpdir(), "fogwar-clock-shots-"));

  beforeAll(async () => {
    ({ server, browser, base: http } = await openWebSuite());
  });
  afterAll(async () => {
    await closeWebSuite({ browser, server });
    console.log(`clock screenshots: ${shots}`);
  });

  async function create(body: unknown): Promise<Created> {
    const response = await fetch(`${http}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(response.status).toBe(201);
    // Each seat's invite claimed, as its player's page would: the links now carry the tokens.
    return claimSeats(http, (await response.json()) as Created);
  }

  /** The seats with a legal command now (the seats the match waits for), asked through each seat's own connection. */
  async function awaited(created: Created, legalOf: LegalOf, act = false): Promise<string[]> {
    const out: string[] = [];
    for (const { seat, token } of created.seats) {
      const client = await TestClient.join(`ws://127.0.0.1:${server.port}`, created.matchId, { seat, token });
      const legal = legalOf(client.projection(), seat);
      if (legal.length > 0) out.push(seat);
      if (act && legal.length > 0 && out.length === 1) expect((await client.command(legal[0])).type).toBe("accepted");
      await client.leave();
    }
    return out;
  }
  /** Plays the first legal command of the first awaited seat through a client of that seat, which then leaves. */
  const firstMove = (created: Created, legalOf: LegalOf) => awaited(created, legalOf, true);

  async function open(url: string, width: number, locale: string): Promise<Page> {
    const context = await browser.newContext({ locale, viewport: { width, height: width > 600 ? 900 : 844 } });
    const page = await context.newPage();
    await page.goto(url);
    await page.locator(".clock-panel .clock").first().waitFor();
    return page;
  }

  /** The clocks a page shows: each clock's accessible text. */
  const clocksOf = (page: Page) => page.locator(".clock-panel .clock").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));

  it("shows every seat's clock counting down, and lets the other side claim after a drop", async () => {
    const ember = await create(emberRequest(catalog, { options: { clock: { minutes: 20, incrementSeconds: 30 }, claimDelay: 10 } }));
    await firstMove(ember, emberLegalOf);
    const waiting = await awaited(ember, emberLegalOf);
    const absent = waiting.includes("p2") ? "p2" : "p1";
    const claimant = absent === "p2" ? "p1" : "p2";
    const url = (seat: string) => ember.seats.find((s) => s.seat === seat)!.inviteUrl;
    const desktop = await open(url("p1"), 1280, "en-US");
    const phone = await open(url("p2"), 390, "ko-KR");
    const before = await clocksOf(desktop);
    expect(before).toHaveLength(2);
    expect(before.some((c) => c.includes("running"))).toBe(true);
    expect((await clocksOf(phone)).some((c) => c.includes("진행 중"))).toBe(true);
    await desktop.waitForTimeout(2100);
    const after = await clocksOf(desktop);
    expect(after).not.toEqual(before);
    await desktop.screenshot({ path: join(shots, "ember-clock-1280.png"), fullPage: false });
    await phone.screenshot({ path: join(shots, "ember-clock-390.png"), fullPage: false });

    const siege = await create({ ruleset: "siege", scenario: "ledger", players: [{ name: "A", team: "attack" }, { name: "D", team: "defence" }], options: {} });
    await firstMove(siege, siegeLegalOf);
    const siegeDesktop = await open(siege.seats.find((s) => s.seat === "a1")!.inviteUrl, 1280, "en-US");
    const siegePhone = await open(siege.seats.find((s) => s.seat === "d1")!.inviteUrl, 390, "ko-KR");
    expect((await clocksOf(siegeDesktop)).join(" ")).toMatch(/Attack|Defence/);
    await siegeDesktop.screenshot({ path: join(shots, "siege-clock-1280.png") });
    await siegePhone.screenshot({ path: join(shots, "siege-clock-390.png") });
    await siegeDesktop.context().close();
    await siegePhone.context().close();

    // The awaited seat leaves: the other side sees the countdown, then claims.
    const stays = claimant === "p1" ? desktop : phone;
    await (claimant === "p1" ? phone : desktop).context().close();
    const claim = stays.locator(".abandonment .claim");
    await claim.waitFor();
    await stays.screenshot({ path: join(shots, `ember-claim-countdown-${claimant === "p1" ? 1280 : 390}.png`) });
    const win = stays.locator(".abandonment .claim-buttons button").first();
    await win.waitFor({ timeout: 20_000 });
    await stays.screenshot({ path: join(shots, `ember-claim-allowed-${claimant === "p1" ? 1280 : 390}.png`) });
    await win.click();
    await stays.locator(".match-end").waitFor();
    const record = (await (await fetch(`${http}/api/matches/${ember.matchId}`)).json()) as { match: { result: unknown; status: string } };
    expect(record.match.status).toBe("finished");
    expect(record.match.result).toMatchObject({ winner: claimant, reason: "abandoned" });
    expect(await stays.locator(".ember-table .result").count()).toBe(1);
    await stays.screenshot({ path: join(shots, `ember-claimed-${claimant === "p1" ? 1280 : 390}.png`) });
    await stays.context().close();
  });
});
