/**
 * Seed 004 "사격", "보호", "경계", "대응 사격", "상태이상", "파괴", "전술 도구", "오버레이",
 * "유지 페이즈" and the reroll tokens (project sample rule): worked examples. Dice are random,
 * so each example reads the faces rolled from the events and checks the arithmetic of the seed.
 */
import { board, catalog, onTimeout, siege, type RolledDamageDie, type SiegeEvent, type SiegeState } from "../../src";
import { hazeContestsRook, QUIET, ready, rookContestsHaze, run, tryApply } from "../helpers";

type Ev = SiegeEvent;
const apply = (s: SiegeState, seat: string, cmd: Parameters<typeof tryApply>[2]) => {
  const r = tryApply(s, seat, cmd);
  if (!r.ok) throw new Error(`refused: ${r.error.code}`);
  return { state: r.state, events: r.events.map((e) => e.event) as Ev[] };
};
const code = (s: SiegeState, seat: string, cmd: Parameters<typeof tryApply>[2]) => {
  const r = tryApply(s, seat, cmd);
  return r.ok ? "ok" : r.error.code;
};
const sum = (d: readonly RolledDamageDie[]) => d.reduce((a, x) => a + x.value, 0);
const facesOk = (d: readonly RolledDamageDie[]) => d.every((x) => catalog.data.dice[x.colour][x.face] === x.value);
const shots = (ev: Ev[]) => ev.filter((e): e is Extract<Ev, { type: "shot" }> => e.type === "shot");

/** Keel (shield, health 5) revealed at 8,1 behind the open smokehouse window, watching north; `shooter` outside at 8,0. */
function facing(shooter: string, keelFacing: "N" | "S" = "N", seed = "combat"): SiegeState {
  return ready({
    seed,
    tokens: { ...QUIET, keel: [["8,1", { facing: keelFacing }], ["3,8", { facing: "W" }]] },
    wire: "6,8",
    attack: { [shooter]: ["8,0", null], ...(shooter === "lantern" ? {} : { lantern: ["9,9", null] }) },
  });
}

describe("seed 004 사격 and 보호: shooting", () => {
  test("seed 004 사격: the range band gives the dice (Haze at 1: two orange), a shield operator has weak protection (2), damage is the sum minus 2, the survivor gets a red ping", () => {
    let s = facing("haze");
    expect(s.operators.keel).toMatchObject({ hidden: false, at: "8,1" });
    s = run(s, [["a1", { type: "activate", operator: "haze" }], ["a1", { type: "shoot", operator: "haze", target: "keel" }]]);
    expect(s.pending).toMatchObject({ kind: "reroll", team: "attack", shooter: "haze", target: "keel", distance: 1, protection: 2 });
    const rolled = (s.pending as { dice: RolledDamageDie[] }).dice;
    expect(rolled.map((d) => d.colour)).toEqual(["orange", "orange"]);
    const { state, events } = apply(s, "a1", { type: "keep" });
    const [shot] = shots(events);
    expect(shot).toMatchObject({ shooter: "haze", target: "keel", kind: "action", distance: 1, protection: 2, dice: rolled });
    expect(facesOk(rolled)).toBe(true);
    expect(shot!.damage).toBe(Math.max(0, sum(rolled) - 2));
    expect(state.operators.keel!.damage).toBe(shot!.damage);
    expect(state.operators.keel!.redPing).toBe(true);
    expect(state.rerolls.attack).toBe(2);
  });

  test("seed 004 능력: lightning dice are not rolled against protection (Cinder at 1: red and red-lightning, only the red against Keel's shield)", () => {
    const s = run(facing("cinder"), [["a1", { type: "activate", operator: "cinder" }], ["a1", { type: "shoot", operator: "cinder", target: "keel" }]]);
    expect((s.pending as { dice: RolledDamageDie[] }).dice.map((d) => d.colour)).toEqual(["red"]);
  });

  test("reroll tokens (project sample rule): the shooter's team rerolls chosen dice of an action shot once, spending a token", () => {
    let s = run(facing("haze"), [["a1", { type: "activate", operator: "haze" }], ["a1", { type: "shoot", operator: "haze", target: "keel" }]]);
    const before = (s.pending as { dice: RolledDamageDie[] }).dice;
    expect(code(s, "a1", { type: "reroll", dice: [1, 0] })).toBe("invalid_choice");
    expect(code(s, "a1", { type: "reroll", dice: [2] })).toBe("invalid_choice");
    expect(code(s, "d1", { type: "keep" })).toBe("decision_pending");
    const r = apply(s, "a1", { type: "reroll", dice: [1] });
    s = r.state;
    const rerolled = r.events.find((e) => e.type === "rerolled") as Extract<Ev, { type: "rerolled" }>;
    expect(rerolled.dice[0]).toEqual(before[0]);
    expect(shots(r.events)[0]!.dice).toEqual(rerolled.dice);
    expect(s.rerolls.attack).toBe(1);
  });

  test("seed 004 보호: weak 2 for a thin or holed wall or barricade crossed, strong 3 for a thick or reinforced wall, weak for an obstacle next to the target and for a shield operator; at most 3", () => {
    const s = ready({ tokens: QUIET, wire: "6,8" });
    expect(board.protection(s, "8,4", "5,4", "fennel")).toBe(3);
    expect(board.protection(s, "5,1", "5,5", "fennel")).toBe(2);
    expect(board.protection(s, "4,6", "4,2", "fennel")).toBe(2);
    expect(board.protection(s, "8,1", "8,5", "fennel")).toBe(2);
    expect(board.protection(s, "9,7", "9,1", "fennel")).toBe(3);
    expect(board.protection(s, "8,1", "10,1", "fennel")).toBe(0);
    expect(board.protection(s, "9,3", "9,1", "fennel")).toBe(2);
    expect(board.protection(s, "8,1", "10,1", "keel")).toBe(2);
    expect(board.protection(s, "9,3", "9,1", "keel")).toBe(3);
    expect(board.protection(s, "7,0", "7,2", "fennel")).toBe(3);
    // The holed wall protects but does not block sight.
    expect(board.lineOfSight(s, "4,5", "4,2")).toBe(true);
    expect(board.lineOfSight(s, "5,5", "5,2")).toBe(false);
  });

  test("seed 004 상태이상 스턴: a stunned operator shoots with two yellow dice only (Keel's reaction after a flashbang)", () => {
    let s = run(facing("haze"), [["a1", { type: "activate", operator: "haze" }]]);
    const r = apply(s, "a1", { type: "gadget", operator: "haze", gadget: "flashbang", at: "8,2" });
    s = r.state;
    expect(r.events).toContainEqual({ type: "stunned", operator: "keel" });
    expect(s.operators.haze!.stunned).toBe(false);
    expect(s.pending).toMatchObject({ kind: "reaction", team: "defence", target: "haze", watchers: ["keel"] });
    const shot = shots(apply(s, "d1", { type: "react", operator: "keel" }).events)[0]!;
    expect(shot.dice.map((d) => d.colour)).toEqual(["yellow", "yellow"]);
  });

  test("seed 004 상태이상 사망: an operator whose damage reaches its health dies and leaves the board, without a red ping", () => {
    let found = false;
    for (let i = 0; i < 40 && !found; i++) {
      let s = ready({ seed: `death-${i}`, tokens: { ...QUIET, quill: [["8,1", { facing: "S" }], ["3,8", { facing: "W" }]] }, wire: "6,8", attack: { cinder: ["8,0", null] } });
      s = run(s, [["a1", { type: "activate", operator: "cinder" }], ["a1", { type: "shoot", operator: "cinder", target: "quill" }]]);
      const { state, events } = apply(s, "a1", { type: "keep" });
      const shot = shots(events)[0]!;
      expect(shot.damage).toBe(sum(shot.dice));
      if (shot.damage >= 3) {
        found = true;
        expect(events).toContainEqual({ type: "died", operator: "quill" });
        expect(state.operators.quill).toMatchObject({ dead: true, at: null, redPing: false });
      } else expect(state.operators.quill!.dead).toBe(false);
    }
    expect(found).toBe(true);
  });
});

describe("seed 004 경계 and 대응 사격: watch and reaction shots", () => {
  test("seed 004 대응 사격: after each enemy action ending in the front arc and in sight, the watcher may shoot; the shot does not end the watch", () => {
    let s = run(facing("haze"), [["a1", { type: "activate", operator: "haze" }], ["a1", { type: "run", operator: "haze" }]]);
    expect(s.pending).toMatchObject({ kind: "reaction", team: "defence", target: "haze", watchers: ["keel"] });
    expect(code(s, "a1", { type: "step", operator: "haze", to: "7,0" })).toBe("decision_pending");
    s = run(s, [["d1", { type: "hold" }]]);
    expect(s.pending).toBeNull();
    s = run(s, [["a1", { type: "step", operator: "haze", to: "7,0" }]]);
    // Out of sight: the corner of the thick wall hides 7,0 from 8,1 (Haze has no red ping).
    expect(s.pending).toBeNull();
    s = run(s, [["a1", { type: "step", operator: "haze", to: "8,0" }]]);
    expect(s.pending).toMatchObject({ kind: "reaction", watchers: ["keel"] });
    const { state, events } = apply(s, "d1", { type: "react", operator: "keel" });
    const shot = shots(events)[0]!;
    expect(shot).toMatchObject({ shooter: "keel", target: "haze", kind: "reaction", distance: 1, protection: 0 });
    expect(shot.dice.map((d) => d.colour)).toEqual(["orange", "yellow"]);
    expect(state.operators.keel!.watch).toEqual({ facing: "N" });
    expect(state.pending).toBeNull();
  });

  test("seed 004 대응 사격: no reaction to an enemy behind the watcher (outside the 180-degree front arc)", () => {
    const s = run(facing("haze", "S"), [["a1", { type: "activate", operator: "haze" }], ["a1", { type: "run", operator: "haze" }]]);
    expect(s.pending).toBeNull();
    expect(board.inFrontArc("8,1", "S", "8,0")).toBe(false);
    expect(board.inFrontArc("8,1", "S", "9,1")).toBe(true);
  });

  test("seed 004 경계: an operator on watch that takes another action stops watching", () => {
    let s = run(facing("lantern"), [["a1", { type: "activate", operator: "lantern" }], ["a1", { type: "end_activation", operator: "lantern" }], ["a1", { type: "end_phase" }]]);
    s = run(s, [["d1", { type: "activate", operator: "keel" }]]);
    const r = apply(s, "d1", { type: "breach", operator: "keel", target: "door_packing" });
    expect(r.events).toContainEqual({ type: "watch_ended", operator: "keel" });
    expect(r.state.operators.keel!.watch).toBeNull();
  });
});

describe("seed 004 파괴: breaching", () => {
  const east = () => ready({ tokens: QUIET, wire: "6,8", attack: { lantern: ["11,5", null], auger: ["11,7", null] } });

  test("seed 004 파괴, 창문: a yellow breach removes a barricade; a thin wall needs orange (too_strong), a thick wall never breaks", () => {
    let s = run(east(), [["a1", { type: "activate", operator: "lantern" }]]);
    expect(code(s, "a1", { type: "breach", operator: "lantern", target: "wall_smokehouse_south" })).toBe("too_strong");
    expect(code(s, "a1", { type: "breach", operator: "lantern", target: "wall_10_4_E" })).toBe("invalid_target");
    expect(code(s, "a1", { type: "breach", operator: "lantern", target: "door_packing" })).toBe("no_line_of_sight");
    s = run(s, [["a1", { type: "breach", operator: "lantern", target: "window_east" }]]);
    expect(s.partitions.window_east).toMatchObject({ barricaded: false });
  });

  test("seed 004 파괴, 파괴된 벽: an orange breach breaks a thin wall, both spaces of a two-space wall at once; crossing a broken wall costs one more", () => {
    let s = run(east(), [
      ["a1", { type: "activate", operator: "lantern" }],
      ["a1", { type: "breach", operator: "lantern", target: "window_east" }],
      ["a1", { type: "end_activation", operator: "lantern" }],
      ["a1", { type: "activate", operator: "auger" }],
      ["a1", { type: "step", operator: "auger", to: "11,6" }],
      ["a1", { type: "step", operator: "auger", to: "10,6" }],
    ]);
    expect(s.activation!.mp).toBe(2);
    s = run(s, [["a1", { type: "breach", operator: "auger", target: "wall_smokehouse_south" }]]);
    expect(s.partitions.wall_smokehouse_south).toMatchObject({ broken: true });
    expect(board.stepCost(s, "9,4", "9,3")).toBe(2);
    expect(board.stepCost(s, "10,4", "10,3")).toBe(2);
    s = run(s, [
      ["a1", { type: "run", operator: "auger" }],
      ["a1", { type: "step", operator: "auger", to: "10,5" }],
      ["a1", { type: "step", operator: "auger", to: "10,4" }],
      ["a1", { type: "step", operator: "auger", to: "10,3" }],
    ]);
    expect(s.operators.auger!.at).toBe("10,3");
  });

  test("seed 004 접착 폭약, 강화된 진입로: a breach charge (red) destroys the reinforced access point next to it; the thick walls stay", () => {
    // Cinder comes in through the east window (a charge is never placed outside, nor through a wall: seed 004 "전술 도구", "인접판정").
    let s = ready({ tokens: QUIET, wire: "6,8", attack: { cinder: ["11,6", null] } });
    s = run(s, [
      ["a1", { type: "activate", operator: "cinder" }],
      ["a1", { type: "breach", operator: "cinder", target: "window_east" }],
      ["a1", { type: "step", operator: "cinder", to: "10,6" }],
      ["a1", { type: "step", operator: "cinder", to: "10,7" }],
    ]);
    const { state, events } = apply(s, "a1", { type: "gadget", operator: "cinder", gadget: "breach_charge", at: "10,8" });
    expect(events).toContainEqual({ type: "breached", by: "breach_charge", partitions: [], gadgets: ["hatch_packing"] });
    expect(state.gadgets.some((g) => g.id === "hatch_packing")).toBe(false);
    expect(state.inventory.attack.breach_charge).toBe(0);
    expect(code(state, "a1", { type: "gadget", operator: "cinder", gadget: "breach_charge", at: "10,8" })).toBe("action_used");
  });
});

describe("seed 004 전술 도구: gadgets", () => {
  test("seed 004 C4: two orange dice in its space, one in each adjacent space, friend or foe, without protection", () => {
    let s = run(facing("haze"), [["a1", { type: "activate", operator: "haze" }], ["a1", { type: "end_activation", operator: "haze" }], ["a1", { type: "end_phase" }]]);
    s = run(s, [["d1", { type: "activate", operator: "keel" }]]);
    const { events } = apply(s, "d1", { type: "gadget", operator: "keel", gadget: "c4", at: "8,0" });
    const hits = shots(events);
    const onHaze = hits.find((h) => h.target === "haze")!;
    const onKeel = hits.find((h) => h.target === "keel")!;
    expect(onHaze.dice.map((d) => d.colour)).toEqual(["orange", "orange"]);
    expect(onKeel.dice.map((d) => d.colour)).toEqual(["orange"]);
    expect(onHaze).toMatchObject({ protection: 0, damage: sum(onHaze.dice) });
    expect(onKeel).toMatchObject({ protection: 0, damage: sum(onKeel.dice) });
  });

  test("seed 004 충격 수류탄: an impact grenade breaks what an orange breach breaks on its space (both spaces of the smokehouse's south wall)", () => {
    let s = run(facing("haze"), [["a1", { type: "activate", operator: "haze" }], ["a1", { type: "end_activation", operator: "haze" }], ["a1", { type: "end_phase" }]]);
    s = run(s, [["d1", { type: "activate", operator: "keel" }], ["d1", { type: "gadget", operator: "keel", gadget: "impact_grenade", at: "10,3" }]]);
    expect(s.partitions.wall_smokehouse_south!.broken).toBe(true);
    expect(s.partitions.wall_10_3_E!.broken).toBe(false);
  });

  test("seed 004 연막탄, 오버레이: smoke lays the largest overlay (2x2) with the target space; its spaces block sight, also for those inside", () => {
    let s = run(facing("haze"), [["a1", { type: "activate", operator: "haze" }]]);
    expect(code(s, "a1", { type: "shoot", operator: "haze", target: "keel" })).toBe("ok");
    const r = apply(s, "a1", { type: "gadget", operator: "haze", gadget: "smoke_grenade", at: "8,2" });
    s = r.state;
    expect(r.events).toContainEqual({ type: "overlay_placed", spaces: ["7,1", "8,1", "7,2", "8,2"] });
    expect(s.pending).toBeNull();
    expect(code(s, "a1", { type: "shoot", operator: "haze", target: "keel" })).toBe("no_line_of_sight");
    expect(board.lineOfSight(s, "8,1", "9,1")).toBe(false);
    expect(code(s, "a1", { type: "gadget", operator: "haze", gadget: "smoke_grenade", at: "9,3" })).toBe("action_used");
  });

  test("seed 004 유지 페이즈: at the end of the round red pings, stuns and overlays are removed and activations turn back", () => {
    let s = run(facing("haze"), [["a1", { type: "activate", operator: "haze" }], ["a1", { type: "gadget", operator: "haze", gadget: "flashbang", at: "8,2" }], ["d1", { type: "hold" }]]);
    s = run(s, [["a1", { type: "end_activation", operator: "haze" }], ["a1", { type: "activate", operator: "cinder" }], ["a1", { type: "end_activation", operator: "cinder" }], ["a1", { type: "end_phase" }]]);
    expect(s.operators.keel!.stunned).toBe(true);
    s = run(s, [["d1", { type: "activate", operator: "lattice" }], ["d1", { type: "end_activation", operator: "lattice" }], ["d1", { type: "end_phase" }]]);
    s = run(s, [["a1", { type: "activate", operator: "lantern" }], ["a1", { type: "gadget", operator: "lantern", gadget: "smoke_grenade", at: "10,9" }]]);
    expect(s.overlays).toHaveLength(1);
    s = run(s, [["a1", { type: "end_activation", operator: "lantern" }], ["a1", { type: "end_phase" }]]);
    s = run(s, [["d1", { type: "activate", operator: "quill" }], ["d1", { type: "end_activation", operator: "quill" }], ["d1", { type: "end_phase" }]]);
    expect(s.round).toBe(2);
    expect(Object.values(s.operators).some((o) => o.stunned || o.redPing || o.activated)).toBe(false);
    expect(s.overlays).toEqual([]);
  });

  test("seed 004 클레이모어: an operator entering the claymore's space sets it off: two red dice to every operator there and around", () => {
    const attackPick = { type: "pick", operators: ["auger", "bulwark", "cinder", "haze", "lantern"], inventory: { claymore: 1, drone: 1, frag_grenade: 1, flashbang: 1, smoke_grenade: 1 } } as const;
    let s = ready({ tokens: QUIET, wire: "6,8", attack: { lantern: ["8,0", null] }, attackPick });
    s = run(s, [["a1", { type: "activate", operator: "lantern" }], ["a1", { type: "step", operator: "lantern", to: "8,1" }], ["a1", { type: "gadget", operator: "lantern", gadget: "claymore", at: "8,2", aim: "8,3" }]]);
    expect(s.gadgets.find((g) => g.kind === "claymore")).toMatchObject({ at: "8,2", aim: "8,3", team: "attack" });
    const { state, events } = apply(s, "a1", { type: "step", operator: "lantern", to: "8,2" });
    expect(events.some((e) => e.type === "exploded")).toBe(true);
    const hit = shots(events).find((h) => h.target === "lantern")!;
    expect(hit.dice.map((d) => d.colour)).toEqual(["red", "red"]);
    expect(state.gadgets.some((g) => g.kind === "claymore")).toBe(false);
  });

  test("seed 004 철조망: an attacker entering barbed wire ends its activation at once", () => {
    let s = ready({ tokens: QUIET, wire: "8,2", attack: { lantern: ["8,0", null] } });
    s = run(s, [["a1", { type: "activate", operator: "lantern" }], ["a1", { type: "step", operator: "lantern", to: "8,1" }]]);
    const { state, events } = apply(s, "a1", { type: "step", operator: "lantern", to: "8,2" });
    expect(events).toContainEqual({ type: "activation_ended", operator: "lantern", reason: "barbed_wire" });
    expect(state.activation).toBeNull();
    expect(board.stepCost(state, "8,1", "8,2")).toBe(1);
  });

  test("seed 004 카메라: an attacker entering a room covered by a defence camera gets a red ping", () => {
    let s = ready({ tokens: QUIET, wire: "6,8", attack: { lantern: ["8,0", null] } });
    s = run(s, [["a1", { type: "activate", operator: "lantern" }]]);
    const { state, events } = apply(s, "a1", { type: "step", operator: "lantern", to: "8,1" });
    expect(events).toContainEqual({ type: "pinged", operator: "lantern", source: "cam_smokehouse" });
    expect(state.operators.lantern!.redPing).toBe(true);
  });
});

describe("seed 004 상층부 경계: access point watch tokens and contests", () => {
  const up = (seed: string) => {
    // Haze on the blue access point sees the loft: Rook's token there is spotted at deployment.
    let s = ready({ seed, tokens: { ...QUIET, rook: [["up:loft", { ap: "1,1" }], ["4,7", { facing: "W" }]] }, wire: "6,8", attack: { haze: ["11,5", null] } });
    expect(s.operators.rook).toMatchObject({ hidden: false, at: "up:loft", watch: { ap: "1,1" } });
    s = run(s, [["a1", { type: "activate", operator: "haze" }], ["a1", { type: "step", operator: "haze", to: "up:loft" }]]);
    return s;
  };

  test("seed 004 상층부 경계: watching an access point held by the other team starts a contest; the holder may yield its token", () => {
    let s = up("contest-yield");
    const r = apply(s, "a1", { type: "watch", operator: "haze", watches: [{ ap: "1,1" }] });
    expect(r.events).toContainEqual({ type: "contest_started", ap: "1,1", challenger: "haze", holder: "rook" });
    s = r.state;
    expect(s.pending).toMatchObject({ kind: "contest", team: "defence" });
    s = run(s, [["d1", { type: "contest", fight: false }]]);
    expect(s.operators.rook!.watch).toBeNull();
    expect(s.operators.haze!.watch).toEqual({ ap: "1,1" });
  });

  test("seed 004 사격 교환: if the holder fights, the challenger shoots first at distance 1 against strong protection; the holder survives (Rook, health 4, takes at most 6 - 3 = 3) and may fire back the same way; its token stays", () => {
    const fought = apply(hazeContestsRook("contest-fight"), "d1", { type: "contest", fight: true });
    const [first] = shots(fought.events);
    expect(shots(fought.events)).toHaveLength(1);
    expect(first).toMatchObject({ shooter: "haze", target: "rook", kind: "exchange", distance: 1, protection: 3 });
    expect(first!.dice.map((d) => d.colour)).toEqual(["orange", "orange"]);
    expect(first!.damage).toBe(Math.max(0, sum(first!.dice) - 3));
    expect(fought.state.operators.rook).toMatchObject({ dead: false, damage: first!.damage, watch: { ap: "1,1" } });
    // Seed 004 "사격 교환": 이제 대상은 대응 사격을 할 수 있습니다. The holder's team is asked.
    expect(fought.state.pending).toEqual({ kind: "return_fire", team: "defence", ap: "1,1", challenger: "haze", holder: "rook" });
    expect(siege.legalCommands(fought.state, "d1")).toEqual([{ type: "return_fire", fire: true }, { type: "return_fire", fire: false }]);
    expect(siege.legalCommands(fought.state, "a1")).toEqual([]);
    expect(code(fought.state, "a1", { type: "return_fire", fire: true })).toBe("decision_pending");
    const { state, events } = apply(fought.state, "d1", { type: "return_fire", fire: true });
    const [second] = shots(events);
    expect(second).toMatchObject({ shooter: "rook", target: "haze", kind: "exchange", distance: 1, protection: 3 });
    expect(second!.dice.map((d) => d.colour)).toEqual(["orange", "orange"]);
    expect(second!.damage).toBe(Math.max(0, sum(second!.dice) - 3));
    expect(state.operators.haze!.damage).toBe(second!.damage);
    expect(state.operators.rook!.watch).toEqual({ ap: "1,1" });
    expect(state.operators.haze!.watch).toBeNull();
    expect(state.pending).toBeNull();
  });

  test("seed 004 사격 교환: firing back is the holder's choice (할 수 있습니다): Rook does not fire back; no second shot, Rook keeps its token, Haze places none", () => {
    const s = run(hazeContestsRook("contest-hold"), [["d1", { type: "contest", fight: true }]]);
    expect(s.pending).toMatchObject({ kind: "return_fire", team: "defence" });
    const { state, events } = apply(s, "d1", { type: "return_fire", fire: false });
    expect(shots(events)).toEqual([]);
    expect(state.operators.haze!.damage).toBe(0);
    expect(state.operators.rook!.watch).toEqual({ ap: "1,1" });
    expect(state.operators.haze!.watch).toBeNull();
    expect(state.pending).toBeNull();
    // The time bank's answer (project decision, docs/rules/siege.md "Time bank") is the usual one: fire back.
    expect(onTimeout(s, "d1")).toEqual({ type: "return_fire", fire: true });
  });

  test("seed 004 사격 교환: whoever holds the token is asked: Haze holds 1,1 from the loft (set by hand), Rook contests it, Haze fights and, surviving Rook's shot (at most 3 of its 4), the attack is asked to fire back", () => {
    const s = rookContestsHaze("contest-attack-holds");
    expect(s.pending).toEqual({ kind: "contest", team: "attack", ap: "1,1", challenger: "rook", holder: "haze" });
    const fought = apply(s, "a1", { type: "contest", fight: true });
    expect(shots(fought.events)[0]).toMatchObject({ shooter: "rook", target: "haze", kind: "exchange", distance: 1, protection: 3 });
    expect(fought.state.pending).toEqual({ kind: "return_fire", team: "attack", ap: "1,1", challenger: "rook", holder: "haze" });
    expect(siege.legalCommands(fought.state, "a1")).toEqual([{ type: "return_fire", fire: true }, { type: "return_fire", fire: false }]);
    const { state, events } = apply(fought.state, "a1", { type: "return_fire", fire: true });
    expect(shots(events)[0]).toMatchObject({ shooter: "haze", target: "rook", kind: "exchange", distance: 1, protection: 3 });
    expect(state.operators.haze!.watch).toEqual({ ap: "1,1" });
    expect(state.operators.rook!.watch).toBeNull();
  });
});
