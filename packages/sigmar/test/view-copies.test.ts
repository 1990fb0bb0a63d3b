/**
 * design.md "Hidden information", attacked through the views' copies: every viewer's `viewFor`
 * is a copy of its own. Scrambling every byte of one viewer's copy (as a client or server code
 * holding it may) changes nothing another viewer, or the same viewer asked again, receives, nor
 * the state, at every tenth step of a seeded bot match.
 */
import { allViewers, autoplay } from "@fogwar/engine";
import { viewCopiesStandAlone } from "@fogwar/engine/testing";
import { sigmar as rules, sigmarBotPolicy as policy, type SigmarSetup } from "../src";

test("a viewer's copy of its view shares nothing with another viewer's, a later call's or the state", () => {
  const setup: SigmarSetup = { seats: ["p1", "p2"] };
  const viewers = allViewers(rules.seatsOf(setup));
  const problems: string[] = [];
  let steps = 0;
  autoplay(rules, setup, "view-copies", "view-copies-bot", {
    policy,
    maxCommands: 20_000,
    onCommand: (m) => {
      if (steps++ % 10 === 0) problems.push(...viewCopiesStandAlone(rules.viewFor, m.state, viewers));
    },
  });
  expect(steps).toBeGreaterThan(20);
  expect(problems).toEqual([]);
});
