/**
 * The TRPG's random streams (docs/rules/trpg.md "Random streams"): each character rolls from two
 * streams of the match seed, `dice:<who>` for dice every viewer is always shown and
 * `hidden:<who>` for dice that may reach one side only or decide a hidden value. No public die
 * shares a stream with a hidden one.
 */
import { GM_SETUP, GONE, VERSUS_SETUP, eventsOf, ofType, playout, position, withDice } from "./helpers";

const sq = (x: number, y: number) => ({ x, y });
const open = () => position(VERSUS_SETUP, { turn: "vale", at: { vale: sq(0, 0), "raider-1": sq(5, 0), reed: sq(0, 9) }, with: { lookout: GONE } });
const behindCover = () => position(VERSUS_SETUP, { turn: "reed", at: { reed: sq(4, 5), "raider-1": sq(9, 5), vale: sq(0, 0) }, with: { lookout: GONE } });

describe("TRPG random streams", () => {
  test("an attack and its penetration are public dice: drawn from the attacker's dice stream, its hidden stream untouched", () => {
    const rigged = withDice(withDice(open(), "dice:vale", [3, 3]), "hidden:vale", [1, 1]);
    const { state, events } = eventsOf(rigged, "p1", { type: "shoot", targets: ["raider-1"], burst: false, called: false });
    expect(ofType(events, "attack")[0]!.die).toBe(3);
    expect(ofType(events, "penetration")[0]!.die).toBe(3);
    expect(state.server.rng["dice:vale"]!.drawn).toBe(rigged.server.rng["dice:vale"]!.drawn + 2);
    expect(state.server.rng["hidden:vale"]).toEqual(rigged.server.rng["hidden:vale"]);
  });

  test("a concealment roll decides a hidden value: drawn from the character's hidden stream, its dice stream untouched", () => {
    const rigged = withDice(withDice(behindCover(), "hidden:reed", [3]), "dice:reed", [1]);
    const { state, events } = eventsOf(rigged, "p1", { type: "conceal" });
    expect(ofType(events, "concealed")[0]).toMatchObject({ success: true, die: 3, value: 5 });
    expect(state.server.rng["dice:reed"]).toEqual(rigged.server.rng["dice:reed"]);
    expect(state.server.rng["hidden:reed"]!.drawn).toBeGreaterThan(rigged.server.rng["hidden:reed"]!.drawn);
  });

  test("over whole bot matches (versus and game master), every stream is a character's dice or hidden stream", () => {
    for (const [i, setup] of [VERSUS_SETUP, GM_SETUP].entries()) {
      const match = playout(`streams-${i}`, `streams-bot-${i}`, setup);
      const labels = Object.keys(match.state.server.rng);
      expect(labels.some((l) => l.startsWith("dice:"))).toBe(true);
      expect(labels.some((l) => l.startsWith("hidden:"))).toBe(true);
      for (const label of labels) expect(label).toMatch(/^(dice|hidden):[a-z0-9>-]+$/);
    }
  });
});
