/**
 * The optional clock a lobby chooses (`HostedRuleset.clockSetup` of EMBER and Age of Sigmar): one
 * clock per seat, a total of `clock.minutes` plus `clock.incrementSeconds` added each round; none
 * when the lobby chose none.
 */
import type { ClockSetup } from "@fogwar/engine";

/** One total clock per seat (in ms: minutes x 60,000, increment seconds x 1,000), or null for no clock. */
export function lobbyClock(_setup: unknown, seats: readonly string[], clock: { minutes: number; incrementSeconds: number } | undefined): ClockSetup | null {
  if (!clock) return null;
  return { spec: { kind: "total", initialMs: clock.minutes * 60_000, incrementMs: clock.incrementSeconds * 1000 }, owners: Object.fromEntries(seats.map((s) => [s, s])) };
}
