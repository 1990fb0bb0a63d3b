/**
 * The notification routes of the signed-in player (a guest too), mounted at /api/me
 * (docs/protocol.md "Notifications"):
 * - `GET /api/me/notifications`: the settings (stored, else the defaults) and whether e-mail can
 *   be sent (an SMTP server is configured) and the account has an address;
 * - `PUT /api/me/notifications`: new settings (all of them), answered as GET answers;
 * - `GET /api/me/push-subscriptions`: the VAPID public key and the subscribed devices;
 * - `POST /api/me/push-subscriptions`: subscribes this browser (its PushSubscription's JSON); the
 *   same endpoint again updates it; at most MAX_PUSH_DEVICES per account (the oldest goes);
 *   endpoints outside the allowed push services are refused (`push_service_refused`);
 * - `DELETE /api/me/push-subscriptions/:id`: removes one of the account's own devices.
 * The API's same-site check (../accounts/session.ts `refuseCrossSite`) guards the changes.
 */
import { DEFAULT_NOTIFICATION_SETTINGS, MAX_PUSH_DEVICES, NotificationSettings, PushSubscriptionRequest, type NotificationSettingsResponse, type PushDevicesResponse } from "@fogwar/protocol";
import express, { type Request, type Router } from "express";
import { ApiError } from "../api-error.js";
import { parseBody } from "../accounts/routes.js";
import { requireAccount } from "../accounts/session.js";
import type { AccountRecord, MatchStore } from "../store/index.js";
import { deviceLabel } from "./device-label.js";
import { pushSubscriptionId, type PushSetup } from "./push.js";
import { pushEndpointAllowed } from "./push-services.js";

/** What the notification routes need. */
export interface NotificationRouteServices {
  readonly store: MatchStore;
  /** Whether e-mail can be sent at all (the mailer's `available`). */
  readonly mailer: { readonly available: boolean };
  /** The VAPID keys and the allowed push services (./push.ts `preparePush`). */
  readonly push: PushSetup;
  /** The server's time in ms (default `Date.now`): a subscription's `createdAt`. */
  readonly now?: () => number;
}

/** Whether `zone` is an IANA time zone this server knows (Intl accepts it). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The settings of a PUT: the protocol's schema, a known time zone, and quiet hours of some length. */
const SettingsBody = NotificationSettings.superRefine((settings, ctx) => {
  const quiet = settings.quietHours;
  if (!quiet) return;
  if (!isTimeZone(quiet.timeZone)) ctx.addIssue({ code: "custom", path: ["quietHours", "timeZone"], message: "an IANA time zone, e.g. Europe/Paris or Asia/Seoul" });
  if (quiet.from === quiet.to) ctx.addIssue({ code: "custom", path: ["quietHours", "to"], message: "quiet hours must end at another time than they start" });
});

/** A subscription's id in a path: 43 base64url characters (a SHA-256). */
const SUBSCRIPTION_ID = /^[A-Za-z0-9_-]{43}$/;

/** Whether `key` is base64url of `length` bytes (and, for a public key, an uncompressed P-256 point: 0x04 first). */
function keyOfLength(key: string, length: number, point = false): boolean {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(key)) return false;
  const bytes = Buffer.from(key.replace(/=+$/, ""), "base64url");
  return bytes.length === length && (!point || bytes[0] === 4);
}

/** The answer of the settings routes for `account`. */
async function settingsAnswer(services: NotificationRouteServices, account: AccountRecord): Promise<NotificationSettingsResponse> {
  const stored = NotificationSettings.safeParse(await services.store.notifications.settingsOf(account.id));
  return { settings: stored.success ? stored.data : DEFAULT_NOTIFICATION_SETTINGS, email: { available: services.mailer.available, hasAddress: !!account.email } };
}

/** The answer of the push routes for `accountId`. */
async function devicesAnswer(services: NotificationRouteServices, accountId: string): Promise<PushDevicesResponse> {
  const devices = await services.store.push.pushSubscriptionsOf(accountId);
  return { vapidPublicKey: services.push.vapid.publicKey, devices: devices.map((d) => ({ id: d.id, device: d.device, createdAt: d.createdAt })) };
}

/** The label a subscription is listed under: the one sent (control characters removed), else one from the user agent. */
function labelOf(req: Request, sent: string | undefined): string {
  const clean = (sent ?? "").replace(/[\p{C}]/gu, "").trim();
  return clean !== "" ? clean : deviceLabel(req.get("user-agent"));
}

/** The notification routes, mounted at /api/me. */
export function notificationRoutes(services: NotificationRouteServices): Router {
  const accounts = services.store.accounts;
  const now = services.now ?? Date.now;
  const router = express.Router();
  const noStore: express.RequestHandler = (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  };
  router.use(["/notifications", "/push-subscriptions"], noStore);

  router.get("/notifications", async (req, res) => {
    res.json(await settingsAnswer(services, await requireAccount(req, accounts)));
  });

  router.put("/notifications", async (req, res) => {
    const account = await requireAccount(req, accounts);
    const settings = parseBody(SettingsBody, req.body, "notification settings");
    await services.store.notifications.saveSettings(account.id, settings);
    res.json(await settingsAnswer(services, account));
  });

  router.get("/push-subscriptions", async (req, res) => {
    const account = await requireAccount(req, accounts);
    res.json(await devicesAnswer(services, account.id));
  });

  router.post("/push-subscriptions", async (req, res) => {
    const account = await requireAccount(req, accounts);
    const body = parseBody(PushSubscriptionRequest, req.body, "push subscription");
    if (!pushEndpointAllowed(body.endpoint, services.push.allowed)) throw new ApiError(400, "push_service_refused", "This server does not send to that push service.");
    if (!keyOfLength(body.keys.p256dh, 65, true) || !keyOfLength(body.keys.auth, 16)) {
      throw new ApiError(400, "bad_request", "The push subscription is malformed.", [{ path: "keys", message: "p256dh: an uncompressed P-256 public key (65 bytes), auth: 16 bytes, base64url" }]);
    }
    await services.store.push.savePushSubscription(
      { id: pushSubscriptionId(body.endpoint), accountId: account.id, endpoint: body.endpoint, p256dh: body.keys.p256dh.replace(/=+$/, ""), auth: body.keys.auth.replace(/=+$/, ""), device: labelOf(req, body.device), createdAt: now() },
      MAX_PUSH_DEVICES,
    );
    res.status(201).json(await devicesAnswer(services, account.id));
  });

  router.delete("/push-subscriptions/:id", async (req, res) => {
    const account = await requireAccount(req, accounts);
    const id = String(req.params.id);
    if (!SUBSCRIPTION_ID.test(id) || !(await services.store.push.deletePushSubscription(account.id, id))) throw new ApiError(404, "not_found", "You have no such push subscription.");
    res.json(await devicesAnswer(services, account.id));
  });

  return router;
}
