/**
 * The time bank's end (a project decision: seed 004 has no time bank; docs/rules/siege.md "Time
 * bank"): a team whose activation time and bank run out passes, never loses on time. `onTimeout`
 * answers with one of the team's own legal commands: a pending decision's default answer, the end
 * of an activation, of a phase or of setup, else the first legal command.
 */
import { awaitedSeats } from "@fogwar/engine";
import { clockTurn, onTimeout, siege, viewFor, type SiegeState } from "../../src";
import { seatViewer, spectator } from "@fogwar/engine";
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

  it("in setup every placement is an activation of its own, keyed by public facts only", () => {
    const states = statesOf("timeout-4");
    let setupSteps = 0;
    for (let i = 1; i < states.length; i++) {
      const before = states[i - 1]!;
      const after = states[i]!;
      const setup = ["picks", "defence_setup", "attack_setup"];
      // Each entry made in setup starts a new activation (a new key) for the bank.
      if (setup.includes(before.phase) && before.phase === after.phase) {
        expect(clockTurn(after)).not.toBe(clockTurn(before));
        setupSteps++;
      }
      // The key reads no secret: the defence's own projection gives the same one, and outside the
      // defence's setup so does the spectator's. (While the defence places its secret tokens the
      // key counts them, a number the public log already tells: every entry reaches every client,
      // and the other entries of that phase, gadgets and components, are public.)
      expect(clockTurn(viewFor(after, seatViewer("d1")) as unknown as SiegeState)).toBe(clockTurn(after));
      if (after.phase !== "defence_setup") expect(clockTurn(viewFor(after, spectator) as unknown as SiegeState)).toBe(clockTurn(after));
    }
    expect(setupSteps).toBeGreaterThan(10);
  });

  it("a finished match has nothing to answer", () => {
    const states = statesOf("timeout-3");
    const last = states[states.length - 1]!;
    expect(last.result).not.toBeNull();
    expect(onTimeout(last, "a1")).toBeNull();
  });
});
