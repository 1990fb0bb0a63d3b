/**
 * `legalCommandsInView` (the engine contract's client-side listing): over seeded bot matches, at
 * every step and for both seats, the commands a seat lists from its own projection equal
 * `legalCommands` on the full state (the engine kit's `inView` check). This is what lets bots and
 * browsers choose without asking the server, and it shows the listing reads nothing the seat may
 * not know (seed 001 5: the opponent's dials; the dice state). The same holds for the default
 * answer to a pending decision (docs/rules/ember.md "Defaults"), which the table marks from the
 * asked seat's projection.
 */
import { seatViewer } from "@fogwar/engine";
import { runKit } from "@fogwar/engine/testing";
import { catalog, defaultAnswer, defaultAnswerInView, ember, emberBotPolicy, type EmberSetup } from "../src";

const MATCHES = 24;

function setupOf(index: number): EmberSetup {
  const standard = index % 2 === 1;
  const army = (faction: number) => catalog.data.armies[faction * 2 + (standard ? 1 : 0)]!;
  return {
    scenario: standard ? "foundry" : "crossroads",
    seats: ["p1", "p2"],
    armies: { p1: army(index % 3), p2: army(Math.floor(index / 3) % 3) },
    options: { progressiveReveal: index % 4 < 2 },
  };
}

describe("legalCommandsInView equals legalCommands on the full state", () => {
  test.each(Array.from({ length: MATCHES }, (_, i) => i))("match %i: both seats, every step", (index) => {
    let defaults = 0;
    const { problems, counters } = runKit({
      ruleset: ember,
      cases: [{ setup: setupOf(index), seed: `in-view-${index}`, botSeed: `in-view-bot-${index}` }],
      policy: emberBotPolicy,
      inView: 1,
      replay: false,
      onStep: (ctx) => {
        const pending = ctx.state.pending;
        if (!pending) return;
        defaults++;
        const inView = defaultAnswerInView(ember.viewFor(ctx.state, seatViewer(pending.seat)));
        if (JSON.stringify(inView) !== JSON.stringify(defaultAnswer(ctx.state))) ctx.problems.add("in-view", `${ctx.at}: the default answer from ${pending.seat}'s view differs`);
      },
    });
    problems.expectNone("termination", "in-view");
    expect(defaults).toBeGreaterThan(0);
    expect(counters.get("steps")).toBeGreaterThan(20);
    expect(counters.get("in-view listed")).toBeGreaterThan(counters.get("steps"));
  });
});
