/**
 * The Web Push channel (docs/design.md "Notifications"): a batch becomes one {@link PushMessage}
 * (./push-text.ts), encrypted (RFC 8291, aes128gcm) to each of the account's subscribed devices
 * and signed with the server's VAPID key (./vapid.ts) by the `web-push` library, then POSTed to
 * each device's push service (only the services ./push-services.ts allows; no redirects followed;
 * 10 s per request). A device whose service answers 404 or 410 has unsubscribed: its subscription
 * is deleted. Endpoints and keys are credentials of the devices: never logged, never in a result.
 */
import { createHash } from "node:crypto";
import type { PushMessage } from "@fogwar/protocol";
import type { Logger } from "pino";
import webpush from "web-push";
import type { MatchStore, PushStore, PushSubscriptionRecord } from "../store/index.js";
import type { Channel, ChannelResult, OwedNotification, Recipient } from "./channel.js";
import { pushEndpointAllowed } from "./push-services.js";
import { pushMessageOf, pushTtlOf, pushUrgencyOf } from "./push-text.js";
import { vapidKeysOf, vapidSubject, type VapidKeys } from "./vapid.js";

/** What sending Web Push needs: the server's VAPID keys and subject, and the push services allowed beside the public ones. */
export interface PushSetup {
  readonly vapid: VapidKeys;
  readonly subject: string;
  /** Origins (`scheme://host[:port]`) allowed beside the known push services. */
  readonly allowed: readonly string[];
}

/**
 * The push setup at server start: the VAPID keys (made and stored at first start, the same in
 * every process), the subject (./vapid.ts `vapidSubject`) and the allowed origins.
 * @throws Error when the stored key pair is malformed or the store cannot be reached.
 */
export async function preparePush(store: Pick<MatchStore, "notifications">, settings: { readonly publicUrl: string; readonly mailFrom?: string; readonly vapidSubject?: string; readonly pushHosts?: readonly string[] }): Promise<PushSetup> {
  return {
    vapid: await vapidKeysOf(store.notifications),
    subject: vapidSubject(settings.publicUrl, settings.mailFrom, settings.vapidSubject),
    allowed: settings.pushHosts ?? [],
  };
}

/** A subscription's id: the SHA-256 of its endpoint, base64url (43 characters). */
export const pushSubscriptionId = (endpoint: string): string => createHash("sha256").update(endpoint).digest("base64url");

/** The `Topic` of a message (a push service keeps only the newest undelivered one per topic): 32 base64url characters of its tag's hash. */
const topicOf = (message: PushMessage): string => createHash("sha256").update(`fogwar:${message.tag}`).digest("base64url").slice(0, 32);

/** How one device's delivery went. */
type Delivery = { readonly outcome: "sent" } | { readonly outcome: "gone" } | { readonly outcome: "failed"; readonly retry: boolean; readonly why: string };

/** What the push channel needs. */
export interface PushChannelOptions {
  readonly push: PushStore;
  readonly setup: PushSetup;
  readonly log: Logger;
  /** Per request to a push service, ms (default 10,000). */
  readonly timeoutMs?: number;
  /** The time (ms) a message is rendered and marked sent at (default `Date.now`). */
  readonly now?: () => number;
}

/** The Web Push channel. */
export class PushChannel implements Channel {
  readonly name = "push" as const;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(private readonly options: PushChannelOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Sends the batch to every device of the recipient's account, at once.
   * @returns `sent` with the devices that accepted it (when at least one did); `none` when the
   *   account has no device (or every device turned out gone); else `failed`, `retry` when a
   *   service was unreachable, timed out, or answered 429 or 5xx. Never throws.
   */
  async send(recipient: Recipient, batch: readonly OwedNotification[]): Promise<ChannelResult> {
    try {
      const devices = (await this.options.push.pushSubscriptionsOf(recipient.accountId)).filter((d) => pushEndpointAllowed(d.endpoint, this.options.setup.allowed));
      if (devices.length === 0 || batch.length === 0) return { status: "none" };
      const now = this.now();
      const message = pushMessageOf(recipient, batch, now);
      const options = { TTL: pushTtlOf(batch, now), urgency: pushUrgencyOf(batch), topic: topicOf(message) };
      const deliveries = await Promise.all(devices.map((device) => this.deliver(device, message, options)));
      const sent = devices.filter((_, i) => deliveries[i]!.outcome === "sent").map((d) => d.id);
      const gone = devices.filter((_, i) => deliveries[i]!.outcome === "gone").map((d) => d.id);
      for (const id of gone) await this.options.push.forgetPushSubscription(id);
      if (sent.length > 0) await this.options.push.markPushSent(sent, now);
      const failures = deliveries.filter((d): d is Extract<Delivery, { outcome: "failed" }> => d.outcome === "failed");
      this.options.log.info({ accountId: recipient.accountId, notifications: batch.map((o) => o.id), devices: devices.length, sent: sent.length, gone: gone.length, failed: failures.length }, "push sent");
      if (sent.length > 0) return { status: "sent", count: sent.length };
      if (failures.length === 0) return { status: "none" };
      return { status: "failed", retry: failures.some((f) => f.retry), detail: `no device took it: ${failures.map((f) => f.why).join(", ")}` };
    } catch (error) {
      this.options.log.warn({ err: error, accountId: recipient.accountId }, "push could not be sent");
      return { status: "failed", retry: true, detail: "the push channel could not send (store or encryption error)" };
    }
  }

  /** One device: encrypt, sign, POST; read the service's answer. */
  private async deliver(device: PushSubscriptionRecord, message: PushMessage, options: { TTL: number; urgency: webpush.Urgency; topic: string }): Promise<Delivery> {
    const { vapid, subject } = this.options.setup;
    let details: webpush.RequestDetails;
    try {
      details = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(message), {
        ...options,
        contentEncoding: "aes128gcm",
        vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      });
    } catch {
      // The subscription's keys are not a P-256 key and a 16-byte secret (they were checked when it was stored).
      this.options.log.warn({ accountId: device.accountId, device: device.id }, "push message could not be encrypted to a device");
      return { outcome: "failed", retry: false, why: "not encrypted" };
    }
    // fetch sets the length itself; the rest (TTL, Urgency, Topic, encoding, VAPID authorization) goes as built.
    const headers = Object.fromEntries(
      Object.entries(details.headers)
        .filter(([name]) => name.toLowerCase() !== "content-length")
        .map(([name, value]) => [name, String(value)]),
    );
    let status: number;
    try {
      const response = await fetch(details.endpoint, { method: details.method, headers, body: details.body ?? undefined, redirect: "manual", signal: AbortSignal.timeout(this.timeoutMs) });
      status = response.status;
      await response.body?.cancel().catch(() => undefined);
    } catch (error) {
      const why = (error as Error).name === "TimeoutError" ? "timed out" : "unreachable";
      this.options.log.warn({ accountId: device.accountId, device: device.id, why }, "push service not reached");
      return { outcome: "failed", retry: true, why };
    }
    if (status >= 200 && status < 300) return { outcome: "sent" };
    if (status === 404 || status === 410) return { outcome: "gone" };
    this.options.log.warn({ accountId: device.accountId, device: device.id, status }, "push service refused a message");
    return { outcome: "failed", retry: status === 429 || status >= 500, why: `answered ${status}` };
  }
}
