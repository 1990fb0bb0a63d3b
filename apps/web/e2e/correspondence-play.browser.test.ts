/**
 * Correspondence play with notifications outside the tab, in Chromium (docs/design.md
 * "Correspondence play", "Notifications"): two members with e-mail addresses turn on
 * notifications on their devices (the settings page), then play a rated EMBER match by
 * correspondence (one day per move) on a fake clock that runs over days.
 *
 * - Each move that hands the turn to the other notifies them by Web Push (the test's push
 *   service decrypts it with the subscription's keys) and by e-mail (a real SMTP server), once.
 * - A player clicks the pushed notification (delivered to the page's service worker through the
 *   DevTools protocol) and lands on the table, on the seat.
 * - "Not while I am on the page": a player with the table open is sent nothing.
 * - Quiet hours, set on the settings page: what falls due then is sent when they end.
 * - Digest: turns in two matches within the digest window go as one push and one e-mail.
 * - Time running out is sent a quarter of the move's day before the deadline; a player who lets
 *   the day pass loses by the clock (EMBER: lost on time), both players are told, and the match is rated.
 *
 * The push service stands in for the browser's (./push.ts); everything else is the real page,
 * worker, server, store, SMTP and crypto. Needs Chromium (FOGWAR_CHROMIUM, else /usr/bin/chromium).
 */
import { type Browser, type BrowserContext, type Page } from "playwright-core";
import { RandomBot } from "@fogwar/engine";
import { catalog as emberCatalog, emberBotPolicy, legalCommandsInView, type EmberCommand } from "@fogwar/ember";
import type { RunningServer } from "@fogwar/server";
import { FakeTime, setNow, setTimers, startPushEndpoint, startSmtpServer, TestClient, type ReceivedPush, type TestPushEndpoint, type TestSmtpServer, type TestSubscription, type Timers } from "@fogwar/server/testing";
import { clickNotification, deliverPush, pushStandIn } from "./push";
import { CHROMIUM, HAVE_CHROMIUM, IN_CI, closeWebSuite, openWebSuite } from "./support";

jest.setTimeout(300_000);

const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;
if (!HAVE_CHROMIUM && !IN_CI) console.warn(`correspondence-play.browser.test: skipped (needs ${CHROMIUM})`);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A member in a browser of their own, notifications on for this device. */
interface Member {
  readonly name: string;
  readonly email: string;
  readonly id: string;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly subscription: TestSubscription;
}

const until = async <T>(probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, what: string, timeoutMs = 20_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as T;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
};

suite("correspondence play, notified outside the tab", () => {
  // The server's time and its room timers, moved on only by the test (from now).
  const time = new FakeTime(Date.now());
  let restoreNow: () => number;
  let restoreTimers: Timers;
  let server: RunningServer;
  let smtp: TestSmtpServer;
  let push: TestPushEndpoint;
  let browser: Browser;
  let base: string;
  let ws: string;

  beforeAll(async () => {
    restoreNow = setNow(() => time.t);
    restoreTimers = setTimers(time);
    smtp = await startSmtpServer();
    push = await startPushEndpoint();
    ({ server, browser, base, ws } = await openWebSuite({ pushHosts: [push.origin], smtpUrl: smtp.url, notifications: { pollMs: 100 } }));
  });
  afterAll(async () => {
    await closeWebSuite({ browser, server });
    await push?.close();
    await smtp?.close();
    setNow(restoreNow);
    setTimers(restoreTimers);
  });

  const members: Member[] = [];

  /** Registers a member in a new browser (UTC, notifications allowed) and turns on notifications on the settings page. */
  async function member(prefix: string, viewport = { width: 1280, height: 900 }): Promise<Member> {
    const subscription = push.subscribe();
    const context = await browser.newContext({ viewport, locale: "en-US", timezoneId: "UTC" });
    await context.grantPermissions(["notifications"], { origin: base });
    await context.addInitScript(pushStandIn, { endpoint: subscription.endpoint, keys: subscription.keys });
    const page = await context.newPage();
    await page.goto(`${base}/account`);
    const name = `${prefix}${Math.random().toString(36).slice(2, 7)}`;
    const email = `${name}@example.org`;
    const made = await page.evaluate(async (body) => {
      const response = await fetch("/api/auth/register", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    }, { name, email, password: "correct horse battery staple 42" });
    expect(made.status).toBe(200);
    await page.goto(`${base}/account/notifications`);
    await page.getByRole("button", { name: "Turn on notifications on this device" }).click();
    await page.getByText("Notifications are on for this device.").waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const joined = { name, email, id: made.body.account.id as string, context, page, subscription };
    members.push(joined);
    return joined;
  }

  /** A page's JSON call to the API (same site, with the member's session cookie). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of several routes
  const call = (m: Member, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> =>
    m.page.evaluate(
      async ({ method, path, body }) => {
        const response = await fetch(path, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
        const text = await response.text();
        return { status: response.status, body: text ? JSON.parse(text) : null };
      },
      { method, path, body },
    );

  /** A match as the test drives it: each seat's token and bot. */
  interface Driven {
    readonly matchId: string;
    readonly tokens: Record<string, string>;
    readonly bots: Record<string, RandomBot<EmberCommand>>;
  }

  /** A rated correspondence EMBER match (one day per move): `first` plays p1, `second` claims p2. */
  async function correspondenceMatch(first: Member, second: Member): Promise<Driven> {
    const created = await call(first, "POST", "/api/matches", {
      ruleset: "ember",
      scenario: "crossroads",
      players: [
        { name: first.name, army: emberCatalog.data.armies[0] },
        { name: second.name, army: emberCatalog.data.armies[2] },
      ],
      options: { rated: true, correspondence: { daysPerMove: 1, vacationDays: 0 } },
      claim: { seat: "p1", claimKey: "k".repeat(22) },
    });
    expect(created.status).toBe(201);
    const matchId = created.body.matchId as string;
    const invite = created.body.seats.find((s: { seat: string }) => s.seat === "p2").invite as string;
    expect((await call(second, "POST", `/api/matches/${matchId}/seats/p2/claim`, { invite, claimKey: "q".repeat(22) })).status).toBe(200);
    const tokens: Record<string, string> = {};
    for (const [seat, m] of [["p1", first], ["p2", second]] as const) tokens[seat] = (await call(m, "GET", `/api/me/seats/${matchId}`)).body.seats[0].token as string;
    return { matchId, tokens, bots: { p1: new RandomBot(`corr:${matchId}:p1`, emberBotPolicy), p2: new RandomBot(`corr:${matchId}:p2`, emberBotPolicy) } };
  }

  /**
   * One bot move of `seat`, made by connecting, moving and leaving (as a correspondence player
   * does: while connected, the seat has its table open and is sent nothing). @returns the new
   * entry's seq, or null when the match does not wait for `seat`.
   */
  let moves = 0;
  async function move(match: Driven, seat: string): Promise<number | null> {
    const client = await TestClient.join(ws, match.matchId, { seat, token: match.tokens[seat]! });
    try {
      const legal = legalCommandsInView(client.projection() as never, seat);
      if (legal.length === 0) return null;
      // Each command its own id: a new connection's ids start again, and an id already answered is a retry.
      const answer = await client.command(match.bots[seat]!.choose(legal), `move-${++moves}`);
      if (answer.type !== "accepted") throw new Error(`${seat}: ${JSON.stringify(answer.payload)}`);
      return answer.payload.seq as number;
    } finally {
      await client.leave();
    }
  }

  /** The outbox rows owed to `m` by the entry `seq` of `matchId`, of `kind`. */
  const owedBy = async (m: Member, matchId: string, seq: number, kind = "your_move") => (await server.store.notifications.owedTo(m.id)).filter((r) => r.matchId === matchId && r.causeSeq === seq && r.kind === kind);
  /**
   * Waits until nothing owed is due at the fake time (the deliverer has sent, dropped or deferred
   * everything that fell due, and settled it), as the real time between two correspondence moves
   * would: the time moves on only after that (a jump while a send is in flight would outrun its lease).
   */
  const caughtUp = () =>
    until(async () => {
      for (const m of members) if ((await server.store.notifications.owedTo(m.id, 500)).some((r) => r.doneAt === null && r.dueAt <= time.t)) return false;
      return true;
    }, "the deliverer to catch up");
  /** Moves time on by `ms` once the deliverer has caught up. */
  const later = async (ms: number) => {
    await caughtUp();
    time.advance(ms);
  };

  /** Moves (`stepMs` apart, default 30 minutes) until one hands `m` (who plays `seat`) the turn; @returns that entry's seq. */
  async function untilTurnOf(match: Driven, m: Member, seat: string, stepMs = 30 * MINUTE): Promise<number> {
    const other = seat === "p1" ? "p2" : "p1";
    for (let i = 0; i < 80; i++) {
      await later(stepMs);
      const seq = await move(match, other);
      if (seq === null) {
        if ((await move(match, seat)) === null) throw new Error("no seat can move");
        continue;
      }
      if ((await owedBy(m, match.matchId, seq)).length > 0) return seq;
    }
    throw new Error(`no move handed ${seat} the turn`);
  }
  const pushesTo = (m: Member): ReceivedPush[] => push.received.filter((p) => p.endpoint === m.subscription.endpoint);
  const mailsTo = (m: Member) => smtp.messages.filter((mail) => mail.to.includes(m.email));
  const settled = (m: Member, id: number) => until(async () => (await server.store.notifications.owedTo(m.id)).find((r) => r.id === id && r.doneAt !== null), `notification ${id} closed`);

  test("a rated correspondence match over days: push and e-mail per turn, click-through, not on the page, quiet hours, digest, time running out and a loss by the clock", async () => {
    const ana = await member("ana");
    const bo = await member("bo", { width: 390, height: 844 });
    await ana.page.goto(`${base}/games`);
    await bo.page.goto(`${base}/account`);
    const one = await correspondenceMatch(ana, bo);

    // Turns hand over: each is pushed (decrypted by the push service) and e-mailed to the player, once.
    const seqBo = await untilTurnOf(one, bo, "p2");
    const [rowBo] = await owedBy(bo, one.matchId, seqBo);
    await settled(bo, rowBo!.id);
    const pushedBo = await push.waitFor((p) => p.endpoint === bo.subscription.endpoint && JSON.stringify(p.message).includes(one.matchId));
    expect(pushedBo.message).toMatchObject({ url: expect.stringContaining(one.matchId), payloads: [expect.objectContaining({ kind: "your_move", matchId: one.matchId, actor: ana.name })] });
    expect((pushedBo.message as { title: string }).title).toMatch(/move/i);
    const mailBo = await until(() => mailsTo(bo).find((mail) => mail.text.includes(one.matchId)), "Bo's e-mail");
    expect(mailBo.text).toContain(ana.name);
    expect(mailBo.text).toContain(`${base}/`);
    const seqAna = await untilTurnOf(one, ana, "p1");
    const [rowAna] = await owedBy(ana, one.matchId, seqAna);
    await settled(ana, rowAna!.id);
    await until(() => pushesTo(ana).some((p) => JSON.stringify(p.message).includes(`"your_move"`)), "Ana's push");
    await until(() => mailsTo(ana).some((mail) => mail.text.includes(one.matchId)), "Ana's e-mail");
    expect(pushesTo(bo)).toHaveLength(1);
    expect(mailsTo(bo)).toHaveLength(1);

    // Bo clicks the notification on the phone: the service worker opens the table, on Bo's seat.
    const { worker, notifications } = await deliverPush(bo.context, bo.page, base, pushedBo.text);
    expect(notifications.at(-1)).toMatchObject({ title: (pushedBo.message as { title: string }).title, data: { url: expect.stringContaining(one.matchId) } });
    await clickNotification(worker);
    await bo.page.waitForURL((url) => url.pathname.includes(one.matchId));
    await bo.page.locator("[data-testid=board]").waitFor({ timeout: 30_000 });

    // Not while on the page: with the table open, Bo's next turn is not sent anywhere.
    const seqOnPage = await untilTurnOf(one, bo, "p2");
    const [rowOnPage] = await owedBy(bo, one.matchId, seqOnPage);
    const closed = await settled(bo, rowOnPage!.id);
    expect(closed.outcome).toMatchObject({ outcome: "skipped" });
    expect(pushesTo(bo)).toHaveLength(1);
    expect(mailsTo(bo)).toHaveLength(1);
    await bo.page.goto(`${base}/account`);

    // Quiet hours, set on the settings page (UTC, from now for three hours): Ana's turn waits for their end.
    const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
    await ana.page.goto(`${base}/account/notifications`);
    await ana.page.getByRole("checkbox", { name: "Quiet hours: send nothing at night" }).check();
    await ana.page.getByLabel("From", { exact: true }).fill(hhmm(time.t - MINUTE));
    await ana.page.getByLabel("To", { exact: true }).fill(hhmm(time.t + 3 * HOUR));
    await ana.page.getByLabel("Time zone").selectOption("UTC");
    await ana.page.getByRole("button", { name: "Save" }).click();
    await ana.page.getByText("Saved.").waitFor();
    await ana.page.goto(`${base}/games`);
    const anaPushes = pushesTo(ana).length;
    const anaMails = mailsTo(ana).length;
    const seqQuiet = await untilTurnOf(one, ana, "p1");
    const [rowQuiet] = await owedBy(ana, one.matchId, seqQuiet);
    await until(async () => ((await server.store.notifications.owedTo(ana.id)).find((r) => r.id === rowQuiet!.id)?.outcome as { outcome?: string } | null)?.outcome === "deferred", "Ana's turn deferred to the end of quiet hours");
    expect(pushesTo(ana)).toHaveLength(anaPushes);
    await later(3 * HOUR);
    await settled(ana, rowQuiet!.id);
    await until(() => pushesTo(ana).length === anaPushes + 1, "Ana's push after quiet hours");
    await until(() => mailsTo(ana).length === anaMails + 1, "Ana's e-mail after quiet hours");
    await ana.page.goto(`${base}/account/notifications`);
    await ana.page.getByRole("checkbox", { name: "Quiet hours: send nothing at night" }).uncheck();
    await ana.page.getByRole("button", { name: "Save" }).click();
    await ana.page.getByText("Saved.").waitFor();
    await ana.page.goto(`${base}/games`);

    // Digest: Ana was just told; turns in two matches within the digest window go together, once.
    const two = await correspondenceMatch(ana, bo);
    const before = { pushes: pushesTo(ana).length, mails: mailsTo(ana).length };
    // Moves a few seconds apart: both turns fall within the ten minutes after Ana was last told.
    const seqTwo = await untilTurnOf(two, ana, "p1", 5_000);
    const seqOneAgain = await untilTurnOf(one, ana, "p1", 5_000);
    expect(pushesTo(ana)).toHaveLength(before.pushes);
    await later(11 * MINUTE);
    for (const [match, seq] of [[two, seqTwo], [one, seqOneAgain]] as const) await settled(ana, (await owedBy(ana, match.matchId, seq))[0]!.id);
    const digest = await until(() => pushesTo(ana)[before.pushes], "Ana's digest push");
    expect((digest.message as { payloads: { matchId: string }[] }).payloads.map((p) => p.matchId)).toEqual(expect.arrayContaining([one.matchId, two.matchId]));
    expect((digest.message as { title: string }).title).toMatch(/2 games/);
    const digestMail = await until(() => mailsTo(ana)[before.mails], "Ana's digest e-mail");
    expect(digestMail.text).toContain(one.matchId);
    expect(digestMail.text).toContain(two.matchId);
    await new Promise((done) => setTimeout(done, 500));
    expect(pushesTo(ana)).toHaveLength(before.pushes + 1);
    expect(mailsTo(ana)).toHaveLength(before.mails + 1);

    // Bo's turn in match one, and Bo lets the day run: told a quarter of the day before, then lost on time.
    await untilTurnOf(one, bo, "p2");
    // Ana finishes her side of any simultaneous step, so the match waits for Bo alone.
    for (let i = 0; i < 40 && (await move(one, "p1")) !== null; i++) await later(10 * MINUTE);
    const boPushes = pushesTo(bo).length;
    const running = await until(async () => (await server.store.notifications.owedTo(bo.id)).find((r) => r.matchId === one.matchId && r.kind === "time_running_out" && r.doneAt === null), "Bo's time running out owed");
    const deadline = (running.payload as { deadline: number }).deadline;
    expect(deadline - running.dueAt).toBe(6 * HOUR);
    await later(running.dueAt - time.t + MINUTE);
    const low = await until(() => pushesTo(bo).slice(boPushes).find((p) => JSON.stringify(p.message).includes("time_running_out")), "Bo's time running out");
    expect((low.message as { title: string }).title).toMatch(/^Your clock runs low/);
    await until(() => mailsTo(bo).find((mail) => mail.subject.startsWith("Time is running out") && mail.text.includes(one.matchId)), "Bo's time running out e-mail");
    await later(deadline - time.t + MINUTE);
    const over = await until(async () => {
      const record = await server.store.getMatch(one.matchId);
      return record?.status === "finished" ? record : null;
    }, "the match lost on time");
    expect(over.result).toMatchObject({ winner: "p1", reason: "time" });
    const toldOver = (m: Member, outcome: string) => pushesTo(m).some((p) => (p.message as { payloads: { kind: string; matchId: string; outcome?: string }[] }).payloads.some((x) => x.kind === "match_over" && x.matchId === one.matchId && x.outcome === outcome));
    await until(() => toldOver(ana, "win"), "Ana told she won");
    await until(() => toldOver(bo, "loss"), "Bo told he lost");
    // Rated: match one raised the winner's EMBER rating and lowered the loser's; both profiles show a rating.
    const anaChange = await until(async () => (await server.store.ratings.ratingHistory(ana.id, [one.matchId])).find((r) => r.ruleset === "ember"), "match one rated");
    const [boChange] = await server.store.ratings.ratingHistory(bo.id, [one.matchId]);
    expect(anaChange.after).toBeGreaterThan(anaChange.before);
    expect(boChange!.after).toBeLessThan(boChange!.before);
    for (const m of [ana, bo]) expect((await call(m, "GET", `/api/players/${encodeURIComponent(m.name)}`)).body.ratings).toEqual(expect.arrayContaining([expect.objectContaining({ ruleset: "ember" })]));

    // Once: every notification closed as sent by push reached Bo's device in exactly one message (a digest carries several).
    const boRows = await server.store.notifications.owedTo(bo.id, 500);
    const sentByPush = boRows.filter((r) => (r.outcome as { channels?: Record<string, { status?: string }> } | null)?.channels?.push?.status === "sent").length;
    expect(pushesTo(bo).reduce((n, p) => n + (p.message as { payloads: unknown[] }).payloads.length, 0)).toBe(sentByPush);
    await ana.context.close();
    await bo.context.close();
  });
});
