/**
 * `legalCommandsInView` (the engine contract's client-side listing): over seeded bot matches, at
 * every step and for both seats, the commands a seat lists from its own projection equal
 * `legalCommands` on the full state. This is what lets bots and browsers choose without asking
 * the server, and it shows the listing reads nothing the seat may not know (seed 001 5: the
 * opponent's dials; the dice state).
 */
import { autoplay, canonicalJson, seatViewer } from "@fogwar/engine";
import { catalog, ember, emberBotPolicy, legalCommandsInView, type EmberSetup, type EmberState } from "../src";

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
    let steps = 0;
    let listed = 0;
    const check = (state: EmberState, where: string) => {
      for (const seat of state.seats) {
        const full = ember.legalCommands(state, seat);
        const fromView = legalCommandsInView(ember.viewFor(state, seatViewer(seat)), seat);
        if (canonicalJson(full) !== canonicalJson(fromView)) {
          throw new Error(`${where}, seat ${seat}: ${full.length} legal commands on the state, ${fromView.length} from the view`);
        }
        listed += full.length;
      }
      steps++;
    };
    const match = autoplay(ember, setupOf(index), `in-view-${index}`, `in-view-bot-${index}`, {
      policy: emberBotPolicy,
      onCommand: (m) => check(m.state, `after step ${steps + 1}`),
    });
    check(match.state, "at the end");
    expect(steps).toBeGreaterThan(20);
    expect(listed).toBeGreaterThan(steps);
  });

});
