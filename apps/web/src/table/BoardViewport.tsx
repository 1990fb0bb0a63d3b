/**
 * The frame every table's board sits in, so a large board is playable on a phone (390 CSS px):
 * the board is drawn at `zoom` times the frame's width inside a scrolling frame, so one finger
 * (or the scroll wheel) pans it, two fingers pinch it (through @use-gesture/react) and the
 * − / fit / + buttons step it. `zoom` runs from 1 (the whole board fits the frame's width) to
 * `maxZoom` (default 4), in steps of 1.5x; a pinch keeps the point between the fingers in place.
 *
 * Pieces a player drags must set `touch-action: none` on themselves (not on the whole board), so
 * a finger on a piece drags it and a finger anywhere else pans. The board inside should be an
 * `<svg>` (or any element) of width 100%: pointer positions read through `getScreenCTM()` stay
 * right at every zoom.
 *
 * `initialZoom` (default 1) is the zoom a board opens at: a big board on a narrow screen may ask
 * for more (see {@link phoneZoom}). `focus` is the point a board opened zoomed in is first
 * scrolled to the middle of (see {@link BoardFocus}): the viewer's own pieces, not the board's top
 * left corner. A board with nothing of the viewer's to show yet (no side chosen, nothing deployed)
 * gives no focus; it is scrolled to the first focus it gives, unless the player zoomed it first.
 * The middle is that of the part of the frame the player sees ({@link seenBand}): on a phone the
 * frame starts under the table's header and runs under the action bar pinned over the screen's
 * bottom, so a focus near the board's bottom edge (where each player's own side is drawn) is given
 * room below the board to be scrolled up into that part; the room shrinks as the page scrolls the
 * frame up out from under the bar, and goes when the player zooms. `onZoomChosen` is told each zoom
 * the player chooses (a table that opens a new frame later, EMBER's each round, keeps it).
 *
 * `follow` is a point the player must see now (the viewer's piece whose turn begins, the ground it
 * deploys on): each time its `key` changes while the page is open, a point outside the part of the
 * screen the player sees (under the action bar, past the window's edge, outside a zoomed frame) is
 * brought into it, the frame and then the page scrolled ({@link followScroll}); a point already in
 * sight moves nothing, and nothing moves between two keys, whatever the player scrolls, except that
 * a bar pinned over the board that grows in the seconds after a follow (the turn's events arrive
 * just after its state, and the bar then says what they did), before the player touches the page,
 * has the point brought back above it. The key the page opens with moves the frame only: a page
 * opens at its top (the turn line, the decision).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { usePinch } from "@use-gesture/react";
import { useTranslation } from "react-i18next";
import "../i18n/table-strings";
import "./BoardViewport.css";

const STEP = 1.5;

/** Clamps `zoom` to [1, max], rounded to 2 decimals. */
function clampZoom(zoom: number, max: number): number {
  return Math.round(Math.min(max, Math.max(1, zoom)) * 100) / 100;
}

/**
 * The zoom a board of `columns` cells (squares, inches) should open at so one cell is at least
 * `minCellPx` CSS px wide in a frame `frameWidth` px wide: 1 when it already is; at most `max`.
 */
export function phoneZoom(columns: number, frameWidth: number, minCellPx = 24, max = 4): number {
  if (frameWidth <= 0 || columns <= 0) return 1;
  return clampZoom((columns * minCellPx) / frameWidth, max);
}

/** A point of the board as fractions of its drawn width and height (0 = left / top edge, 1 = right / bottom edge). */
export interface BoardFocus {
  readonly x: number;
  readonly y: number;
}

/**
 * Where to open on `points` (fractions of the board, see {@link BoardFocus}): the point nearest to
 * their middle, so the frame holds at least that piece and those around it (the middle itself of
 * pieces standing apart can be empty ground, far from any of them); null when there are none.
 */
export function focusOn(points: readonly BoardFocus[]): BoardFocus | null {
  if (points.length === 0) return null;
  const middle = { x: points.reduce((n, p) => n + p.x, 0) / points.length, y: points.reduce((n, p) => n + p.y, 0) / points.length };
  const away = (p: BoardFocus) => (p.x - middle.x) ** 2 + (p.y - middle.y) ** 2;
  return points.reduce((best, p) => (away(p) < away(best) ? p : best));
}

/** A band of a frame, in CSS px down from the frame's top edge. */
export interface Band {
  readonly top: number;
  readonly bottom: number;
}

/**
 * The band of `frame` a player sees now: from its top edge (or the screen's top) down to its bottom
 * edge, the screen's bottom, or the top of an element pinned over it (marked `data-pinned-over`,
 * the tables' action bar on a phone), whichever is highest. Elements beside the frame (the bar in a
 * desktop's side column) do not count.
 */
export function seenBand(frame: HTMLElement): Band {
  const rect = frame.getBoundingClientRect();
  let bottom = Math.min(rect.bottom, globalThis.innerHeight ?? rect.bottom);
  for (const pinned of document.querySelectorAll("[data-pinned-over]")) {
    const r = pinned.getBoundingClientRect();
    if (r.left < rect.right && r.right > rect.left && r.top > rect.top && r.top < bottom) bottom = r.top;
  }
  return { top: Math.max(0, -rect.top), bottom: bottom - rect.top };
}

/**
 * The part of the screen the player sees over `frame`, in CSS px down from the window's top: from
 * the window's top to its bottom or to the top of an element pinned over the frame (marked
 * `data-pinned-over`, see {@link seenBand}), whichever is higher.
 */
export function screenBand(frame: HTMLElement): Band {
  const rect = frame.getBoundingClientRect();
  let bottom = globalThis.innerHeight ?? rect.bottom;
  for (const pinned of document.querySelectorAll("[data-pinned-over]")) {
    const r = pinned.getBoundingClientRect();
    if (r.left < rect.right && r.right > rect.left && r.top > 0 && r.top < bottom) bottom = r.top;
  }
  return { top: 0, bottom };
}

/** How long (ms) after a follow the bars pinned over the board are watched: the turn's events arrive just after its state. */
export const FOLLOW_WATCH_MS = 3000;

/**
 * Calls `grown` each time a bar pinned over the board (`[data-pinned-over]`) changes its height,
 * for {@link FOLLOW_WATCH_MS} after a follow and until the player touches, clicks, scrolls with a
 * wheel or presses a key: the bar that says what the turn's events did grows a moment after the
 * turn's state has been followed, and would cover the point again. Without ResizeObserver, nothing.
 * @returns a function that stops watching.
 */
function watchPinnedGrowth(grown: () => void): () => void {
  if (typeof ResizeObserver === "undefined") return () => undefined;
  const heights = new Map<Element, number>();
  const observer = new ResizeObserver((entries) => {
    let changed = false;
    for (const entry of entries) {
      const height = Math.round(entry.target.getBoundingClientRect().height);
      // The first report of each bar is its size when watched, not a change.
      if (heights.has(entry.target) && heights.get(entry.target) !== height) changed = true;
      heights.set(entry.target, height);
    }
    if (changed) grown();
  });
  for (const pinned of document.querySelectorAll("[data-pinned-over]")) observer.observe(pinned);
  const inputs = ["touchstart", "pointerdown", "wheel", "keydown"] as const;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of inputs) globalThis.removeEventListener?.(type, stop);
  };
  const timer = setTimeout(stop, FOLLOW_WATCH_MS);
  for (const type of inputs) globalThis.addEventListener?.(type, stop, { passive: true });
  return stop;
}

/**
 * How far (CSS px, down positive) to scroll the page so that a point `y` px down the window stands
 * in `band` (the part of the screen seen, {@link screenBand}): 0 when it stands at least `margin` px
 * inside it (a piece's whole token, about a square), else the distance that brings it to the band's
 * middle.
 */
export function followScroll(y: number, band: Band, margin = 32): number {
  if (y >= band.top + margin && y <= band.bottom - margin) return 0;
  return Math.round(y - (band.top + band.bottom) / 2);
}

/**
 * The opening scroll (px) that brings a point `at` px down the drawn board into the seen band `seen`
 * of a frame `frameHeight` px tall holding `boardHeight` px of board, and the room (px) to add below
 * the board for it (0 when none is needed). The point is aimed at the band's middle; when the frame
 * cannot scroll that far it scrolls to its end, and only if the point would then stand lower than a
 * quarter of the band (at most 64 px) above the band's bottom is room added: just enough to bring
 * the board's bottom edge 16 px above the band's bottom (the point is near that edge, and so are the
 * pieces around it; the empty room shown under the board is 16 px), or the point a quarter of the
 * band down if that edge is further than the band's height away. A band under 48 px (a frame
 * scrolled almost out of the screen) is not aimed at: the frame's own middle is.
 */
export function openingScroll(at: number, boardHeight: number, frameHeight: number, seen: Band): { scrollTop: number; room: number } {
  const band = seen.bottom - seen.top >= 48 ? seen : { top: 0, bottom: frameHeight };
  const height = band.bottom - band.top;
  const aim = Math.max(0, Math.round(at - (band.top + height / 2)));
  const end = Math.max(0, boardHeight - frameHeight);
  if (aim <= end || at - end <= band.bottom - Math.min(64, height / 4)) return { scrollTop: Math.min(aim, end), room: 0 };
  const scrollTop = Math.round(Math.min(boardHeight + 16 - band.bottom, at - band.top - height / 4));
  return { scrollTop, room: Math.max(0, scrollTop - end) };
}

/** A point of the board the player must see now, and the key of the moment it belongs to (see {@link BoardViewport}). */
export interface BoardFollow {
  readonly key: string;
  readonly at: BoardFocus;
}

export function BoardViewport({ children, label, maxZoom = 4, initialZoom = 1, focus = null, follow = null, className, onZoomChosen }: { children: ReactNode; label: string; maxZoom?: number; initialZoom?: number; focus?: BoardFocus | null; follow?: BoardFollow | null; className?: string; onZoomChosen?: (zoom: number) => void }) {
  const { t } = useTranslation("table");
  const frame = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(() => clampZoom(initialZoom, maxZoom));
  // The opening zoom follows the frame (a page turned from a desktop's width to a phone's) until the
  // player zooms: then theirs holds, through a relayout (another language's words) as well.
  const chosen = useRef(false);
  useEffect(() => {
    if (!chosen.current) setZoom(clampZoom(initialZoom, maxZoom));
  }, [initialZoom, maxZoom]);
  // Once, as the board first shows at its opening zoom (above 1): its focus in the middle of the part
  // of the frame in sight, with room added below the board when that needs it (then the scroll waits
  // for the room to be drawn: the next layout effect, before the browser paints).
  const opened = useRef(false);
  const [room, setRoom] = useState(0);
  const pending = useRef<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const el = frame.current;
    if (el && pending.current) {
      el.scrollLeft = pending.current.left;
      el.scrollTop = pending.current.top;
      pending.current = null;
    }
    if (opened.current || !el || !focus || zoom <= 1 || zoom !== clampZoom(initialZoom, maxZoom)) return;
    opened.current = true;
    const left = Math.max(0, focus.x * el.scrollWidth - el.clientWidth / 2);
    const opening = openingScroll(focus.y * el.scrollHeight, el.scrollHeight, el.clientHeight, seenBand(el));
    if (opening.room > 0) {
      pending.current = { left, top: opening.scrollTop };
      setRoom(opening.room);
      return;
    }
    el.scrollLeft = left;
    el.scrollTop = opening.scrollTop;
  });

  // The room is there to bring the board's bottom edge up above what covers the frame's lower part;
  // as the page scrolls the frame up out from under it, it shrinks to what is still needed (never
  // grows), so a page scrolled down shows the board's edge at the frame's bottom, not empty room.
  useEffect(() => {
    const el = frame.current;
    if (room === 0 || !el) return;
    const shrink = () => {
      const hidden = Math.max(0, el.clientHeight - seenBand(el).bottom);
      const need = hidden > 0 ? Math.round(hidden) + 16 : 0;
      setRoom((r) => (need < r ? need : r));
    };
    globalThis.addEventListener("scroll", shrink, { passive: true });
    return () => globalThis.removeEventListener("scroll", shrink);
  }, [room]);

  // The point to follow, once per key, after the frame's own opening scroll has been drawn.
  const followed = useRef<string | null>(null);
  const followKey = follow?.key ?? null;
  const openedWith = useRef(followKey);
  const followAt = useRef(follow?.at);
  followAt.current = follow?.at;
  useEffect(() => {
    const el = frame.current;
    if (!el || followKey === null || followKey === followed.current) return;
    let stopWatching = () => undefined as void;
    const id = requestAnimationFrame(() => {
      const at = followAt.current;
      // A frame not laid out (hidden, or no layout at all) shows nothing to bring into sight.
      if (!at || el.clientHeight === 0) return;
      followed.current = followKey;
      const x = at.x * el.scrollWidth;
      const y = at.y * el.scrollHeight;
      // A zoomed board first: the point into the frame's view.
      if (x < el.scrollLeft || x > el.scrollLeft + el.clientWidth) el.scrollLeft = Math.max(0, Math.round(x - el.clientWidth / 2));
      if (y < el.scrollTop || y > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, Math.round(y - el.clientHeight / 2));
      if (followKey === openedWith.current) return;
      // Then the page: the point's place on the screen against the part the player sees.
      const bring = (smooth: boolean) => {
        const by = followScroll(el.getBoundingClientRect().top + y - el.scrollTop, screenBand(el));
        if (by !== 0) globalThis.scrollBy?.({ top: by, behavior: smooth ? "smooth" : "auto" });
      };
      bring(!(globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? true));
      stopWatching = watchPinnedGrowth(() => bring(false));
    });
    return () => {
      cancelAnimationFrame(id);
      stopWatching();
    };
  }, [followKey]);

  const current = useRef(zoom);
  current.current = zoom;
  /** Sets the zoom keeping the frame point (x, y) (px from the frame's top left) in place. */
  const zoomAt = useCallback(
    (next: number, x?: number, y?: number) => {
      const el = frame.current;
      const old = current.current;
      const z = clampZoom(next, maxZoom);
      if (z === old) return;
      chosen.current = true;
      current.current = z;
      setZoom(z);
      onZoomChosen?.(z);
      setRoom(0);
      if (!el) return;
      const px = x ?? el.clientWidth / 2;
      const py = y ?? el.clientHeight / 2;
      const left = (el.scrollLeft + px) * (z / old) - px;
      const top = (el.scrollTop + py) * (z / old) - py;
      requestAnimationFrame(() => {
        el.scrollLeft = left;
        el.scrollTop = top;
      });
    },
    [maxZoom, onZoomChosen],
  );

  usePinch(
    ({ offset: [scale], origin: [ox, oy], event }) => {
      event?.preventDefault?.();
      const rect = frame.current?.getBoundingClientRect();
      zoomAt(scale, rect ? ox - rect.left : undefined, rect ? oy - rect.top : undefined);
    },
    { target: frame, scaleBounds: { min: 1, max: maxZoom }, from: () => [zoom, 0], eventOptions: { passive: false } },
  );

  return (
    <div className={`board-viewport ${className ?? ""}`}>
      <div className="board-viewport-tools" role="toolbar" aria-label={t("viewport.tools", { board: label })}>
        <button type="button" onClick={() => zoomAt(zoom / STEP)} disabled={zoom <= 1} aria-label={t("viewport.zoomOut")} title={t("viewport.zoomOut")}>
          −
        </button>
        <button type="button" onClick={() => zoomAt(1)} disabled={zoom <= 1} title={t("viewport.fitTitle")}>
          {t("viewport.fit")}
        </button>
        <button type="button" onClick={() => zoomAt(zoom * STEP)} disabled={zoom >= maxZoom} aria-label={t("viewport.zoomIn")} title={t("viewport.zoomIn")}>
          +
        </button>
        <span className="board-viewport-zoom" aria-live="polite">
          {t("viewport.zoom", { percent: Math.round(zoom * 100) })}
        </span>
      </div>
      <div ref={frame} className="board-viewport-frame" data-testid="board-viewport" data-zoom={zoom}>
        <div className="board-viewport-canvas" style={{ width: `${zoom * 100}%`, paddingBottom: room || undefined }} data-room={room || undefined}>
          {children}
        </div>
      </div>
    </div>
  );
}
