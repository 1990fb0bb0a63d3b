/**
 * Concession (a project decision; seed 002 has none): a seat concedes for its whole side at any
 * time; the other side wins, the dice seed is shown. Never among the legal commands (bots never
 * concede). Abandonment: the match always waits for a seat until it ends, so the engine's claim
 * against an absent side is open to the other side (the room checks the absence itself).
 */
import { applyReferee, awaitedSeats, replay } from "@fogwar/engine";
import type { TrpgState } from "../../src";
import { GM_SETUP, QUARRY_GM, eventsOf, playout, trpg, tryApply } from "../helpers";

describe("concession (project decision): a seat concedes for its side", () => {
  test("a party seat concedes for the whole party, even while a decision waits for another seat; the game master's side wins", () => {
    const s = trpg.setup(GM_SETUP, "concede").state;
    const { state, events } = eventsOf(s, "p2", { type: "concede" });
    expect(state.result).toMatchObject({ winner: "gm", reason: "enemies: conceded" });
    expect(events.find((e) => e.type === "match_ended")).toMatchObject({ seed: "concede" });
    const after = tryApply(state, "p1", { type: "concede" });
    expect(after.ok ? null : after.error.code).toBe("match_over");
  });

  test("the game master concedes for the enemies: every party seat wins; concede is never listed", () => {
    const s = trpg.setup(GM_SETUP, "concede-2").state;
    expect(eventsOf(s, "gm", { type: "concede" }).state.result).toMatchObject({ winner: "p1", winners: ["p1", "p2"] });
    for (const seat of trpg.seatsOf(GM_SETUP)) expect(trpg.legalCommands(s, seat).some((c) => c.type === "concede")).toBe(false);
    const stranger = tryApply(s, "p9", { type: "concede" });
    expect(stranger.ok ? null : stranger.error.code).toBe("not_a_player");
  });
});

describe("abandonment (docs/rules/trpg.md \"Abandonment\"; docs/design.md Clocks and abandonment): an absent side can always be claimed against", () => {
  test("docs/rules/trpg.md Abandonment: in GM mode the match always waits for a seat until the end; each awaited seat can be claimed against by the other side (the master by the party, a party seat by the master), never by its own", () => {
    let waitedForMaster = 0;
    let waitedForParty = 0;
    for (const [i, setup] of [GM_SETUP, QUARRY_GM].entries()) {
      const match = playout(`abandon-${i}`, `abandon-bot-${i}`, setup);
      const states: TrpgState[] = [];
      replay(trpg, match.toLog(), (_seq, state) => states.push(state));
      const seats = trpg.seatsOf(setup);
      for (const state of states.slice(0, -1)) {
        const awaited = awaitedSeats(trpg, state);
        expect(awaited.length).toBeGreaterThan(0);
        for (const absent of awaited) {
          const master = absent === "gm";
          if (master) waitedForMaster++;
          else waitedForParty++;
          const claimant = master ? "p1" : "gm";
          const claim = applyReferee(trpg, state, { referee: "claim", outcome: "win", absent }, claimant, { seats, clocks: null, at: 0 });
          expect(claim.ok && claim.imposed).toMatchObject({ reason: "abandoned", winner: claimant });
          const mate = master ? null : seats.find((s) => s !== absent && s !== "gm");
          if (mate) expect(applyReferee(trpg, state, { referee: "claim", outcome: "win", absent }, mate, { seats, clocks: null, at: 0 }).ok).toBe(false);
        }
      }
      expect(trpg.result(states.at(-1)!)).not.toBeNull();
    }
    expect(waitedForMaster).toBeGreaterThan(5);
    expect(waitedForParty).toBeGreaterThan(5);
  });
});
