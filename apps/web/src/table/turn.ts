/**
 * Turn awareness for a table page: while the match waits for the viewer (`"move"`: its turn,
 * `"decision"`: a question put to it), the document title starts with "● Your move · Ada" (or
 * decision; Ada is the viewer's name) and the favicon shows a dot, else the title names whom the
 * match waits for; when it becomes the viewer's turn while the tab is hidden, a browser
 * notification says so (only when the viewer allowed notifications, asked from
 * a button: see NotifyButton), and a short tone plays when the player switched the turn sound on
 * (./sound.ts, SoundToggle). Both are put back when it is no longer the viewer's turn or the
 * table closes.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { playTurnTone, turnSoundWanted } from "./sound";

/** What the match waits for from the viewer: its move, its answer to a decision, or nothing. */
export type TurnState = "move" | "decision" | null;

/** The app's name in the title. */
export const APP_NAME = "fogwar";
/**
 * The favicons (files in apps/web/public): the plain one and the one with the "your turn" dot,
 * 64 px PNG renderings of favicon.svg and favicon-turn.svg (the artwork). PNG, not SVG: Chromium
 * builds a whole SVG document on the page's main thread for an SVG icon, which on the emulated
 * phone took about 40 ms in the middle of a table's start.
 */
export const FAVICON = { idle: "/favicon.png", turn: "/favicon-turn.png" } as const;

function setFavicon(href: string): void {
  if (typeof document === "undefined") return;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    link.type = "image/svg+xml";
    document.head.appendChild(link);
  }
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
}

/** Whether this browser offers notifications. */
export const notificationsSupported = (): boolean => typeof window !== "undefined" && "Notification" in window;

/** Who the turn line names: the viewer's own name, and the names of the seats the match waits for. */
export interface TurnNames {
  readonly you?: string;
  readonly waiting?: readonly string[];
}

/**
 * Shows `state` in the title and favicon; notifies when it turns non-null while the tab is
 * hidden. `context` names the table in the title (e.g. the match's mission); `names` puts the
 * viewer's name in the title and notification, and while others are awaited, their names.
 */
export function useTurnAwareness(state: TurnState, context?: string, names: TurnNames = {}): void {
  const { t } = useTranslation("common");
  const previous = useRef<TurnState>(null);
  const name = names.you ?? "";
  const waiting = names.waiting?.join(", ") ?? "";
  const title = state
    ? t(`turn.title.${state}`, { app: APP_NAME, name })
    : context && waiting
      ? t("turn.waiting", { names: waiting, context, app: APP_NAME })
      : context
        ? `${context} · ${APP_NAME}`
        : APP_NAME;
  useEffect(() => {
    document.title = title;
    setFavicon(state ? FAVICON.turn : FAVICON.idle);
    const became = state !== null && previous.current !== state;
    previous.current = state;
    if (became && turnSoundWanted()) playTurnTone(state);
    if (became && document.visibilityState === "hidden" && notificationsSupported() && Notification.permission === "granted") {
      try {
        new Notification(t(`turn.title.${state}`, { app: APP_NAME, name }), { body: t(`turn.body.${state}`, { name }), tag: "fogwar-turn", icon: FAVICON.turn });
      } catch {
        // Some browsers allow notifications only from a service worker; the title and icon still say it.
      }
    }
  }, [state, title, t, name]);
  useEffect(
    () => () => {
      document.title = APP_NAME;
      setFavicon(FAVICON.idle);
    },
    [],
  );
}
