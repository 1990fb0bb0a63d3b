/**
 * Concession (a project decision; seed 002 has none): a seat concedes for its whole side at any
 * time; the other side wins, the dice seed is shown. Never among the legal commands (bots never
 * concede).
 */
import { GM_SETUP, eventsOf, trpg, tryApply } from "../helpers";

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
