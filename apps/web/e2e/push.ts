/**
 * Web Push in the browser tests: a stand-in for the browser's push service (Chromium cannot reach
 * one here), the notifications a service worker shows, and the DevTools protocol's delivery of a
 * push message to the page's service worker and a click on what it shows.
 */
import type { BrowserContext, CDPSession, Page, Worker } from "playwright-core";

/** Where the stand-in keeps the VAPID key the page subscribed with (base64url). */
export const KEY_ITEM = "fogwar-test:push-key";

/**
 * The stand-in for the browser's push service (runs in the page before its scripts):
 * `subscribe` answers `subscription` and remembers the key; `getSubscription` answers it while
 * subscribed; `unsubscribe` forgets it.
 */
export function pushStandIn(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }): void {
  const item = "fogwar-test:push-key";
  const toBase64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const made = (key: string) => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: fromBase64url(key).buffer },
    toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(item);
      return true;
    },
  });
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey;
    const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : ArrayBuffer.isView(key) ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength) : new Uint8Array();
    localStorage.setItem(item, toBase64url(bytes));
    return made(toBase64url(bytes)) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    const key = localStorage.getItem(item);
    return key ? (made(key) as unknown as PushSubscription) : null;
  };
}

/** A notification as the service worker's registration lists it. */
export interface Shown {
  title: string;
  body: string;
  tag: string;
  data: { url?: string } | null;
}

/** The notifications the worker shows now. */
export const shown = (worker: Worker): Promise<Shown[]> =>
  worker.evaluate(async () => {
    const scope = globalThis as unknown as { registration: ServiceWorkerRegistration };
    return (await scope.registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as { url?: string } | null }));
  });

/** The site's service worker registration id, as the DevTools protocol names it (waits up to 5 s). */
async function registrationOf(cdp: CDPSession, base: string): Promise<string> {
  const registrations = new Map<string, string>();
  cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => {
    for (const r of event.registrations) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send("ServiceWorker.enable");
  for (let i = 0; i < 50 && !registrations.has(`${base}/`); i++) await new Promise((done) => setTimeout(done, 100));
  const id = registrations.get(`${base}/`);
  if (!id) throw new Error("the site's service worker is not registered");
  return id;
}

/**
 * Hands `data` (a decrypted push message's text) to the service worker of `page`'s site, as the
 * browser's push service would, and waits for the notification it shows. @returns what it shows.
 */
export async function deliverPush(context: BrowserContext, page: Page, base: string, data: string): Promise<{ worker: Worker; notifications: Shown[] }> {
  const cdp = await context.newCDPSession(page);
  const registrationId = await registrationOf(cdp, base);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  const before = (await shown(worker)).length;
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: base, registrationId, data });
  let notifications: Shown[] = [];
  for (let i = 0; i < 100 && notifications.length <= before; i++) {
    notifications = await shown(worker);
    if (notifications.length <= before) await new Promise((done) => setTimeout(done, 100));
  }
  await cdp.detach();
  return { worker, notifications };
}

/** Clicks the service worker's first notification (a `notificationclick` dispatched in the worker: headless Chromium has none to click). */
export async function clickNotification(worker: Worker): Promise<void> {
  await worker.evaluate(async () => {
    const scope = globalThis as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
    const [notification] = await scope.registration.getNotifications();
    const NotificationClick = (globalThis as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
    scope.dispatchEvent(new NotificationClick("notificationclick", { notification: notification! }));
  });
}
