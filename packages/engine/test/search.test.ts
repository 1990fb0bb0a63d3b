/**
 * The engine's search bot on a toy ruleset of open information ("race to ten": seats take turns
 * adding 1 or 2 to a count; whoever brings it to 10 wins): it finds the winning move, decides the
 * same way from the same view and seed, and `duel` plays it through views.
 */
import { duel, RandomBot, resultScore, SearchBot, type MatchResult, type Ruleset, type SeatId } from "../src";

interface Race {
  count: number;
  turn: SeatId;
  result: MatchResult | null;
}
type Add = { type: "add"; n: 1 | 2 };

const race: Ruleset<null, Race, Add, never, Race> = {
  id: "race",
  rulesVersion: "1",
  seatsOf: () => ["a", "b"],
  setup: () => ({ state: { count: 0, turn: "a", result: null }, events: [] }),
  awaiting: (s) => (s.result ? [] : [s.turn]),
  pending: () => null,
  legalCommands: (s, seat) => (s.result || seat !== s.turn ? [] : ([1, 2] as const).filter((n) => s.count + n <= 10).map((n) => ({ type: "add", n }))),
  legalCommandsInView: (v, seat) => race.legalCommands(v, seat),
  apply(s, c, seat) {
    if (seat !== s.turn || s.result || s.count + c.n > 10) return { ok: false, error: { code: "not_your_turn", message: "no", rule: "race" } };
    const count = s.count + c.n;
    const other = seat === "a" ? "b" : "a";
    const result = count === 10 ? { winner: seat, reason: "ten", scores: { [seat]: 1, [other]: 0 } } : null;
    return { ok: true, state: { count, turn: other, result }, events: [] };
  },
  viewFor: (s) => structuredClone(s),
  redact: () => null,
  result: (s) => s.result,
};
const adapter = { determinize: (v: Race) => structuredClone(v), evaluate: () => 0 };
const bot = (seed: string) => new SearchBot(race, adapter, seed, { simulations: 400, depth: 12 });

describe("SearchBot", () => {
  it("finds the move that leaves the opponent a losing count (10 - count a multiple of 3)", () => {
    expect(bot("s").choose({ count: 6, turn: "a", result: null }, "a")).toEqual({ type: "add", n: 1 });
    expect(bot("s").choose({ count: 5, turn: "a", result: null }, "a")).toEqual({ type: "add", n: 2 });
    expect(bot("s").choose({ count: 8, turn: "a", result: null }, "a")).toEqual({ type: "add", n: 2 });
  });

  it("decides the same from the same view and seed, and returns null with nothing to do", () => {
    const view = { count: 3, turn: "a", result: null };
    expect(bot("x").choose(view, "a")).toEqual(bot("x").choose(structuredClone(view), "a"));
    expect(bot("x").choose(view, "b")).toBeNull();
  });

  it("refuses a ruleset that cannot list commands from a view", () => {
    const { legalCommandsInView: _gone, ...blind } = race;
    expect(() => new SearchBot(blind, adapter, "s")).toThrow(/cannot list commands from a view/);
  });

  it("beats the random bot from either seat through duel, and scores results per seat", () => {
    for (const [i, seat] of (["a", "b"] as const).entries()) {
      const search = bot(`duel-${i}`);
      const random = new RandomBot<Add>(`random-${i}`);
      const other = seat === "a" ? "b" : "a";
      const { match, thinkMs } = duel(race, null, "seed", { [seat]: (v, s) => search.choose(v, s), [other]: (_v, _s, legal) => random.choose(legal) });
      expect(race.result(match.state)?.winner).toBe(seat);
      expect(thinkMs[seat]?.every((ms) => ms === 0)).toBe(true);
    }
    expect(resultScore({ winner: "a" }, "a")).toBe(1);
    expect(resultScore({ winner: "a", winners: ["a", "c"] }, "c")).toBe(1);
    expect(resultScore({ winner: "a" }, "b")).toBe(-1);
    expect(resultScore({ winner: null }, "b")).toBe(0);
  });
});
