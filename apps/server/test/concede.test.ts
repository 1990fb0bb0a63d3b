/**
 * What a seat's `concede` message enters (../src/concede.ts; docs/protocol.md "Conceding"): the
 * ruleset's own concession in each of the four rulesets, in every phase; the referee's
 * concession for a ruleset without one, and for a rules version older than the ruleset's
 * concession (Siege 0.1.0, hosted from its frozen build), so every live match can be conceded.
 */
import { rulesetFor } from "@fogwar/rules-archive";
import { ember } from "@fogwar/ember";
import { siege } from "@fogwar/siege";
import { concessionOf, REFEREE_CONCESSION } from "../src/concede.js";
import { emberHost, frozenHost, siegeHost, sigmarHost, trpgHost } from "../src/hosts/index.js";
import { dialDuelHost } from "./fixtures/dial-duel-host";

const SIEGE_SETUP = { mission: "ledger", teams: { attack: ["a1"], defence: ["d1"] } };

test("the four rulesets: their own concession from any seat, also from a seat the match does not wait for", () => {
  const emberState = ember.setup({ scenario: "ashfall", seats: ["p1", "p2"] }, "concede-of").state;
  const siegeState = siege.setup(SIEGE_SETUP, "concede-of").state;
  const sigmarState = sigmarHost.ruleset.setup({ seats: ["p1", "p2"] }, "concede-of").state;
  const trpgMade = trpgHost.makeSetup({ scenario: "proving_ground", players: [{ name: "M", team: "gm" }, { name: "A", team: "party" }], options: { progressiveReveal: false } });
  if (!trpgMade.ok) throw new Error(trpgMade.problem.message);
  const trpgState = trpgHost.ruleset.setup(trpgMade.setup, "concede-of").state;
  for (const [host, state, seats] of [[emberHost, emberState, ["p1", "p2"]], [siegeHost, siegeState, ["a1", "d1"]], [sigmarHost, sigmarState, ["p1", "p2"]], [trpgHost, trpgState, ["gm", "p1"]]] as const) {
    for (const seat of seats) expect([host.ruleset.id, seat, concessionOf(host, state, seat)]).toEqual([host.ruleset.id, seat, { command: { type: "concede" }, referee: false }]);
  }
});

test("the referee's concession for a ruleset without one, and for Siege 0.1.0, whose rules had no concession", async () => {
  const duel = dialDuelHost.ruleset.setup({ seats: ["p1", "p2"] }, "concede-of").state;
  expect(concessionOf(dialDuelHost, duel, "p1")).toBe(REFEREE_CONCESSION);
  const old = await rulesetFor("siege", "siege-0.1.0");
  const oldState = old.ruleset.setup(SIEGE_SETUP, "concede-of").state;
  expect(old.ruleset.apply(oldState, { type: "concede" }, "d1").ok).toBe(false);
  expect(concessionOf(frozenHost(siegeHost, old), oldState, "d1")).toEqual({ command: { referee: "concede" }, referee: true });
  const newer = await rulesetFor("siege", "siege-0.3.0");
  expect(concessionOf(frozenHost(siegeHost, newer), newer.ruleset.setup(SIEGE_SETUP, "concede-of").state, "d1")).toEqual({ command: { type: "concede" }, referee: false });
});
