/**
 * Pure helpers of the "My games" page: how one of my matches reads (won, lost, draw, my move,
 * waiting) and where its link leads (the table while live, the review once over).
 */
import type { MyMatch } from "@fogwar/protocol";

/** What the row says of a match: `yourMove`, `waiting` (live), `won`, `lost`, `draw`, `abandoned` or `over`. */
export type GameState = "yourMove" | "waiting" | "won" | "lost" | "draw" | "abandoned" | "over";

function winnersOf(result: unknown): string[] | null {
  if (!result || typeof result !== "object") return null;
  const r = result as { winner?: unknown; winners?: unknown };
  if (Array.isArray(r.winners)) return r.winners.filter((w): w is string => typeof w === "string");
  if (typeof r.winner === "string") return [r.winner];
  if (r.winner === null) return [];
  return null;
}

/** The state of `match` for its owner (seats `match.mySeats`). */
export function gameState(match: MyMatch): GameState {
  if (match.status === "live") return match.yourMove ? "yourMove" : "waiting";
  const winners = winnersOf(match.result);
  if (winners === null) return match.status === "abandoned" ? "abandoned" : "over";
  if (winners.length === 0) return "draw";
  return winners.some((w) => match.mySeats.includes(w)) ? "won" : "lost";
}

/** The names of the other seats' players (bots included), in seat order. */
export function opponentsOf(match: MyMatch): string[] {
  return match.seats.filter((s) => !match.mySeats.includes(s.seat)).map((s) => s.playerName);
}

/** The link of a match: `/play/<id>#seat=<my first seat>` while live, else `/review/<id>`. */
export function gameLink(match: MyMatch): string {
  const id = encodeURIComponent(match.matchId);
  if (match.status !== "live") return `/review/${id}`;
  const seat = match.mySeats[0];
  return seat ? `/play/${id}#seat=${encodeURIComponent(seat)}` : `/watch/${id}`;
}

/** The matches in the page's order: live with my move, live, then finished (stable otherwise). */
export function orderGames(matches: readonly MyMatch[]): MyMatch[] {
  const rank = (m: MyMatch) => (m.status === "live" ? (m.yourMove ? 0 : 1) : 2);
  return [...matches].sort((a, b) => rank(a) - rank(b));
}

/** The reset token of a `#token=...` fragment (43 base64url characters), or null. */
export function resetTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token");
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/** How often My games asks again while open (ms): its "your move" marks and clocks stay current. */
export const MY_GAMES_POLL_MS = 10_000;

/**
 * My clocks' time left at `now` (ms since the epoch), each in ms (a running clock counts down
 * from the server's reading at `clockAt`, never below 0); [] for a match without clocks. A
 * correspondence match's clocks also carry `moveMs`, the current move's own time left (the rest
 * of `leftMs` is vacation, spent only after it).
 */
export function clocksLeft(match: MyMatch, now: number): { leftMs: number; running: boolean; moveMs?: number }[] {
  if (!match.clocks || match.clockAt === undefined) return [];
  return match.clocks.map((c, i) => {
    const elapsed = c.running ? Math.max(0, now - match.clockAt!) : 0;
    const move = match.correspondence?.moveMs[i];
    return { leftMs: Math.max(0, c.remainingMs - elapsed), running: c.running, ...(move !== undefined ? { moveMs: Math.max(0, move - elapsed) } : {}) };
  });
}

/** A time left as `m:ss` (`h:mm:ss` from an hour). */
export function clockText(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
