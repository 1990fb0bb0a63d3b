/**
 * Siege test matches: commands applied in order through the rules, failing loudly on a refusal.
 * Shared by the Siege table tests.
 */
import { siege, type SiegeCommand, type SiegeState } from "@fogwar/siege";

/**
 * Applies `steps` (each a seat and its command) to `state` in order.
 * @returns the state after the last one.
 * @throws Error naming the seat, the command and the refusal's code when the rules refuse one.
 */
export function runSiege(state: SiegeState, steps: readonly (readonly [string, SiegeCommand])[]): SiegeState {
  let s = state;
  for (const [seat, cmd] of steps) {
    const r = siege.apply(s, cmd, seat);
    if (!r.ok) throw new Error(`${seat} ${JSON.stringify(cmd)} refused: ${r.error.code}`);
    s = r.state;
  }
  return s;
}
