/**
 * Odds before a shot (seed 004 "사격", "능력", "보호", "스턴"): the pure helper `shotOdds` agrees
 * with what the rules roll, and reads only the viewer's own projection.
 */
import { catalog, siege, viewFor, shotOdds, sumDistribution } from "../src";
import { QUIET, ready, run } from "./helpers";
import { seatViewer } from "@fogwar/engine";

/** Keel (shield, health 5) revealed at 8,1 behind the open smokehouse window; `shooter` outside at 8,0. */
const facing = (shooter: string) =>
  ready({ seed: "odds", tokens: { ...QUIET, keel: [["8,1", { facing: "N" }], ["3,8", { facing: "W" }]] }, wire: "6,8", attack: { [shooter]: ["8,0", null], ...(shooter === "lantern" ? {} : { lantern: ["9,9", null] }) } });

describe("seed 004 사격: odds before a shot", () => {
  test("sumDistribution: one die is its six faces at 1/6 each (dice.json), two dice convolve", () => {
    const one = sumDistribution(["yellow"]);
    const faces = catalog.data.dice.yellow;
    for (let v = 0; v < one.length; v++) expect(one[v]).toBeCloseTo(faces.filter((f) => f === v).length / 6, 10);
    const two = sumDistribution(["orange", "orange"]);
    expect(two.reduce((a, p) => a + p, 0)).toBeCloseTo(1, 10);
  });

  test("seed 004 사격 and 보호: Haze at distance 1 rolls two orange against Keel's shield (protection 2); hit, expected damage and kill chance follow from the faces", () => {
    const s = facing("haze");
    const view = siege.viewFor(s, seatViewer("a1"));
    const odds = shotOdds(view, "haze", "keel")!;
    expect(odds).toMatchObject({ distance: 1, protection: 2, dice: ["orange", "orange"], healthLeft: 5 });
    expect(odds.modifiers).toEqual([
      { kind: "band", weapon: expect.any(String), distance: 1, upTo: expect.any(Number), dice: ["orange", "orange"] },
      { kind: "protection", amount: 2, shield: true, upper: false },
    ]);
    // By enumeration of the 36 outcomes.
    const f = catalog.data.dice.orange;
    let hit = 0, exp = 0, kill = 0;
    for (const x of f) for (const y of f) {
      const d = Math.max(0, x + y - 2);
      if (d > 0) hit++;
      if (d >= 5) kill++;
      exp += d;
    }
    expect(odds.hit).toBeCloseTo(hit / 36, 10);
    expect(odds.expected).toBeCloseTo(exp / 36, 10);
    expect(odds.kill).toBeCloseTo(kill / 36, 10);
    expect(odds.distribution.reduce((a, p) => a + p, 0)).toBeCloseTo(1, 10);
  });

  test("seed 004 능력: lightning dice are dropped against protection, and the odds say so (Cinder at 1 rolls only the red die)", () => {
    const odds = shotOdds(siege.viewFor(facing("cinder"), seatViewer("a1")), "cinder", "keel")!;
    expect(odds.dice).toEqual(["red"]);
    expect(odds.modifiers.find((m) => m.kind === "lightning")).toEqual({ kind: "lightning", dropped: ["red"] });
  });

  test("seed 004 스턴: a stunned shooter rolls two yellow dice", () => {
    const s = structuredClone(facing("haze"));
    s.operators.haze!.stunned = true;
    const odds = shotOdds(siege.viewFor(s, seatViewer("a1")), "haze", "keel")!;
    expect(odds.dice).toEqual(catalog.data.rules.stunnedDice);
    expect(odds.modifiers[0]).toEqual({ kind: "stunned", dice: catalog.data.rules.stunnedDice });
  });

  test("no odds for a shot the rules refuse: a hidden target (its token is not an operator in sight), or a teammate", () => {
    const s = ready({ seed: "odds" });
    const view = viewFor(s, seatViewer("a1"));
    expect(shotOdds(view, "haze", "keel")).toBeNull();
    expect(shotOdds(view, "haze", "auger")).toBeNull();
  });

  test("the odds agree with the rules' roll: the shot's dice colours, distance and protection are the ones predicted", () => {
    const s = facing("haze");
    const odds = shotOdds(siege.viewFor(s, seatViewer("a1")), "haze", "keel")!;
    const after = run(s, [["a1", { type: "activate", operator: "haze" }], ["a1", { type: "shoot", operator: "haze", target: "keel" }]]);
    const p = after.pending as { distance: number; protection: number; dice: { colour: string }[] };
    expect({ distance: p.distance, protection: p.protection, dice: p.dice.map((d) => d.colour) }).toEqual({ distance: odds.distance, protection: odds.protection, dice: odds.dice });
  });

  test("seed 004 대응 사격: a hidden watcher's odds are taken from its real token on the defence's own view, and the attack's view gives none", () => {
    const s = facing("haze");
    const hidden = Object.values(s.operators).find((o) => o.team === "defence" && o.hidden)!;
    const real = s.tokens.find((t) => t.id === s.hidden.real[hidden.id])!;
    const moved = structuredClone(s);
    moved.tokens.find((t) => t.id === real.id)!.at = "8,1";
    moved.operators.keel!.at = "7,1";
    expect(shotOdds(siege.viewFor(moved, seatViewer("a1")), hidden.id, "haze")).toBeNull();
    const odds = shotOdds(siege.viewFor(moved, seatViewer("d1")), hidden.id, "haze");
    expect(odds?.distance).toBe(1);
  });
});
