/*
 * fogwar's service worker (served at /sw.js, scope /): it shows the Web Push notifications the
 * server sends (docs/protocol.md "Notifications": a PushMessage, JSON `{ title, body, url, tag,
 * payloads }`) and, on a click, brings the player to the notification's page: an open tab of the
 * site already there is focused, else an open tab of the site is taken there, else a new window
 * opens. It caches nothing and never handles fetches: the site works the same without it.
 * Registered by the notification settings page (src/account/push-device.ts) only.
 */
"use strict";

/** A path on this site from a message's `url` (a path like `/play/abc`), else my games. */
function sitePath(url) {
  if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//") || url.startsWith("/\\")) return "/games";
  try {
    const resolved = new URL(url, self.location.origin);
    return resolved.origin === self.location.origin ? resolved.pathname + resolved.search + resolved.hash : "/games";
  } catch {
    return "/games";
  }
}

/** The notification a push message asks for: its title and options (text cut to sane lengths). */
function notificationOf(message) {
  const text = (value, max) => (typeof value === "string" ? value.slice(0, max) : "");
  const m = message && typeof message === "object" ? message : {};
  return {
    title: text(m.title, 200) || "fogwar",
    options: {
      body: text(m.body, 600),
      tag: text(m.tag, 100) || "fogwar",
      // A newer message for the same match replaces the older one, and still alerts.
      renotify: true,
      icon: "/favicon-turn.png",
      badge: "/favicon.png",
      data: { url: sitePath(m.url) },
    },
  };
}

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  const { title, options } = notificationOf(message);
  event.waitUntil(self.registration.showNotification(title, options));
});

/**
 * Brings the player to `path`: a tab of the site already showing it is focused; else the first
 * tab of the site is taken there and focused; else a new window opens.
 * @returns the URL it opened (absolute).
 */
async function openFromNotification(path) {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const there = windows.find((w) => w.url === target);
  if (there) {
    await there.focus();
    return target;
  }
  const tab = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (tab) {
    const moved = await tab.navigate(target).catch(() => null);
    if (moved) {
      await moved.focus().catch(() => undefined);
      return target;
    }
  }
  await self.clients.openWindow(target);
  return target;
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data;
  const done = openFromNotification(sitePath(data && data.url));
  try {
    event.waitUntil(done);
  } catch {
    // A notificationclick dispatched by the page's own code (not the browser) cannot extend its life; the work goes on.
  }
});
