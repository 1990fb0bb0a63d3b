/**
 * The time bank's end (a project decision: seed 004 has no time bank; docs/rules/siege.md "Time
 * bank"): a team whose activation time and bank run out passes, never loses on time. `onTimeout`
 * answers with one of the team's own legal commands: a pending decision's default answer, the end
 * of an activation, of a phase or of setup, else the first legal command.
 */
import { awaitedSeats } from "@fogwar/engine";
import { onTimeout, siege, type SiegeState } from "../../src";
import { playout, SETUP_2V2 } from "../helpers";

/** Every state of a bot match, in order. */
function statesOf(seed: string, setup = SETUP_2V2): SiegeState[] {
  const log = playout(seed, `${seed}-bots`, setup).toLog();
  let state = siege.setup(log.setup, log.seed).state;
  const out = [state];
  for (const entry of log.entries) {
    const r = siege.apply(state, entry.command, entry.seat);
    if (!r.ok) throw new Error(r.error.code);
    state = r.state;
    out.push(state);
  }
  return out;
}

describe("time bank (project decision): running out passes", () => {
  it("at every step of two bot matches, every awaited seat's timeout is a command apply accepts, and a pass when one is legal", () => {
    let checked = 0;
    for (const seed of ["timeout-1", "timeout-2"]) {
      const states = statesOf(seed);
      for (const state of states.filter((_, i) => i % 7 === 0)) {
        for (const seat of awaitedSeats(siege, state)) {
          const command = onTimeout(state, seat);
          expect(command).not.toBeNull();
          expect(siege.apply(state, command!, seat).ok).toBe(true);
          if (state.pending?.kind === "reaction") expect(command).toEqual({ type: "hold" });
          if (state.pending?.kind === "reroll") expect(command).toEqual({ type: "keep" });
          if (state.pending?.kind === "contest") expect(command).toEqual({ type: "contest", fight: false });
          if (state.pending?.kind === "return_fire") expect(command).toEqual({ type: "return_fire", fire: true });
          if (!state.pending && state.activation) expect(command!.type).toBe("end_activation");
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it("a finished match has nothing to answer", () => {
    const states = statesOf("timeout-3");
    const last = states[states.length - 1]!;
    expect(last.result).not.toBeNull();
    expect(onTimeout(last, "a1")).toBeNull();
  });
});
