/**
 * The TRPG's bot (solo play's enemies): it decides from its seat's projection only, answers
 * decisions and plays the round-end step by fixed quick rules, and plays whole matches through
 * each seat's own view.
 */
import { duel, RandomBot, seatViewer } from "@fogwar/engine";
import { trpg, trpgBotPolicy, trpgSearchBot, type TrpgCommand } from "../src";
import { VERSUS_SETUP, position } from "./helpers";

const sq = (x: number, y: number) => ({ x, y });

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

  test("decisions and the round-end step are answered by its quick rules: it fires from overwatch and plays its unseen characters' delayed turns in one end_round", () => {
    let s = trpg.setup(VERSUS_SETUP, "bot-round").state;
    for (let i = 0; i < 10 && s.phase === "turn"; i++) {
      const r = trpg.apply(s, { type: "end_turn" }, trpg.awaiting(s)[0]!);
      if (!r.ok) throw new Error(r.error.code);
      s = r.state;
    }
    const bot = trpgSearchBot("bot-round");
    const view = trpg.viewFor(s, seatViewer("e1"));
    expect(bot.quick(view)).toBe(true);
    const command = bot.choose(view, "e1")!;
    expect(command.type).toBe("end_round");
    expect(trpg.apply(s, command, "e1").ok).toBe(true);
  });

  test("solo: the bot plays the enemies through their own view to the end of two matches against a random party", () => {
    for (const seed of ["solo-1", "solo-2"]) {
      const bot = trpgSearchBot(`${seed}:bot`);
      const party = new RandomBot<TrpgCommand>(`${seed}:party`, trpgBotPolicy);
      const { match } = duel(trpg, VERSUS_SETUP, seed, {
        p1: (_view, _seat, legal) => party.choose(legal),
        e1: (view, seat) => bot.choose(view, seat),
      });
      expect(match.state.result).not.toBeNull();
    }
  });
});
