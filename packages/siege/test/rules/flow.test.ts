/**
 * Seed 004 세팅 (setup) and 게임 진행 (rounds, phases, activations, end of round, upkeep), and the
 * project's sample mission (victory conditions the seed leaves open).
 */
import { verifyCommitment } from "@fogwar/engine";
import { siege, viewFor, type SiegeState } from "../../src";
import { ATTACK_PICK, DEFENCE_PICK, ready, run, SETUP_1V1, SETUP_2V2, tryApply } from "../helpers";

const events = (s: SiegeState, seat: string, cmd: Parameters<typeof tryApply>[2]) => {
  const r = tryApply(s, seat, cmd);
  if (!r.ok) throw new Error(`refused: ${r.error.code}`);
  return { state: r.state, events: r.events.map((e) => e.event) };
};

describe("seed 004 세팅 팀 준비: simultaneous secret picks", () => {
  test("seed 004 팀 준비: each team commits to five operators and its inventory; the other team sees only the commitment until both have picked, then the salts open them", () => {
    const s0 = siege.setup(SETUP_2V2, "picks").state;
    expect(siege.awaiting(s0)).toEqual(["a1", "a2", "d1", "d2"]);
    const s1 = run(s0, [["a2", ATTACK_PICK]]);
    expect(viewFor(s1, { kind: "seat", seat: "d1" }).hidden.picks.attack).toBeNull();
    expect(viewFor(s1, { kind: "seat", seat: "a1" }).hidden.picks.attack).toEqual({ operators: ATTACK_PICK.type === "pick" ? ATTACK_PICK.operators : [], inventory: ATTACK_PICK.type === "pick" ? ATTACK_PICK.inventory : {} });
    expect(viewFor(s1, { kind: "spectator" }).hidden.picks.attack).toBeNull();
    expect(s1.picks.attack.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(siege.awaiting(s1)).toEqual(["d1", "d2"]);
    expect(tryApply(s1, "a1", ATTACK_PICK)).toMatchObject({ ok: false, error: { code: "already_picked" } });
    const { state, events: ev } = events(s1, "d1", DEFENCE_PICK);
    const revealed = ev.find((e) => e.type === "picks_revealed")!;
    if (revealed.type !== "picks_revealed") throw new Error();
    for (const team of ["attack", "defence"] as const) {
      const { salt, ...choice } = revealed.picks[team];
      expect(verifyCommitment(state.picks[team].commitment!, choice, salt)).toBe(true);
    }
    expect(state.phase).toBe("defence_setup");
    expect(Object.values(state.operators).filter((o) => o.team === "defence").every((o) => o.hidden)).toBe(true);
  });

  test("seed 004 팀 준비: a pick names five different operators of the team in id order and spends exactly five inventory cubes", () => {
    const s = siege.setup(SETUP_1V1, "bad-picks").state;
    const bad = [
      { type: "pick", operators: ["auger", "bulwark", "cinder", "haze"], inventory: { drone: 2, frag_grenade: 2, flashbang: 1 } },
      { type: "pick", operators: ["bulwark", "auger", "cinder", "haze", "lantern"], inventory: { drone: 2, frag_grenade: 2, flashbang: 1 } },
      { type: "pick", operators: ["auger", "bulwark", "cinder", "haze", "keel"], inventory: { drone: 2, frag_grenade: 2, flashbang: 1 } },
      { type: "pick", operators: ["auger", "bulwark", "cinder", "haze", "lantern"], inventory: { drone: 3, frag_grenade: 2 } },
      { type: "pick", operators: ["auger", "bulwark", "cinder", "haze", "lantern"], inventory: { drone: 2, frag_grenade: 2 } },
      { type: "pick", operators: ["auger", "bulwark", "cinder", "haze", "lantern"], inventory: { c4: 2, frag_grenade: 2, drone: 1 } },
    ] as const;
    for (const cmd of bad) expect(tryApply(s, "a1", cmd)).toMatchObject({ ok: false, error: { code: "invalid_pick" } });
    expect(tryApply(s, "a1", ATTACK_PICK).ok).toBe(true);
  });
});

describe("seed 004 요원 배치: defence setup and attack deployment", () => {
  const picked = () => run(siege.setup(SETUP_1V1, "setup").state, [["a1", ATTACK_PICK], ["d1", DEFENCE_PICK]]);

  test("seed 004 요원 배치 1: the defence relocates or removes up to five components (barricades, cameras, barbed wire, reinforced access points), not a sixth", () => {
    let s = picked();
    s = run(s, [
      ["d1", { type: "edit_component", component: "door_west", to: null }],
      ["d1", { type: "edit_component", component: "door_south", to: "door_loft" }],
      ["d1", { type: "edit_component", component: "cam_smokehouse", to: "4,5" }],
      ["d1", { type: "edit_component", component: "wire_packing", to: null }],
      ["d1", { type: "edit_component", component: "hatch_packing", to: "1,1" }],
    ]);
    expect(s.partitions.door_west!.barricaded).toBe(false);
    expect(s.partitions.door_south!.barricaded).toBe(false);
    expect(s.partitions.door_loft!.barricaded).toBe(true);
    expect(s.gadgets.map((g) => `${g.id}@${g.at}`).sort()).toEqual(["cam_smokehouse@4,5", "hatch_packing@1,1"]);
    expect(tryApply(s, "d1", { type: "edit_component", component: "door_packing", to: null })).toMatchObject({ ok: false, error: { code: "too_many_edits" } });
    expect(tryApply(picked(), "d1", { type: "edit_component", component: "wall_ledger_east", to: null })).toMatchObject({ ok: false, error: { code: "unknown_component" } });
  });

  test("seed 004 요원 배치 2-3: every setup gadget of the inventory is placed before the setup ends; barbed wire and the deployable shield go on empty inside spaces", () => {
    let s = run(siege.setup(SETUP_1V1, "setup-gadgets").state, [
      ["a1", ATTACK_PICK],
      ["d1", { type: "pick", operators: ["fennel", "keel", "lattice", "quill", "rook"], inventory: { deployable_shield: 1, barbed_wire: 1, c4: 2, camera: 1 } }],
    ]);
    expect(s.setupGadgets).toEqual({ deployable_shield: 1, barbed_wire: 1, camera: 1 });
    expect(s.inventory.defence).toEqual({ c4: 2 });
    expect(tryApply(s, "d1", { type: "place_gadget", gadget: "deployable_shield", at: "0,5" })).toMatchObject({ ok: false, error: { code: "invalid_place" } });
    expect(tryApply(s, "d1", { type: "place_gadget", gadget: "deployable_shield", at: "2,2" })).toMatchObject({ ok: false, error: { code: "space_occupied" } });
    s = run(s, [
      ["d1", { type: "place_gadget", gadget: "deployable_shield", at: "5,5" }],
      ["d1", { type: "place_gadget", gadget: "barbed_wire", at: "3,5" }],
    ]);
    expect(tryApply(s, "d1", { type: "place_gadget", gadget: "camera", at: "3,5" })).toMatchObject({ ok: false, error: { code: "space_occupied" } });
    for (const op of ["fennel", "keel", "lattice", "quill", "rook"]) {
      const i = ["fennel", "keel", "lattice", "quill", "rook"].indexOf(op) + 1;
      s = run(s, [
        ["d1", { type: "place_token", operator: op, at: `${i},1`, watch: { facing: "S" }, real: true }],
        ["d1", { type: "place_token", operator: op, at: `${i},3`, watch: { facing: "N" }, real: false }],
      ]);
    }
    expect(tryApply(s, "d1", { type: "end_setup" })).toMatchObject({ ok: false, error: { code: "setup_incomplete" } });
    s = run(s, [["d1", { type: "place_gadget", gadget: "camera", at: "6,6" }], ["d1", { type: "end_setup" }]]);
    expect(s.phase).toBe("attack_setup");
  });

  test("seed 004 요원 배치 5: the attack deploys outside only (not inside, not upstairs); after the fifth operator round 1 starts with attack phase 1", () => {
    let s = ready().operators ? run(siege.setup(SETUP_1V1, "deploy").state, [["a1", ATTACK_PICK], ["d1", DEFENCE_PICK], ["d1", { type: "place_gadget", gadget: "barbed_wire", at: "1,8" }]]) : ({} as SiegeState);
    for (const [i, op] of ["fennel", "keel", "lattice", "quill", "rook"].entries()) {
      s = run(s, [
        ["d1", { type: "place_token", operator: op, at: `${i + 1},1`, watch: { facing: "S" }, real: i % 2 === 0 }],
        ["d1", { type: "place_token", operator: op, at: `${i + 1},3`, watch: { facing: "N" }, real: i % 2 !== 0 }],
      ]);
    }
    s = run(s, [["d1", { type: "end_setup" }]]);
    expect(tryApply(s, "a1", { type: "deploy", operator: "auger", at: "4,5", facing: null })).toMatchObject({ ok: false, error: { code: "invalid_place" } });
    expect(tryApply(s, "a1", { type: "deploy", operator: "auger", at: "up:loft", facing: null })).toMatchObject({ ok: false, error: { code: "invalid_place" } });
    s = run(s, [
      ["a1", { type: "deploy", operator: "auger", at: "0,9", facing: "N" }],
      ["a1", { type: "deploy", operator: "bulwark", at: "1,9", facing: null }],
      ["a1", { type: "deploy", operator: "cinder", at: "2,9", facing: null }],
      ["a1", { type: "deploy", operator: "haze", at: "3,9", facing: null }],
    ]);
    expect(tryApply(s, "a1", { type: "deploy", operator: "lantern", at: "3,9", facing: null })).toMatchObject({ ok: false, error: { code: "space_occupied" } });
    const { state, events: ev } = events(s, "a1", { type: "deploy", operator: "lantern", at: "5,9", facing: null });
    expect(state.operators.auger!.watch).toEqual({ facing: "N" });
    expect(ev.map((e) => e.type)).toEqual(["deployed", "setup_ended", "round_started", "phase_started"]);
    expect(state).toMatchObject({ phase: "action", round: 1, step: 0 });
  });
});

describe("seed 004 게임 진행: rounds, phases and activations", () => {
  test("seed 004 요약: attack phase 1, defence phase 1, attack phase 2, defence phase 2, then the end of the round and round 2", () => {
    let s = ready();
    const order: string[] = [];
    const teams = { attack: ["auger", "bulwark"], defence: ["fennel", "keel"] };
    for (let step = 0; step < 4; step++) {
      const team = step % 2 === 0 ? "attack" : "defence";
      const seat = team === "attack" ? "a1" : "d1";
      const op = teams[team][Math.floor(step / 2)]!;
      s = run(s, [[seat, { type: "activate", operator: op }], [seat, { type: "end_activation", operator: op }]]);
      const r = events(s, seat, { type: "end_phase" });
      s = r.state;
      order.push(...r.events.filter((e) => e.type === "phase_started" || e.type === "round_started").map((e) => (e.type === "phase_started" ? `${e.team}` : `round ${(e as { round: number }).round}`)));
    }
    expect(order).toEqual(["defence", "attack", "defence", "round 2", "attack"]);
    expect(s.round).toBe(2);
  });

  test("seed 004 행동 페이즈: a phase activates one to three operators, each operator once a round", () => {
    let s = ready();
    expect(tryApply(s, "a1", { type: "end_phase" })).toMatchObject({ ok: false, error: { code: "phase_needs_activation" } });
    for (const op of ["auger", "bulwark", "cinder"]) s = run(s, [["a1", { type: "activate", operator: op }], ["a1", { type: "end_activation", operator: op }]]);
    // The third activation ended the phase: it is the defence's turn.
    expect(s.step).toBe(1);
    s = run(s, [["d1", { type: "activate", operator: "keel" }], ["d1", { type: "end_activation", operator: "keel" }], ["d1", { type: "end_phase" }]]);
    expect(tryApply(s, "a1", { type: "activate", operator: "auger" })).toMatchObject({ ok: false, error: { code: "already_activated" } });
    s = run(s, [["a1", { type: "activate", operator: "haze" }]]);
    expect(tryApply(s, "a1", { type: "activate", operator: "lantern" })).toMatchObject({ ok: false, error: { code: "activation_running" } });
    expect(tryApply(s, "d1", { type: "activate", operator: "fennel" })).toMatchObject({ ok: false, error: { code: "not_your_turn" } });
  });

  test("seed 004 행동 페이즈: with no operator left to activate, the phase passes on its own", () => {
    let s = ready();
    for (const op of ["auger", "bulwark", "cinder"]) s = run(s, [["a1", { type: "activate", operator: op }], ["a1", { type: "end_activation", operator: op }]]);
    for (const op of ["fennel", "keel", "lattice"]) s = run(s, [["d1", { type: "activate", operator: op }], ["d1", { type: "end_activation", operator: op }]]);
    for (const op of ["haze", "lantern"]) s = run(s, [["a1", { type: "activate", operator: op }], ["a1", { type: "end_activation", operator: op }]]);
    expect(s.step).toBe(3);
    for (const op of ["quill", "rook"]) s = run(s, [["d1", { type: "activate", operator: op }], ["d1", { type: "end_activation", operator: op }]]);
    expect(s.round).toBe(2);
    expect(Object.values(s.operators).every((o) => !o.activated)).toBe(true);
  });
});

describe("seed 004 라운드 종료 및 유지 페이즈: victory check (sample mission) and upkeep", () => {
  const north = {
    fennel: [["6,1", { facing: "N" }], ["7,1", { facing: "N" }]],
    keel: [["9,1", { facing: "N" }], ["10,2", { facing: "N" }]],
    lattice: [["1,1", { facing: "N" }], ["2,1", { facing: "N" }]],
    quill: [["3,1", { facing: "N" }], ["4,1", { facing: "N" }]],
    rook: [["5,1", { facing: "N" }], ["1,2", { facing: "N" }]],
  } as const;

  test("seed 004 라운드 종료: at the end of the round an attacker alone in the ledger room secures it and the attack wins", () => {
    let s = ready({ tokens: north, attack: { auger: ["4,9", null] } });
    s = run(s, [
      ["a1", { type: "activate", operator: "auger" }],
      ["a1", { type: "breach", operator: "auger", target: "door_south" }],
      ["a1", { type: "step", operator: "auger", to: "4,8" }],
      ["a1", { type: "special", operator: "auger", at: "5,7" }],
      ["a1", { type: "step", operator: "auger", to: "5,7" }],
      ["a1", { type: "step", operator: "auger", to: "5,6" }],
    ]);
    expect(s.partitions.door_galley!.barricaded).toBe(false);
    expect(s.activation?.mp).toBe(2);
    s = run(s, [["a1", { type: "end_activation", operator: "auger" }], ["a1", { type: "end_phase" }]]);
    s = run(s, [["d1", { type: "activate", operator: "lattice" }], ["d1", { type: "end_activation", operator: "lattice" }], ["d1", { type: "end_phase" }]]);
    s = run(s, [["a1", { type: "activate", operator: "bulwark" }], ["a1", { type: "end_activation", operator: "bulwark" }], ["a1", { type: "end_phase" }]]);
    expect(s.result).toBeNull();
    s = run(s, [["d1", { type: "activate", operator: "quill" }], ["d1", { type: "end_activation", operator: "quill" }], ["d1", { type: "end_phase" }]]);
    expect(s.result).toMatchObject({ winner: "a1", reason: "attack: ledger_room secured", scores: { a1: 1, d1: 0 } });
    expect(s.phase).toBe("finished");
    expect(viewFor(s, { kind: "spectator" }).seed).toBe("scenario-seed");
  });

  test("seed 004 라운드 종료: when no attacker holds the room after the fifth round, the defence wins (no overtime without a contested room)", () => {
    let s = ready({ tokens: north });
    for (let round = 1; round <= 5; round++) {
      for (let step = 0; step < 4; step++) {
        const [seat, op] = step % 2 === 0 ? ["a1", step === 0 ? "auger" : "bulwark"] : ["d1", step === 1 ? "lattice" : "quill"];
        s = run(s, [[seat!, { type: "activate", operator: op! }], [seat!, { type: "end_activation", operator: op! }], [seat!, { type: "end_phase" }]]);
      }
    }
    expect(s.result).toMatchObject({ winner: "d1", reason: "defence: ledger_room held" });
    expect(s.round).toBe(5);
  });

  test("seed 004 요약 and 라운드 종료: a contested ledger room at the end of round 5 brings the overtime round; still contested after it, the defence wins", () => {
    const tokens = { ...north, keel: [["4,4", { facing: "N" }], ["10,2", { facing: "N" }]] } as const;
    let s = ready({ tokens, attack: { auger: ["4,9", null] } });
    s = run(s, [
      ["a1", { type: "activate", operator: "auger" }],
      ["a1", { type: "breach", operator: "auger", target: "door_south" }],
      ["a1", { type: "step", operator: "auger", to: "4,8" }],
      ["a1", { type: "special", operator: "auger", at: "5,7" }],
      ["a1", { type: "step", operator: "auger", to: "5,7" }],
      ["a1", { type: "step", operator: "auger", to: "5,6" }],
    ]);
    expect(s.operators.keel).toMatchObject({ hidden: false, at: "4,4" });
    s = run(s, [["a1", { type: "end_activation", operator: "auger" }], ["a1", { type: "end_phase" }]]);
    for (let step = 1; step < 4 * 6; step++) {
      const attack = step % 2 === 0;
      const [seat, op] = attack ? ["a1", step % 4 === 0 ? "bulwark" : "cinder"] : ["d1", step % 4 === 1 ? "lattice" : "quill"];
      s = run(s, [[seat!, { type: "activate", operator: op! }], [seat!, { type: "end_activation", operator: op! }], [seat!, { type: "end_phase" }]]);
      if (step === 4 * 5 - 1) expect(s).toMatchObject({ round: 6, result: null });
    }
    expect(s.result).toMatchObject({ winner: "d1", reason: "defence: ledger_room held" });
    expect(s.round).toBe(6);
  });
});
