/**
 * Leaving a match, the same in every ruleset, in a real browser (playwright-core driving Debian's
 * Chromium) against the real server, started in-process on a free port with an in-memory database
 * and serving apps/web/dist (built first when missing or older than its sources):
 *  1. in EMBER, Siege, Age of Sigmar and the TRPG a player concedes with the table's Concede
 *     button, after the same question, on a desktop (1280 px) or a phone (375 px): the page shows
 *     the result, the stored match is finished and the other side won; a spectator's page has no
 *     Concede;
 *  2. in the four rulesets at once (a 10 s claim delay, the shortest the lobby allows), the seat the
 *     match waits for leaves the table (in the TRPG the game master, once the match waits for the
 *     master): the other side's page, on a phone in Korean, shows the countdown, then "승리 청구"
 *     and "무승부 청구"; it claims the win, and the stored match says so.
 * Every panel's words are compared across the four rulesets. Screenshots go to a fresh folder
 * under the OS temp dir, printed at the end.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type Page } from "playwright-core";
import { catalog, legalCommandsInView as emberLegal } from "@fogwar/ember";
import { legalCommandsInView as trpgLegal } from "@fogwar/trpg";
import type { RunningServer } from "@fogwar/server";
import { emberRequest, TestClient } from "@fogwar/server/testing";
import { CHROMIUM, HAVE_CHROMIUM, IN_CI, claimSeats, closeWebSuite, openWebSuite } from "./support";

jest.setTimeout(180_000);

const title = HAVE_CHROMIUM ? "conceding and claiming in every ruleset, in Chromium" : `SKIPPED abandonment browser tests: no Chromium at ${CHROMIUM}`;
const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;
if (!HAVE_CHROMIUM && !IN_CI) console.warn(title);

interface Created {
  matchId: string;
  spectatorUrl: string;
  seats: { seat: string; token: string; inviteUrl: string }[];
}

/** A seat's legal commands from its own projection (what its page offers). */
type LegalOf = (view: unknown, seat: string) => { type: string }[];

/** The four rulesets: a request (10 s claim delay), the seat that concedes, and the sides. */
const RULESETS = [
  { id: "ember", request: emberRequest(catalog, { options: { claimDelay: 10 } }), concedes: "p1", width: 1280, side: (s: string) => s },
  { id: "siege", request: { ruleset: "siege", scenario: "ledger", players: [{ name: "Ana", team: "attack" }, { name: "Bo", team: "defence" }], options: { claimDelay: 10 } }, concedes: "d1", width: 375, side: (s: string) => s[0]! },
  { id: "sigmar", request: { ruleset: "sigmar", scenario: "sundered_causeway", players: [{ name: "Ana" }, { name: "Bo" }], options: { claimDelay: 10 } }, concedes: "p2", width: 1280, side: (s: string) => s },
  { id: "trpg", request: { ruleset: "trpg", scenario: "proving_ground", players: [{ name: "Mara", team: "gm" }, { name: "Ada", team: "party" }], options: { claimDelay: 10 } }, concedes: "p1", width: 375, side: (s: string) => (s === "gm" ? "enemies" : "party") },
] as const;

suite(title, () => {
  let server: RunningServer;
  let browser: Browser;
  let http: string;
  let ws: string;
  const shots = mkdtempSync(join(tmpdir(), "fogwar-abandonment-shots-"));

  beforeAll(async () => {
    ({ server, browser, base: http, ws } = await openWebSuite());
  });
  afterAll(async () => {
    await closeWebSuite({ browser, server });
    console.log(`abandonment screenshots: ${shots}`);
  });

  async function create(body: unknown): Promise<Created> {
    const response = await fetch(`${http}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(response.status).toBe(201);
    return claimSeats(http, (await response.json()) as Created);
  }

  const urlOf = (created: Created, seat: string) => created.seats.find((s) => s.seat === seat)!.inviteUrl;

  async function open(url: string, width: number, locale: string): Promise<Page> {
    const context = await browser.newContext({ locale, viewport: { width, height: width > 600 ? 900 : 780 } });
    const page = await context.newPage();
    await page.goto(url);
    return page;
  }

  /** The stored match. */
  const stored = async (matchId: string) => ((await (await fetch(`${http}/api/matches/${matchId}`)).json()) as { match: { status: string; result: { winner: string | null; reason: string } | null } }).match;

  /** The words of a leaving panel: its question (when open) and its buttons. */
  const wordsOf = (page: Page) =>
    page.locator("section.abandonment").evaluate((el) => [el.querySelector(".concede-confirm")?.getAttribute("aria-label") ?? "", ...[...el.querySelectorAll("button")].map((b) => b.textContent ?? "")].join(" | "));

  it("1. a player concedes with the Concede button in every ruleset, after the same question; a spectator has none", async () => {
    const words = new Set<string>();
    for (const r of RULESETS) {
      const created = await create(r.request);
      const page = await open(urlOf(created, r.concedes), r.width, "en-US");
      const concede = page.locator("section.abandonment").getByRole("button", { name: "Concede", exact: true });
      await concede.waitFor();
      await concede.click();
      await page.locator("section.abandonment .concede-confirm").waitFor();
      words.add(await wordsOf(page));
      // The answer is readable: its text against its background (or the panel's, when it has none)
      // reaches WCAG's 4.5:1 (a page-wide filled "danger" style under the table's red text once
      // made it red on dark red, about 1.4:1).
      const contrast = await page.getByRole("button", { name: "Yes, concede" }).evaluate((button) => {
        const rgba = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
        const background = (el: Element | null): number[] => {
          for (let at = el; at; at = at.parentElement) {
            const c = rgba(getComputedStyle(at).backgroundColor);
            if (c.length === 3 || (c[3] ?? 0) > 0) return c.slice(0, 3);
          }
          return [255, 255, 255];
        };
        const luminance = ([r, g, b]: number[]) => [r!, g!, b!].map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
        const [a, b] = [luminance(rgba(getComputedStyle(button).color)), luminance(background(button))].sort((x, y) => y - x);
        return (a! + 0.05) / (b! + 0.05);
      });
      expect([r.id, contrast >= 4.5]).toEqual([r.id, true]);
      await page.screenshot({ path: join(shots, `${r.id}-concede-${r.width}.png`) });
      await page.getByRole("button", { name: "Yes, concede" }).click();
      await page.locator(".match-end").waitFor();
      expect([r.id, await page.locator("section.abandonment").count()]).toEqual([r.id, 0]);
      const match = await stored(created.matchId);
      expect([r.id, match.status]).toEqual([r.id, "finished"]);
      expect([r.id, r.side(match.result!.winner!) !== r.side(r.concedes)]).toEqual([r.id, true]);
      await page.screenshot({ path: join(shots, `${r.id}-conceded-${r.width}.png`) });
      await page.context().close();
    }
    expect([...words]).toEqual(["Concede the match? Your side loses. This cannot be undone. | Yes, concede | Keep playing"]);
    // EMBER while mustering (no action bar yet): the panel stands under the summary, on a phone too.
    const request = emberRequest(catalog, { options: { claimDelay: 10 } });
    const mustering = await create({ ...request, players: request.players.map((p) => ({ name: p.name })) });
    const builder = await open(urlOf(mustering, "p2"), 375, "en-US");
    await builder.locator(".muster .leave-row button.concede").waitFor();
    await builder.screenshot({ path: join(shots, "ember-muster-375.png") });
    await builder.context().close();
    // A spectator of a live match sees the table, never the panel.
    const watched = await create(RULESETS[2].request);
    const watcher = await open(watched.spectatorUrl, 375, "en-US");
    await watcher.locator(".sigmar-table").waitFor();
    await watcher.waitForTimeout(300);
    expect(await watcher.locator("section.abandonment").count()).toBe(0);
    await watcher.context().close();
  });

  /** Plays seats' commands through their own connections (end the turn when they can) until the match waits for `seat`. */
  async function untilAwaited(created: Created, seat: string, legalOf: LegalOf): Promise<void> {
    const clients = await Promise.all(created.seats.map((s) => TestClient.join(ws, created.matchId, { seat: s.seat, token: s.token })));
    for (let i = 0; i < 40; i++) {
      const mover = clients.find((c) => legalOf(c.projection(), c.seat!).length > 0)!;
      if (mover.seat === seat) break;
      const legal = legalOf(mover.projection(), mover.seat!);
      const answer = await mover.command(legal.find((c) => c.type === "end_turn" || c.type === "end_round") ?? legal[0]);
      expect(answer.type).toBe("accepted");
      await Promise.all(clients.map((c) => c.until(() => c.seq >= answer.payload.seq, `seq ${answer.payload.seq}`)));
    }
    for (const c of clients) await c.leave();
  }

  it("2. the other side claims the win against the awaited seat that left, in every ruleset at once, on a phone in Korean", async () => {
    const emberLegalOf: LegalOf = (view, seat) => emberLegal(view as Parameters<typeof emberLegal>[0], seat);
    const trpgLegalOf: LegalOf = (view, seat) => trpgLegal(view as Parameters<typeof trpgLegal>[0], seat);
    const games = await Promise.all(
      RULESETS.map(async (r) => {
        const created = await create(r.request);
        let absent: string;
        if (r.id === "ember") {
          // The seat the side choice waits for.
          const probe = await TestClient.join(ws, created.matchId, created.seats[0]!);
          absent = emberLegalOf(probe.projection(), "p1").length > 0 ? "p1" : "p2";
          await probe.leave();
        } else if (r.id === "trpg") {
          await untilAwaited(created, "gm", trpgLegalOf);
          absent = "gm";
        } else absent = r.id === "siege" ? "d1" : "p1";
        const claimant = created.seats.map((s) => s.seat).find((s) => r.side(s) !== r.side(absent))!;
        return { r, created, absent, claimant };
      }),
    );
    const pages = await Promise.all(
      games.map(async (g) => {
        const stays = await open(urlOf(g.created, g.claimant), 375, "ko-KR");
        await stays.locator("section.abandonment button.concede").waitFor();
        // The absent seat's player is at the table, then goes (a client as its page's).
        const seat = g.created.seats.find((s) => s.seat === g.absent)!;
        const leaves = await TestClient.join(ws, g.created.matchId, { seat: seat.seat, token: seat.token });
        await leaves.leave();
        return { ...g, stays };
      }),
    );
    for (const p of pages) await p.stays.locator("section.abandonment .claim").waitFor();
    await pages[3]!.stays.screenshot({ path: join(shots, "trpg-claim-countdown-375-ko.png") });
    const words = new Set<string>();
    for (const p of pages) {
      const win = p.stays.locator("section.abandonment .claim-buttons").getByRole("button", { name: "승리 청구" });
      await win.waitFor({ timeout: 20_000 });
      words.add(await wordsOf(p.stays));
      await p.stays.screenshot({ path: join(shots, `${p.r.id}-claim-375-ko.png`) });
    }
    expect([...words]).toEqual([" | 승리 청구 | 무승부 청구 | 기권"]);
    for (const p of pages) {
      await p.stays.locator("section.abandonment .claim-buttons").getByRole("button", { name: "승리 청구" }).click();
      await p.stays.locator(".match-end").waitFor();
      const match = await stored(p.created.matchId);
      expect([p.r.id, match.status, match.result?.reason, p.r.side(match.result!.winner!)]).toEqual([p.r.id, "finished", "abandoned", p.r.side(p.claimant)]);
      expect([p.r.id, await p.stays.locator("section.abandonment").count()]).toEqual([p.r.id, 0]);
      // The claimant reads the end as the rules' own end reads: the banner, "You win" and why.
      expect([p.r.id, await p.stays.locator(".match-end h2").textContent()]).toEqual([p.r.id, "승리했습니다"]);
      expect(await p.stays.locator(".match-end-reason").textContent()).toMatch(/떠난/);
    }
    await pages[3]!.stays.screenshot({ path: join(shots, "trpg-claimed-375-ko.png") });
    for (const p of pages) await p.stays.context().close();
  });
});
