/**
 * Concession (not in seed 004: a project decision, docs/rules/siege.md "Not in the seed"): a seat
 * concedes for its team at any time (any phase, during the other team's activation, while a
 * decision is pending for either team); the other team wins with the reason "conceded", and the
 * dice seed and every real token are revealed as at any end. Bots never concede (it is never in
 * the legal list).
 */
import { seatViewer } from "@fogwar/engine";
import { legalCommands, siege, type SiegeState } from "../../src";
import { ATTACK_PICK, ready, run, SETUP_1V1, SETUP_2V2, tryApply } from "../helpers";
import { QUIET } from "./move.test";

const CONCEDE = { type: "concede" } as const;

function conceded(s: SiegeState, seat: string): SiegeState {
  const r = tryApply(s, seat, CONCEDE);
  if (!r.ok) throw new Error(`refused: ${r.error.code}`);
  return r.state;
}

describe("concession (project decision): a seat concedes for its team at any time", () => {
  test("during the picks, before the team has picked: the other team wins, the match is over, the seed is public", () => {
    const s0 = siege.setup(SETUP_1V1, "concede-picks").state;
    const r = tryApply(s0, "d1", CONCEDE);
    if (!r.ok) throw new Error(r.error.code);
    expect(r.state.result).toMatchObject({ winner: "a1", winners: ["a1"], reason: "attack: conceded" });
    expect(r.state.phase).toBe("finished");
    const ended = r.events.map((e) => e.event).find((e) => e.type === "match_ended");
    expect(ended).toMatchObject({ type: "match_ended", seed: s0.server.seed });
    expect(siege.viewFor(r.state, seatViewer("a1")).seed).toBe(s0.server.seed);
    expect(siege.awaiting(r.state)).toEqual([]);
  });

  test("in 2 v 2 either teammate concedes for the whole team; both of the other team win", () => {
    const s = run(siege.setup(SETUP_2V2, "concede-2v2").state, [["a1", ATTACK_PICK]]);
    expect(conceded(s, "a2").result).toMatchObject({ winner: "d1", winners: ["d1", "d2"], reason: "defence: conceded" });
  });

  test("during the other team's activation and while a decision is pending for the other team", () => {
    let s = ready({ seed: "concede-action", tokens: { ...QUIET } });
    s = run(s, [["a1", { type: "activate", operator: "haze" }]]);
    expect(siege.awaiting(s)).toEqual(["a1"]);
    // The defence, not awaited, concedes during the attack's activation.
    expect(conceded(s, "d1").result).toMatchObject({ winner: "a1", reason: "attack: conceded" });
    // A decision pending for a team does not stop the other team conceding (nor the team itself).
    const pending: SiegeState = { ...s, pending: { kind: "contest", team: "defence", ap: "up:x", challenger: "haze", holder: "keel" } as SiegeState["pending"] };
    expect(conceded(pending, "a1").result).toMatchObject({ winner: "d1", reason: "defence: conceded" });
    expect(conceded(pending, "d1").result).toMatchObject({ winner: "a1", reason: "attack: conceded" });
  });

  test("refused from a non-player and after the end; never among the legal commands (bots never concede)", () => {
    const s = siege.setup(SETUP_1V1, "concede-refused").state;
    expect(tryApply(s, "x9", CONCEDE)).toMatchObject({ ok: false, error: { code: "not_a_player" } });
    const over = conceded(s, "a1");
    expect(tryApply(over, "d1", CONCEDE)).toMatchObject({ ok: false, error: { code: "match_over" } });
    expect(tryApply(s, "a1", { type: "concede", extra: 1 } as never)).toMatchObject({ ok: false, error: { code: "malformed_command" } });
    const later = ready({ seed: "concede-legal", tokens: { ...QUIET } });
    for (const state of [s, later]) for (const seat of ["a1", "d1"]) expect(legalCommands(state, seat).some((c) => c.type === "concede")).toBe(false);
  });
});
