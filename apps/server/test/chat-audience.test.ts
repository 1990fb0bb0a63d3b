/**
 * The one rule of who hears chat (src/chat/audience.ts), from the rulesets' own teams: Siege 2 v 2
 * teams chat apart, a 1 v 1 has no team chat, spectators never hear team chat and hear players'
 * chat only up to a delayed caster feed's position, the review hears everything.
 */
import { siege } from "@fogwar/siege";
import { mayHear, readable, rosterOf, writable, type ChatListener } from "../src/chat/audience.js";

const setup2v2 = { mission: "ledger", teams: { attack: ["a1", "a2"], defence: ["d1", "d2"] } };
const roster = rosterOf(siege, siege.setup(setup2v2, "seed").state, ["a1", "d1", "a2", "d2"]);
const seat = (s: string): ChatListener => ({ kind: "seat", seat: s });
const spectator: ChatListener = { kind: "spectator" };

describe("chat audiences", () => {
  test("the ruleset's teams give team chat to teams of two or more only", () => {
    expect([...roster.teams]).toEqual([["a1", "attack"], ["d1", "defence"], ["a2", "attack"], ["d2", "defence"]]);
    const oneVsOne = rosterOf(siege, siege.setup({ mission: "ledger", teams: { attack: ["a1"], defence: ["d1"] } }, "seed").state, ["a1", "d1"]);
    expect(oneVsOne.teams.size).toBe(0);
    expect(readable(seat("a1"), oneVsOne)).toEqual(["players"]);
    expect(readable(seat("a1"), roster)).toEqual(["players", "team"]);
    expect(writable(spectator, roster)).toEqual(["spectators"]);
    expect(readable(spectator, roster)).toEqual(["players", "spectators"]);
    expect(writable({ kind: "review" }, roster)).toEqual([]);
  });

  test("team lines reach their team only; spectators' lines reach no seat", () => {
    const attack = { audience: "team", team: "attack", seq: 0 } as const;
    const watchers = { audience: "spectators", team: null, seq: 0 } as const;
    expect(["a1", "a2", "d1", "d2"].map((s) => mayHear(attack, seat(s), roster, null))).toEqual([true, true, false, false]);
    expect(mayHear(attack, spectator, roster, null)).toBe(false);
    expect(["a1", "a2", "d1", "d2"].map((s) => mayHear(watchers, seat(s), roster, null))).toEqual([false, false, false, false]);
    expect(mayHear(watchers, spectator, roster, null)).toBe(true);
    expect(mayHear(attack, { kind: "review" }, roster, null) && mayHear(watchers, { kind: "review" }, roster, null)).toBe(true);
  });

  test("with a spectator delay, spectators hear a players' line once the caster feed has reached it; seats at once", () => {
    const line = { audience: "players", team: null, seq: 7 } as const;
    expect(mayHear(line, seat("d1"), roster, 3)).toBe(true);
    expect(mayHear(line, spectator, roster, 6)).toBe(false);
    expect(mayHear(line, spectator, roster, 7)).toBe(true);
    expect(mayHear(line, spectator, roster, null)).toBe(true);
  });
});
