/**
 * The tables' two layouts, as ./TableChrome.css draws them: a phone's up to 900 px wide (the action
 * bar pinned over the board's lower part, folded while the viewer waits), a desktop's from 901 px
 * (the bar beside the board). For a part that differs by more than its look (a box open at first on
 * a desktop, folded on a phone; a scroll a phone needs).
 */

/** The media query of the phone layout. */
export const PHONE_QUERY = "(max-width: 900px)";

/** Whether the window has the phone layout now (false where no window or media queries exist, as in tests without a layout). */
export function isPhone(): boolean {
  return typeof window !== "undefined" && (window.matchMedia?.(PHONE_QUERY).matches ?? false);
}

/** Whether the window has the desktop layout now (false where no window or media queries exist). */
export function isWide(): boolean {
  return typeof window !== "undefined" && (window.matchMedia?.("(min-width: 901px)").matches ?? false);
}
