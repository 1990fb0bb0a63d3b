/**
 * Seed 004 "기울이기" 중요 (leaning: sight from the model, protection from the stand, the stand
 * does not block sight, leaning counts as a one-space move) and 잊기 쉬운 규칙 (a leaning operator
 * may take double explosive damage); seed 004 "드론" and "카메라" details.
 */
import { board, droneReach, query, type SiegeState } from "../../src";
import { ready, run, tryApply } from "../helpers";
import { QUIET } from "./move.test";

/** Keel revealed at 10,2 watching west; Lantern enters the smokehouse at 8,1 (Keel may react: it holds). */
function leaning(seed = "lean"): SiegeState {
  let s = ready({ seed, tokens: { ...QUIET, keel: [["10,2", { facing: "W" }], ["3,8", { facing: "W" }]] }, wire: "6,8", attack: { lantern: ["8,0", null] } });
  s = run(s, [["a1", { type: "activate", operator: "lantern" }], ["a1", { type: "step", operator: "lantern", to: "8,1" }]]);
  expect(s.operators.keel).toMatchObject({ hidden: false, at: "10,2" });
  expect(s.pending).toMatchObject({ kind: "reaction", watchers: ["keel"] });
  return run(s, [["d1", { type: "hold" }]]);
}

describe("seed 004 기울이기 중요: leaning operators", () => {
  test("seed 004 기울이기 중요: leaning counts as moving one space, so a watcher may react to it", () => {
    const s = run(leaning(), [["a1", { type: "lean", operator: "lantern", to: "8,2" }]]);
    expect(s.operators.lantern).toMatchObject({ at: "8,2", stand: "8,1" });
    expect(s.pending).toMatchObject({ kind: "reaction", team: "defence", target: "lantern", watchers: ["keel"] });
  });

  test("seed 004 기울이기 중요: protection is measured to the stand (no cover at 8,1) and not to the model (the obstacle at 9,2 would cover 8,2)", () => {
    const s = run(leaning(), [["a1", { type: "lean", operator: "lantern", to: "8,2" }], ["d1", { type: "hold" }]]);
    expect(board.protection(s, "10,2", "8,2", "lantern")).toBe(2);
    expect(board.protection(s, "10,2", "8,1", "lantern")).toBe(0);
    expect(query.shotAt(s, s.operators.keel!, s.operators.lantern!)).toEqual({ distance: 2, protection: 0 });
  });

  test("seed 004 기울이기: the leaning stand does not block sight, the model does", () => {
    const s = run(leaning(), [["a1", { type: "lean", operator: "lantern", to: "8,2" }], ["d1", { type: "hold" }]]);
    expect(board.lineOfSight(s, "8,0", "8,2")).toBe(true);
    expect(board.lineOfSight(s, "8,1", "8,3")).toBe(false);
  });

  test("seed 004 잊기 쉬운 규칙: a leaning operator caught by an explosive on its stand and its model is hit in both spaces (C4: two dice, then one)", () => {
    let survived = 0;
    for (let i = 0; i < 12; i++) {
      let s = run(leaning(`lean-${i}`), [["a1", { type: "lean", operator: "lantern", to: "8,2" }], ["d1", { type: "hold" }]]);
      s = run(s, [["a1", { type: "end_activation", operator: "lantern" }], ["a1", { type: "end_phase" }], ["d1", { type: "activate", operator: "keel" }]]);
      const r = tryApply(s, "d1", { type: "gadget", operator: "keel", gadget: "c4", at: "8,1" });
      if (!r.ok) throw new Error(r.error.code);
      const hits = r.events.map((e) => e.event).filter((e) => e.type === "shot" && e.target === "lantern") as unknown as { dice: { colour: string }[]; damage: number }[];
      // Lantern has health 3: a first hit of 3 or more kills it before the second.
      if (hits[0]!.damage >= 3) expect(hits.map((h) => h.dice.length)).toEqual([2]);
      else {
        survived++;
        expect(hits.map((h) => h.dice.length)).toEqual([2, 1]);
      }
    }
    expect(survived).toBeGreaterThan(0);
  });
});

describe("seed 004 드론 and 카메라: details", () => {
  test("seed 004 철조망: a drone cannot enter barbed wire", () => {
    let s = ready({ tokens: QUIET, wire: "7,2", attack: { lantern: ["8,0", null] } });
    expect(droneReach(s, "8,1").has("7,2")).toBe(false);
    expect(droneReach(s, "8,1").has("7,1")).toBe(true);
    s = run(s, [["a1", { type: "activate", operator: "lantern" }]]);
    const r = tryApply(s, "a1", { type: "gadget", operator: "lantern", gadget: "drone", at: "8,1", aim: "7,2" });
    expect(r).toMatchObject({ ok: false, error: { code: "no_movement" } });
  });

  test("seed 004 카메라: smoke does not stop a camera: an attacker entering a smoked room is still pinged", () => {
    let s = ready({ tokens: QUIET, wire: "6,8", attack: { lantern: ["8,0", null] } });
    s = run(s, [["a1", { type: "activate", operator: "lantern" }], ["a1", { type: "gadget", operator: "lantern", gadget: "smoke_grenade", at: "8,2" }]]);
    expect(s.overlays).toEqual([["7,1", "8,1", "7,2", "8,2"]]);
    s = run(s, [["a1", { type: "step", operator: "lantern", to: "8,1" }]]);
    expect(s.operators.lantern!.redPing).toBe(true);
  });
});
