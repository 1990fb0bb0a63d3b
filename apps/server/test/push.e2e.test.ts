/**
 * Web Push end to end against a real push service (./push-endpoint.ts: it decrypts what it gets
 * with the subscription's private key and checks the VAPID signature): subscribing through the
 * REST routes (docs/protocol.md "Notifications"), the push channel (src/notify/push.ts) sending a
 * decryptable message in the recipient's language, a service's 410 deleting the subscription,
 * refused non-push hosts, the per-account limit, deleting one's own devices only, the same-site
 * check, and the VAPID key pair kept across restarts.
 */
import { Browser as CookieBrowser } from "./notify-support";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_PUSH_DEVICES, type NotificationPayload, type PushMessage } from "@fogwar/protocol";
import { pino } from "pino";
import type { OwedNotification, Recipient } from "../src/notify/channel";
import { preparePush, PushChannel, pushSubscriptionId } from "../src/notify/push";
import { vapidKeysOf } from "../src/notify/vapid";
import { startServer, type RunningServer } from "../src/server";
import { freePort } from "./harness";
import { startPushEndpoint, type TestPushEndpoint, type TestSubscription } from "./push-endpoint";

jest.setTimeout(60_000);

/** A browser: its session cookie across calls, its user agent. */
class Browser extends CookieBrowser {
  constructor(base: string, userAgent = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36") {
    super(base, userAgent);
  }

  /** Starts as a guest; @returns the account. */
  async guest(name: string): Promise<{ id: string; name: string }> {
    const answer = await this.call("POST", "/api/auth/guest", { name });
    if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
    return answer.body.account;
  }
}

let push: TestPushEndpoint;
let server: RunningServer;
let base: string;
let closedOrigin: string;
const logLines: string[] = [];

beforeAll(async () => {
  push = await startPushEndpoint();
  closedOrigin = `http://127.0.0.1:${await freePort()}`;
  server = await startServer({
    port: 0,
    host: "127.0.0.1",
    publicUrl: "http://localhost:2567",
    logLevel: "info",
    logDestination: { write: (line: string) => void logLines.push(line) },
    pushHosts: [push.origin, closedOrigin],
    signInRates: { perAddress: { perSecond: 100, burst: 1000 } },
  });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server?.close();
  await push?.close();
});

/** The push channel over the running server's store, as the deliverer holds it. */
async function channel(): Promise<PushChannel> {
  const setup = await preparePush(server.store, { publicUrl: "http://localhost:2567", pushHosts: [push.origin, closedOrigin] });
  return new PushChannel({ push: server.store.push, setup, log: server.log, timeoutMs: 3000 });
}

let nextId = 1;
/** An owed notification of `payload`, owed `ago` ms ago. */
const owed = (payload: NotificationPayload, ago = 0): OwedNotification => ({ id: nextId++, kind: payload.kind, matchId: payload.matchId ?? null, payload, owedAt: Date.now() - ago });
const yourMove = (matchId: string, title: string, actor: string, me: string): NotificationPayload => ({ kind: "your_move", url: `/play/${matchId}`, ruleset: "ember", matchId, title, actor, whoseTurn: [me] });

/** A guest with one subscribed device. */
async function subscribed(name: string): Promise<{ browser: Browser; account: { id: string; name: string }; subscription: TestSubscription }> {
  const browser = new Browser(base);
  const account = await browser.guest(name);
  const subscription = push.subscribe();
  const answer = await browser.call("POST", "/api/me/push-subscriptions", subscription);
  expect(answer.status).toBe(201);
  return { browser, account, subscription };
}

const recipient = (account: { id: string; name: string }, language: "en" | "ko" = "en"): Recipient => ({ accountId: account.id, name: account.name, email: null, language });

describe("push subscriptions", () => {
  test("a guest subscribes a device: listed under its browser's name, with the VAPID key the server signs with; the same endpoint again updates it", async () => {
    const browser = new Browser(base);
    await browser.guest(`Sub${Date.now() % 100000}`);
    const before = await browser.call("GET", "/api/me/push-subscriptions");
    expect(before.status).toBe(200);
    expect(before.body.devices).toEqual([]);
    expect(before.body.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(before.body.vapidPublicKey).toBe((await vapidKeysOf(server.store.notifications)).publicKey);

    const subscription = push.subscribe();
    const added = await browser.call("POST", "/api/me/push-subscriptions", subscription);
    expect(added.status).toBe(201);
    expect(added.body.devices).toEqual([{ id: pushSubscriptionId(subscription.endpoint), device: "Chrome on Android", createdAt: expect.any(Number) }]);
    expect(added.body.devices[0].id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Never the endpoint or the keys in an answer.
    expect(JSON.stringify(added.body)).not.toContain(subscription.keys.auth);
    expect(JSON.stringify(added.body)).not.toContain(subscription.endpoint);

    const again = await browser.call("POST", "/api/me/push-subscriptions", { ...subscription, device: "My phone" });
    expect(again.body.devices).toEqual([{ id: added.body.devices[0].id, device: "My phone", createdAt: expect.any(Number) }]);
  });

  test("endpoints outside the push services are refused with push_service_refused, and nothing is stored", async () => {
    const browser = new Browser(base);
    await browser.guest(`Ssrf${Date.now() % 100000}`);
    const keys = push.subscribe().keys;
    const refused = [
      "https://evil.example.org/push/1",
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com.evil.example.org/fcm/send/abc",
      "https://evilfcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com:8443/fcm/send/abc",
      "https://user:pass@fcm.googleapis.com/fcm/send/abc",
      "http://127.0.0.1:1/push/abc",
      "http://169.254.169.254/latest/meta-data",
      push.origin.replace("http:", "https:") + "/push/abc",
    ];
    for (const endpoint of refused) {
      const answer = await browser.call("POST", "/api/me/push-subscriptions", { endpoint, keys });
      expect([endpoint, answer.status, answer.body.error.code]).toEqual([endpoint, 400, "push_service_refused"]);
    }
    // The public services are taken (stored, though nothing here could reach them).
    for (const endpoint of ["https://fcm.googleapis.com/fcm/send/abc", "https://updates.push.services.mozilla.com/wpush/v2/abc", "https://web.push.apple.com/abc", "https://wns2-par02p.notify.windows.com/w/?token=abc"]) {
      expect((await browser.call("POST", "/api/me/push-subscriptions", { endpoint, keys })).status).toBe(201);
    }
    expect((await browser.call("GET", "/api/me/push-subscriptions")).body.devices).toHaveLength(4);
  });

  test("malformed subscriptions are refused: keys that are no P-256 key or 16-byte secret, unknown fields, a long endpoint", async () => {
    const browser = new Browser(base);
    await browser.guest(`Bad${Date.now() % 100000}`);
    const good = push.subscribe();
    const bad = [
      { ...good, keys: { ...good.keys, p256dh: good.keys.auth } },
      { ...good, keys: { ...good.keys, auth: good.keys.p256dh.slice(0, 40) } },
      { ...good, keys: { ...good.keys, p256dh: "not base64 at all!" } },
      { ...good, extra: 1 },
      { ...good, endpoint: `${push.origin}/push/${"x".repeat(2100)}` },
      { endpoint: good.endpoint },
    ];
    for (const body of bad) expect((await browser.call("POST", "/api/me/push-subscriptions", body)).body.error.code).toBe("bad_request");
    expect((await browser.call("GET", "/api/me/push-subscriptions")).body.devices).toEqual([]);
  });

  test(`an account keeps at most ${MAX_PUSH_DEVICES} devices: the oldest goes`, async () => {
    const browser = new Browser(base);
    await browser.guest(`Many${Date.now() % 100000}`);
    const ids: string[] = [];
    for (let i = 0; i <= MAX_PUSH_DEVICES; i++) {
      const subscription = push.subscribe();
      ids.push(pushSubscriptionId(subscription.endpoint));
      expect((await browser.call("POST", "/api/me/push-subscriptions", { ...subscription, device: `device ${i}` })).status).toBe(201);
      await new Promise((done) => setTimeout(done, 3));
    }
    const devices = (await browser.call("GET", "/api/me/push-subscriptions")).body.devices as { id: string; device: string }[];
    expect(devices).toHaveLength(MAX_PUSH_DEVICES);
    expect(devices.map((d) => d.id)).not.toContain(ids[0]);
    expect(devices[0]!.device).toBe(`device ${MAX_PUSH_DEVICES}`);
  });

  test("a device is removed by its own account only; signed out, the routes answer not_signed_in", async () => {
    const mine = await subscribed(`Own${Date.now() % 100000}`);
    const other = new Browser(base);
    await other.guest(`Other${Date.now() % 100000}`);
    const id = pushSubscriptionId(mine.subscription.endpoint);
    expect((await other.call("DELETE", `/api/me/push-subscriptions/${id}`)).body.error.code).toBe("not_found");
    expect((await other.call("DELETE", "/api/me/push-subscriptions/not-an-id")).status).toBe(404);
    expect((await mine.browser.call("GET", "/api/me/push-subscriptions")).body.devices).toHaveLength(1);
    const removed = await mine.browser.call("DELETE", `/api/me/push-subscriptions/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.devices).toEqual([]);
    const signedOut = new Browser(base);
    for (const [method, path] of [["GET", "/api/me/push-subscriptions"], ["POST", "/api/me/push-subscriptions"], ["DELETE", `/api/me/push-subscriptions/${id}`]] as const) {
      const answer = await signedOut.call(method, path, method === "POST" ? push.subscribe() : undefined);
      expect([path, answer.status, answer.body.error.code]).toEqual([path, 401, "not_signed_in"]);
    }
  });

  test("a subscription from another site, with the session cookie, is refused as cross_site", async () => {
    const browser = new Browser(base);
    await browser.guest(`Csrf${Date.now() % 100000}`);
    const subscription = push.subscribe();
    const forged = await browser.call("POST", "/api/me/push-subscriptions", subscription, { origin: "https://evil.example.org" });
    expect([forged.status, forged.body.error.code]).toEqual([403, "cross_site"]);
    const fetched = await browser.call("POST", "/api/me/push-subscriptions", subscription, { "sec-fetch-site": "cross-site" });
    expect(fetched.body.error.code).toBe("cross_site");
    expect((await browser.call("GET", "/api/me/push-subscriptions")).body.devices).toEqual([]);
  });
});

describe("the push channel", () => {
  test("sends each device a message it decrypts, signed with the server's VAPID key, saying what happened and whose turn it is", async () => {
    const { browser, account, subscription } = await subscribed(`Ada${Date.now() % 100000}`);
    const second = push.subscribe();
    await browser.call("POST", "/api/me/push-subscriptions", second);
    const vapidPublicKey = (await browser.call("GET", "/api/me/push-subscriptions")).body.vapidPublicKey as string;
    const payload = yourMove("m-push-1", "EMBER · Bo vs " + account.name, "Bo", account.name);
    const result = await (await channel()).send(recipient(account), [owed(payload)]);
    expect(result).toEqual({ status: "sent", count: 2 });

    for (const endpoint of [subscription.endpoint, second.endpoint]) {
      const got = await push.waitFor((p) => p.endpoint === endpoint);
      const message = got.message as PushMessage;
      expect(message).toEqual({ title: `Your move · EMBER · Bo vs ${account.name}`, body: "Bo moved. It is your turn.", url: "/play/m-push-1", tag: "match:m-push-1", payloads: [payload] });
      expect(got.vapidKey).toBe(vapidPublicKey);
      expect(got.subject).toBe("mailto:no-reply@localhost");
      expect(got.urgency).toBe("normal");
      expect(got.ttl).toBe(24 * 3600);
      expect(got.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    }
    expect(push.refused).toEqual([]);
    const stored = await server.store.push.pushSubscriptionsOf(account.id);
    expect(stored.every((s) => s.lastSentAt !== null)).toBe(true);
    // Never an endpoint or a key in the log.
    const log = logLines.join("");
    expect(log).toContain("push sent");
    for (const secret of [subscription.endpoint, subscription.keys.auth, subscription.keys.p256dh, second.endpoint.split("/").pop()!]) expect(log).not.toContain(secret);
  });

  test("in Korean, with the time left on a running clock (urgent, kept until the deadline)", async () => {
    const { account, subscription } = await subscribed(`Ko${Date.now() % 100000}`);
    const deadline = Date.now() + (2 * 60 + 5) * 60_000 + 30_000;
    const payload: NotificationPayload = { kind: "time_running_out", url: "/play/m-push-2", matchId: "m-push-2", ruleset: "siege", title: "SIEGE", deadline, whoseTurn: [account.name, "Bo"] };
    expect(await (await channel()).send(recipient(account, "ko"), [owed(payload)])).toEqual({ status: "sent", count: 1 });
    const got = await push.waitFor((p) => p.endpoint === subscription.endpoint);
    expect(got.message).toMatchObject({ title: "시간이 얼마 남지 않았습니다 · SIEGE", body: "2시간 5분 남았습니다. 기다리는 중: 당신, Bo.", url: "/play/m-push-2" });
    expect(got.urgency).toBe("high");
    expect(got.ttl).toBeGreaterThan(2 * 3600);
    expect(got.ttl).toBeLessThanOrEqual(2 * 3600 + 6 * 60);
  });

  test("a batch of several games is one digest that opens my games; one game's several notifications say its newest", async () => {
    const { account, subscription } = await subscribed(`Dig${Date.now() % 100000}`);
    const batch = [owed(yourMove("m-d1", "EMBER A", "Bo", account.name), 3000), owed(yourMove("m-d2", "EMBER B", "Cy", account.name), 2000), owed({ kind: "match_over", url: "/review/m-d3", matchId: "m-d3", title: "SIEGE C", outcome: "win" }, 1000)];
    expect(await (await channel()).send(recipient(account), batch)).toEqual({ status: "sent", count: 1 });
    const digest = (await push.waitFor((p) => p.endpoint === subscription.endpoint)).message as PushMessage;
    expect(digest).toMatchObject({ title: "3 games await you", body: "You won · SIEGE C\nYour move · EMBER B\nYour move · EMBER A", url: "/games", tag: "digest" });
    expect(digest.payloads).toHaveLength(3);

    const same = [owed({ kind: "opponent_joined", url: "/play/m-d4", matchId: "m-d4", title: "EMBER D", actor: "Bo", whoseTurn: ["Bo"] }, 5000), owed(yourMove("m-d4", "EMBER D", "Bo", account.name), 1000)];
    await (await channel()).send(recipient(account), same);
    const latest = (await push.waitFor((p) => p.endpoint === subscription.endpoint && (p.message as PushMessage).tag === "match:m-d4")).message as PushMessage;
    expect(latest).toMatchObject({ title: "Your move · EMBER D", body: "Bo moved. It is your turn.", url: "/play/m-d4" });
  });

  test("a device whose service answers 410 Gone is unsubscribed; an unreachable or failing service is a failure to retry", async () => {
    const { browser, account, subscription } = await subscribed(`Gone${Date.now() % 100000}`);
    push.expire(subscription.endpoint);
    expect(await (await channel()).send(recipient(account), [owed(yourMove("m-g", "EMBER G", "Bo", account.name))])).toEqual({ status: "none" });
    expect((await push.waitFor((p) => p.endpoint === subscription.endpoint)).status).toBe(410);
    expect((await browser.call("GET", "/api/me/push-subscriptions")).body.devices).toEqual([]);
    expect(await server.store.push.pushSubscriptionsOf(account.id)).toEqual([]);

    const busy = push.subscribe();
    await browser.call("POST", "/api/me/push-subscriptions", busy);
    push.answerWith(busy.endpoint, 503);
    expect(await (await channel()).send(recipient(account), [owed(yourMove("m-g", "EMBER G", "Bo", account.name))])).toEqual({ status: "failed", retry: true, detail: "no device took it: answered 503" });
    push.answerWith(busy.endpoint, 403);
    expect(await (await channel()).send(recipient(account), [owed(yourMove("m-g", "EMBER G", "Bo", account.name))])).toMatchObject({ status: "failed", retry: false });
    expect((await browser.call("GET", "/api/me/push-subscriptions")).body.devices).toHaveLength(1);

    const nowhere = new Browser(base);
    const lonely = await nowhere.guest(`Far${Date.now() % 100000}`);
    await nowhere.call("POST", "/api/me/push-subscriptions", { ...push.subscribe(), endpoint: `${closedOrigin}/push/x` });
    expect(await (await channel()).send(recipient(lonely), [owed(yourMove("m-g", "EMBER G", "Bo", lonely.name))])).toEqual({ status: "failed", retry: true, detail: "no device took it: unreachable" });
  });

  test("an account without a device: none", async () => {
    const browser = new Browser(base);
    const account = await browser.guest(`None${Date.now() % 100000}`);
    expect(await (await channel()).send(recipient(account), [owed(yourMove("m-n", "EMBER N", "Bo", account.name))])).toEqual({ status: "none" });
  });
});

test("the VAPID key pair is made at first start and kept: the same after a restart on the same data", async () => {
  const dir = mkdtempSync(join(tmpdir(), "fogwar-vapid-"));
  try {
    const keyOf = async () => {
      const running = await startServer({ port: 0, host: "127.0.0.1", dataDir: dir, publicUrl: "http://localhost:2567", logLevel: "silent", backupIntervalMs: 0, logDestination: pino.destination("/dev/null") });
      try {
        const browser = new Browser(`http://127.0.0.1:${running.port}`);
        await browser.guest(`Keeper${Math.random().toString(36).slice(2, 8)}`);
        return (await browser.call("GET", "/api/me/push-subscriptions")).body.vapidPublicKey as string;
      } finally {
        await running.close();
      }
    };
    const first = await keyOf();
    expect(first).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(await keyOf()).toBe(first);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
