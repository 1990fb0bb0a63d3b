/**
 * Pieces both tables share: the button that asks for notification permission (never asked on
 * load), the turn sound's switch, the zoomable, pannable board viewport, and the shared layout styles.
 */
import { useState, useSyncExternalStore, type ReactNode } from "react";
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

const ZOOMS = [1, 1.5, 2, 3] as const;

/**
 * The board in a box that can be zoomed (buttons, 100% to 300%) and panned (scrolling the box,
 * by finger on a phone). The board inside should be `width: 100%` of its container.
 */
export function BoardViewport({ children, label }: { children: ReactNode; label: string }) {
  const { t } = useTranslation("common");
  const [zoom, setZoom] = useState(0);
  const factor = ZOOMS[zoom] ?? 1;
  return (
    <div className="board-viewport" data-zoom={factor}>
      <div className="zoom-buttons" role="group" aria-label={t("zoom.label", { board: label })}>
        <button type="button" onClick={() => setZoom((z) => Math.max(0, z - 1))} disabled={zoom === 0} aria-label={t("zoom.out")}>
          −
        </button>
        <span className="zoom-level">{Math.round(factor * 100)}%</span>
        <button type="button" onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))} disabled={zoom === ZOOMS.length - 1} aria-label={t("zoom.in")}>
          +
        </button>
      </div>
      <div className="board-scroll">
        <div className="board-zoom" style={{ width: `${factor * 100}%` }}>
          {children}
        </div>
      </div>
    </div>
  );
}
