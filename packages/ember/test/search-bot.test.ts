/**
 * EMBER's search bot decides from a seat's projection only: two real states that differ in the
 * opponent's secrets (hidden dials, camouflaged real squares, the dice) but share the seat's view
 * give the same command; every command it returns is legal; and it beats the random bot.
 */
import { autoplay, duel, RandomBot, seatViewer, type SeatId } from "@fogwar/engine";
import { catalog, ember, emberBotPolicy, type EmberCommand, type EmberSetup, type EmberState } from "../src";
import { determinize, emberSearchBot } from "../src/search-bot";
import { Random, rngStateFromSeed } from "@fogwar/engine";
import { concealedOf, hiddenDials, withOtherDials, withOtherReal, withOtherSecret } from "./secrets";

const armies = catalog.data.armies;
/** Skirmish and standard battles with the sample armies, as the benchmarks play them. */
const setupFor = (i: number): EmberSetup => {
  const standard = i % 2 === 1;
  const pick = (k: number) => armies[((i + k) % 3) * 2 + (standard ? 1 : 0)]!;
  return { scenario: standard ? "foundry" : "crossroads", seats: ["p1", "p2"], armies: { p1: pick(0), p2: pick(1) } };
};
const SMALL = { simulations: 12, maxCandidates: 6, depth: 4 };
const other = (seat: SeatId): SeatId => (seat === "p1" ? "p2" : "p1");

/** States of random matches where `seat` must act and its opponent holds a secret worth varying. */
function secretMoments(count: number): { state: EmberState; seat: SeatId }[] {
  const out: { state: EmberState; seat: SeatId }[] = [];
  for (let i = 0; out.length < count && i < 20; i++) {
    autoplay(ember, setupFor(i), `nonint-${i}`, `bot-${i}`, {
      policy: emberBotPolicy,
      onCommand: (match) => {
        const state = match.state;
        const seat = ember.awaiting(state)[0];
        if (!seat || out.length >= count || ember.legalCommands(state, seat).length < 2) return;
        const opponent = other(seat);
        if (hiddenDials(state, opponent).length > 0 || concealedOf(state, opponent).length > 0) out.push({ state, seat });
      },
    });
  }
  return out;
}

describe("EMBER search bot: knowledge from the seat's projection only", () => {
  const moments = secretMoments(6);

  it("finds states with hidden opponent dials or real squares", () => {
    expect(moments.length).toBe(6);
  });

  it("chooses the same command in two real states that share the seat's view (non-interference)", () => {
    for (const [k, { state, seat }] of moments.entries()) {
      const opponent = other(seat);
      let twin = withOtherSecret(withOtherDials(state, opponent, 1 + (k % 5)), `twin-${k}`);
      twin = withOtherReal(twin, opponent) ?? twin;
      expect(JSON.stringify(twin)).not.toBe(JSON.stringify(state));
      const view = ember.viewFor(state, seatViewer(seat));
      const twinView = ember.viewFor(twin, seatViewer(seat));
      expect(twinView).toEqual(view);
      const a = emberSearchBot(`nonint-${k}`, SMALL).choose(view, seat);
      const b = emberSearchBot(`nonint-${k}`, SMALL).choose(twinView, seat);
      expect(b).toEqual(a);
      expect(ember.legalCommands(state, seat)).toContainEqual(a);
      expect(ember.legalCommands(twin, seat)).toContainEqual(a);
    }
  });

  it("samples worlds that agree with the view: the same projection, other secrets", () => {
    for (const [k, { state, seat }] of moments.entries()) {
      const view = ember.viewFor(state, seatViewer(seat));
      const world = determinize(view, seat, new Random(rngStateFromSeed(`det-${k}`)));
      expect(ember.viewFor(world, seatViewer(seat))).toEqual(view);
      expect(ember.legalCommands(world, seat)).toEqual(ember.legalCommands(state, seat));
    }
  });
});

describe("EMBER search bot: play", () => {
  it("only ever returns legal commands, through whole matches on either seat", () => {
    for (let i = 0; i < 2; i++) {
      const seat = i % 2 === 0 ? "p1" : "p2";
      const bot = emberSearchBot(`legal-${i}`, SMALL);
      const random = new RandomBot<EmberCommand>(`random-${i}`, emberBotPolicy);
      let decisions = 0;
      const { match } = duel(ember, setupFor(i), `legal-${i}`, {
        [seat]: (view, s, legal) => {
          const command = bot.choose(view, s);
          expect(legal).toContainEqual(command);
          decisions++;
          return command;
        },
        [other(seat)]: (_view, _s, legal) => random.choose(legal),
      });
      expect(ember.result(match.state)).not.toBeNull();
      expect(decisions).toBeGreaterThan(10);
    }
  });

  it("beats the random bot (4 seeded matches, two on each seat, with its default budget)", () => {
    let wins = 0;
    for (let i = 0; i < 4; i++) {
      const seat = i % 2 === 0 ? "p1" : "p2";
      const bot = emberSearchBot(`strength-${i}`);
      const random = new RandomBot<EmberCommand>(`random-${i}`, emberBotPolicy);
      const { match } = duel(ember, setupFor(Math.floor(i / 2)), `strength-${i}`, {
        [seat]: (view, s) => bot.choose(view, s),
        [other(seat)]: (_view, _s, legal) => random.choose(legal),
      });
      if (ember.result(match.state)?.winner === seat) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(4);
  });
});
