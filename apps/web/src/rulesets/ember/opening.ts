/**
 * How the EMBER board opens in its zoomable frame (../../table/BoardViewport.tsx): the zoom and the
 * point scrolled to the frame's middle, worked out when the table opens and again as each round
 * begins (its command and plan phases: the player looks over its own units before setting their
 * dials). On a phone the board opens zoomed so a square is about 40 CSS px (a finger's target), and
 * at that zoom about ten of its twelve columns fit a 390 px screen: the viewer's own units, which may
 * stand from column a to column l, are all brought into the frame, zoomed out as far as they need
 * (never below the whole board's width). Pure.
 */
import type { EmberView } from "@fogwar/ember";
import { phoneZoom, type BoardFocus } from "../../table/BoardViewport";
import { boardFocus, squareFocus } from "./Board";

/** The window the board is shown in, CSS px. */
export interface Screen {
  readonly width: number;
  readonly height: number;
}

/** A board's opening: its zoom (1 = the frame's width) and the point put in the frame's middle. */
export interface Opening {
  readonly zoom: number;
  readonly focus: BoardFocus;
}

/** The squares a side of the board has (seed 000 1.1: 12 x 12). */
const SQUARES = 12;
/** The square size a phone's board opens at, CSS px. */
const FINGER_PX = 40;

/** The frame's width for `screen` (the page's padding off a phone's width; the tables are at most 1280 px wide). */
function frameWidth(screen: Screen): number {
  return Math.min(screen.width, 1280) - 16;
}

/** The frame's greatest height for `screen` (../../table/BoardViewport.css: 55% of the window's height under 900 px wide, else 80% and at most 900 px). */
function frameMaxHeight(screen: Screen): number {
  return screen.width <= 900 ? screen.height * 0.55 : Math.min(screen.height * 0.8, 900);
}

/** The zoom a board opens at on `screen` with nothing to fit: squares of about {@link FINGER_PX} px, or 1 where they already are. */
export function fingerZoom(screen: Screen): number {
  return phoneZoom(SQUARES, frameWidth(screen), FINGER_PX);
}

/**
 * The board's opening for `seat` on `screen`. With its own units on the board: the middle of the
 * box around their squares (a quarter of a square's room on each side; the board's edge with its coordinates for a unit on an outer row or column), at the finger zoom or, when
 * the box would not fit the frame at it, the largest zoom at which it does (its width within the
 * frame's width, its height within the frame's greatest height). Before it has units there: the
 * middle of its deployment zone (`boardFocus`, seed 001 3.4) at the finger zoom. A spectator, or a
 * seat without a side yet: the board's middle.
 */
export function openingView(view: EmberView, seat: string | null, screen: Screen): Opening {
  const finger = fingerZoom(screen);
  const mine = seat ? view.units.filter((u) => u.owner === seat && u.deployed && !u.destroyed && u.at) : [];
  if (mine.length === 0) return { zoom: finger, focus: boardFocus(view, seat) ?? { x: 0.5, y: 0.5 } };
  const cell = squareFocus({ x: 1, y: 1 }).x - squareFocus({ x: 0, y: 0 }).x;
  const points = mine.map((u) => squareFocus(u.at!));
  const room = cell * 0.75;
  // A box reaching an outer row or column takes in the board's edge, with its coordinates ("10" beside row 10).
  const first = squareFocus({ x: 0, y: 0 }).x;
  const last = squareFocus({ x: SQUARES - 1, y: SQUARES - 1 }).x;
  const low = (v: number) => (v <= first + 1e-9 ? 0 : v - room);
  const high = (v: number) => (v >= last - 1e-9 ? 1 : v + room);
  const box = {
    x0: low(Math.min(...points.map((p) => p.x))),
    x1: high(Math.max(...points.map((p) => p.x))),
    y0: low(Math.min(...points.map((p) => p.y))),
    y1: high(Math.max(...points.map((p) => p.y))),
  };
  // At zoom z the frame shows 1 / z of the board's width, and its greatest height over the board's
  // drawn height (z times the frame's width) of its height.
  const width = frameWidth(screen);
  const fitsWide = 1 / (box.x1 - box.x0);
  const fitsHigh = frameMaxHeight(screen) / (width * (box.y1 - box.y0));
  const zoom = Math.max(1, Math.min(finger, Math.floor(Math.min(fitsWide, fitsHigh) * 100) / 100));
  return { zoom, focus: { x: (box.x0 + box.x1) / 2, y: (box.y0 + box.y1) / 2 } };
}
