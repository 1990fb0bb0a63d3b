/**
 * The notification settings form of `/account/notifications`: a grid of kinds x channels
 * (notification on the devices, e-mail) with a toggle each, quiet hours (from, to, a time zone
 * defaulting to the browser's), "not while I am on the page", "one digest for many games" and the
 * language of notifications, saved all at once (`PUT /api/me/notifications`). E-mail toggles are
 * off limits, with the reason said, when the server sends no e-mail or the account has no address.
 */
import { useMemo, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationChannel, type NotificationKind, type NotificationSettings } from "@fogwar/protocol";
import "../i18n/notifications-strings";
import type { NotificationSettingsAnswer, NotificationsApi } from "./notifications-api";
import { NotificationError } from "./NotificationError";
import { useAction } from "./use-action";

/** The browser's IANA time zone ("UTC" when it says none). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** The time zones to choose from: every one Intl knows, with `current` among them. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return known.includes(current) ? known : [current, ...known];
}

/** Where e-mail stands for this account: "off" on the server, no address, or available. */
function EmailNote({ email, guest }: { email: NotificationSettingsAnswer["email"]; guest: boolean }) {
  const { t } = useTranslation("notifications");
  if (!email.available) return <p className="notify-note">{t("what.emailOff")}</p>;
  if (email.hasAddress) return null;
  return guest ? (
    <p className="notify-note">
      <Link to="/account">{t("what.noAddressGuest")}</Link>
    </p>
  ) : (
    <p className="notify-note">{t("what.noAddressMember")}</p>
  );
}

/** The form over `answer` (the server's settings); `onSaved` gets the server's new answer. */
export function NotificationSettingsForm({ api, answer, guest, onSaved }: { api: NotificationsApi; answer: NotificationSettingsAnswer; guest: boolean; onSaved: (answer: NotificationSettingsAnswer) => void }) {
  const { t } = useTranslation("notifications");
  const [settings, setSettings] = useState<NotificationSettings>(answer.settings);
  const [saved, setSaved] = useState(false);
  const save = useAction();
  const emailOpen = answer.email.available && answer.email.hasAddress;
  const quiet = settings.quietHours;
  const zones = useMemo(() => timeZones(quiet?.timeZone ?? browserTimeZone()), [quiet?.timeZone]);

  const change = (next: NotificationSettings) => {
    setSettings(next);
    setSaved(false);
  };
  const toggle = (kind: NotificationKind, channel: NotificationChannel, on: boolean) => change({ ...settings, kinds: { ...settings.kinds, [kind]: { ...settings.kinds[kind], [channel]: on } } });
  const setQuiet = (patch: Partial<NonNullable<NotificationSettings["quietHours"]>>) => change({ ...settings, quietHours: { from: "22:00", to: "08:00", timeZone: browserTimeZone(), ...quiet, ...patch } });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = await save.run(() => api.saveSettings(settings));
    if (next) {
      setSettings(next.settings);
      setSaved(true);
      onSaved(next);
    }
  };

  return (
    <form className="account-card notify-form" onSubmit={(e) => void submit(e)} aria-labelledby="notify-what">
      <h2 id="notify-what">{t("what.title")}</h2>
      <table className="notify-grid">
        <thead>
          <tr>
            <th scope="col">{t("what.kind")}</th>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <th scope="col" key={channel}>
                {t(`what.${channel}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">{t(`what.kinds.${kind}`)}</th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <td key={channel}>
                  <input
                    type="checkbox"
                    aria-label={t("what.toggle", { kind: t(`what.kinds.${kind}`), channel: t(`what.${channel}`) })}
                    checked={settings.kinds[kind][channel]}
                    disabled={channel === "email" && !emailOpen}
                    onChange={(e) => toggle(kind, channel, e.target.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <EmailNote email={answer.email} guest={guest} />

      <h2>{t("how.title")}</h2>
      <div className="notify-quiet">
        <label className="notify-check">
          <input type="checkbox" checked={quiet !== null} onChange={(e) => (e.target.checked ? setQuiet({}) : change({ ...settings, quietHours: null }))} />
          {t("how.quiet")}
        </label>
        {quiet && (
          <div className="notify-quiet-fields">
            <label>
              {t("how.from")}
              <input type="time" required value={quiet.from} onChange={(e) => setQuiet({ from: e.target.value })} />
            </label>
            <label>
              {t("how.to")}
              <input type="time" required value={quiet.to} onChange={(e) => setQuiet({ to: e.target.value })} />
            </label>
            <label className="notify-zone">
              {t("how.timeZone")}
              <select value={quiet.timeZone} onChange={(e) => setQuiet({ timeZone: e.target.value })}>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, " ")}
                  </option>
                ))}
              </select>
            </label>
            <p className="notify-note">{t("how.quietNote")}</p>
          </div>
        )}
      </div>
      <label className="notify-check">
        <input type="checkbox" checked={settings.notWhileOnPage} onChange={(e) => change({ ...settings, notWhileOnPage: e.target.checked })} />
        {t("how.notWhileOnPage")}
      </label>
      <label className="notify-check">
        <input type="checkbox" checked={settings.digest} onChange={(e) => change({ ...settings, digest: e.target.checked })} />
        {t("how.digest")}
      </label>
      <label className="notify-language">
        {t("how.language")}
        <select value={settings.language} onChange={(e) => change({ ...settings, language: e.target.value as NotificationSettings["language"] })}>
          <option value="en" lang="en">
            English
          </option>
          <option value="ko" lang="ko">
            한국어
          </option>
        </select>
      </label>
      <div className="account-actions">
        <button type="submit" className="primary" disabled={save.busy}>
          {save.busy ? t("saving") : t("save")}
        </button>
      </div>
      {saved && <p role="status">{t("saved")}</p>}
      <NotificationError error={save.error} />
    </form>
  );
}
