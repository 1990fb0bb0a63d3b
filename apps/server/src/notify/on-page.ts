/**
 * Which seats have their match's table open, for "not while I am on the page"
 * (./policy.ts): each room reports its connected seats (`publishOnPage`, from room.ts). This
 * process answers from memory; with several processes (Colyseus's Redis presence, `shareOnPage`)
 * each connected seat is also a presence key that expires unless refreshed, so a seat on a
 * process that died is not taken for present for more than {@link ON_PAGE_TTL_SECONDS}.
 */
import { matchMaker } from "@colyseus/core";

/** How long a connected seat's presence key lives without a refresh (s); refreshed every third of it. */
export const ON_PAGE_TTL_SECONDS = 60;

const local = new Map<string, ReadonlySet<string>>();
let shared = false;

const keyOf = (matchId: string, seat: string): string => `fogwar:on-page:${matchId}:${seat}`;

/** Records a match's connected seats (seat -> connected); `{}` when its room closes. */
export function publishOnPage(matchId: string, connected: Readonly<Record<string, boolean>>): void {
  const before = local.get(matchId) ?? new Set<string>();
  const now = new Set(Object.entries(connected).filter(([, here]) => here).map(([seat]) => seat));
  if (now.size === 0) local.delete(matchId);
  else local.set(matchId, now);
  if (!shared) return;
  const presence = matchMaker.presence;
  for (const seat of now) if (!before.has(seat)) void Promise.resolve(presence.setex(keyOf(matchId, seat), "1", ON_PAGE_TTL_SECONDS)).catch(() => undefined);
  for (const seat of before) if (!now.has(seat)) void Promise.resolve(presence.del(keyOf(matchId, seat))).catch(() => undefined);
}

/** Whether `seat` of `matchId` has its table open on this process or (shared) any other. */
export async function isOnPage(matchId: string, seat: string): Promise<boolean> {
  if (local.get(matchId)?.has(seat)) return true;
  if (!shared) return false;
  const value = await Promise.resolve(matchMaker.presence.get(keyOf(matchId, seat))).catch(() => null);
  return value !== null && value !== undefined;
}

/**
 * Shares the connected seats through Colyseus's presence (several processes), refreshing this
 * process's keys every third of their lifetime. @returns the stop.
 */
export function shareOnPage(): () => void {
  shared = true;
  const refresh = setInterval(() => {
    for (const [matchId, seats] of local) for (const seat of seats) void Promise.resolve(matchMaker.presence.setex(keyOf(matchId, seat), "1", ON_PAGE_TTL_SECONDS)).catch(() => undefined);
  }, (ON_PAGE_TTL_SECONDS * 1000) / 3);
  refresh.unref();
  return () => {
    clearInterval(refresh);
    shared = false;
  };
}
