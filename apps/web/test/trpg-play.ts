/**
 * TRPG states for the table's tests: the Proving Ground in GM mode (one party seat, the master),
 * and a state reached by ending turns (and rounds) until a predicate holds.
 */
import { trpg, type TrpgSetup, type TrpgState } from "@fogwar/trpg";
import { encounter } from "@fogwar/trpg/encounters";

/** The Proving Ground (seed 002's sample encounter) in GM mode: the party on `p1`, the master on `gm`. */
export const GM: TrpgSetup = { scenario: "proving_ground", mode: "gm", enemies: encounter("proving_ground"), seats: { party: ["p1"], enemies: ["gm"] } };

/**
 * Plays `end_turn` (or `end_round` at a round's end) from `state` until `pred` holds, at most 50
 * commands. @throws Error when one is refused.
 */
export function until(state: TrpgState, pred: (s: TrpgState) => boolean): TrpgState {
  let s = state;
  for (let i = 0; i < 50 && !pred(s); i++) {
    const seat = trpg.awaiting(s)[0]!;
    const r = trpg.apply(s, s.phase === "round_end" ? { type: "end_round" } : { type: "end_turn" }, seat);
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
  }
  return s;
}
