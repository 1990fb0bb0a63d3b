/**
 * Launch actions, projectiles and installations, blast damage and interception (seed 000 1.5,
 * 1.2.1, 1.2.3, 3; seed 001 6.3 "발사"), worked by hand on the Ashfall board with the sample
 * launch armies: p1 GOF Hornet Nest (Nest Mother: flak collar with Point Defence, Wasp Cradle,
 * Hornet Rack; Stinger: Hornet Rack), p2 UN Aegis Beacon Cell (Beacon Caller: Beacon Spine,
 * Sentry Dropper, Aegis Flak; Flak Picket: Aegis Flak), or p1 RDL Ashfall Sappers.
 */
import { catalog, ember, legalCommands, type AttackEffect, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState } from "../../src";
import { targetProblem } from "../../src/targeting";
import { arrange, deployed, edit, FACE, mech, must, rejected, toAction, unit, withDice } from "../helpers";
import { USE } from "./steps";

const DECLINE: EmberCommand = { type: "reroll", dice: [] };
const types = (events: EmberEvent[]) => events.map((e) => e.type);
const army = (name: string) => catalog.data.armies.find((a) => a.name === name)!;

const GOF_UN: EmberSetup = { scenario: "ashfall", seats: ["p1", "p2"], armies: { p1: army("Hornet Nest"), p2: army("Aegis Beacon Cell") } };
const RDL_UN: EmberSetup = { scenario: "ashfall", seats: ["p1", "p2"], armies: { p1: army("Ashfall Sappers"), p2: army("Aegis Beacon Cell") } };
const UN_GOF: EmberSetup = { scenario: "ashfall", seats: ["p1", "p2"], armies: { p1: army("Aegis Beacon Cell"), p2: army("Hornet Nest") } };

/** Takes every interception token of a seat away (so an example can leave interception out). */
const noInterception = (state: EmberState, seat: string) =>
  edit(state, (s) => {
    for (const key of Object.keys(s.interception)) if (key.startsWith(`${seat}-`)) s.interception[key] = 0;
  });

/** Answers every pending reroll with "no reroll"; returns the events on the way. */
function declineRerolls(state: EmberState): { state: EmberState; events: EmberEvent[] } {
  const events: EmberEvent[] = [];
  while (state.pending && ["part_reroll", "attack_reroll", "defence_reroll"].includes(state.pending.kind)) {
    const r = must(state, state.pending.seat, DECLINE);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

/** Ends every remaining activation of the round. */
function endActivations(state: EmberState): { state: EmberState; events: EmberEvent[] } {
  const events: EmberEvent[] = [];
  while (state.phase === "action" && !state.pending) {
    const id = state.activation!.unit;
    const r = must(state, mech(state, id).owner, { type: "end_activation", unit: id });
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

describe("seed 000 1.5 launch actions: fire, detonation, blast damage", () => {
  test("seed 000 1.5.1: direct fire needs line of sight to the drop point and never lands on or behind blocking terrain; no front arc; within range", () => {
    // Nest Mother at c11 (2,10) faces south, away from the drop points: launches need no front arc.
    let state = arrange(deployed("launch-1", GOF_UN), { "p1-m1": { at: { x: 5, y: 10 }, facing: "S" }, "p2-m1": { at: { x: 0, y: 0 } }, "p2-m2": { at: { x: 11, y: 0 } } });
    state = toAction(state, { "p1-m1": "launch" });
    const fire = (to: { x: number; y: number }): EmberCommand => ({ type: "act", unit: "p1-m1", part: "right_arm", action: "hornet-salvo", to });
    // (5,4): the line from (5,10) crosses the ruptured tank at (5,5), which blocks sight.
    expect(rejected(state, "p1", fire({ x: 5, y: 4 }))).toBe("no_line_of_sight");
    // (5,5) is the tank itself: a drop point on blocking terrain is out of sight.
    expect(rejected(state, "p1", fire({ x: 5, y: 5 }))).toBe("no_line_of_sight");
    // Range 6: (5,3) is 7 squares away.
    expect(rejected(state, "p1", fire({ x: 4, y: 3 }))).toBe("out_of_range");
    // A launch names a drop point, not a unit.
    expect(rejected(state, "p1", { type: "act", unit: "p1-m1", part: "right_arm", action: "hornet-salvo", target: "p2-m1" })).toBe("malformed_command");
    const legal = legalCommands(state, "p1").filter((c) => c.type === "act" && c.action === "hornet-salvo");
    expect(legal).toContainEqual(fire({ x: 5, y: 7 }));
    expect(legal).not.toContainEqual(fire({ x: 5, y: 4 }));
    // With nobody within 2 squares of (5,7) the missile finds no target and is destroyed where it stands (1.5.2).
    const r = must(state, "p1", fire({ x: 5, y: 7 }));
    expect(types(r.events)).toEqual(["action_taken", "projectile_launched", "projectile_removed"]);
    expect(r.events[1]).toMatchObject({ type: "projectile_launched", projectile: "p1-p1", card: "gof-hornet-missile", from: { x: 5, y: 10 }, to: { x: 5, y: 7 }, fire: "direct" });
    expect(r.events[2]).toEqual({ type: "projectile_removed", projectile: "p1-p1", reason: "no_target" });
    expect(r.state.projectiles[0]).toMatchObject({ id: "p1-p1", destroyed: true, at: null });
  });

  test("seed 000 1.5.2-1.5.3: an instant missile with one enemy in seek range detonates on it, destroys itself, and deals blast damage: no cover, the part die, defender-only reroll", () => {
    // Hornet Missile: 1 yellow + 1 red, target of choice within 2 of the drop point (5,7).
    // Flak Picket (p2-m2) stands at (6,7), behind the pipe rack at (5,8)/(6,8) from the launcher:
    // a shot would have terrain cover; a blast has none. Its interception tokens are spent.
    let state = arrange(deployed("launch-2", GOF_UN), {
      "p1-m1": { at: { x: 5, y: 10 }, facing: "N" },
      "p2-m1": { at: { x: 0, y: 0 } },
      "p2-m2": { at: { x: 6, y: 7 }, facing: "S" },
    });
    state = noInterception(toAction(state, { "p1-m1": "launch" }), "p2");
    const r = withDice({ yellow: FACE.light, red: FACE.heavy, white: FACE.blank, part: "torso" }, () => {
      const a = must(state, "p1", { type: "act", unit: "p1-m1", part: "right_arm", action: "hornet-salvo", to: { x: 5, y: 7 } });
      // The projectile has no link: no part or attack reroll; the defender (link 4) may reroll.
      expect(ember.pending(a.state)).toMatchObject({ seat: "p2", kind: "defence_reroll" });
      const b = must(a.state, "p2", DECLINE);
      return { state: b.state, events: [...a.events, ...b.events] };
    });
    expect(types(r.events)).toEqual([
      "action_taken",
      "projectile_launched",
      "projectile_detonated",
      "projectile_removed",
      "attack_declared",
      "part_rolled",
      "hit_part",
      "dice_rolled",
      "dice_set",
      "dice_rolled",
      "attack_resolved",
      "part_damaged",
    ]);
    expect(r.events[2]).toEqual({ type: "projectile_detonated", projectile: "p1-p1", at: { x: 6, y: 7 }, targets: ["p2-m2"] });
    expect(r.events[3]).toEqual({ type: "projectile_removed", projectile: "p1-p1", reason: "detonated" });
    expect(r.events[4]).toEqual({ type: "attack_declared", attacker: "p1-p1", defender: "p2-m2", mode: "blast", rear: false, cover: { terrain: false, unit: false }, chain: false });
    // Lattice core torso: armour 4, so 4 white dice (no cover); the bracing legs set one of them to
    // [defend] (a defender's dice ability, seed 000 1.5.3), the other 3 roll blank. Light + heavy:
    // the defend cancels the light, the heavy is 1 damage: penetration.
    expect(r.events[8]).toMatchObject({ type: "dice_set", side: "defence", by: "defender", count: 1 });
    const defence = r.events[9] as Extract<EmberEvent, { type: "dice_rolled" }>;
    expect(defence.dice).toHaveLength(4);
    expect(r.events[10]).toMatchObject({ type: "attack_resolved", damage: 1, penetrated: true, cancelledByDefend: 1 });
    expect(mech(r.state, "p2-m2").parts.torso.damaged).toBe(true);
    // The launch took 1 tick (S); the activation goes on.
    expect(r.state.activation).toMatchObject({ unit: "p1-m1", ticks: 2 });
  });

  test("seed 000 1.5.2: with several enemies in seek range the owner picks the target; 1.5.3 single-target blast hits that unit only", () => {
    let state = arrange(deployed("launch-3", GOF_UN), {
      "p1-m1": { at: { x: 5, y: 10 }, facing: "N" },
      "p2-m1": { at: { x: 4, y: 7 } },
      "p2-m2": { at: { x: 6, y: 7 } },
    });
    state = noInterception(toAction(state, { "p1-m1": "launch" }), "p2");
    withDice({ yellow: FACE.blank, red: FACE.blank, white: FACE.blank, part: "torso" }, () => {
      const a = must(state, "p1", { type: "act", unit: "p1-m1", part: "right_arm", action: "hornet-salvo", to: { x: 5, y: 7 } });
      expect(ember.pending(a.state)).toMatchObject({ seat: "p1", kind: "choose_blast_target", options: { projectile: "p1-p1", targets: ["p2-m1", "p2-m2"] } });
      expect(legalCommands(a.state, "p1")).toEqual([
        { type: "choose_blast_target", target: "p2-m1" },
        { type: "choose_blast_target", target: "p2-m2" },
      ]);
      expect(rejected(a.state, "p1", { type: "choose_blast_target", target: "p1-m2" })).toBe("invalid_choice");
      const b = must(a.state, "p1", { type: "choose_blast_target", target: "p2-m1" });
      expect(b.events[0]).toEqual({ type: "projectile_detonated", projectile: "p1-p1", at: { x: 4, y: 7 }, targets: ["p2-m1"] });
      expect(b.events.filter((e) => e.type === "attack_declared")).toHaveLength(1);
    });
  });

  test("seed 000 1.5.3, 1.2.1 note: an area blast hits every unit in range, friends too; the launching player makes both sides' decisions for its own units; high-altitude units are out of reach", () => {
    // RDL Kiln Mortar (p1-m1) lobs a Slag Shell (indirect, range 6, area radius 1, 1 yellow + 1 red).
    // Around the drop point (6,4): its own Sapper Bulwark (p1-m2) at (7,4), UN Flak Picket (p2-m2) at (5,4),
    // the high-altitude Skylark (p2-d1) at (6,3). Indirect fire needs no line of sight: the tank at (5,5)/(6,6)
    // stands between (6,9) and (6,4).
    let state = arrange(deployed("launch-4", RDL_UN), {
      "p1-m1": { at: { x: 6, y: 9 }, facing: "N" },
      "p1-m2": { at: { x: 7, y: 4 }, facing: "N" },
      "p2-m1": { at: { x: 0, y: 0 } },
      "p2-m2": { at: { x: 5, y: 4 }, facing: "S" },
      "p2-d1": { at: { x: 6, y: 3 } },
    });
    state = noInterception(toAction(state, { "p1-m1": "launch" }), "p2");
    // The tank (5,5) is impassable: only a high-altitude projectile may land there; the Slag Shell is not.
    expect(rejected(state, "p1", { type: "act", unit: "p1-m1", part: "left_arm", action: "lob-shell", to: { x: 5, y: 5 } })).toBe("drop_unavailable");
    withDice({ yellow: FACE.blank, red: FACE.blank, white: FACE.blank, part: "choice" }, () => {
      const a = must(state, "p1", { type: "act", unit: "p1-m1", part: "left_arm", action: "lob-shell", to: { x: 6, y: 4 } });
      expect(a.events.find((e) => e.type === "projectile_detonated")).toEqual({ type: "projectile_detonated", projectile: "p1-p1", at: { x: 6, y: 4 }, targets: ["p1-m2", "p2-m2"] });
      // First victim: p1's own Sapper Bulwark. Its slab shield lets the defender designate the hit part
      // (1.5.3) if raised: the defender's decisions of p1's own unit are p1's, as is the attacker's.
      expect(ember.pending(a.state)).toMatchObject({ seat: "p1", kind: "use_designation", options: { defender: "p1-m2", by: "defender", ability: "shield", other: "none" } });
      let s = must(a.state, "p1", USE).state;
      expect(ember.pending(s)).toMatchObject({ seat: "p1", kind: "choose_hit_part", options: { defender: "p1-m2", by: "defender" } });
      s = must(s, "p1", { type: "choose_hit_part", part: "left_arm" }).state;
      // The defender's link reroll of its own unit is p1's too (Greta Marrow, link 3).
      expect(ember.pending(s)).toMatchObject({ seat: "p1", kind: "defence_reroll" });
      s = must(s, "p1", DECLINE).state;
      // Second victim: the enemy Flak Picket (no shield): 'choice' on the part die lets the attacker,
      // the launching player p1, pick; p2 decides its own reroll.
      expect(ember.pending(s)).toMatchObject({ seat: "p1", kind: "choose_hit_part", options: { defender: "p2-m2", by: "attacker" } });
      s = must(s, "p1", { type: "choose_hit_part", part: "torso" }).state;
      expect(ember.pending(s)).toMatchObject({ seat: "p2", kind: "defence_reroll" });
      s = must(s, "p2", DECLINE).state;
      expect(s.pending).toBeNull();
      expect(s.sequences).toEqual([]);
      expect(s.activation).toMatchObject({ unit: "p1-m1", ticks: 1 });
    });
  });

  test("seed 000 1.5, 1.5.2: a delay projectile waits on its drop point and acts in the delay phase: the nearest enemy in range, a mech before a drone; with none in range it is destroyed where it stands", () => {
    // p1 UN Beacon Caller calls an Orbital Strike Marker (delay, indirect, range 8; nearest enemy
    // within 2, mechs first, 1 yellow + 2 red, impact) onto (6,2).
    const base = arrange(deployed("launch-5", UN_GOF), {
      "p1-m1": { at: { x: 6, y: 9 }, facing: "N" },
      "p1-m2": { at: { x: 11, y: 11 } },
      "p2-m1": { at: { x: 0, y: 0 } },
      "p2-m2": { at: { x: 8, y: 2 } },
      "p2-d1": { at: { x: 7, y: 2 } },
    });
    const state = noInterception(toAction(base, { "p1-m1": "launch" }), "p2");
    const a = must(state, "p1", { type: "act", unit: "p1-m1", part: "torso", action: "call-strike", to: { x: 6, y: 2 } });
    // Medium launch: 2 of 3 ticks; the projectile waits, nothing else happens now.
    expect(types(a.events)).toEqual(["action_taken", "projectile_launched"]);
    expect(a.state.projectiles[0]).toMatchObject({ id: "p1-p1", projectileId: "un-orbital-marker", at: { x: 6, y: 2 }, destroyed: false });
    // The delay phase: the Wasp drone at distance 1 is nearer, but mechs come first: Stinger at distance 2.
    const r = withDice({ yellow: FACE.blank, red: FACE.blank, white: FACE.blank, part: "torso" }, () => {
      const ended = endActivations(a.state);
      const rest = declineRerolls(ended.state);
      return { state: rest.state, events: [...ended.events, ...rest.events] };
    });
    const phases = r.events.flatMap((e) => (e.type === "phase_started" ? [e.phase] : []));
    expect(phases.slice(0, 2)).toEqual(["delay", "end"]);
    const delay = r.events.slice(r.events.findIndex((e) => e.type === "phase_started" && e.phase === "delay"));
    expect(types(delay).slice(0, 4)).toEqual(["phase_started", "projectile_detonated", "projectile_removed", "attack_declared"]);
    expect(delay[1]).toEqual({ type: "projectile_detonated", projectile: "p1-p1", at: { x: 8, y: 2 }, targets: ["p2-m2"] });
    expect(delay[3]).toMatchObject({ attacker: "p1-p1", defender: "p2-m2", mode: "blast" });
    expect(r.state.projectiles[0]).toMatchObject({ destroyed: true, at: null });
    expect(r.state.round).toBe(2);

    // Again with nobody within 2 squares of (6,2): the marker is destroyed where it stands.
    const lonely = noInterception(toAction(arrange(base, { "p2-m2": { at: { x: 11, y: 0 } }, "p2-d1": { at: { x: 0, y: 4 } } }), { "p1-m1": "launch" }), "p2");
    const b = must(lonely, "p1", { type: "act", unit: "p1-m1", part: "torso", action: "call-strike", to: { x: 6, y: 2 } });
    const c = endActivations(b.state);
    expect(c.events).toContainEqual({ type: "projectile_removed", projectile: "p1-p1", reason: "no_target" });
    expect(types(c.events).filter((t) => t === "attack_declared")).toEqual([]);
  });
});

describe("seed 000 1.5.4-1.5.5 install and scatter, [passive] installations, launched drones", () => {
  test("seed 000 1.5.4: an install needs line of sight to the square and triggers no interception; a persistent [delay] installation acts every delay phase and stays (1.5.2 note)", () => {
    // p1 UN Beacon Caller plants a Sentry Post (install, range 2; delay, persistent, an enemy of
    // the owner's choice within 3, 2 yellow). p2 GOF Nest Mother's Point Defence (range 3) is
    // close by with its tokens, yet an install is no flight: no interception.
    const base = arrange(deployed("install-1", UN_GOF), {
      "p1-m1": { at: { x: 6, y: 9 }, facing: "N" },
      "p1-m2": { at: { x: 11, y: 11 } },
      "p2-m1": { at: { x: 7, y: 5 }, facing: "S" },
      "p2-m2": { at: { x: 4, y: 5 }, facing: "S" },
      "p2-d1": { at: { x: 0, y: 0 } },
    });
    const state = toAction(base, { "p1-m1": "launch" });
    const plant = (to: { x: number; y: number }): EmberCommand => ({ type: "act", unit: "p1-m1", part: "left_arm", action: "plant-sentry", to });
    // From (6,8), the square (6,6) is the Ruptured Tank: blocking terrain is out of sight.
    expect(rejected(arrange(state, { "p1-m1": { at: { x: 6, y: 8 } } }), "p1", plant({ x: 6, y: 6 }))).toBe("no_line_of_sight");
    expect(rejected(state, "p1", plant({ x: 6, y: 6 }))).toBe("out_of_range");
    // (6,7) is 2 squares from Nest Mother at (7,5), inside its Point Defence range 3.
    const a = must(state, "p1", plant({ x: 6, y: 7 }));
    expect(types(a.events)).toEqual(["action_taken", "projectile_launched"]);
    expect(a.events[1]).toMatchObject({ fire: "install", card: "un-sentry-post", to: { x: 6, y: 7 } });
    expect(a.state.interception["p2-m1:torso:point-defence"]).toBe(3);
    // Delay phase: two enemies within 3 of (6,7): (7,5) and (4,5); the owner p1 picks.
    let s = endActivations(a.state).state;
    expect(s.phase).toBe("delay");
    expect(ember.pending(s)).toMatchObject({ seat: "p1", kind: "choose_blast_target", options: { projectile: "p1-p1", targets: ["p2-m1", "p2-m2"] } });
    s = withDice({ yellow: FACE.blank, white: FACE.blank, part: "torso" }, () => {
      const b = must(s, "p1", { type: "choose_blast_target", target: "p2-m2" });
      // A persistent installation is not destroyed by its delay action.
      expect(types(b.events)).not.toContain("projectile_removed");
      return declineRerolls(b.state).state;
    });
    expect(s.round).toBe(2);
    expect(s.projectiles[0]).toMatchObject({ id: "p1-p1", destroyed: false, at: { x: 6, y: 7 } });
  });

  test("seed 000 1.5.5: a scatter drops an installation on a square of the move's path (start and end included), each drop costing movement, without interception", () => {
    // RDL Sapper Bulwark (p1-m2): Sow Clinker Mines, move 3, 1 drop costing 1 movement: 2 squares of move.
    const base = arrange(deployed("scatter-1", RDL_UN), {
      "p1-m1": { at: { x: 0, y: 11 } },
      "p1-m2": { at: { x: 4, y: 10 }, facing: "N" },
      "p2-m1": { at: { x: 4, y: 6 }, facing: "S" },
      "p2-m2": { at: { x: 11, y: 0 } },
    });
    const state = toAction(base, { "p1-m2": "move" });
    const sow = (to: { x: number; y: number }, drops: { x: number; y: number }[]): EmberCommand => ({ type: "act", unit: "p1-m2", part: "chassis", action: "sow-mines", to, facing: "N", drops });
    // 3 squares of move with a drop is 1 too many.
    expect(rejected(state, "p1", sow({ x: 4, y: 7 }, [{ x: 4, y: 10 }]))).toBe("out_of_reach");
    // (7,10) is not on any 2-square path from (4,10) to (4,8).
    expect(rejected(state, "p1", sow({ x: 4, y: 8 }, [{ x: 7, y: 10 }]))).toBe("drop_unavailable");
    // Two drops: the card allows one.
    expect(rejected(state, "p1", sow({ x: 4, y: 8 }, [{ x: 4, y: 10 }, { x: 4, y: 9 }]))).toBe("malformed_command");
    // The middle square of the path is accepted too (1.5.5: any square of the path).
    const a = must(state, "p1", sow({ x: 4, y: 8 }, [{ x: 4, y: 9 }]));
    expect(types(a.events)).toEqual(["action_taken", "projectile_launched", "unit_moved"]);
    expect(a.events[1]).toMatchObject({ fire: "scatter", card: "rdl-clinker-mine", to: { x: 4, y: 9 } });
    expect(unit(a.state, "p1-m2").at).toEqual({ x: 4, y: 8 });
    expect(legalCommands(state, "p1")).toContainEqual(sow({ x: 4, y: 8 }, [{ x: 4, y: 10 }]));
  });

  test("seed 000 1.5 [passive], 1.2.3: an enemy ground mech ending its move next to a mine sets it off: an area blast around the mine, which destroys itself; a destroyed installation is removed at once", () => {
    // A Clinker Mine of p1 at (4,7) (passive, trigger 1, area radius 1, 2 red); p1's own second mine at (5,7)
    // is in the blast and, armour 1 and no structure, is destroyed by its penetration.
    let state = arrange(deployed("mine-1", RDL_UN), {
      "p1-m1": { at: { x: 0, y: 11 } },
      "p1-m2": { at: { x: 11, y: 11 } },
      "p2-m1": { at: { x: 4, y: 4 }, facing: "S" },
      "p2-m2": { at: { x: 11, y: 0 } },
    });
    state = edit(state, (s) => {
      s.projectiles.push({ kind: "projectile", id: "p1-p1", owner: "p1", projectileId: "rdl-clinker-mine", launcher: "p1-m2", at: { x: 4, y: 7 }, damaged: false, destroyed: false });
      s.projectiles.push({ kind: "projectile", id: "p1-p2", owner: "p1", projectileId: "rdl-clinker-mine", launcher: "p1-m2", at: { x: 5, y: 7 }, damaged: false, destroyed: false });
    });
    state = toAction(state, { "p2-m1": "move" });
    expect(state.activation?.unit).toBe("p2-m1");
    const r = withDice({ red: FACE.heavy, white: FACE.blank, part: "chassis" }, () => {
      const a = must(state, "p2", { type: "manoeuvre", unit: "p2-m1", to: { x: 4, y: 6 }, facing: "S" });
      return { ...declineRerolls(a.state), first: a.events };
    });
    const all = [...r.first, ...r.events];
    expect(all[0]).toMatchObject({ type: "unit_moved", unit: "p2-m1" });
    // The first mine goes off; the mover and the second mine stand within 1 of it.
    expect(all).toContainEqual({ type: "projectile_detonated", projectile: "p1-p1", at: { x: 4, y: 7 }, targets: ["p2-m1", "p1-p2"] });
    expect(all).toContainEqual({ type: "projectile_removed", projectile: "p1-p1", reason: "detonated" });
    // 2 heavy against the installation's 1 blank white die: penetration, destroyed, removed at once.
    expect(all).toContainEqual({ type: "projectile_removed", projectile: "p1-p2", reason: "destroyed" });
    expect(r.state.projectiles.map((p) => [p.id, p.destroyed, p.at])).toEqual([
      ["p1-p1", true, null],
      ["p1-p2", true, null],
    ]);
    // Gyro striders chassis (armour 3, no structure): 2 damage destroys it.
    expect(mech(r.state, "p2-m1").parts.chassis.destroyed).toBe(true);
  });

  test("seed 000 1.5: a launch may create a drone: it is placed at the drop point, flies there (high-altitude movement, intercepted) and then acts as any drone", () => {
    // GOF Nest Mother (p1-m1) looses a Wasp (indirect, range 3) to (5,6); UN Flak Picket at (8,6) has the
    // landing square within its Flak Screen range 4 and intercepts (2 yellow blanks: no damage, twice).
    let state = arrange(deployed("drone-1", GOF_UN), {
      "p1-m1": { at: { x: 5, y: 9 }, facing: "N" },
      "p2-m1": { at: { x: 0, y: 0 } },
      "p2-m2": { at: { x: 8, y: 6 }, facing: "N" },
    });
    state = toAction(state, { "p1-m1": "launch" });
    const r = withDice({ yellow: FACE.blank, white: FACE.blank }, () => {
      const a = must(state, "p1", { type: "act", unit: "p1-m1", part: "left_arm", action: "loose-wasp", to: { x: 5, y: 6 } });
      return { ...declineRerolls(a.state), first: a.events };
    });
    const all = [...r.first, ...r.events];
    expect(all[1]).toEqual({ type: "drone_launched", unit: "p1-d2", drone: "gof-wasp", launcher: "p1-m1", from: { x: 5, y: 9 }, to: { x: 5, y: 6 }, facing: "N" });
    expect(all.filter((e) => e.type === "interception")).toEqual([
      { type: "interception", interceptor: "p2-m2", part: "right_arm", action: "flak-screen", target: "p1-d2", tokens: 1 },
      { type: "interception", interceptor: "p2-m2", part: "right_arm", action: "flak-screen", target: "p1-d2", tokens: 0 },
    ]);
    expect(unit(r.state, "p1-d2")).toMatchObject({ kind: "drone", owner: "p1", at: { x: 5, y: 6 }, deployed: true, destroyed: false });
    // Next command phase the new drone takes commands like any other.
    const next = endActivations(r.state).state;
    expect(next.phase).toBe("command");
    expect(legalCommands(next, next.turn as string).some((c) => c.type === "command_drone" && c.drone === "p1-d2")).toBe(next.turn === "p1");
  });
});

describe("seed 000 3 interception", () => {
  const flight = (seed: string) => {
    // Nest Mother fires a Hornet Missile from (5,10) to (5,7); p2's Flak Picket stands at (8,6), facing away
    // (north): (5,7) is 3 squares from it, inside its Flak Screen range 4.
    const state = arrange(deployed(seed, GOF_UN), {
      "p1-m1": { at: { x: 5, y: 10 }, facing: "N" },
      "p2-m1": { at: { x: 0, y: 0 } },
      "p2-m2": { at: { x: 8, y: 6 }, facing: "N" },
    });
    return toAction(state, { "p1-m1": "launch" });
  };
  const fire: EmberCommand = { type: "act", unit: "p1-m1", part: "right_arm", action: "hornet-salvo", to: { x: 5, y: 7 } };

  test("seed 000 3: a projectile's flight ending in range triggers interception, always all-round; a failed interception is repeated until the tokens run out, then the projectile goes on", () => {
    const state = flight("intercept-1");
    const r = withDice({ yellow: FACE.blank, white: FACE.blank }, () => {
      const a = must(state, "p1", fire);
      return { ...declineRerolls(a.state), first: a.events };
    });
    const all = [...r.first, ...r.events];
    expect(all.filter((e) => e.type === "interception").map((e) => (e as { tokens: number }).tokens)).toEqual([1, 0]);
    // Each interception is a shooting attack with no cover on the projectile.
    expect(all.filter((e) => e.type === "attack_declared")).toEqual([
      { type: "attack_declared", attacker: "p2-m2", defender: "p1-p1", mode: "shoot", rear: false, cover: { terrain: false, unit: false }, chain: false },
      { type: "attack_declared", attacker: "p2-m2", defender: "p1-p1", mode: "shoot", rear: false, cover: { terrain: false, unit: false }, chain: false },
    ]);
    expect(r.state.interception["p2-m2:right_arm:flak-screen"]).toBe(0);
    // It survived: with the Flak Picket 3 squares from (5,7), inside the seek range 2? No: 3 > 2, so no target.
    expect(all).toContainEqual({ type: "projectile_removed", projectile: "p1-p1", reason: "no_target" });
  });

  test("seed 000 3, 1.2.3: interception stops when the target is destroyed, which is removed at once and never detonates; tokens left stay", () => {
    // 2 yellow heavies against the missile's 1 white (armour 1, OFF: no blue): penetration, destroyed.
    const state = flight("intercept-2");
    const r = withDice({ yellow: FACE.heavy, white: FACE.blank }, () => {
      const a = must(state, "p1", fire);
      return { ...declineRerolls(a.state), first: a.events };
    });
    const all = [...r.first, ...r.events];
    expect(all.filter((e) => e.type === "interception")).toHaveLength(1);
    expect(all).toContainEqual({ type: "projectile_removed", projectile: "p1-p1", reason: "destroyed" });
    expect(types(all)).not.toContain("projectile_detonated");
    expect(r.state.interception["p2-m2:right_arm:flak-screen"]).toBe(1);
    expect(r.state.projectiles[0]).toMatchObject({ destroyed: true, at: null });
  });

  test("seed 000 3: when one flight triggers several interceptions, the intercepting side decides their order; the next fires once the first has spent its tokens", () => {
    const state = arrange(flight("intercept-3"), { "p2-m1": { at: { x: 2, y: 6 }, facing: "N" } });
    withDice({ yellow: FACE.blank, white: FACE.blank }, () => {
      const a = must(state, "p1", fire);
      expect(ember.pending(a.state)).toMatchObject({
        seat: "p2",
        kind: "choose_interceptor",
        options: { target: "p1-p1", options: [{ unit: "p2-m1", part: "right_arm", action: "flak-screen" }, { unit: "p2-m2", part: "right_arm", action: "flak-screen" }] },
      });
      expect(legalCommands(a.state, "p1")).toEqual([]);
      expect(rejected(a.state, "p1", { type: "choose_interceptor", unit: "p2-m2", part: "right_arm", action: "flak-screen" })).toBe("decision_pending");
      const b = must(a.state, "p2", { type: "choose_interceptor", unit: "p2-m2", part: "right_arm", action: "flak-screen" });
      const rest = declineRerolls(b.state);
      const order = [...b.events, ...rest.events].filter((e) => e.type === "interception").map((e) => (e as { interceptor: string }).interceptor);
      expect(order).toEqual(["p2-m2", "p2-m2", "p2-m1", "p2-m1"]);
    });
  });

  test("seed 000 3, 1.1: interception is unaffected by lock-on (a locked-on mech still intercepts, though it cannot shoot), but a mech in shutdown does not intercept", () => {
    // p1's Stinger (p1-m2) stands next to the Flak Picket at (8,7), facing it: the Picket is locked on.
    const locked = arrange(flight("intercept-6"), { "p1-m2": { at: { x: 8, y: 7 }, facing: "N" } });
    const flak = catalog.parts.get("un-aegis-flak")!.actions[0]!.effect as AttackEffect;
    expect(targetProblem(locked, unit(locked, "p2-m2"), flak, unit(locked, "p1-m2"))).toBe("locked_on");
    const r = withDice({ yellow: FACE.blank, white: FACE.blank }, () => {
      const a = must(locked, "p1", fire);
      return { ...declineRerolls(a.state), first: a.events };
    });
    expect([...r.first, ...r.events].filter((e) => e.type === "interception")).toHaveLength(2);
    // The same flight with the Flak Picket in shutdown: no interception.
    const down = edit(flight("intercept-7"), (s) => {
      const picket = s.units.find((u) => u.id === "p2-m2")!;
      if (picket.kind === "mech") picket.stance = "SHUTDOWN";
    });
    const quiet = must(down, "p1", fire);
    expect(types(quiet.events)).not.toContain("interception");
  });

  test("seed 000 3: an interception-only action is never taken actively; a high-altitude drone's move is a high-altitude movement and is intercepted in the command phase", () => {
    // p1 GOF Nest Mother's Point Defence (interception 3, interception only) is not offered as an action.
    let state = toAction(arrange(deployed("intercept-4", GOF_UN), { "p1-m1": { at: { x: 5, y: 9 }, facing: "N" }, "p2-m2": { at: { x: 5, y: 7 }, facing: "S" } }), { "p1-m1": "shoot" });
    expect(legalCommands(state, "p1").filter((c) => c.type === "act" && c.action === "point-defence")).toEqual([]);
    expect(rejected(state, "p1", { type: "act", unit: "p1-m1", part: "torso", action: "point-defence", target: "p2-m2" })).toBe("intercept_only");
    // p2's high-altitude Skylark, commanded to move from (8,2) to (5,6): the end is within 3 of Nest Mother at (5,9).
    state = arrange(deployed("intercept-5", GOF_UN), { "p1-m1": { at: { x: 5, y: 9 }, facing: "N" }, "p2-d1": { at: { x: 8, y: 2 } } });
    state = must(state, "p1", { type: "end_commands" }).state;
    const r = withDice({ yellow: FACE.blank, red: FACE.blank, white: FACE.blank }, () => {
      const a = must(state, "p2", { type: "command_drone", mech: "p2-m1", drone: "p2-d1", order: { kind: "move", to: { x: 5, y: 6 }, facing: "S" } });
      return { ...declineRerolls(a.state), first: a.events };
    });
    const all = [...r.first, ...r.events];
    expect(all.filter((e) => e.type === "interception").map((e) => (e as { tokens: number }).tokens)).toEqual([2, 1, 0]);
    expect(r.state.phase).toBe("plan");
  });
});
