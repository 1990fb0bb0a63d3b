/**
 * `/account/notifications`: how fogwar reaches the signed-in player (a guest too) outside the tab
 * (docs/protocol.md "Notifications"): this device and the subscribed devices ({@link PushDevices}),
 * and what to send where and when ({@link NotificationSettingsForm}). Signed out, a way to the
 * account page. Its own chunk, with its own strings (namespace `notifications`).
 */
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { MeResponse } from "@fogwar/protocol";
import "../i18n/notifications-strings";
import { Loading } from "../ui";
import { accountApi, type AccountApi } from "./account-api";
import { NotificationError } from "./NotificationError";
import { NotificationSettingsForm } from "./NotificationSettingsForm";
import { notificationsApi, type NotificationSettingsAnswer, type NotificationsApi, type PushDevicesAnswer } from "./notifications-api";
import { PushDevices } from "./PushDevices";
import { useAction } from "./use-action";
import "./account.css";

interface Loaded {
  readonly me: MeResponse;
  readonly settings: NotificationSettingsAnswer | null;
  readonly devices: PushDevicesAnswer | null;
}

/** The page over `api` and `account` (default: this origin's). */
export function NotificationsPage({ api = notificationsApi, account = accountApi }: { api?: NotificationsApi; account?: AccountApi }) {
  const { t } = useTranslation("notifications");
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const { error, run } = useAction();
  useEffect(() => {
    void run(async () => {
      const me = await account.me();
      if (!me.account) return { me, settings: null, devices: null };
      const [settings, devices] = await Promise.all([api.settings(), api.devices()]);
      return { me, settings, devices };
    }).then((answer) => answer && setLoaded(answer));
  }, [api, account, run]);

  const body = () => {
    if (!loaded) return error ? <NotificationError error={error} /> : <Loading what={t("loading")} />;
    if (!loaded.me.account || !loaded.settings || !loaded.devices) {
      return (
        <p>
          {t("signedOut")} <Link to="/account">{t("signIn")}</Link>
        </p>
      );
    }
    return (
      <div className="notify-layout">
        <PushDevices api={api} initial={loaded.devices} />
        <NotificationSettingsForm api={api} answer={loaded.settings} guest={loaded.me.account.kind === "guest"} onSaved={(settings) => setLoaded({ ...loaded, settings })} />
      </div>
    );
  };
  return (
    <div className="account-page notify-page">
      <p>
        <Link to="/account">{t("back")}</Link>
      </p>
      <h1>{t("title")}</h1>
      <p>{t("intro")}</p>
      {body()}
    </div>
  );
}
