/**
 * Odds before the roll (src/odds.ts): the target numbers, modifiers with their sources, each step's
 * chance and the expected damage, from a seat's own projection. Worked by hand for fixed
 * characteristics (project core rule C7; seed 003 20 Anti-X, Charge, crits; 25 guarded hero; 26
 * random characteristics), and checked against the rules themselves: the mean damage the real
 * attack sequence deals over many seeds.
 */
import { seatViewer } from "@fogwar/engine";
import { attackOdds, awaiting, legalCommands, outcomes, sigmar, type SigmarState } from "../src";
import { battle, ok, ofType, reseed } from "./helpers";

const view = (s: SigmarState, seat = "p1") => sigmar.viewFor(s, seatViewer(seat));

/** The mean damage the rules deal when `unit` fights `target`, over `n` seeds (the combat phase entered from the charge phase). */
function meanFight(s: SigmarState, unit: string, target: string, n = 1500): number {
  let combat = ok({ ...s, step: "charge", active: "p1" }, "p1", { type: "end_phase" }).state;
  // A unit that fights first (the target's strike-first) passes, so `unit` fights.
  while (awaiting(combat)[0] === "p2") combat = ok(combat, "p2", legalCommands(combat, "p2").find((c) => c.type === "pass_fight")!).state;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const { events } = ok(reseed(combat, `odds-${i}`), "p1", { type: "fight", unit, target });
    total += ofType(events, "attacks").flatMap((e) => e.reports).reduce((m, r) => m + r.dealt, 0);
  }
  return total / n;
}

describe("odds before the roll", () => {
  test("seed 003 26 random characteristics: D3, D6, 2D6 and D3+1 outcomes and their chances", () => {
    expect(outcomes(3)).toEqual([[3, 1]]);
    const mean = (v: string) => outcomes(v).reduce((n, [x, p]) => n + x * p, 0);
    expect(mean("D3")).toBeCloseTo(2);
    expect(mean("D6")).toBeCloseTo(3.5);
    expect(mean("2D6")).toBeCloseTo(7);
    expect(mean("D3+1")).toBeCloseTo(3);
    expect(outcomes("2D6").reduce((n, [, p]) => n + p, 0)).toBeCloseTo(1);
  });

  test("core C7 and seed 003 20 Anti-X, worked by hand: the Thorn glaive (4 attacks, 3+, 3+, Rend 1, Damage 2, Anti-MONSTER) against a monster with Save 4+", () => {
    const s = battle([
      { id: "warden", owner: "p1", warscroll: "thornwarden", at: [10, 10] },
      { id: "tyrant", owner: "p2", warscroll: "pyre_tyrant", at: [10, 12.4] },
    ]);
    const odds = attackOdds(view(s), "warden", "tyrant", "fight")!;
    const glaive = odds.weapons.find((w) => w.weapon === "thorn_glaive")!;
    expect(glaive.models).toBe(1);
    expect(glaive.attacks).toBe(4);
    expect(glaive.hit).toMatchObject({ need: 3, total: 0 });
    expect(glaive.hit.chance).toBeCloseTo(4 / 6);
    expect(glaive.wound.chance).toBeCloseTo(4 / 6);
    // Rend 1 and Anti-MONSTER +1: each with its source.
    expect(glaive.rend).toBe(2);
    expect(glaive.rendMods).toEqual([
      { source: "thorn_glaive", value: 1 },
      { source: "anti:monster", value: 1 },
    ]);
    // Save 4+ at Rend 2: only a 6 saves.
    expect(glaive.save.need).toBe(4);
    expect(glaive.save.chance).toBeCloseTo(1 / 6);
    expect(glaive.ward).toBeNull();
    expect(glaive.expected).toBeCloseTo(4 * (4 / 6) * (4 / 6) * (5 / 6) * 2);
    expect(odds.expected).toBeCloseTo(glaive.expected);
  });

  test("seed 003 25 guarded hero: shooting at a guarded hero shows -1 to hit with its source", () => {
    const s = battle([
      { id: "archers", owner: "p1", warscroll: "moss_archers", at: [10, 10] },
      { id: "herald", owner: "p2", warscroll: "covenant_herald", at: [10, 18] },
      { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [10, 20] },
    ], { step: "shooting" });
    const bow = attackOdds(view(s), "archers", "herald", "shoot")!.weapons.find((w) => w.weapon === "reed_bow")!;
    expect(bow.hit.mods).toEqual([{ source: "guarded_hero", value: -1 }]);
    expect(bow.hit.total).toBe(-1);
    // 4+ at -1: only a 5 hits besides the critical 6.
    expect(bow.hit.chance).toBeCloseTo(2 / 6);
  });

  test("core C7 with seed 003 20 Charge and Crit (Auto-wound): the expected damage is the mean the rules deal", () => {
    const s = battle([
      { id: "elk", owner: "p1", warscroll: "elk_riders", at: [10, 10] },
      { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [10, 12.6] },
    ]);
    s.units.elk!.did.charged = true;
    const odds = attackOdds(view(s), "elk", "zeal", "fight")!;
    expect(odds.weapons.find((w) => w.weapon === "antler_lance")!.damage).toBe(2);
    expect(meanFight(s, "elk", "zeal")).toBeCloseTo(odds.expected, 0);
  });

  test("seed 003 20 Crit (Mortal) and seed 003 26 random Attacks and Damage: the expected damage is the mean the rules deal", () => {
    const s = battle([
      { id: "bark", owner: "p1", warscroll: "barkback", at: [10, 10] },
      { id: "herald", owner: "p2", warscroll: "covenant_herald", at: [10, 12.6] },
    ]);
    const odds = attackOdds(view(s), "bark", "herald", "fight")!;
    const boughs = odds.weapons.find((w) => w.weapon === "crushing_boughs")!;
    expect(boughs.crit).toBe("mortal");
    expect(boughs.attacks).toBeCloseTo(3.5);
    expect(boughs.damage).toBeCloseTo(2);
    const mean = meanFight(s, "bark", "herald");
    expect(Math.abs(mean - odds.expected)).toBeLessThan(0.1 * odds.expected + 0.1);
  });

  test("secrets: the odds read the seat's own projection only, and equal the odds from the whole state's units", () => {
    const s = battle([
      { id: "warden", owner: "p1", warscroll: "thornwarden", at: [10, 10] },
      { id: "tyrant", owner: "p2", warscroll: "pyre_tyrant", at: [10, 12.4] },
      { id: "hidden", owner: "p2", warscroll: "ash_hounds", where: "reserve" },
    ]);
    const mine = view(s);
    expect(mine.units.hidden).toBeUndefined();
    expect(attackOdds(mine, "warden", "tyrant", "fight")).toEqual(attackOdds(view(s, "p2"), "warden", "tyrant", "fight"));
    expect(attackOdds(mine, "warden", "hidden", "fight")).toBeNull();
  });
});
