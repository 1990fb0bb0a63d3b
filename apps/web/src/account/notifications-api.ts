/**
 * The REST client of the notification settings page (docs/protocol.md "Notifications"): the
 * settings (`/api/me/notifications`) and the push devices (`/api/me/push-subscriptions`), over
 * the protocol's schemas. Failures throw the lobby's `ApiError` (./account-api.ts `createJsonCall`).
 */
import { z } from "zod";
import { NotificationSettings, type PushSubscriptionRequest } from "@fogwar/protocol";
import type { FetchLike } from "../api";
import { createJsonCall } from "./account-api";

/** `GET`/`PUT /api/me/notifications`. */
export const NotificationSettingsResponse = z.object({
  settings: NotificationSettings,
  email: z.object({ available: z.boolean(), hasAddress: z.boolean() }),
});
export type NotificationSettingsAnswer = z.output<typeof NotificationSettingsResponse>;

/** `GET`/`POST`/`DELETE /api/me/push-subscriptions`. */
export const PushDevicesResponse = z.object({
  vapidPublicKey: z.string(),
  devices: z.array(z.object({ id: z.string(), device: z.string(), createdAt: z.number() })),
});
export type PushDevicesAnswer = z.output<typeof PushDevicesResponse>;

/** The notification API over `fetchImpl` (default: the browser's fetch) at `base` (default: this origin). */
export function createNotificationsApi(fetchImpl: FetchLike = (input, init) => fetch(input, init), base = "") {
  const call = createJsonCall(fetchImpl, base);
  return {
    /** The settings, and whether e-mail can reach the account. */
    settings: () => call(NotificationSettingsResponse, "/me/notifications"),
    /** Saves every setting; answers as `settings()`. */
    saveSettings: (settings: NotificationSettings) => call(NotificationSettingsResponse, "/me/notifications", settings, "PUT"),
    /** The VAPID key to subscribe with and the devices subscribed. */
    devices: () => call(PushDevicesResponse, "/me/push-subscriptions"),
    /** Subscribes this browser (its PushSubscription's JSON). */
    subscribe: (subscription: PushSubscriptionRequest) => call(PushDevicesResponse, "/me/push-subscriptions", subscription),
    /** Removes one of the account's devices. */
    removeDevice: (id: string) => call(PushDevicesResponse, `/me/push-subscriptions/${encodeURIComponent(id)}`, undefined, "DELETE"),
  };
}

export type NotificationsApi = ReturnType<typeof createNotificationsApi>;

/** The notification API of this page's origin. */
export const notificationsApi: NotificationsApi = createNotificationsApi();
