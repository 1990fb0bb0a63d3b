/**
 * The EMBER table's layout in Chromium (playwright-core against the in-process server): a match
 * brought by random bots to its first plan phase, then into an activation, shown to its first seat
 *  - at 1280 x 800: the action bar leaves the selected unit's details in the window (it scrolls
 *    inside itself), and every one of the seat's own deployed units is drawn inside the window
 *    (not below the fold);
 *  - at 1280 x 800, a decision to answer: the floated Concede button does not lie over the
 *    decision's box;
 *  - at 390 x 844: the board sits in the zoomable viewport, opens with one of the seat's own units
 *    in sight above the pinned action bar (each seat), and the page is no wider than the window;
 *  - at 1280 x 800 and 390 x 844, the plan form scrolled to the top of the action bar: nothing
 *    (the clocks' "Switch to correspondence" line) lies over its first line;
 *  - at 1280 x 800 (English, Korean) and 390 x 844, the selected unit's parts table fits its panel;
 *  - at 1280 x 800 (English, Korean), an attack chosen: no label of a sight line covers another.
 * With FOGWAR_SCREENSHOTS set to a folder, screenshots go there (table-ember-*.png).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type Page } from "playwright-core";
import { RandomBot, type BotPolicy } from "@fogwar/engine";
import { catalog, emberBotPolicy, legalCommandsInView } from "@fogwar/ember";
import type { RunningServer } from "@fogwar/server";
import { TestClient } from "@fogwar/server/testing";
import { boxesOverlap } from "../src/table/label-boxes";
import { CHROMIUM, HAVE_CHROMIUM, IN_CI, claimSeats, closeWebSuite, openWebSuite } from "./support";

jest.setTimeout(300_000);

type Seat = { seat: string; token: string; inviteUrl: string };

/** Plays random bot commands through every seat until `done` holds for the first seat's projection. */
/**
 * Plays the match with seeded random bots until `done` holds of the first seat's view.
 * @returns "reached", or "ended" when the match finished first (when `mayEnd`).
 * @throws when the match finishes first and `mayEnd` is not set, or stalls.
 */
async function play(ws: string, matchId: string, seats: Seat[], done: (view: Record<string, unknown>) => boolean, seed: string, mayEnd = false): Promise<"reached" | "ended"> {
  const bots = await Promise.all(seats.map((s) => TestClient.join(ws, matchId, { seat: s.seat, token: s.token })));
  const random = new Map(bots.map((c) => [c.seat!, new RandomBot<{ type: string }>(`${seed}-${c.seat}`, emberBotPolicy as unknown as BotPolicy<{ type: string }>)]));
  try {
    for (let n = 0; n < 800; n++) {
      if (done(bots[0]!.projection() as Record<string, unknown>)) return "reached";
      const mover = bots.find((c) => legalCommandsInView(c.projection() as never, c.seat!).length > 0);
      const phase = (bots[0]!.projection() as { phase?: unknown }).phase;
      if (!mover && phase === "finished" && mayEnd) return "ended";
      if (!mover) throw new Error(`nobody can move (phase ${String(phase)})`);
      const command = random.get(mover.seat!)!.choose(legalCommandsInView(mover.projection() as never, mover.seat!) as { type: string }[])!;
      const answer = await mover.command(command, `${seed}-${n}`);
      if (answer.type !== "accepted") throw new Error(JSON.stringify(answer.payload));
      await Promise.all(bots.map((c) => c.until(() => c.seq >= answer.payload.seq, "the new state")));
    }
    throw new Error("the match never reached the wanted state");
  } finally {
    for (const bot of bots) await bot.leave();
  }
}

const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;

suite(HAVE_CHROMIUM ? "the EMBER table's layout at 1280 x 800 and 390 x 844" : `SKIPPED: no Chromium at ${CHROMIUM}`, () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;
  let ws: string;
  let seats: Seat[];
  let matchId: string;
  const shots = process.env.FOGWAR_SCREENSHOTS ?? "";

  /** A new EMBER match (Ana and Bo, both seats claimed), its id and seats. */
  const createMatch = async (): Promise<{ matchId: string; seats: Seat[] }> => {
    const response = await fetch(`${base}/api/matches`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ruleset: "ember", scenario: "crossroads", players: [{ name: "Ana", army: catalog.data.armies[0] }, { name: "Bo", army: catalog.data.armies[2] }], options: { spectatorDelay: 0, clock: { minutes: 20, incrementSeconds: 30 } } }),
    });
    const created = await claimSeats(base, (await response.json()) as { matchId: string; seats: { seat: string; inviteUrl: string }[] });
    return { matchId: created.matchId, seats: created.seats.map((s) => ({ ...s, token: new URLSearchParams(new URL(s.inviteUrl).hash.slice(1)).get("token")! })) };
  };

  beforeAll(async () => {
    if (shots) mkdirSync(shots, { recursive: true });
    ({ server, browser, base, ws } = await openWebSuite());
    ({ matchId, seats } = await createMatch());
  }, 240_000);

  afterAll(async () => {
    await closeWebSuite({ browser, server });
  });

  const open = async (width: number, height: number, language: "en" | "ko" = "en", seatIndex = 0): Promise<Page> => {
    const phone = width < 500;
    const context = await browser.newContext({ locale: language === "ko" ? "ko-KR" : "en-US", viewport: { width, height }, ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}) });
    const page = await context.newPage();
    await page.goto(seats[seatIndex]!.inviteUrl);
    await page.locator("[data-testid=board]").waitFor({ timeout: 20_000 });
    await page.waitForTimeout(400);
    return page;
  };
  const shoot = async (page: Page, file: string) => {
    if (shots) await page.screenshot({ path: join(shots, file) });
  };

  /** What of the table lies inside the window: the seat's own units, the unit panel's top, the action bar's height. */
  const inWindow = (page: Page, seat: string) =>
    page.evaluate((seat) => {
      const h = window.innerHeight;
      const own = [...document.querySelectorAll<SVGGElement>(".ember-board g.unit")].filter((g) => g.getAttribute("data-owner") === seat);
      const panel = document.querySelector(".unit-panel")?.getBoundingClientRect();
      return {
        own: own.length,
        below: own.filter((g) => g.getBoundingClientRect().bottom > h).map((g) => g.getAttribute("data-unit")),
        panelTop: panel ? Math.round(panel.top) : null,
        bar: Math.round(document.querySelector(".action-bar")?.getBoundingClientRect().height ?? 0),
        height: h,
        scrollWidth: document.documentElement.scrollWidth,
      };
    }, seat);

  /**
   * Scrolls the plan form to the top of the action bar (as a keyboard's focus or a find does) and
   * reads what lies on its first line: the element the browser hits at its top-left and top-right.
   */
  const planFirstLineCovered = (page: Page) =>
    page.evaluate(() => {
      const form = document.querySelector<HTMLElement>("form.plan-form");
      const first = form?.firstElementChild as HTMLElement | null;
      if (!form || !first) return "no plan form";
      first.scrollIntoView({ block: "start" });
      const box = first.getBoundingClientRect();
      const covering = [box.left + 4, box.right - 4].map((x) => document.elementFromPoint(x, box.top + 4)).filter((hit) => !hit || !form.contains(hit));
      return covering.map((hit) => (hit ? `${hit.tagName.toLowerCase()}.${hit.className}: ${(hit.textContent ?? "").slice(0, 40)}` : "nothing")).join("; ");
    });

  test("a decision at 1280 x 800: the Concede button lies outside the decision's box, not over its border", async () => {
    await play(ws, matchId, seats, (v) => Boolean(v.pending), "ember-layout-decision");
    const first = await TestClient.join(ws, matchId, { seat: seats[0]!.seat, token: seats[0]!.token });
    const asked = (first.projection() as { pending?: { seat: string } }).pending?.seat;
    await first.leave();
    const page = await open(1280, 800, "en", seats.findIndex((s) => s.seat === asked));
    const decision = await page.locator(".decision.mine").boundingBox();
    const concede = await page.getByRole("button", { name: "Concede" }).boundingBox();
    await shoot(page, "table-ember-decision-1280-en.png");
    expect(decision).not.toBeNull();
    expect(concede).not.toBeNull();
    // Above the box, or beside it: the rectangles do not meet.
    const apart = concede!.y + concede!.height <= decision!.y || concede!.x >= decision!.x + decision!.width || concede!.x + concede!.width <= decision!.x || concede!.y >= decision!.y + decision!.height;
    expect({ decision, concede, apart }).toEqual({ decision, concede, apart: true });
    await page.context().close();
  });

  test("plan phase at 1280 x 800: own units in the window, the unit panel not hidden under the action bar", async () => {
    await play(ws, matchId, seats, (v) => v.phase === "plan" && v.round === 1, "ember-layout-plan");
    // Both seats: one side deploys at the board's top edge, the other at its bottom edge.
    for (const [index, seat] of seats.entries()) {
      const page = await open(1280, 800, "en", index);
      // An own mech is selected on the board, so its details show.
      await page.locator(`.ember-board g.unit[data-owner="${seat.seat}"]`).first().click();
      await page.waitForTimeout(200);
      const m = await inWindow(page, seat.seat);
      await shoot(page, `table-ember-plan-${seat.seat}-1280-en.png`);
      expect(m.own).toBeGreaterThan(0);
      expect({ seat: seat.seat, below: m.below, scrollY: await page.evaluate(() => window.scrollY) }).toEqual({ seat: seat.seat, below: [], scrollY: 0 });
      expect(m.bar).toBeLessThan(m.height * 0.6);
      expect(m.panelTop).not.toBeNull();
      expect(m.panelTop!).toBeLessThan(m.height - 60);
      // The plan form scrolled up in the bar: its first line is not under the clocks.
      expect(await planFirstLineCovered(page)).toBe("");
      await shoot(page, `table-ember-plan-form-${seat.seat}-1280-en.png`);
      await page.context().close();
    }
    // On a phone each seat's board opens with at least one of its own units in sight: in the board's
    // frame, on the screen and above the action bar pinned over the screen's bottom.
    for (const [index, seat] of seats.entries()) {
      const page = await open(390, 844, "en", index);
      const inSight = await page.evaluate((seat) => {
        const frame = document.querySelector("[data-testid=board-viewport]")!.getBoundingClientRect();
        const bottom = Math.min(frame.bottom, window.innerHeight, document.querySelector(".action-bar")!.getBoundingClientRect().top);
        return [...document.querySelectorAll(`.ember-board g.unit[data-owner="${seat}"]`)].filter((g) => {
          const r = g.getBoundingClientRect();
          return r.left >= frame.left && r.right <= frame.right && r.top >= Math.max(0, frame.top) && r.bottom <= bottom;
        }).length;
      }, seat.seat);
      expect([seat.seat, inSight > 0]).toEqual([seat.seat, true]);
      await page.context().close();
    }
    const phone = await open(390, 844, "ko");
    await shoot(phone, "table-ember-plan-390-ko.png");
    expect(await phone.locator("[data-testid=board-viewport]").count()).toBe(1);
    expect((await inWindow(phone, seats[0]!.seat)).scrollWidth).toBe(390);
    expect(await planFirstLineCovered(phone)).toBe("");
    await phone.context().close();
  });

  test("an activation at 1280 x 800 and 390 x 844: the actions and the unit's details both in sight", async () => {
    await play(ws, matchId, seats, (v) => v.phase === "action" && !v.pending && Boolean(v.activation) && (v.units as { id: string; owner: string }[]).find((u) => u.id === (v.activation as { unit: string }).unit)?.owner === seats[0]!.seat, "ember-layout-act");
    const page = await open(1280, 800);
    const m = await inWindow(page, seats[0]!.seat);
    await shoot(page, "table-ember-action-1280-en.png");
    expect(m.bar).toBeLessThan(m.height * 0.6);
    expect(m.panelTop!).toBeLessThan(m.height - 60);
    const ko = await open(1280, 800, "ko");
    await shoot(ko, "table-ember-action-1280-ko.png");
    const phone = await open(390, 844, "en");
    await shoot(phone, "table-ember-action-390-en.png");
    expect((await inWindow(phone, seats[0]!.seat)).scrollWidth).toBe(390);
    // The selected unit's parts table fits its panel in both languages, on a desktop and a phone:
    // no column (the part's state) and no dice of an action cut off at the panel's edge; likewise
    // the pilot's initiative table (six timings).
    const phoneKo = await open(390, 844, "ko");
    for (const [name, p] of [["1280 en", page], ["1280 ko", ko], ["390 en", phone], ["390 ko", phoneKo]] as const) {
      if (shots) await p.locator(".unit-panel").screenshot({ path: join(shots, `table-ember-parts-${name.replace(" ", "-")}.png`) });
      const cut = await p.evaluate(() => {
        return [...document.querySelectorAll(".unit-panel table.parts, .unit-panel table.initiative")].map((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
      });
      expect([name, cut]).toEqual([name, cut.map(() => 0)]);
      expect(cut.length).toBeGreaterThan(0);
    }
    for (const p of [page, ko, phone, phoneKo]) await p.context().close();
  });

  test("an attack reroll asked of a seat, on a phone in Korean and at 1280 in English: the dice being decided on stand in the action bar's sight, the first answer with them where the bar holds both", async () => {
    const rerollAsked = (v: Record<string, unknown>) => (v.pending as { kind?: string } | null | undefined)?.kind === "attack_reroll";
    // A match of its own, and another when the random bots end one without an attack reroll: up to five.
    for (let tries = 0; ; tries++) {
      ({ matchId, seats } = await createMatch());
      if ((await play(ws, matchId, seats, rerollAsked, `ember-layout-reroll-${tries}`, tries < 4)) === "reached") break;
    }
    const probe = await TestClient.join(ws, matchId, { seat: seats[0]!.seat, token: seats[0]!.token });
    const asked = (probe.projection() as { pending: { seat: string } }).pending.seat;
    await probe.leave();
    for (const [width, height, language] of [[390, 844, "ko"], [1280, 800, "en"]] as const) {
      const page = await open(width, height, language, seats.findIndex((s) => s.seat === asked));
      await page.locator(".action-bar .decision.mine .dice-row").first().waitFor({ timeout: 20_000 });
      await page.waitForTimeout(300);
      await shoot(page, `table-ember-reroll-${width}-${language}.png`);
      // What of the dice rows, and of the first answer where the bar's sight can hold both, lies
      // outside that sight (above the bar's top, or under its "More below" edge or the window's bottom).
      const out = await page.evaluate(() => {
        const bar = document.querySelector(".action-bar")!.getBoundingClientRect();
        const cue = document.querySelector(".action-bar > .bar-more")?.getBoundingClientRect();
        const bottom = Math.min(bar.bottom, cue ? cue.top : bar.bottom, window.innerHeight);
        const dice = [...document.querySelectorAll(".decision.mine .dice-row")];
        const answer = document.querySelector(".decision.mine .row.answers button")!;
        const both = answer.getBoundingClientRect().bottom - dice[0]!.getBoundingClientRect().top <= bottom - bar.top;
        const wanted = both ? [...dice, answer] : dice;
        return { dice: dice.length, both, out: wanted.filter((e) => { const r = e.getBoundingClientRect(); return r.top < bar.top - 1 || r.bottom > bottom + 1; }).map((e) => e.textContent) };
      });
      expect([width, out.dice >= 1, out.out]).toEqual([width, true, []]);
      // At 1280 the bar holds the dice and the answers together.
      if (width === 1280) expect(out.both).toBe(true);
      await page.context().close();
    }
  });

  test("an attack chosen at 1280 x 800 (English, Korean): the labels of the sight lines to the enemies cover no other label", async () => {
    const attackReady = (v: Record<string, unknown>) => {
      const active = (v.activation as { unit: string } | undefined)?.unit;
      const units = v.units as { id: string; owner: string; parts?: Record<string, { partId: string }> }[];
      if (v.phase !== "action" || v.pending || v.attack || units.find((u) => u.id === active)?.owner !== seats[0]!.seat) return false;
      // An attack of the active mech's part on an enemy (not a detection, not a drone's order: they draw no sight lines).
      const attack = (c: { unit?: string; part?: string; action?: string }) => {
        const partId = units.find((u) => u.id === c.unit)?.parts?.[c.part ?? ""]?.partId;
        return catalog.parts.get(partId ?? "")?.actions.find((a) => a.id === c.action)?.effect.kind === "attack";
      };
      return (legalCommandsInView(v as never, seats[0]!.seat) as { type: string; unit?: string; part?: string; action?: string; target?: string }[]).some(
        (c) => c.type === "act" && c.unit === active && attack(c) && units.find((u) => u.id === c.target && u.owner !== seats[0]!.seat),
      );
    };
    // A match of its own (the one the tests above played on may end first), and another when the
    // random bots play one to its end without such an attack (they often pass): up to five.
    for (let tries = 0; ; tries++) {
      ({ matchId, seats } = await createMatch());
      if ((await play(ws, matchId, seats, attackReady, `ember-layout-sight-${tries}`, tries < 4)) === "reached") break;
    }
    for (const language of ["en", "ko"] as const) {
      const page = await open(1280, 800, language);
      // Choose the actions that take a target in turn (a button without aria-pressed acts at
      // once) until one draws sight lines (an attack on an enemy).
      const buttons = page.locator(".act-group button.act-button[aria-pressed]");
      for (let i = 0; i < (await buttons.count()) && (await page.locator("[data-sight]").count()) === 0; i++) {
        await buttons.nth(i).click();
        await page.waitForTimeout(150);
      }
      const labels = await page.evaluate(() => [...document.querySelectorAll(".ember-board .sight-label")].map((t) => {
        const r = t.getBoundingClientRect();
        return { text: t.textContent, x0: r.left, y0: r.top, x1: r.right, y1: r.bottom };
      }));
      if (shots) await page.locator("[data-testid=board]").screenshot({ path: join(shots, `table-ember-sight-1280-${language}.png`) });
      expect(labels.length).toBeGreaterThan(0);
      const meeting = labels.flatMap((a, i) => labels.slice(i + 1).filter((b) => boxesOverlap(a, b)).map((b) => `${a.text} / ${b.text}`));
      expect([language, meeting]).toEqual([language, []]);
      await page.context().close();
    }
  });
});
