/**
 * Notifications in Chromium: a guest opens `/account/notifications` (from the account page),
 * changes toggles, quiet hours, the digest and the language, saves, and a reload shows what was
 * saved; on a 375 px phone the page fits its width. The guest turns notifications on for this
 * device: the page registers the service worker (/sw.js), subscribes with the server's VAPID key
 * and posts the subscription, which the device list then shows as this device.
 *
 * Then the server's push channel sends a "your move" in the guest's saved language to the test
 * push service (a real HTTP server that decrypts it with the subscription's keys,
 * @fogwar/server/testing `startPushEndpoint`), and the decrypted message is delivered to the
 * page's service worker through the DevTools protocol (`ServiceWorker.deliverPushMessage`): the
 * worker shows a notification with the message's title, body, tag and page. A click on it (a
 * `notificationclick` dispatched in the worker: headless Chromium has no notification to click)
 * takes the open tab of the site to the match's table. Removing the device ends it.
 *
 * What stands in for the real thing: Chromium cannot reach a push service here (and has no Push
 * API in a fresh profile's incognito-like context), so the page's `PushManager.subscribe` and
 * `getSubscription` are replaced by an init script that answers the subscription the test push
 * service made as a browser would (its own P-256 key pair and auth secret), and records the
 * VAPID key the page subscribed with. Everything else is the real page, worker, server and crypto.
 *
 * Needs Chromium (FOGWAR_CHROMIUM, else /usr/bin/chromium) and builds the client when stale.
 */
import { type Browser, type BrowserContext, type CDPSession, type Page } from "playwright-core";
import type { RunningServer } from "@fogwar/server";
import { preparePush, PushChannel, startPushEndpoint, type TestPushEndpoint, type TestSubscription } from "@fogwar/server/testing";
import { KEY_ITEM, pushStandIn, shown, type Shown } from "./push";
import { CHROMIUM, HAVE_CHROMIUM, IN_CI, closeWebSuite, openWebSuite } from "./support";

jest.setTimeout(240_000);

const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;
if (!HAVE_CHROMIUM && !IN_CI) console.warn(`notifications.browser.test: skipped (needs ${CHROMIUM})`);

suite("notifications", () => {
  let server: RunningServer;
  let push: TestPushEndpoint;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    push = await startPushEndpoint();
    ({ server, browser, base } = await openWebSuite({ pushHosts: [push.origin] }));
  });
  afterAll(async () => {
    await closeWebSuite({ browser, server });
    await push?.close();
  });

  /** A guest in a new browser context (in `language`, notifications allowed), with the push stand-in answering `subscription`. */
  async function guest(subscription: TestSubscription, viewport = { width: 1280, height: 900 }, language = "en"): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport, locale: "en-US" });
    await context.grantPermissions(["notifications"], { origin: base });
    await context.addInitScript(pushStandIn, { endpoint: subscription.endpoint, keys: subscription.keys });
    await context.addInitScript((lng) => localStorage.setItem("fogwar:language", lng), language);
    const page = await context.newPage();
    await page.goto(`${base}/account`);
    await page.evaluate(async () => {
      await fetch("/api/auth/guest", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    });
    await page.reload();
    await page.getByText(language === "ko" ? "게스트" : "Guest", { exact: true }).waitFor();
    return { context, page };
  }

  test("settings saved and shown again; this device subscribed; a pushed message shown by the service worker, and a click opens its table", async () => {
    const subscription = push.subscribe();
    const { context, page } = await guest(subscription);
    await page.getByRole("link", { name: "Notifications on your devices and by e-mail" }).click();
    await page.waitForURL(`${base}/account/notifications`);
    await page.getByRole("heading", { name: "What to send, and where" }).waitFor();
    // A guest has no address, and this server sends no e-mail: the page says so and e-mail toggles are off limits.
    await page.getByText("E-mail is off on this server").waitFor();
    expect(await page.getByRole("checkbox", { name: "It is your move: E-mail" }).isDisabled()).toBe(true);

    // Change the settings and save.
    await page.getByRole("checkbox", { name: "Your opponent joined: Notification" }).uncheck();
    await page.getByRole("checkbox", { name: "A match is over: Notification" }).uncheck();
    await page.getByRole("checkbox", { name: "Quiet hours: send nothing at night" }).check();
    await page.getByLabel("From", { exact: true }).fill("23:15");
    await page.getByLabel("To", { exact: true }).fill("07:30");
    await page.getByLabel("Time zone").selectOption("Asia/Seoul");
    await page.getByRole("checkbox", { name: /One digest for many games/ }).uncheck();
    await page.getByLabel("Language of notifications and e-mails").selectOption("ko");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved.").waitFor();

    // A reload shows what was saved.
    await page.reload();
    await page.getByRole("heading", { name: "What to send, and where" }).waitFor();
    expect(await page.getByRole("checkbox", { name: "Your opponent joined: Notification" }).isChecked()).toBe(false);
    expect(await page.getByRole("checkbox", { name: "A match is over: Notification" }).isChecked()).toBe(false);
    expect(await page.getByRole("checkbox", { name: "It is your move: Notification" }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "Quiet hours: send nothing at night" }).isChecked()).toBe(true);
    expect(await page.getByLabel("From", { exact: true }).inputValue()).toBe("23:15");
    expect(await page.getByLabel("To", { exact: true }).inputValue()).toBe("07:30");
    expect(await page.getByLabel("Time zone").inputValue()).toBe("Asia/Seoul");
    expect(await page.getByRole("checkbox", { name: /One digest for many games/ }).isChecked()).toBe(false);
    expect(await page.getByRole("checkbox", { name: /Not while I am on the page/ }).isChecked()).toBe(true);
    expect(await page.getByLabel("Language of notifications and e-mails").inputValue()).toBe("ko");
    const saved = await page.evaluate(async () => (await fetch("/api/me/notifications")).json());
    expect(saved.settings).toMatchObject({ quietHours: { from: "23:15", to: "07:30", timeZone: "Asia/Seoul" }, digest: false, language: "ko", kinds: { opponent_joined: { push: false }, match_over: { push: false } } });

    // Turn notifications on for this device: the worker is registered, the subscription posted.
    await page.getByText("This device does not receive notifications yet.").waitFor();
    await page.getByRole("button", { name: "Turn on notifications on this device" }).click();
    await page.getByText("Notifications are on for this device.").waitFor();
    await page.getByText("This device receives notifications.").waitFor();
    await page.getByText("(this device)").waitFor();
    await page.getByText("Chrome on Linux").waitFor();
    const devices = await page.evaluate(async () => (await fetch("/api/me/push-subscriptions")).json());
    expect(devices.devices).toHaveLength(1);
    expect(await page.evaluate((item) => localStorage.getItem(item), KEY_ITEM)).toBe(devices.vapidPublicKey);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    expect(worker.url()).toBe(`${base}/sw.js`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // The server pushes a "your move" in the guest's language; the push service decrypts it.
    const me = await page.evaluate(async () => (await fetch("/api/me")).json());
    const setup = await preparePush(server.store, { publicUrl: base, pushHosts: [push.origin] });
    const channel = new PushChannel({ push: server.store.push, setup, log: server.log });
    const payload = { kind: "your_move" as const, url: "/play/m-e2e-1", ruleset: "ember", matchId: "m-e2e-1", title: `EMBER · Bo vs ${me.account.name}`, actor: "Bo", whoseTurn: [me.account.name] };
    const result = await channel.send({ accountId: me.account.id, name: me.account.name, email: null, language: saved.settings.language }, [{ id: 1, kind: "your_move", matchId: "m-e2e-1", payload, owedAt: Date.now() }]);
    expect(result).toEqual({ status: "sent", count: 1 });
    const received = await push.waitFor((p) => p.endpoint === subscription.endpoint);
    expect(received.vapidKey).toBe(devices.vapidPublicKey);
    expect(received.message).toMatchObject({ title: `당신 차례 · EMBER · Bo vs ${me.account.name}`, body: "Bo 님이 두었습니다. 당신 차례입니다.", url: "/play/m-e2e-1", tag: "match:m-e2e-1" });

    // The decrypted message reaches the page's service worker, which shows it.
    const cdp: CDPSession = await context.newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => {
      for (const r of event.registrations) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send("ServiceWorker.enable");
    for (let i = 0; i < 50 && !registrations.has(`${base}/`); i++) await new Promise((done) => setTimeout(done, 100));
    const registrationId = registrations.get(`${base}/`);
    expect(registrationId).toBeDefined();
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: base, registrationId: registrationId!, data: received.text });
    let notifications: Shown[] = [];
    for (let i = 0; i < 100 && notifications.length === 0; i++) {
      notifications = await shown(worker);
      if (notifications.length === 0) await new Promise((done) => setTimeout(done, 100));
    }
    expect(notifications).toEqual([{ title: `당신 차례 · EMBER · Bo vs ${me.account.name}`, body: "Bo 님이 두었습니다. 당신 차례입니다.", tag: "match:m-e2e-1", data: { url: "/play/m-e2e-1" } }]);

    // A click on it takes the site's open tab to the match's table, and closes the notification.
    await worker.evaluate(async () => {
      const scope = globalThis as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
      const [notification] = await scope.registration.getNotifications();
      const NotificationClick = (globalThis as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
      scope.dispatchEvent(new NotificationClick("notificationclick", { notification: notification! }));
    });
    await page.waitForURL(`${base}/play/m-e2e-1`);
    expect(await shown(worker)).toEqual([]);

    // Removing this device ends its subscription.
    await page.goto(`${base}/account/notifications`);
    await page.getByText("This device receives notifications.").waitFor();
    await page.getByRole("button", { name: "Remove Chrome on Linux" }).click();
    await page.getByText("No device yet.").waitFor();
    await page.getByText("This device does not receive notifications yet.").waitFor();
    expect((await page.evaluate(async () => (await fetch("/api/me/push-subscriptions")).json())).devices).toEqual([]);
    await context.close();
  });

  test("on a 375 px phone the page fits its width, in Korean", async () => {
    const { context, page } = await guest(push.subscribe(), { width: 375, height: 800 }, "ko");
    await page.goto(`${base}/account/notifications`);
    await page.getByRole("heading", { name: "무엇을 어디로 보낼지" }).waitFor();
    await page.getByRole("checkbox", { name: "방해 금지 시간: 밤에는 보내지 않기" }).check();
    await page.getByText("이 서버는 이메일을 보내지 않습니다").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
