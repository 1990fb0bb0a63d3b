/**
 * Runs second (imported by main.tsx right after ./csp, before the app's own modules evaluate): a
 * table page (`/play/:matchId` with this tab's seat token, `/watch/:matchId`) starts joining its
 * match now instead of at the table route's first render, which waits for the language set-up,
 * React's start and the shell's first render (on the emulated phone, apps/web/e2e/budget.ts,
 * about half a second):
 * - the seat reservation is asked at once (`prefetchSeat`, packages/client/src/reserve.ts);
 * - the match session starts as soon as its code has loaded (./net/early-session.ts), and
 *   `useMatch` adopts it.
 *
 * The routes read the credentials again on their first render (App.tsx); reading them is
 * idempotent (`takeSeatCredentials`), and their own `prefetchSeat` is then a no-op. A seat whose
 * invite is still to be claimed starts nothing here (the claim comes first).
 */
import { prefetchSeat, type JoinSpec } from "@fogwar/client";
import { takeSeatCredentialsFromWindow } from "./net/hash";

/**
 * The join a table page at `path` (a location's pathname) can start at once: its match and its
 * seat (from this tab's credentials) or spectator join, or null when the page is not a table or
 * the seat must be claimed first.
 */
export function bootJoin(path: string): { matchId: string; spec: JoinSpec } | null {
  const table = /^\/(play|watch)\/([^/?#]+)\/?$/.exec(path);
  if (!table) return null;
  const matchId = decodeURIComponent(table[2] as string);
  if (table[1] === "watch") return { matchId, spec: { role: "spectator" } };
  const held = takeSeatCredentialsFromWindow(matchId);
  return held && !("invite" in held) ? { matchId, spec: { role: "player", seat: held.seat, token: held.token } } : null;
}

/** Starts the table page's join (see the module's comment). Never throws; returns at once. */
export function joinAtBoot(path: string): void {
  let join: ReturnType<typeof bootJoin>;
  try {
    join = bootJoin(path);
  } catch {
    return; // A malformed path or unavailable storage: the route reads and joins on its own.
  }
  if (!join) return;
  const { matchId, spec } = join;
  prefetchSeat(matchId, spec);
  // A chunk that cannot load leaves the join to the route, which says why.
  import("./net/early-session").then((m) => m.startEarlySession(matchId, spec)).catch(() => undefined);
}

joinAtBoot(window.location.pathname);
