/**
 * Delays between attempts to join a match room again after the room is gone (a server restart):
 * exponential from 500 ms, capped at 15 s, with up to 25% jitter so reloading clients do not
 * arrive together. `random` is injected for tests.
 */
export function rejoinDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(15_000, 500 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 - 0.25 * random()));
}

/** How many rejoin attempts before the connection is given up (about five minutes). */
export const MAX_REJOIN_ATTEMPTS = 25;
