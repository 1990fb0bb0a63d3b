/**
 * The devices part of `/account/notifications`: this browser's state (no Web Push, blocked, on,
 * off) with "Turn on notifications on this device" (asks the permission, subscribes through the
 * service worker with the server's VAPID key, and sends the subscription) or "Turn off", and the
 * account's subscribed devices, each removable.
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import "../i18n/notifications-strings";
import type { NotificationsApi, PushDevicesAnswer } from "./notifications-api";
import { NotificationError } from "./NotificationError";
import { currentSubscription, notificationPermission, pushSupported, subscribeThisDevice, subscriptionId, unsubscribeThisDevice } from "./push-device";
import { useAction } from "./use-action";

/** The account's devices over `api`, starting from `initial`. */
export function PushDevices({ api, initial }: { api: NotificationsApi; initial: PushDevicesAnswer }) {
  const { t, i18n } = useTranslation("notifications");
  const [answer, setAnswer] = useState(initial);
  const [thisId, setThisId] = useState<string | null>(null);
  const [permission, setPermission] = useState(notificationPermission);
  const [done, setDone] = useState<"turnedOn" | "turnedOff" | null>(null);
  const action = useAction();

  const readThisDevice = useCallback(async () => {
    const subscription = await currentSubscription().catch(() => null);
    setThisId(subscription ? await subscriptionId(subscription.endpoint) : null);
    setPermission(notificationPermission());
  }, []);
  useEffect(() => {
    void readThisDevice();
  }, [readThisDevice]);

  const on = thisId !== null && answer.devices.some((d) => d.id === thisId);
  const turnOn = async () => {
    const next = await action.run(async () => api.subscribe(await subscribeThisDevice(answer.vapidPublicKey)));
    await readThisDevice();
    if (next) {
      setAnswer(next);
      setDone("turnedOn");
    }
  };
  const turnOff = async () => {
    const next = await action.run(async () => {
      const id = await unsubscribeThisDevice();
      return id && answer.devices.some((d) => d.id === id) ? api.removeDevice(id) : api.devices();
    });
    await readThisDevice();
    if (next) {
      setAnswer(next);
      setDone("turnedOff");
    }
  };
  const remove = async (id: string) => {
    const next = await action.run(async () => {
      if (id === thisId) await unsubscribeThisDevice();
      return api.removeDevice(id);
    });
    await readThisDevice();
    if (next) setAnswer(next);
  };

  const state = !pushSupported() ? "unsupported" : permission === "denied" ? "denied" : on ? "on" : "off";
  const date = (ms: number) => new Date(ms).toLocaleDateString(i18n.language, { year: "numeric", month: "short", day: "numeric" });
  return (
    <section className="account-card" aria-labelledby="notify-device">
      <h2 id="notify-device">{t("device.title")}</h2>
      <p data-device-state={state}>{t(`device.${state}`)}</p>
      {state === "off" && (
        <div className="account-actions">
          <button type="button" className="primary" disabled={action.busy} onClick={() => void turnOn()}>
            {t("device.turnOn")}
          </button>
        </div>
      )}
      {state === "on" && (
        <div className="account-actions">
          <button type="button" disabled={action.busy} onClick={() => void turnOff()}>
            {t("device.turnOff")}
          </button>
        </div>
      )}
      {done && <p role="status">{t(`device.${done}`)}</p>}
      <NotificationError error={action.error} />
      <h3>{t("devices.title")}</h3>
      {answer.devices.length === 0 ? (
        <p>{t("devices.none")}</p>
      ) : (
        <ul className="notify-devices">
          {answer.devices.map((d) => (
            <li key={d.id}>
              <span>
                <strong>{d.device}</strong> {d.id === thisId && <span className="notify-this">({t("devices.this")})</span>}
                <br />
                <small>{t("devices.added", { date: date(d.createdAt) })}</small>
              </span>
              <button type="button" disabled={action.busy} aria-label={t("devices.removeLabel", { device: d.device })} onClick={() => void remove(d.id)}>
                {t("devices.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
