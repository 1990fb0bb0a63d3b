/**
 * EMBER's search bot decides from a seat's projection only: two real states that differ in the
 * opponent's secrets (hidden dials, camouflaged real squares, the dice) but share the seat's view
 * give the same command; every command it returns is legal; and it beats the random bot.
 */
import { autoplay, duel, RandomBot, SearchBot, seatViewer, type SeatId } from "@fogwar/engine";
import { catalog, ember, emberBotPolicy, type EmberCommand, type EmberSetup, type EmberState } from "../src";
import { determinize, emberSearch, emberSearchBot } from "../src/search-bot";
import { Random, rngStateFromSeed } from "@fogwar/engine";
import { FACE } from "./helpers";
import { DECLINE, die, longbowAtSmelter, play } from "./rules/steps";
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

describe("EMBER search bot in the muster (seed 001 2)", () => {
  it("musters from its own projection: with the other list locked (unknown to it, guessed in its simulations) it locks a sample list", () => {
    const start = ember.setup({ scenario: "crossroads", seats: ["p1", "p2"] }, "search-muster").state;
    const a = ember.apply(start, ember.legalCommands(start, "p1")[0]!, "p1");
    if (!a.ok) throw new Error("a sample list was refused");
    const viewA = ember.viewFor(a.state, seatViewer("p2"));
    const choice = emberSearchBot("muster", SMALL).choose(viewA, "p2");
    expect(choice?.type).toBe("lock_army");
    expect(ember.legalCommands(a.state, "p2")).toContainEqual(choice);
  });
});

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

  it("would tell a bot that reads the real state: one that searched the real states would choose differently", () => {
    // The check above is sensitive: the twins' secrets change what an omniscient search plays.
    // Each moment's twins are tried with every other dial shift (1 to 5) until one differs.
    let differs = 0;
    for (const [k, { state, seat }] of moments.entries()) {
      const opponent = other(seat);
      const cheat = (real: EmberState) => new SearchBot(ember, { ...emberSearch, determinize: () => structuredClone(real) }, `nonint-${k}`, SMALL);
      const view = ember.viewFor(state, seatViewer(seat));
      const mine = JSON.stringify(cheat(state).choose(view, seat));
      for (let shift = 1; shift <= 5; shift++) {
        let twin = withOtherSecret(withOtherDials(state, opponent, 1 + ((k + shift - 1) % 5)), `twin-${k}-${shift}`);
        twin = withOtherReal(twin, opponent) ?? twin;
        if (JSON.stringify(cheat(twin).choose(view, seat)) !== mine) {
          differs++;
          break;
        }
      }
      if (differs > 0) break;
    }
    expect(differs).toBeGreaterThan(0);
  });

  it("samples worlds that agree with the view: the same projection, other secrets", () => {
    for (const [k, { state, seat }] of moments.entries()) {
      const view = ember.viewFor(state, seatViewer(seat));
      const world = determinize(view, seat, new Random(rngStateFromSeed(`det-${k}`, "test")));
      expect(ember.viewFor(world, seatViewer(seat))).toEqual(view);
      expect(ember.legalCommands(world, seat)).toEqual(ember.legalCommands(state, seat));
    }
  });
});

describe("EMBER search bot: the decisions of the hit part, the cancellation and EW rolls (seed 000 1.2.1, 4, 5.2)", () => {
  /** The first state of a seeded match where `kind` is asked. */
  function asked(kind: string): { state: EmberState; seat: SeatId } | null {
    for (let i = 0; i < 10; i++) {
      let found: { state: EmberState; seat: SeatId } | null = null;
      autoplay(ember, setupFor(i), `decisions-${i}`, `bot-${i}`, {
        policy: emberBotPolicy,
        onCommand: (match) => {
          const pending = match.state.pending;
          if (!found && pending?.kind === kind) found = { state: match.state, seat: pending.seat };
        },
      });
      if (found) return found;
    }
    return null;
  }

  it("answers each from the asked seat's projection with one of its legal answers", () => {
    // The cancellation is asked when the outcomes differ (seed 000 1.2.1): the longbow's impact [eye] against one [evade].
    const white = [FACE.blank, FACE.blank, FACE.blank, FACE.blank].map((f) => die("white", f));
    const cancel = longbowAtSmelter([die("yellow", FACE.eye), die("yellow", FACE.blank), die("yellow", FACE.blank), die("red", FACE.heavy)], [...white, die("blue", FACE.evade)]);
    const cancelAsked = play(cancel, [["p2", DECLINE], ["p1", DECLINE]]).state;
    const moments = [asked("use_designation"), asked("ew_reroll"), { state: cancelAsked, seat: "p1" }];
    expect(moments.map((m) => m?.state.pending?.kind)).toEqual(["use_designation", "ew_reroll", "choose_cancellation"]);
    for (const [k, moment] of moments.entries()) {
      const { state, seat } = moment!;
      const choice = emberSearchBot(`decision-${k}`, SMALL).choose(ember.viewFor(state, seatViewer(seat)), seat);
      expect(ember.legalCommands(state, seat)).toContainEqual(choice);
    }
  });
});

describe("EMBER search bot: play against the random bot (4 seeded matches, two on each seat, default budget)", () => {
  const outcomes: { won: boolean; decisions: number; illegal: unknown[] }[] = [];
  beforeAll(() => {
    for (let i = 0; i < 4; i++) {
      const seat = i % 2 === 0 ? "p1" : "p2";
      const bot = emberSearchBot(`strength-${i}`);
      const random = new RandomBot<EmberCommand>(`random-${i}`, emberBotPolicy);
      const outcome = { won: false, decisions: 0, illegal: [] as unknown[] };
      const { match } = duel(ember, setupFor(Math.floor(i / 2)), `strength-${i}`, {
        [seat]: (view, s, legal) => {
          const command = bot.choose(view, s);
          outcome.decisions++;
          if (!legal.some((c) => JSON.stringify(c) === JSON.stringify(command))) outcome.illegal.push(command);
          return command;
        },
        [other(seat)]: (_view, _s, legal) => random.choose(legal),
      });
      outcome.won = ember.result(match.state)?.winner === seat;
      outcomes.push(outcome);
    }
  });

  it("only ever returns legal commands, on either seat", () => {
    expect(outcomes.map((o) => o.illegal)).toEqual([[], [], [], []]);
    for (const o of outcomes) expect(o.decisions).toBeGreaterThan(10);
  });

  it("wins every one of them", () => {
    expect(outcomes.map((o) => o.won)).toEqual([true, true, true, true]);
  });
});
