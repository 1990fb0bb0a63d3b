/**
 * TRPG states for the table's tests: the Proving Ground in GM mode (one party seat, the master),
 * a state reached by ending turns (and rounds) until a predicate holds, and the two reactions the
 * tables' tests ask about (the master's free strike, the party's dodge).
 */
import { rngStateFromSeed, seatViewer } from "@fogwar/engine";
import { legalCommandsInView, trpg, type TrpgSetup, type TrpgState } from "@fogwar/trpg";
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

/**
 * Seed 002 3-1 접전: from `start` (a GM setup), Vale's turn with the first raider put beside her
 * (`before`), and her seat's first legal move more than 3 squares away from it: the state after
 * that move (`after`), where the opponent is asked about a free strike. @throws Error when the move
 * is refused.
 */
export function leavingEngagementFrom(start: TrpgState): { before: TrpgState; after: TrpgState } {
  const s = structuredClone(until(start, (x) => x.turn?.actor === "vale"));
  const raider = s.characters["raider-1"]!;
  raider.at = { x: s.characters.vale!.at!.x + 1, y: s.characters.vale!.at!.y };
  const away = legalCommandsInView(trpg.viewFor(s, seatViewer("p1")), "p1").find((c) => c.type === "move" && Math.abs(c.to.x - raider.at!.x) + Math.abs(c.to.y - raider.at!.y) > 3);
  const r = trpg.apply(s, away!, "p1");
  if (!r.ok) throw new Error(r.error.code);
  return { before: s, after: r.state };
}

/** The state of {@link leavingEngagementFrom} after the move: the opponent is asked about a free strike. */
export const leavingEngagement = (start: TrpgState): TrpgState => leavingEngagementFrom(start).after;

/**
 * Seed 002 3-4 회피 판정: from `start` (a GM setup), the first raider's turn with it at (4,9) and Vale
 * at (1,9); its aimed shot at her is tried under up to 40 dice seeds (`dodge-<n>`) until one hits
 * (a party character's free strike on it is let go): the state where her seat is asked to dodge,
 * or null when none hits.
 */
export function dodgeAsked(start: TrpgState): TrpgState | null {
  const s = structuredClone(until(start, (x) => x.turn?.actor === "raider-1"));
  s.characters["raider-1"]!.at = { x: 4, y: 9 };
  s.characters.vale!.at = { x: 1, y: 9 };
  for (let n = 0; n < 40; n++) {
    const trial = structuredClone(s);
    trial.server.rng["dice:raider-1"] = rngStateFromSeed(`dodge-${n}`, "dice:raider-1");
    let r = trpg.apply(trial, { type: "shoot", targets: ["vale"], burst: false, called: false }, "gm");
    // A party character engaged with the raider may strike it first (seed 002 3-1): it lets the shot go.
    if (r.ok && r.state.pending?.kind === "free_strike") r = trpg.apply(r.state, { type: "decide", choice: "spare" }, r.state.pending.seat);
    if (r.ok && r.state.pending?.kind === "dodge") return r.state;
  }
  return null;
}
