/**
 * The TRPG's bot (solo play's enemies): it decides from its seat's projection only, searches every
 * turn's plans by the exact odds of the dice, plays the round-end step's delayed turns in one
 * end_round, answers decisions by quick rules, and bounds every decision's work by a budget
 * counted in units, not time (docs/rules/trpg.md "Presence", Time).
 */
import { duel, RandomBot, seatViewer, type SeatId } from "@fogwar/engine";
import { trpg, trpgBotPolicy, trpgSearchBot, TRPG_SEARCH_BUDGET, type TrpgCommand, type TrpgSetup, type TrpgState } from "../src";
import { encounter } from "../src/encounters";
import { blow } from "../src/tactics/odds";
import { OVERSHOOT } from "../src/tactics/reach";
import { riskyFrom } from "../src/tactics/round-end";
import { SEEN, VERSUS_SETUP, position, run } from "./helpers";

const sq = (x: number, y: number) => ({ x, y });
const versus = (scenario: string): TrpgSetup => ({ scenario, mode: "versus", enemies: encounter(scenario), seats: { party: ["p1"], enemies: ["e1"] } });

/** Plays `setup` to the end: the bot on `seat`, the random bot on the other; `onDecision` sees each of the bot's decisions and the work it counted. */
function botMatch(setup: TrpgSetup, seed: string, seat: SeatId, units?: number, onDecision?: (view: ReturnType<typeof trpg.viewFor>, used: number, command: TrpgCommand | null) => void) {
  const bot = trpgSearchBot(`${seed}:bot`, units === undefined ? undefined : { simulations: units });
  const random = new RandomBot<TrpgCommand>(`${seed}:random`, trpgBotPolicy);
  const other = seat === "e1" ? "p1" : "e1";
  return duel(trpg, setup, seed, {
    [seat]: (view, me) => {
      const before = bot.stats.nodes;
      const command = bot.choose(view, me);
      onDecision?.(view, bot.stats.nodes - before, command);
      return command;
    },
    [other]: (_view, _seat, legal) => random.choose(legal),
  }).match;
}

describe("TRPG search bot", () => {
  test("it decides from its seat's view alone: where a concealed party character really is changes nothing it does", () => {
    const base = position(VERSUS_SETUP, { turn: "raider-1", at: { vale: sq(0, 0), reed: sq(2, 9), "raider-1": sq(9, 2) }, with: { vale: { concealed: true, concealment: { value: 6, shots: 0 }, lastSeen: sq(0, 0) } } });
    const moved = structuredClone(base);
    moved.characters.vale!.at = sq(1, 1);
    const a = trpgSearchBot("bot-view").choose(trpg.viewFor(base, seatViewer("e1")), "e1");
    const b = trpgSearchBot("bot-view").choose(trpg.viewFor(moved, seatViewer("e1")), "e1");
    expect(a).not.toBeNull();
    expect(b).toEqual(a);
  });

  test("a decision is a pure function of the view and the budget: the same view gives the same command, to the same bot and to another", () => {
    const s = position(VERSUS_SETUP, { turn: "raider-1", at: { vale: sq(2, 8), reed: sq(4, 8), "raider-1": sq(8, 3) } });
    const view = trpg.viewFor(s, seatViewer("e1"));
    const bot = trpgSearchBot("one");
    const first = bot.choose(view, "e1");
    expect(bot.choose(view, "e1")).toEqual(first);
    expect(trpgSearchBot("another").choose(structuredClone(view), "e1")).toEqual(first);
  });

  test("seed 002 3-4: the odds it plans with are the rules' own: an aimed shot's wound chance matches the frequency over 900 seeded shots (in the open; behind half cover; at a target that dodges)", () => {
    const cases: { name: string; shooter: string; target: string; at: Record<string, { x: number; y: number }>; answer?: string }[] = [
      { name: "Vale at the raider in the open", shooter: "vale", target: "raider-1", at: { vale: sq(3, 4), "raider-1": sq(8, 4), reed: sq(0, 9), lookout: sq(11, 9) } },
      { name: "the lookout at Reed behind half cover", shooter: "lookout", target: "reed", at: { lookout: sq(6, 2), reed: sq(1, 2), vale: sq(0, 9), "raider-1": sq(11, 9) } },
      { name: "the lookout at Vale, who dodges", shooter: "lookout", target: "vale", at: { lookout: sq(8, 4), vale: sq(3, 4), reed: sq(0, 9), "raider-1": sq(11, 9) }, answer: "dodge" },
    ];
    for (const c of cases) {
      const start = position(VERSUS_SETUP, { turn: c.shooter, at: c.at, with: { lookout: SEEN } });
      const predicted = blow(start, start.characters[c.shooter]!, start.characters[c.target]!, start.characters[c.shooter]!.weapon!, "aimed", false);
      let wounded = 0;
      const n = 900;
      for (let i = 0; i < n; i++) {
        let s: TrpgState = { ...start, server: { seed: `odds-${c.name}-${i}`, rng: {}, seenAs: {} } };
        s = run(s, [[c.shooter === "vale" ? "p1" : "e1", { type: "shoot", targets: [c.target], burst: false, called: false }]]);
        if (s.pending?.kind === "dodge") s = run(s, [[s.pending.seat, { type: "decide", choice: c.answer ?? "take" }]]);
        if (s.characters[c.target]!.wounds < start.characters[c.target]!.wounds) wounded++;
      }
      const sd = Math.sqrt((predicted.p * (1 - predicted.p)) / n);
      expect({ case: c.name, off: Math.abs(wounded / n - predicted.p) <= 3 * sd + 0.005 }).toEqual({ case: c.name, off: true });
    }
  });

  test("it finishes the last enemy it knows of: the party's bot, with the raider at 1 W in line, shoots at it this turn", () => {
    const s = position(VERSUS_SETUP, { turn: "vale", at: { vale: sq(2, 4), reed: sq(0, 9), "raider-1": sq(9, 4), lookout: sq(11, 0) }, with: { "raider-1": { wounds: 1 } } });
    const bot = trpgSearchBot("finish");
    let state = s;
    const played: TrpgCommand[] = [];
    while (state.turn?.actor === "vale" && played.length < 10) {
      const command = bot.choose(trpg.viewFor(state, seatViewer("p1")), "p1")!;
      played.push(command);
      state = run(state, [["p1", command]]);
      if (state.pending) state = run(state, [[state.pending.seat, bot.choose(trpg.viewFor(state, seatViewer(state.pending.seat)), state.pending.seat) ?? { type: "decide", choice: state.pending.options[0]! }]]);
    }
    expect(played.some((c) => c.type === "shoot" && c.targets.includes("raider-1"))).toBe(true);
  });

  test("decisions are answered by its quick rules; the round-end step's delayed turns are searched and go out in one end_round the rules accept", () => {
    let s = trpg.setup(VERSUS_SETUP, "bot-round").state;
    for (let i = 0; i < 10 && s.phase === "turn"; i++) s = run(s, [[trpg.awaiting(s)[0]!, { type: "end_turn" }]]);
    const bot = trpgSearchBot("bot-round");
    const view = trpg.viewFor(s, seatViewer("e1"));
    expect(view.phase).toBe("round_end");
    expect(view.deferred).toContain("lookout");
    expect(bot.quick(view)).toBe(false);
    const command = bot.choose(view, "e1")!;
    expect(command.type).toBe("end_round");
    expect(command.type === "end_round" && command.turns?.[0]?.actor).toBe("lookout");
    expect(trpg.apply(s, command, "e1").ok).toBe(true);
    // A pending decision of the bot's seat, met in a match against the random party.
    let answered = 0;
    botMatch(VERSUS_SETUP, "bot-decide", "e1", undefined, (v, used, c) => {
      if (!v.pending) return;
      answered++;
      expect(bot.quick(v)).toBe(true);
      expect(used).toBe(0);
      expect(c?.type).toBe("decide");
    });
    expect(answered).toBeGreaterThan(0);
  });

  test("a delayed turn sent whole keeps a command the dice may make impossible only at its end (seed 002 3-2: later commands are checked as they come)", () => {
    const shoot = (t: string): TrpgCommand & { type: "shoot" } => ({ type: "shoot", targets: [t], burst: false, called: false });
    expect(riskyFrom([{ type: "melee", target: "vale", called: false }, { type: "melee", target: "vale", called: false }], false)).toBe(1);
    expect(riskyFrom([{ type: "step", to: sq(1, 1) }, shoot("vale"), { type: "conceal" }], true)).toBe(2);
    expect(riskyFrom([{ type: "move", to: sq(1, 1) }, shoot("vale"), { type: "conceal" }], true)).toBe(3);
    expect(riskyFrom([shoot("vale"), { type: "move", to: sq(1, 1) }], true)).toBe(2);
  });

  test("solo: the bot plays the enemies through their own view to the end of two matches against a random party", () => {
    for (const seed of ["solo-1", "solo-2"]) expect(botMatch(VERSUS_SETUP, seed, "e1").state.result).not.toBeNull();
  });

  test("every decision's work stays within its budget, counted in units (not time): over matches on both sides of the three scenarios, a search counts at most its limit and the bounded overshoot, and a small budget is reached and still gives legal commands", () => {
    const limit = 300;
    let most = 0;
    let reached = 0;
    let decisions = 0;
    for (const scenario of ["proving_ground", "quarry", "pumphouse"]) {
      for (const seat of ["e1", "p1"] as const) {
        const match = botMatch(versus(scenario), `budget-${scenario}-${seat}`, seat, limit, (_v, used) => {
          decisions++;
          most = Math.max(most, used);
          if (used >= limit) reached++;
        });
        expect(match.state.result).not.toBeNull();
      }
    }
    expect(decisions).toBeGreaterThan(100);
    expect(reached).toBeGreaterThan(decisions / 4);
    expect(most).toBeLessThanOrEqual(limit + OVERSHOOT);
  });

  test("the budget bounds the work whatever the view holds: with the default budget no decision in matches with concealed and unseen characters counts past it and the overshoot", () => {
    let most = 0;
    for (const [scenario, seat] of [["quarry", "e1"], ["pumphouse", "e1"], ["quarry", "p1"]] as const) {
      botMatch(versus(scenario), `default-${scenario}-${seat}`, seat, undefined, (_v, used) => (most = Math.max(most, used)));
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(TRPG_SEARCH_BUDGET.simulations! + OVERSHOOT);
  });
});
