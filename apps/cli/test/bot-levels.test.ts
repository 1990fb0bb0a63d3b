/**
 * The bot levels are levels. The TRPG's levels are budgets of the same search (docs/rules/trpg.md
 * "The bot's levels"): on the same views a higher level does at least the work of a lower one.
 * Age of Sigmar's hard bot judges more positions than the normal bot
 * on the very same views (more move lengths and more fractions of the way toward each goal, for
 * moves, runs and charges), from its seat's projection only; `pnpm bench`
 * (bench/levels.bench.ts) measures what that buys in wins, per level of every ruleset, over many
 * seeded matches: a few matches are too few to tell levels apart, so the win rates are the
 * bench's figures, not this test's.
 */
import { duel, type SeatId } from "@fogwar/engine";
import { POSITION_BUDGET, heuristicChoice, heuristicDecision, sigmar, type SigmarView } from "@fogwar/sigmar";
import { trpg, trpgSearchBot, type TrpgSetup, type TrpgView } from "@fogwar/trpg";
import { encounter } from "@fogwar/trpg/encounters";
import { trpgHost } from "@fogwar/server/hosts";
import { wilson } from "../src/levels";

test("Age of Sigmar: on every decision of a seeded battle the hard bot judges at least the positions the normal bot does, and more over the battle", () => {
  let normal = 0;
  let hard = 0;
  let decisions = 0;
  const players: Record<SeatId, (view: unknown) => { type: string } | null> = {};
  for (const seat of ["p1", "p2"]) {
    players[seat] = (view) => {
      const v = view as SigmarView;
      if (seat === "p2") {
        const n = heuristicDecision(v, seat, POSITION_BUDGET).judged;
        const h = heuristicDecision(v, seat, 4 * POSITION_BUDGET).judged;
        expect(h).toBeGreaterThanOrEqual(n);
        normal += n;
        hard += h;
        decisions++;
      }
      return heuristicChoice(v, seat) as { type: string } | null;
    };
  }
  duel(sigmar as never, { seats: ["p1", "p2"] }, "levels-guard", players, { maxCommands: 4_000 });
  expect(decisions).toBeGreaterThan(20);
  expect(hard).toBeGreaterThan(normal * 1.5);
});

test("TRPG: on every searched decision of the enemies' seat in seeded matches of the three encounters, the hard level's search does at least the work of normal, and normal of easy, and hard more over the matches", () => {
  const budgets = trpgHost.bot!.budgets;
  const work = { easy: 0, normal: 0, hard: 0 };
  let decisions = 0;
  for (const scenario of ["proving_ground", "quarry", "pumphouse"]) {
    const setup: TrpgSetup = { scenario, mode: "versus", enemies: encounter(scenario), seats: { party: ["p1"], enemies: ["e1"] } };
    const party = trpgSearchBot("levels-guard-party");
    const players: Record<SeatId, (view: unknown) => { type: string } | null> = {
      p1: (view) => party.choose(view as TrpgView, "p1"),
      e1: (view) => {
        const v = view as TrpgView;
        // The same view (the enemies' projection) searched at each level by a fresh bot.
        const used = (level: "easy" | "normal" | "hard") => {
          const bot = trpgSearchBot("levels-guard", budgets[level]);
          bot.choose(v, "e1");
          return bot.stats.nodes;
        };
        const [e, n, h] = [used("easy"), used("normal"), used("hard")];
        expect(n).toBeGreaterThanOrEqual(e);
        expect(h).toBeGreaterThanOrEqual(n);
        work.easy += e;
        work.normal += n;
        work.hard += h;
        if (h > 0) decisions++;
        return trpgSearchBot("levels-guard", budgets.normal).choose(v, "e1");
      },
    };
    duel(trpg as never, setup, `levels-guard-${scenario}`, players, { maxCommands: 4_000 });
  }
  expect(decisions).toBeGreaterThan(30);
  expect(work.normal).toBeGreaterThan(work.easy * 1.5);
  expect(work.hard).toBeGreaterThan(work.normal * 1.3);
});

test("the bench's 95% interval (Wilson) holds its proportion and stays within 0-100%", () => {
  const [lo, hi] = wilson(10, 24);
  expect(lo).toBeLessThan(10 / 24);
  expect(hi).toBeGreaterThan(10 / 24);
  expect(lo).toBeCloseTo(0.245, 2);
  expect(hi).toBeCloseTo(0.612, 2);
  expect(wilson(0, 12)[0]).toBe(0);
  expect(wilson(12, 12)[1]).toBe(1);
});
