/**
 * This browser's Web Push subscription: the service worker (/sw.js, scope /, which shows the
 * notifications) registered only when the player turns notifications on, the permission asked
 * then, and the subscription made with the server's VAPID public key. A device is known to the
 * server by the SHA-256 of its endpoint (the id the device list shows).
 */
import type { PushSubscriptionRequest } from "@fogwar/protocol";

/** Why this device cannot be subscribed. */
export class PushDeviceError extends Error {
  constructor(
    readonly code: "permission_denied" | "subscribe_failed",
    message: string,
  ) {
    super(message);
    this.name = "PushDeviceError";
  }
}

/** Whether this browser can receive Web Push at all (a service worker, the Push API, notifications, a secure page). */
export function pushSupported(): boolean {
  return typeof window !== "undefined" && window.isSecureContext && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The notification permission: "default" (not asked), "granted", "denied", or "unsupported". */
export function notificationPermission(): NotificationPermission | "unsupported" {
  return pushSupported() ? Notification.permission : "unsupported";
}

/** The id the server gives a subscription: SHA-256 of its endpoint, base64url. */
export async function subscriptionId(endpoint: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(endpoint)));
  return btoa(String.fromCharCode(...digest)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The bytes of a base64url text. */
function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((base64url.length + 3) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** This browser's current subscription (null when none, or no service worker is registered). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Whether `subscription` was made with the key `vapidPublicKey` (base64url). */
function madeWith(subscription: PushSubscription, vapidPublicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const mine = new Uint8Array(key);
  const wanted = bytesOf(vapidPublicKey);
  return mine.length === wanted.length && mine.every((b, i) => b === wanted[i]);
}

/**
 * Subscribes this browser: asks for the permission, registers the service worker, and subscribes
 * with `vapidPublicKey` (a subscription made with another key is replaced).
 * @returns the subscription as the server takes it.
 * @throws PushDeviceError `permission_denied` when the player does not allow notifications,
 *   `subscribe_failed` when the browser or its push service fails.
 */
export async function subscribeThisDevice(vapidPublicKey: string): Promise<PushSubscriptionRequest> {
  if (!pushSupported()) throw new PushDeviceError("subscribe_failed", "this browser has no Web Push");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushDeviceError("permission_denied", permission);
  try {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    const registration = await navigator.serviceWorker.ready;
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !madeWith(subscription, vapidPublicKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(vapidPublicKey) });
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new Error("the subscription has no endpoint or keys");
    return { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
  } catch (error) {
    throw new PushDeviceError("subscribe_failed", error instanceof Error ? error.message : String(error));
  }
}

/** Ends this browser's subscription (the service worker stays). @returns its id, or null when there was none. */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  const id = await subscriptionId(subscription.endpoint);
  await subscription.unsubscribe();
  return id;
}
