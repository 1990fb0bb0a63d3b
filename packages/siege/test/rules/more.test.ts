/**
 * More worked examples of seed 004: the claymore's aimed space (an operator entering it, gadgets placed on it), several watchers reacting, always
 * visible gadgets, a shield-bearing teammate as cover, the exchange of fire that kills the holder,
 * the affected spaces of an explosion fixed before its breach, the sample reaction gadget (Wick's
 * tripline) and Lantern's pulse scan.
 */
import { board, type SiegeCommand, type SiegeEvent, type SiegeState } from "../../src";
import { ATTACK_PICK, ready, run, tryApply } from "../helpers";
import { QUIET } from "./move.test";

const apply = (s: SiegeState, seat: string, cmd: Parameters<typeof tryApply>[2]) => {
  const r = tryApply(s, seat, cmd);
  if (!r.ok) throw new Error(`refused: ${r.error.code}`);
  return { state: r.state, events: r.events.map((e) => e.event) as SiegeEvent[] };
};

/**
 * Lantern (from 8,0 through the smokehouse window) places a claymore on 8,2 aimed at 8,3 and steps
 * to 7,1; Haze follows to 7,2, next to 8,3 (seed 004 "클레이모어": on an adjacent space, aimed at an
 * adjacent empty space).
 */
function claymoreAimedAt83(attackPick: SiegeCommand): SiegeState {
  const s = ready({ tokens: QUIET, wire: "6,8", attack: { lantern: ["8,0", null], haze: ["9,0", null] }, attackPick });
  return run(s, [
    ["a1", { type: "activate", operator: "lantern" }],
    ["a1", { type: "step", operator: "lantern", to: "8,1" }],
    ["a1", { type: "gadget", operator: "lantern", gadget: "claymore", at: "8,2", aim: "8,3" }],
    ["a1", { type: "step", operator: "lantern", to: "7,1" }],
    ["a1", { type: "end_activation", operator: "lantern" }],
    ["a1", { type: "activate", operator: "haze" }],
    ["a1", { type: "step", operator: "haze", to: "8,0" }],
    ["a1", { type: "step", operator: "haze", to: "8,1" }],
    ["a1", { type: "step", operator: "haze", to: "7,2" }],
  ]);
}

describe("seed 004 전술 도구 and 반응 액션: more worked examples", () => {
  test("seed 004 클레이모어: an operator entering the claymore's aimed space sets it off", () => {
    const attackPick = { type: "pick", operators: ["auger", "bulwark", "cinder", "haze", "lantern"], inventory: { claymore: 1, drone: 1, frag_grenade: 1, flashbang: 1, smoke_grenade: 1 } } as const;
    let s = ready({ tokens: QUIET, wire: "6,8", attack: { lantern: ["8,0", null] }, attackPick });
    s = run(s, [
      ["a1", { type: "activate", operator: "lantern" }],
      ["a1", { type: "step", operator: "lantern", to: "8,1" }],
      ["a1", { type: "gadget", operator: "lantern", gadget: "claymore", at: "8,2", aim: "8,3" }],
      ["a1", { type: "step", operator: "lantern", to: "7,2" }],
    ]);
    expect(s.gadgets.some((g) => g.kind === "claymore")).toBe(true);
    const { events } = apply(s, "a1", { type: "step", operator: "lantern", to: "8,3" });
    expect(events).toContainEqual(expect.objectContaining({ type: "exploded", at: "8,2" }));
    expect(events).toContainEqual(expect.objectContaining({ type: "shot", target: "lantern" }));
  });

  test("seed 004 반응 액션: when several watchers may react, each may, in the order the team chooses", () => {
    const tokens = { ...QUIET, keel: [["10,2", { facing: "W" }], ["3,8", { facing: "W" }]], quill: [["9,3", { facing: "W" }], ["2,7", { facing: "W" }]] } as const;
    let s = ready({ tokens, wire: "6,8", attack: { lantern: ["8,0", null] } });
    s = run(s, [["a1", { type: "activate", operator: "lantern" }], ["a1", { type: "step", operator: "lantern", to: "8,1" }]]);
    expect(s.pending).toMatchObject({ kind: "reaction", target: "lantern", watchers: ["keel", "quill"] });
    s = run(s, [["d1", { type: "react", operator: "quill" }]]);
    if (s.operators.lantern!.dead) expect(s.pending).toBeNull();
    else expect(s.pending).toMatchObject({ kind: "reaction", watchers: ["keel"] });
  });

  test("seed 004 도구 특성 항상 보임: sight to an always-visible camera is not blocked by an operator in between", () => {
    const tokens = { ...QUIET, keel: [["9,1", { facing: "E" }], ["3,8", { facing: "W" }]] } as const;
    let s = ready({ tokens, wire: "6,8", attack: { lantern: ["8,0", null] } });
    s = run(s, [["a1", { type: "activate", operator: "lantern" }], ["a1", { type: "step", operator: "lantern", to: "8,1" }]]);
    expect(s.operators.keel).toMatchObject({ hidden: false, at: "9,1" });
    expect(board.lineOfSight(s, "8,1", "10,1")).toBe(false);
    s = run(s, [["a1", { type: "breach", operator: "lantern", target: "cam_smokehouse" }]]);
    expect(s.gadgets.some((g) => g.id === "cam_smokehouse")).toBe(false);
  });

  test("seed 004 능력 방패: a teammate may use a shield operator as an obstacle: weak protection for a defender behind Keel, none for an attacker", () => {
    const tokens = { ...QUIET, keel: [["9,1", { facing: "E" }], ["3,8", { facing: "W" }]] } as const;
    const s = run(ready({ tokens, wire: "6,8", attack: { lantern: ["8,0", null] } }), [["a1", { type: "activate", operator: "lantern" }], ["a1", { type: "step", operator: "lantern", to: "8,1" }]]);
    expect(board.protection(s, "8,1", "10,1", "fennel")).toBe(2);
    expect(board.protection(s, "8,1", "10,1", "haze")).toBe(0);
  });

  test("seed 004 사격 교환: a holder killed by the challenger's shot loses its watch token and the challenger's is placed", () => {
    let killed = 0;
    for (let i = 0; i < 30 && killed === 0; i++) {
      let s = ready({ seed: `exchange-${i}`, tokens: { ...QUIET, rook: [["up:loft", { ap: "1,1" }], ["4,7", { facing: "W" }]] }, wire: "6,8", attack: { haze: ["11,5", null] } });
      s = run(s, [["a1", { type: "activate", operator: "haze" }], ["a1", { type: "step", operator: "haze", to: "up:loft" }], ["a1", { type: "shoot", operator: "haze", target: "rook" }], ["a1", { type: "keep" }]]);
      if (s.operators.rook!.dead) continue;
      s = run(s, [["a1", { type: "watch", operator: "haze", watches: [{ ap: "1,1" }] }]]);
      const { state } = apply(s, "d1", { type: "contest", fight: true });
      if (state.operators.rook!.dead) {
        killed++;
        expect(state.operators.haze!.watch).toEqual({ ap: "1,1" });
      }
    }
    expect(killed).toBe(1);
  });

  test("seed 004 수류탄: the spaces an explosion affects are fixed before its breach: a defender behind the barricade it blows away is not hit", () => {
    const tokens = { ...QUIET, quill: [["8,4", { facing: "N" }], ["2,7", { facing: "W" }]] } as const;
    let s = ready({ tokens, wire: "6,8", attack: { lantern: ["8,0", null] } });
    s = run(s, [["a1", { type: "activate", operator: "lantern" }], ["a1", { type: "step", operator: "lantern", to: "8,1" }]]);
    // The smokehouse camera's red ping puts Lantern in sight of Quill's token facing north (seed 004 "레드핑"): the defence holds its fire.
    expect(s.pending).toMatchObject({ kind: "reaction", team: "defence", target: "lantern", watchers: ["quill"] });
    s = run(s, [["d1", { type: "hold" }]]);
    const { state, events } = apply(s, "a1", { type: "gadget", operator: "lantern", gadget: "frag_grenade", at: "8,3" });
    expect(state.partitions.door_packing!.barricaded).toBe(false);
    expect(events.some((e) => e.type === "token_hit" || (e.type === "shot" && e.target === "quill"))).toBe(false);
  });

  test("seed 004 반응 액션: Wick's tripline is a reaction gadget: an attacker entering it takes two yellow dice, wherever Wick is", () => {
    const defencePick = { type: "pick", operators: ["fennel", "keel", "lattice", "rook", "wick"], inventory: { barbed_wire: 1, c4: 2, impact_grenade: 2 } } as const;
    const tokens = { ...QUIET, wick: [["9,1", { facing: "E" }], ["2,7", { facing: "W" }]] } as const;
    let s = ready({ tokens, wire: "6,8", attack: { lantern: ["8,0", null] }, attackPick: ATTACK_PICK, defencePick });
    s = run(s, [["a1", { type: "activate", operator: "lantern" }], ["a1", { type: "step", operator: "lantern", to: "8,1" }]]);
    expect(s.operators.wick).toMatchObject({ hidden: false, at: "9,1" });
    s = run(s, [["a1", { type: "step", operator: "lantern", to: "7,1" }], ["a1", { type: "end_activation", operator: "lantern" }], ["a1", { type: "end_phase" }]]);
    s = run(s, [["d1", { type: "activate", operator: "wick" }], ["d1", { type: "special", operator: "wick", at: "8,2" }], ["d1", { type: "step", operator: "wick", to: "10,2" }]]);
    if (s.pending) s = run(s, [["a1", { type: "hold" }]]);
    s = run(s, [["d1", { type: "end_activation", operator: "wick" }], ["d1", { type: "end_phase" }]]);
    expect(s.gadgets.find((g) => g.kind === "snare")).toMatchObject({ at: "8,2", team: "defence" });
    s = run(s, [["a1", { type: "activate", operator: "bulwark" }], ["a1", { type: "end_activation", operator: "bulwark" }], ["a1", { type: "end_phase" }]]);
    s = run(s, [["d1", { type: "activate", operator: "keel" }], ["d1", { type: "end_activation", operator: "keel" }], ["d1", { type: "end_phase" }]]);
    s = run(s, [["a1", { type: "activate", operator: "lantern" }]]);
    const { state, events } = apply(s, "a1", { type: "step", operator: "lantern", to: "8,2" });
    const hit = events.find((e) => e.type === "shot" && e.target === "lantern") as Extract<SiegeEvent, { type: "shot" }>;
    expect(hit.dice.map((d) => d.colour)).toEqual(["yellow", "yellow"]);
    expect(state.gadgets.some((g) => g.kind === "snare")).toBe(false);
  });

  test("seed 004 비밀 오퍼레이터 공개 and 특수 도구 사용: Lantern's pulse scan scans its own room: the defenders there get a red ping", () => {
    const tokens = { ...QUIET, keel: [["10,2", { facing: "N" }], ["3,8", { facing: "W" }]] } as const;
    let s = ready({ tokens, wire: "6,8", attack: { lantern: ["8,0", null] } });
    s = run(s, [["a1", { type: "activate", operator: "lantern" }], ["a1", { type: "step", operator: "lantern", to: "8,1" }], ["d1", { type: "hold" }]]);
    expect(s.operators.keel!.redPing).toBe(false);
    const { state, events } = apply(s, "a1", { type: "special", operator: "lantern" });
    expect(events).toContainEqual({ type: "scanned", operator: "lantern", room: "smokehouse" });
    expect(state.operators.keel!.redPing).toBe(true);
    expect(state.operators.lantern!.specialUses).toBe(1);
  });

  test("seed 004 오버레이: where not even a two-space overlay fits (an obstacle's space), smoke cannot be used", () => {
    let s = ready({ tokens: QUIET, wire: "6,8", attack: { lantern: ["8,0", null] } });
    s = run(s, [["a1", { type: "activate", operator: "lantern" }], ["a1", { type: "step", operator: "lantern", to: "8,1" }]]);
    expect(tryApply(s, "a1", { type: "gadget", operator: "lantern", gadget: "smoke_grenade", at: "9,2" })).toMatchObject({ ok: false, error: { code: "invalid_place" } });
    expect(tryApply(s, "a1", { type: "gadget", operator: "lantern", gadget: "smoke_grenade", at: "9,1" }).ok).toBe(true);
  });

  test("seed 004 클레이모어: a claymore destroyed by a gadget (a frag grenade's yellow breach) explodes", () => {
    const attackPick = { type: "pick", operators: ["auger", "bulwark", "cinder", "haze", "lantern"], inventory: { claymore: 1, drone: 1, frag_grenade: 1, flashbang: 1, smoke_grenade: 1 } } as const;
    let s = ready({ tokens: QUIET, wire: "6,8", attack: { lantern: ["8,0", null], haze: ["9,0", null] }, attackPick });
    s = run(s, [
      ["a1", { type: "activate", operator: "lantern" }],
      ["a1", { type: "step", operator: "lantern", to: "8,1" }],
      ["a1", { type: "gadget", operator: "lantern", gadget: "claymore", at: "8,2", aim: "8,3" }],
      ["a1", { type: "step", operator: "lantern", to: "7,1" }],
      ["a1", { type: "end_activation", operator: "lantern" }],
      ["a1", { type: "activate", operator: "haze" }],
      ["a1", { type: "step", operator: "haze", to: "8,0" }],
    ]);
    const claymore = s.gadgets.find((g) => g.kind === "claymore")!.id;
    const { state, events } = apply(s, "a1", { type: "gadget", operator: "haze", gadget: "frag_grenade", at: "8,2" });
    expect(events).toContainEqual({ type: "breached", by: "frag_grenade", partitions: [], gadgets: [claymore] });
    expect(events).toContainEqual({ type: "exploded", gadget: claymore, at: "8,2" });
    expect(state.gadgets.some((g) => g.kind === "claymore")).toBe(false);
  });

  test("seed 004 클레이모어: a gadget placed on the claymore's aimed space (a breach charge) sets it off before its breach: two red dice to every operator there and around", () => {
    const attackPick = { type: "pick", operators: ["auger", "bulwark", "cinder", "haze", "lantern"], inventory: { claymore: 1, breach_charge: 1, frag_grenade: 1, flashbang: 1, smoke_grenade: 1 } } as const;
    const s = claymoreAimedAt83(attackPick);
    const claymore = s.gadgets.find((g) => g.kind === "claymore")!;
    expect(claymore).toMatchObject({ at: "8,2", aim: "8,3" });
    const { state, events } = apply(s, "a1", { type: "gadget", operator: "haze", gadget: "breach_charge", at: "8,3" });
    const kinds = events.map((e) => e.type);
    expect(events).toContainEqual({ type: "exploded", gadget: claymore.id, at: "8,2" });
    expect(kinds.indexOf("exploded")).toBeLessThan(kinds.indexOf("breached"));
    // Lantern at 7,1 and Haze at 7,2 are both adjacent to 8,2: each rolls two red dice, without protection.
    const hits = events.filter((e): e is Extract<SiegeEvent, { type: "shot" }> => e.type === "shot" && e.shooter === claymore.id);
    expect(hits.map((h) => h.target).sort()).toEqual(["haze", "lantern"]);
    for (const h of hits) {
      expect(h.dice.map((d) => d.colour)).toEqual(["red", "red"]);
      expect(h.protection).toBe(0);
      expect(h.damage).toBe(h.dice.reduce((a, d) => a + d.value, 0));
    }
    expect(state.gadgets.some((g) => g.kind === "claymore")).toBe(false);
  });

  test("seed 004 클레이모어: a second claymore placed on the first one's aimed space sets the first off; the second stays", () => {
    const attackPick = { type: "pick", operators: ["auger", "bulwark", "cinder", "haze", "lantern"], inventory: { claymore: 2, frag_grenade: 1, flashbang: 1, smoke_grenade: 1 } } as const;
    const s = claymoreAimedAt83(attackPick);
    const first = s.gadgets.find((g) => g.kind === "claymore")!;
    const { state, events } = apply(s, "a1", { type: "gadget", operator: "haze", gadget: "claymore", at: "8,3", aim: "7,3" });
    expect(events).toContainEqual({ type: "exploded", gadget: first.id, at: "8,2" });
    expect(state.gadgets.some((g) => g.id === first.id)).toBe(false);
    expect(state.gadgets.filter((g) => g.kind === "claymore")).toEqual([expect.objectContaining({ at: "8,3", aim: "7,3", team: "attack" })]);
  });

  test("seed 004 클레이모어 and 드론: a drone placed on the claymore's aimed space sets it off, then flies and scans", () => {
    const attackPick = { type: "pick", operators: ["auger", "bulwark", "cinder", "haze", "lantern"], inventory: { claymore: 1, drone: 1, frag_grenade: 1, flashbang: 1, smoke_grenade: 1 } } as const;
    const s = claymoreAimedAt83(attackPick);
    const first = s.gadgets.find((g) => g.kind === "claymore")!;
    const { state, events } = apply(s, "a1", { type: "gadget", operator: "haze", gadget: "drone", at: "8,3", aim: "7,3" });
    const kinds = events.map((e) => e.type);
    expect(events).toContainEqual({ type: "exploded", gadget: first.id, at: "8,2" });
    expect(events).toContainEqual({ type: "scanned", operator: "haze", room: "smokehouse" });
    expect(kinds.indexOf("exploded")).toBeLessThan(kinds.indexOf("scanned"));
    expect(state.gadgets.some((g) => g.kind === "claymore")).toBe(false);
  });

  test("seed 004 방탄카메라: a bulletproof camera pings like a camera and is only destroyed from an adjacent space", () => {
    const defencePick = { type: "pick", operators: ["fennel", "keel", "lattice", "quill", "rook"], inventory: { bulletproof_camera: 1, c4: 2, impact_grenade: 2 } } as const;
    let s = ready({ tokens: QUIET, defencePick, setupGadgets: { bulletproof_camera: "6,8" }, attack: { auger: ["4,9", null], bulwark: ["5,9", null], lantern: ["7,9", null] } });
    const cam = s.gadgets.find((g) => g.kind === "bulletproof_camera")!;
    const step = (cmd: Parameters<typeof tryApply>[2]) => {
      s = run(s, [["a1", cmd]]);
      if (s.pending) s = run(s, [["d1", { type: "hold" }]]);
    };
    // Bulwark breaks the south door's barricade (Auger's ram charge is never placed outside, seed 004 "전술 도구").
    step({ type: "activate", operator: "bulwark" });
    step({ type: "breach", operator: "bulwark", target: "door_south" });
    step({ type: "end_activation", operator: "bulwark" });
    expect(s.partitions.door_south!.barricaded).toBe(false);
    step({ type: "activate", operator: "auger" });
    step({ type: "step", operator: "auger", to: "4,8" });
    expect(s.operators.auger!.redPing).toBe(true);
    expect(tryApply(s, "a1", { type: "breach", operator: "auger", target: cam.id })).toMatchObject({ ok: false, error: { code: "not_adjacent" } });
    step({ type: "step", operator: "auger", to: "5,7" });
    step({ type: "breach", operator: "auger", target: cam.id });
    expect(s.gadgets.some((g) => g.id === cam.id)).toBe(false);
  });
});
