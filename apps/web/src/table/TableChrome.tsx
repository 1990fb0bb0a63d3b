/**
 * Pieces both tables share: the button that asks for notification permission (never asked on
 * load), the turn sound's switch, the zoomable, pannable board viewport, and the shared layout styles.
 */
import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { notificationsSupported } from "./turn";
import { playTurnTone, setSoundOn, soundChoice, subscribeSound } from "./sound";
import "./ClockPanel.css";
import "./TableChrome.css";

/**
 * "Notify me when it is my turn": asks the browser for permission when pressed. Hidden when the
 * browser has no notifications; says so when they are on or blocked.
 */
export function NotifyButton() {
  const { t } = useTranslation("common");
  const [permission, setPermission] = useState<NotificationPermission | null>(() => (notificationsSupported() ? Notification.permission : null));
  if (permission === null) return null;
  if (permission === "granted") return <span className="notify-state">{t("turn.notifyOn")}</span>;
  if (permission === "denied") return <span className="notify-state">{t("turn.notifyBlocked")}</span>;
  return (
    <button type="button" className="notify" onClick={() => void Notification.requestPermission().then(setPermission, () => setPermission(Notification.permission))}>
      {t("turn.notify")}
    </button>
  );
}

/**
 * The turn sound's switch: "Turn sound: off" / "on" (aria-pressed). Off by default; the choice is
 * remembered (./sound.ts). Switching it on plays the tone once, which also lets the browser play
 * later tones (audio needs a user gesture first).
 */
export function SoundToggle() {
  const { t } = useTranslation("common");
  const on = useSyncExternalStore(subscribeSound, soundChoice, () => false);
  return (
    <button
      type="button"
      className="sound-toggle"
      aria-pressed={on}
      title={t("sound.explain")}
      onClick={() => {
        setSoundOn(!on);
        if (!on) playTurnTone("move");
      }}
    >
      {on ? t("sound.on") : t("sound.off")}
    </button>
  );
}

/** Every table's zoomable board frame (./BoardViewport.tsx), re-exported for the tables that import it from here. */
export { BoardViewport } from "./BoardViewport";
