/**
 * Sight (seed 004 "벽", "인접판정", "레드핑", "사격", "대응 사격", "비밀 오퍼레이터 공개"): the straight
 * line between the centres of two spaces, move by move, as lines of sight and protection walk it;
 * and who sees whom (`sees`, `sightings`), the one definition shooting, reaction shots and the
 * spotting of secret tokens ask: worked examples, hand-computed from the sample map.
 */
import { seatViewer } from "@fogwar/engine";
import { board, query, siege, type SiegeCommand, type SiegeEvent, type SiegeState } from "../../src";
import { QUIET, ready, run, swapReal, tryApply } from "../helpers";

const sq = (x: number, y: number) => ({ x, y });

describe("seed 004 벽: the line between two spaces", () => {
  test("a straight line moves space by space; a diagonal runs through corners, with the two spaces beside each", () => {
    expect(board.transitions(sq(3, 3), sq(3, 3))).toEqual([]);
    expect(board.transitions(sq(0, 5), sq(2, 5))).toEqual([
      { from: sq(0, 5), to: sq(1, 5) },
      { from: sq(1, 5), to: sq(2, 5) },
    ]);
    expect(board.transitions(sq(0, 0), sq(2, 2))).toEqual([
      { from: sq(0, 0), to: sq(1, 1), corner: [sq(1, 0), sq(0, 1)] },
      { from: sq(1, 1), to: sq(2, 2), corner: [sq(2, 1), sq(1, 2)] },
    ]);
  });

  test("a line at a slant enters each space it crosses: 0,0 to 2,1 by 1,0 and 1,1; 0,0 to 3,1 through the corner between 2,0 and 1,1", () => {
    expect(board.transitions(sq(0, 0), sq(2, 1))).toEqual([
      { from: sq(0, 0), to: sq(1, 0) },
      { from: sq(1, 0), to: sq(1, 1) },
      { from: sq(1, 1), to: sq(2, 1) },
    ]);
    expect(board.transitions(sq(0, 0), sq(3, 1))).toEqual([
      { from: sq(0, 0), to: sq(1, 0) },
      { from: sq(1, 0), to: sq(2, 1), corner: [sq(2, 0), sq(1, 1)] },
      { from: sq(2, 1), to: sq(3, 1) },
    ]);
  });
});

type Ev = SiegeEvent;
const apply = (s: SiegeState, seat: string, cmd: SiegeCommand) => {
  const r = tryApply(s, seat, cmd);
  if (!r.ok) throw new Error(`refused: ${r.error.code}`);
  return { state: r.state, events: r.events.map((e) => e.event) as Ev[] };
};
const code = (s: SiegeState, seat: string, cmd: SiegeCommand) => {
  const r = tryApply(s, seat, cmd);
  return r.ok ? "ok" : r.error.code;
};
const shots = (ev: Ev[]) => ev.filter((e): e is Extract<Ev, { type: "shot" }> => e.type === "shot");
const sum = (d: readonly { value: number }[]) => d.reduce((a, x) => a + x.value, 0);

/** Keel revealed at 8,1 (behind the open smokehouse window) watching `facing`; Haze at 8,0 outside, Cinder at 9,0. */
const atWindow = (seed: string, facing: "N" | "S" = "N"): SiegeState =>
  ready({ seed, tokens: { ...QUIET, keel: [["8,1", { facing }], ["3,8", { facing: "W" }]] }, wire: "6,8", attack: { haze: ["8,0", null], cinder: ["9,0", null] } });

describe("seed 004 레드핑: one definition of sight (sees), asked by shooting, reaction shots and the spotting of tokens", () => {
  test("seed 004 레드핑: a red-pinged operator counts as seen: past the wall corner Cinder at 9,0 does not see Keel at 8,1 until Keel is pinged, then at distance 1; Keel still does not see Cinder (not pinged)", () => {
    const s = atWindow("sees-ping");
    const cinder = s.operators.cinder!;
    expect(board.lineOfSight(s, "9,0", "8,1")).toBe(false);
    expect(board.sightings(s, cinder, s.operators.keel!)).toEqual([]);
    expect(board.sees(s, cinder, s.operators.keel!)).toBe(false);
    const pinged = structuredClone(s);
    pinged.operators.keel!.redPing = true;
    expect(board.sightings(pinged, cinder, pinged.operators.keel!)).toEqual([{ place: "8,1", distance: 1 }]);
    expect(board.sees(pinged, pinged.operators.keel!, cinder)).toBe(false);
    // Haze at 8,0 sees Keel through the open window without any ping.
    expect(board.sightings(s, s.operators.haze!, s.operators.keel!)).toEqual([{ place: "8,1", distance: 1 }]);
  });

  test("seed 004 레드핑 and 사격: Cinder shoots the pinged Keel past the corner at distance 1 with strong protection 3 (thick wall 3 plus Keel's shield 2, at most 3): one red die, its lightning die dropped", () => {
    // Keel watches south: the shots draw no reaction.
    const s = run(atWindow("sees-shot", "S"), [
      ["a1", { type: "activate", operator: "haze" }],
      ["a1", { type: "shoot", operator: "haze", target: "keel" }],
      ["a1", { type: "keep" }],
      ["a1", { type: "end_activation", operator: "haze" }],
      ["a1", { type: "activate", operator: "cinder" }],
    ]);
    expect(s.operators.keel!.redPing).toBe(true);
    expect(query.shotAt(s, s.operators.cinder!, s.operators.keel!)).toEqual({ distance: 1, protection: 3 });
    const shot = run(s, [["a1", { type: "shoot", operator: "cinder", target: "keel" }]]);
    expect(shot.pending).toMatchObject({ kind: "reroll", shooter: "cinder", target: "keel", distance: 1, protection: 3 });
    expect((shot.pending as { dice: { colour: string }[] }).dice.map((d) => d.colour)).toEqual(["red"]);
  });

  test("seed 004 레드핑 and 대응 사격: a red-pinged operator stepping in a watcher's front arc draws the reaction shot: Haze, pinged by Keel's first reaction, steps to 7,0 behind the wall corner; Keel (8,1, facing north) shoots at distance 1 against strong protection 3", () => {
    let tried = 0;
    for (let i = 0; i < 20; i++) {
      let s = run(atWindow(`ping-reaction-${i}`), [["a1", { type: "activate", operator: "haze" }], ["a1", { type: "run", operator: "haze" }]]);
      expect(s.pending).toMatchObject({ kind: "reaction", team: "defence", target: "haze", watchers: ["keel"] });
      s = apply(s, "d1", { type: "react", operator: "keel" }).state;
      if (s.operators.haze!.dead) continue;
      tried++;
      expect(s.operators.haze!.redPing).toBe(true);
      // 7,0 is in Keel's front arc (facing north: y 0 <= 1) and out of its line of sight (the thick wall's corner).
      expect(board.inFrontArc("8,1", "N", "7,0")).toBe(true);
      expect(board.lineOfSight(s, "8,1", "7,0")).toBe(false);
      s = run(s, [["a1", { type: "step", operator: "haze", to: "7,0" }]]);
      expect(s.pending).toEqual({ kind: "reaction", team: "defence", target: "haze", watchers: ["keel"] });
      const before = s.operators.haze!.damage;
      const { state, events } = apply(s, "d1", { type: "react", operator: "keel" });
      const [shot] = shots(events);
      expect(shot).toMatchObject({ shooter: "keel", target: "haze", kind: "reaction", distance: 1, protection: 3 });
      expect(shot!.dice.map((d) => d.colour)).toEqual(["orange", "yellow"]);
      expect(shot!.damage).toBe(Math.max(0, sum(shot!.dice) - 3));
      expect(state.operators.haze!.damage).toBe(before + shot!.damage);
      expect(state.operators.keel!.watch).toEqual({ facing: "N" });
      break;
    }
    expect(tried).toBe(1);
  });

  test("seed 004 레드핑 and 대응 사격: the smokehouse camera's ping puts Lantern (8,1) in sight of Quill's hidden token facing north behind the barricaded door (8,4): the defence is asked; Quill, revealed, reacts from its real token at distance 3, protection 2 (the barricade), one red die (its lightning die dropped)", () => {
    const start = ready({ seed: "ping-hidden", tokens: { ...QUIET, quill: [["8,4", { facing: "N" }], ["2,7", { facing: "W" }]] }, wire: "6,8", attack: { lantern: ["8,0", null] } });
    const step = (s: SiegeState) => apply(run(s, [["a1", { type: "activate", operator: "lantern" }]]), "a1", { type: "step", operator: "lantern", to: "8,1" });
    const { state: s, events } = step(start);
    expect(events).toContainEqual({ type: "pinged", operator: "lantern", source: "cam_smokehouse" });
    expect(s.operators.quill!.hidden).toBe(true);
    expect(board.lineOfSight(s, "8,4", "8,1")).toBe(false);
    expect(s.pending).toEqual({ kind: "reaction", team: "defence", target: "lantern", watchers: ["quill"] });
    const reacted = apply(s, "d1", { type: "react", operator: "quill" });
    const kinds = reacted.events.map((e) => e.type);
    expect(kinds.indexOf("revealed")).toBeLessThan(kinds.indexOf("shot"));
    const [shot] = shots(reacted.events);
    expect(shot).toMatchObject({ shooter: "quill", target: "lantern", kind: "reaction", distance: 3, protection: 2 });
    expect(shot!.dice.map((d) => d.colour)).toEqual(["red"]);
    expect(shot!.damage).toBe(Math.max(0, sum(shot!.dice) - 2));
    // Were the token at 2,7 (facing west) the real one, the same public facts ask the same question
    // of the defence, but only the real token may fire: the decoy's arc does not let Quill react.
    const swapped = step(swapReal(start)).state;
    expect(swapped.pending).toEqual(s.pending);
    expect(code(swapped, "d1", { type: "react", operator: "quill" })).toBe("invalid_choice");
    expect(siege.viewFor(swapped, seatViewer("a1"))).toEqual(siege.viewFor(s, seatViewer("a1")));
  });

  test("seed 004 비밀 오퍼레이터 공개: a token an attacker sees is revealed, one it does not see stays hidden: from the blue access point 11,5 Haze sees Rook's token in the loft, not Fennel's behind the cold store's walls", () => {
    const tokens = { ...QUIET, rook: [["up:loft", { ap: "1,1" }], ["4,7", { facing: "W" }]] } as const;
    // Asked by hand first: Haze put on 11,5 without the rules running.
    const before = ready({ seed: "spot-sees", tokens, wire: "6,8" });
    expect(before.operators.rook!.hidden).toBe(true);
    const asked = structuredClone(before);
    asked.operators.haze!.at = "11,5";
    const loft = asked.tokens.find((t) => t.at === "up:loft")!;
    const cold = asked.tokens.find((t) => t.operator === "fennel")!;
    expect(board.sightings(asked, asked.operators.haze!, loft)).toEqual([{ place: "up:loft", distance: 1 }]);
    expect(board.sees(asked, asked.operators.haze!, cold)).toBe(false);
    // Deployed there by the rules: exactly the seen token's operator is revealed.
    const after = ready({ seed: "spot-sees", tokens, wire: "6,8", attack: { haze: ["11,5", null] } });
    expect(after.operators.rook).toMatchObject({ hidden: false, at: "up:loft" });
    expect(after.operators.fennel!.hidden).toBe(true);
  });

  test("seed 004 레드핑 and 인접판정 상층부: the ping does not reach across floors (project decision): from the loft Haze does not see a pinged Fennel on the access point 1,1 while Rook's watch token holds it, and sees it once the token is gone", () => {
    const s = run(ready({ seed: "sees-upper", tokens: { ...QUIET, fennel: [["2,4", { facing: "W" }], ["3,4", { facing: "W" }]], rook: [["up:loft", { ap: "1,1" }], ["4,7", { facing: "W" }]] }, wire: "6,8", attack: { haze: ["11,5", null] } }), [
      ["a1", { type: "activate", operator: "haze" }],
      ["a1", { type: "step", operator: "haze", to: "up:loft" }],
    ]);
    expect(s.operators.rook).toMatchObject({ hidden: false, at: "up:loft", watch: { ap: "1,1" } });
    // By hand: Fennel revealed on the access point 1,1 with a red ping.
    const t = structuredClone(s);
    t.tokens = t.tokens.filter((x) => x.operator !== "fennel");
    delete t.hidden.real.fennel;
    Object.assign(t.operators.fennel!, { hidden: false, at: "1,1", redPing: true });
    const haze = t.operators.haze!;
    expect(board.sees(t, haze, t.operators.fennel!)).toBe(false);
    expect(board.sightings(t, haze, t.operators.rook!)).toEqual([{ place: "up:loft", distance: 1 }]);
    // Without Rook's watch token on 1,1 the loft reaches it: Fennel is seen there, at distance 1.
    const open = structuredClone(t);
    open.operators.rook!.watch = null;
    expect(board.sightings(open, open.operators.haze!, open.operators.fennel!)).toEqual([{ place: "1,1", distance: 1 }]);
  });
});
