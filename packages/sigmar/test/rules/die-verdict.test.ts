/**
 * The per-die verdict of the attack sequence (project core rule C7, seed 003 20), exported for
 * anyone who shows the dice (`rollPasses`, `savePasses`, `reportedMod`, `dieVerdict`) and used by
 * the rules' own attacks: worked examples, then agreement with the counts the attacks report.
 */
import { dieVerdict, reportedMod, rollPasses, savePasses, type AttackReport, type SigmarState } from "../../src";
import { battle, ofType, ok, reseed } from "../helpers";

test("core C7: a hit or wound die passes on an unmodified 6 and fails on an unmodified 1 whatever the modifiers, else roll + modifier reaches the need", () => {
  expect(rollPasses(6, 7, -1)).toBe(true);
  expect(rollPasses(1, 2, 1)).toBe(false);
  expect(rollPasses(3, 4, 1)).toBe(true);
  expect(rollPasses(3, 4, 0)).toBe(false);
  expect(rollPasses(4, 4, -1)).toBe(false);
});

test("core C7: a save die fails on an unmodified 1, else roll + modifier - Rend reaches the save", () => {
  expect(savePasses(1, 2, 1, 0)).toBe(false);
  expect(savePasses(4, 4, 0, 1)).toBe(false);
  expect(savePasses(4, 4, 1, 1)).toBe(true);
  expect(savePasses(6, 4, 0, 2)).toBe(true);
});

test("catalog modifierCaps: a reported stage's modifiers are capped at ±1 for hit and wound rolls, upward only for saves", () => {
  const mods = (...values: number[]) => ({ mods: values.map((value) => ({ source: "x", value })) });
  expect(reportedMod(mods(1, 1), "hit")).toBe(1);
  expect(reportedMod(mods(-1, -1), "wound")).toBe(-1);
  expect(reportedMod(mods(-1, -1), "save")).toBe(-2);
  expect(reportedMod(mods(1, 1), "save")).toBe(1);
  expect(reportedMod(mods(), "hit")).toBe(0);
});

test("seed 003 20, 25: over many shootings at a guarded hero (hit -1) the verdicts count what the attacks counted", () => {
  const s: SigmarState = battle(
    [
      { id: "herald", owner: "p2", warscroll: "covenant_herald", at: [20, 20] },
      { id: "zeal", owner: "p2", warscroll: "cinder_zealots", at: [20, 22.5] },
      { id: "archers", owner: "p1", warscroll: "moss_archers", at: [20, 12] },
    ],
    { step: "shooting", active: "p1" },
  );
  let dice = 0;
  for (let i = 0; i < 40; i++) {
    const reports: AttackReport[] = ofType(ok(reseed(s, `verdict-${i}`), "p1", { type: "shoot", unit: "archers", target: "herald" }).events, "attacks").flatMap((e) => [...e.reports]);
    for (const r of reports) {
      const passes = (k: "hit" | "wound" | "save") => r[k].rolls.filter(dieVerdict(r, k)).length;
      // A 6 to hit always passes; its critical ability may make it more than one hit.
      if (r.crit === null) expect(passes("hit")).toBe(r.hit.passed);
      expect(passes("wound")).toBe(r.wound.passed - r.wound.auto);
      expect(passes("save")).toBe(r.save.passed);
      dice += r.hit.rolls.length + r.wound.rolls.length + r.save.rolls.length;
    }
  }
  expect(dice).toBeGreaterThan(50);
});
