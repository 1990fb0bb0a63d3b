/**
 * Pieces both tables share: the button that asks for notification permission (never asked on
 * load), the turn sound's switch, the zoomable, pannable board viewport, and the shared layout styles.
 */
import { useState, useSyncExternalStore, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { notificationsSupported } from "./turn";
import { playTurnTone, setSoundOn, soundChoice, subscribeSound } from "./sound";
import { CLOCK_CSS } from "./ClockPanel";

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

/**
 * Layout shared by both tables: a two-column grid on wide screens (the board column sticks while
 * the side column scrolls; the action bar sticks at the top of the side column), one column on
 * phones with the action bar right under the board and stuck to the bottom of the screen while
 * the reader is above it; the event log scrolls in its own box.
 */
export const SHARED_TABLE_CSS = `
.ember-table, .siege-table { overflow-x: clip; }
.table-grid { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1rem; align-items: start; }
.table-grid > * { min-width: 0; }
.board-column { position: sticky; top: 0.5rem; }
.action-bar { position: sticky; top: 0.5rem; z-index: 3; border: 2px solid var(--accent); border-radius: 6px; padding: 0.4rem 0.7rem; background: var(--panel); margin-bottom: 0.6rem; max-height: calc(100vh - 1rem); overflow: auto; overscroll-behavior: contain; }
.action-bar .turn-line { margin: 0 0 0.3rem; font-weight: 600; }
/* The revealed dice seed (64 hex digits) wraps on a phone instead of running off the screen. */
.result .seed { font-family: monospace; overflow-wrap: anywhere; font-size: 0.8rem; }
/* The clocks stay in sight while the bar's own content scrolls (on a phone the bar is short). */
.action-bar > .clock-panel { position: sticky; top: -0.4rem; z-index: 1; background: var(--panel); margin: -0.4rem 0 0.4rem; padding: 0.4rem 0 0.2rem; border-bottom: 1px solid var(--border); }
.action-bar .turn-line.mine { color: var(--ok); }
.action-bar .notify, .action-bar .notify-state, .action-bar .sound-toggle { font-size: 0.85rem; }
.board-viewport { position: relative; }
.board-viewport .zoom-buttons { display: flex; gap: 0.3rem; align-items: center; justify-content: flex-end; margin-bottom: 0.2rem; }
.board-viewport .zoom-buttons button { min-width: 2.2rem; min-height: 2.2rem; padding: 0; }
.board-viewport .zoom-level { font-size: 0.8rem; color: var(--muted); min-width: 3em; text-align: center; }
.board-scroll { overflow: auto; max-width: 100%; touch-action: pan-x pan-y; overscroll-behavior: contain; }
.board-viewport[data-zoom="1"] .board-scroll { overflow: hidden; }
.board-zoom > svg, .board-zoom > figure svg { max-width: none !important; }
.log-lines { max-height: 16rem; overflow: auto; overscroll-behavior: contain; overflow-wrap: anywhere; }
${CLOCK_CSS}
@media (max-width: 900px) {
  /* One column: the side column's children join the table's flow, so the action bar sticks to the
     bottom of the screen anywhere along the table (a sticky element stays inside its parent). */
  .table-grid { display: block; }
  .side-column { display: contents; }
  .board-column { position: static; margin-bottom: 0.6rem; }
  .board-scroll { max-height: 55vh; }
  .action-bar { top: auto; bottom: 0; max-height: 38vh; box-shadow: 0 -2px 8px rgba(0,0,0,0.15); }
}
`;
