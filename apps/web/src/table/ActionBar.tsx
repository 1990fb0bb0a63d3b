/**
 * The action bar every table pins beside its board (on a phone, to the screen's bottom, over the
 * board's lower part): the clocks, leaving the match, whose turn it is, then the ruleset's own
 * decisions and controls. On a phone it folds to those first lines, so the board is in sight: by
 * itself while the viewer only waits (another seat's turn, or a spectator) and wherever the ruleset
 * asks (the TRPG while a target is picked on the map), opening again when that ends; the player may
 * fold or open it any time. A desktop has room for all of it and ignores the fold (./TableChrome.css).
 * The bar is a box that scrolls inside itself (short on a phone): while part of it lies below its
 * bottom edge, a "More below" cue stands pinned there, and a tap on it scrolls the bar on, so no
 * button is left out of sight without a sign that it is there (at the bar's end it reads "Back to
 * top" and takes the bar back up).
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMatchEndShown } from "./match-end-shown";

/** Whether the bar is folded, and the player's way to change it (see {@link useFold}). */
export interface Fold {
  readonly folded: boolean;
  readonly setFolded: (folded: boolean) => void;
}

/**
 * The bar's fold: it follows `auto` (true: fold) each time `auto` changes, and the player's
 * choice in between. Starts as `auto`.
 */
export function useFold(auto: boolean): Fold {
  const [folded, setFolded] = useState(auto);
  const [lastAuto, setLastAuto] = useState(auto);
  if (auto !== lastAuto) {
    setLastAuto(auto);
    setFolded(auto);
  }
  return { folded, setFolded };
}

/** The bar's turn line (`ActionBarProps.turn`). */
export interface TurnLine {
  readonly mine: boolean;
  readonly text: string;
}

/**
 * The turn line for the seats `waiting` on (in the rules' order), seen by `seat` (null: a
 * spectator), in the ruleset's words: `yours` when the viewer is awaited, followed by whom else
 * (`alsoAwaiting`, when the ruleset names them); otherwise whom the table waits for (`awaiting`).
 * Null when nobody is awaited.
 */
export function turnLine(
  waiting: readonly string[],
  seat: string | null,
  words: { readonly yours: string; readonly awaiting: (seats: readonly string[]) => string; readonly alsoAwaiting?: (seats: readonly string[]) => string },
): TurnLine | null {
  if (waiting.length === 0) return null;
  const mine = seat !== null && waiting.includes(seat);
  if (!mine) return { mine, text: words.awaiting(waiting) };
  const others = waiting.filter((s) => s !== seat);
  return { mine, text: others.length > 0 && words.alsoAwaiting ? `${words.yours} · ${words.alsoAwaiting(others)}` : words.yours };
}

/** The elements a ruleset marks as what the bar asks or says now (a decision, a question on the map, what the table waits for). */
const QUESTION = ".decision, .ask, .pending, [role=alert]";

/**
 * Keeps a new question in sight: the bar scrolls inside itself (on a phone it is a short box at the
 * screen's bottom), and a reader who scrolled down to answer one question would otherwise meet the
 * next one scrolled past (its dice and its words above the box's top). Each time the turn line or
 * the first question's words change, the bar goes back to its top.
 */
function useQuestionInSight(ref: { readonly current: HTMLElement | null }): void {
  const last = useRef<string | null>(null);
  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const key = `${bar.querySelector(".turn-line")?.textContent ?? ""}\n${bar.querySelector(QUESTION)?.textContent?.slice(0, 300) ?? ""}`;
    if (key === last.current) return;
    const first = last.current === null;
    last.current = key;
    if (!first && bar.scrollTop > 0) bar.scrollTop = 0;
  });
}

/**
 * The "More below" cue's state: `overflows` while the bar holds more than its visible height
 * (checked as the bar or any of its parts changes size: a part's own state, such as an opened note,
 * changes the bar's content without rendering the bar), and `atEnd` once it is scrolled to its
 * bottom. The cue stands while the bar overflows, wherever it is scrolled: whether it covers a part
 * of the bar is then decided by the browser's layout at the moment of a tap, never by a render a
 * frame after a scroll (a cue added under a pressed finger took the release, and the button under
 * it lost its click). Only its words follow the scroll.
 */
function useMoreBelow(ref: { readonly current: HTMLElement | null }): { readonly overflows: boolean; readonly atEnd: boolean } {
  const [overflows, setOverflows] = useState(false);
  const [atEnd, setAtEnd] = useState(false);
  // Subscribed once: a check reads the bar's layout, so it runs when the bar scrolls or a size
  // changes (after layout, from the ResizeObserver), never as a forced layout on every render.
  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const scrolled = () => setAtEnd(bar.scrollHeight - bar.scrollTop - bar.clientHeight <= 4);
    const sized = () => {
      // The cue's own height is not the bar's content: a bar that fits without it needs no cue.
      const cue = bar.querySelector<HTMLElement>(":scope > .bar-more");
      setOverflows(bar.scrollHeight - (cue?.offsetHeight ?? 0) - bar.clientHeight > 4);
      scrolled();
    };
    sized();
    // A scroll leaves the overflow as it was (the observer follows sizes); checked again all the same where no observer runs.
    bar.addEventListener("scroll", sized, { passive: true });
    const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(sized);
    const observeParts = () => {
      if (!resized) return;
      resized.disconnect();
      resized.observe(bar);
      for (const part of bar.children) resized.observe(part);
    };
    observeParts();
    // A part added or removed (a decision arriving) is observed in its turn; its size is read by the observer.
    const parts = typeof MutationObserver === "undefined" ? null : new MutationObserver(observeParts);
    parts?.observe(bar, { childList: true });
    return () => {
      bar.removeEventListener("scroll", sized);
      resized?.disconnect();
      parts?.disconnect();
    };
  }, [ref]);
  return { overflows, atEnd };
}

/**
 * Keeps a ruleset's parts of the bar in its sight while they are asked: each time `asked` changes
 * to a value other than null, undefined or false (a question's key, a picked action), `parts()` are
 * scrolled into the bar's sight in their order (where they do not all fit, the last stands in sight),
 * and again when the bar adds its "More below" cue while they are asked: the bar adds the cue only
 * once it has measured its new content, a render later, and a scroll then keeps clear of it
 * (./TableChrome.css), so parts scrolled to the bar's bottom before it came lay under it on a phone.
 * `parts` is read at each scroll (the latest elements); null ones are passed over.
 */
export function useInBarSight(asked: unknown, parts: () => readonly (Element | null | undefined)[]): void {
  const latest = useRef(parts);
  latest.current = parts;
  useEffect(() => {
    if (asked === null || asked === undefined || asked === false) return undefined;
    const show = () => {
      for (const part of latest.current()) part?.scrollIntoView?.({ block: "nearest" });
    };
    show();
    const bar = latest.current().find((part) => part)?.closest(".action-bar");
    if (!bar || typeof MutationObserver === "undefined") return undefined;
    const cue = new MutationObserver((changes) => {
      if (changes.some((c) => [...c.addedNodes].some((n) => n instanceof Element && n.classList.contains("bar-more")))) show();
    });
    cue.observe(bar, { childList: true });
    return () => cue.disconnect();
  }, [asked]);
}

/** {@link ActionBar}'s props. */
export interface ActionBarProps {
  /** The region's accessible name. */
  readonly label: string;
  readonly fold: Fold;
  /** The clocks (./ClockPanel.tsx), shown folded too. */
  readonly clock?: ReactNode;
  /** Claims and Concede (./Abandonment.tsx), shown folded too. */
  readonly abandonment?: ReactNode;
  /**
   * Whose turn it is, the bar's first line under the clocks: `mine` when the viewer is awaited (the
   * line is marked ▶ and coloured), `text` the ruleset's words; null when the match awaits nobody.
   */
  readonly turn?: TurnLine | null;
  /** Extra classes of the section (a ruleset's own modes). */
  readonly className?: string;
  /**
   * The ruleset's part. Folded, only its children classed `error`, `decision` or `keep-folded`
   * show (a refusal, a decision asked of the viewer, what the viewer waits for).
   */
  readonly children?: ReactNode;
}

/**
 * The pinned action bar of a table: the clocks, the turn line, leaving the match (Concede floats
 * right of the next line), the fold's button (on a phone only: it shares its line with Concede),
 * then the ruleset's part, and the "More below" cue while the bar holds more than it shows
 * ({@link useMoreBelow}). Once the match is over (the match-end banner stands above the table),
 * nothing is left to wait for: the bar is never folded and has no fold button.
 */
export function ActionBar({ label, fold, clock, abandonment, turn, className, children }: ActionBarProps) {
  const { t } = useTranslation("common");
  const over = useMatchEndShown();
  const folded = fold.folded && !over;
  const classes = ["action-bar", folded ? "folded" : "", className ?? ""].filter(Boolean).join(" ");
  const ref = useRef<HTMLElement>(null);
  useQuestionInSight(ref);
  const cue = useMoreBelow(ref);
  // Most of the bar's visible height: a tap on the cue brings what lay under it into sight, and keeps
  // a line of what was seen; at the bar's end, back to its top. Read from the bar as it stands at the tap.
  const scrollOn = () => {
    const bar = ref.current;
    if (!bar) return;
    if (bar.scrollHeight - bar.scrollTop - bar.clientHeight <= 4) bar.scrollTop = 0;
    else bar.scrollTop += Math.max(40, Math.round(bar.clientHeight * 0.7));
  };
  return (
    <section ref={ref} className={classes} aria-label={label} data-folded={folded} data-pinned-over>
      {clock}
      <div className="bar-head">
        {turn && (
          <p className={turn.mine ? "turn-line mine your-turn" : "turn-line"} role="status">
            {turn.mine ? `▶ ${turn.text}` : turn.text}
          </p>
        )}
      </div>
      {abandonment}
      {!over && (
        <p className="bar-toggle-row">
          <button type="button" className="bar-toggle" aria-expanded={!folded} onClick={() => fold.setFolded(!folded)}>
            {t(folded ? "actionBar.show" : "actionBar.hide")}
          </button>
        </p>
      )}
      {children}
      {cue.overflows && (
        <button type="button" className="bar-more" onClick={scrollOn}>
          {t(cue.atEnd ? "actionBar.top" : "actionBar.more")}
        </button>
      )}
    </section>
  );
}
