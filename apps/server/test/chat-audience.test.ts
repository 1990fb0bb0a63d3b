/**
 * The one rule of who hears chat (src/chat/audience.ts), from the rulesets' own teams: Siege 2 v 2
 * teams chat apart, a 1 v 1 has no team chat, spectators never hear team chat and hear players'
 * chat only up to a delayed caster feed's position, the review hears everything.
 */
import { catalog } from "@fogwar/ember";
import { siege } from "@fogwar/siege";
import { RULESETS } from "../src/hosts/index.js";
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

  test("EMBER 2 v 2: the teams chosen in the lobby are the chat teams; 1 v 1 v 1 v 1 has none", () => {
    const host = RULESETS.get("ember")!;
    const armies = [0, 2, 0, 2].map((i) => catalog.data.armies[i]);
    const fourSides = [...catalog.scenarios.values()].find((sc) => sc.deployment.red && sc.deployment.blue)!.id;
    const made = (teams: (string | undefined)[]) => {
      const result = host.makeSetup({ scenario: teams[0] === undefined ? fourSides : "crossroads", players: armies.map((army, i) => ({ name: `P${i + 1}`, army, team: teams[i] })), options: { progressiveReveal: false } });
      if (!result.ok) throw new Error(JSON.stringify(result.problem));
      return rosterOf(host.ruleset, host.ruleset.setup(result.setup, "seed").state, result.seats);
    };
    const pairs = made(["red", "blue", "red", "blue"]);
    expect([...pairs.teams]).toEqual([["p1", "red"], ["p2", "blue"], ["p3", "red"], ["p4", "blue"]]);
    const red = { audience: "team", team: "red", seq: 0 } as const;
    expect(["p1", "p2", "p3", "p4"].map((s) => mayHear(red, seat(s), pairs, null))).toEqual([true, false, true, false]);
    expect(made([undefined, undefined, undefined, undefined]).teams.size).toBe(0);
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
