/**
 * Shooting and melee targets and cover (seed 000_200ff4b7b5d3d570.txt 1.3, 1.3.2, 1.4, 1.4.1).
 * Crossroads terrain used here: wall-east (height 2, not blocking) at (10,5),(10,6); rubble-east
 * (height 2, not blocking, passable) at (7,4),(8,4); depot-north (blocking, impassable) at
 * (3,3),(4,3),(3,4). Column 5 holds no terrain.
 */
import { ember, type EmberCommand, type EmberState } from "../../src";
import { arrange, deployed, edit, FACE, mech, must, rejected, toAction, withDice } from "../helpers";
import { DECLINE, find, play, UN_MIRROR, USE } from "./steps";

/** Bulwark (p1-m1, breaker cannon: shoot M, range 6, 1 yellow + 3 red) acts alone on 'shoot'. */
function shootStage(places: Parameters<typeof arrange>[1]): EmberState {
  const state = toAction(deployed(), { "p1-m1": "shoot" });
  expect(state.activation?.unit).toBe("p1-m1");
  return arrange(state, places);
}

const cannon = (target: string): EmberCommand => ({ type: "act", unit: "p1-m1", part: "right_arm", action: "breach-shell", target });

/** The white and blue dice of the first defence roll. */
const defenceDice = (events: Parameters<typeof find>[0]) => find(events, "dice_rolled").find((e) => e.side === "defence")?.dice.map((d) => d.die);

describe("seed 000 1.3 shooting: targets and cover", () => {
  test("seed 000 1.3: shooting may also target an adjacent unit, orthogonally or diagonally", () => {
    // The adjacent Picket must not lock Bulwark on (a unit under lock-on cannot shoot, seed 000
    // 1.3): its chassis and arms are destroyed, so it cannot punch or kick and has no lock-on.
    const noLockOn = (s: EmberState) =>
      edit(s, (x) => {
        for (const slot of ["chassis", "left_arm", "right_arm"] as const) mech(x, "p2-m1").parts[slot].destroyed = true;
      });
    const next = noLockOn(shootStage({ "p1-m1": { at: { x: 5, y: 5 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 4 }, facing: "S" } }));
    expect(ember.legalCommands(next, "p1")).toContainEqual(cannon("p2-m1"));
    // 3 [heavy] against the torso (armour 4, structure 2; no cover): 3 damage, a damage token.
    const r = withDice({ yellow: FACE.blank, red: FACE.heavy, white: FACE.blank, part: "torso" }, () =>
      play(next, [["p1", cannon("p2-m1")], ["p1", DECLINE], ["p1", DECLINE], ["p2", DECLINE]]),
    );
    expect(find(r.events, "attack_declared")[0]).toMatchObject({ attacker: "p1-m1", defender: "p2-m1", mode: "shoot", rear: false });
    expect(defenceDice(r.events)).toEqual(["white", "white", "white", "white"]);
    expect(find(r.events, "attack_resolved")[0]).toMatchObject({ damage: 3, penetrated: true });
    expect(mech(r.state, "p2-m1").parts.torso.damaged).toBe(true);
    const diagonal = noLockOn(shootStage({ "p1-m1": { at: { x: 5, y: 5 }, facing: "N" }, "p2-m1": { at: { x: 6, y: 4 }, facing: "S" } }));
    expect(find(must(diagonal, "p1", cannon("p2-m1")).events, "attack_declared")[0]).toMatchObject({ mode: "shoot" });
  });

  test("seed 000 1.3.2: only large units give unit cover: a small drone on the line gives none, a mech on the same square does", () => {
    // Bulwark (5,9) shoots Picket (5,4); p1's scrap tortoise (not large) stands between at (5,6).
    const places = { "p1-m1": { at: { x: 5, y: 9 }, facing: "N" as const }, "p2-m1": { at: { x: 5, y: 4 }, facing: "S" as const } };
    const drone = shootStage({ ...places, "p1-d1": { at: { x: 5, y: 6 } } });
    const r = withDice({ yellow: FACE.blank, red: FACE.blank, white: FACE.blank, part: "torso" }, () =>
      play(drone, [["p1", cannon("p2-m1")], ["p1", DECLINE], ["p1", DECLINE], ["p2", DECLINE]]),
    );
    expect(find(r.events, "attack_declared")[0]?.cover).toEqual({ terrain: false, unit: false });
    expect(defenceDice(r.events)).toHaveLength(4); // torso armour 4, no cover
    const screen = shootStage({ ...places, "p1-m2": { at: { x: 5, y: 6 } } });
    const r2 = withDice({ yellow: FACE.blank, red: FACE.blank, white: FACE.blank, part: "torso" }, () =>
      play(screen, [["p1", cannon("p2-m1")], ["p1", DECLINE], ["p1", DECLINE], ["p2", DECLINE]]),
    );
    expect(find(r2.events, "attack_declared")[0]?.cover).toEqual({ terrain: false, unit: true });
    expect(defenceDice(r2.events)).toHaveLength(4 + 2);
  });

  test("seed 000 1.3.2: no terrain or unit cover when the defender or the attacker is high-altitude", () => {
    // Bulwark (10,9) shoots at (10,3), 6 squares: the line crosses wall-east and Smelter (10,8).
    const places = { "p1-m1": { at: { x: 10, y: 9 }, facing: "N" as const }, "p1-m2": { at: { x: 10, y: 8 } } };
    const atMech = shootStage({ ...places, "p2-m1": { at: { x: 10, y: 3 }, facing: "S" } });
    expect(find(must(atMech, "p1", cannon("p2-m1")).events, "attack_declared")[0]?.cover).toEqual({ terrain: true, unit: true });
    // The same shot at the skylark (high-altitude; armour 1, MOB with evasion 2): no cover at all.
    const atDrone = shootStage({ ...places, "p2-d1": { at: { x: 10, y: 3 }, facing: "S" } });
    const r = withDice({ yellow: FACE.blank, red: FACE.blank, white: FACE.blank, blue: FACE.blank }, () =>
      play(atDrone, [["p1", cannon("p2-d1")], ["p1", DECLINE]]),
    );
    expect(find(r.events, "attack_declared")[0]?.cover).toEqual({ terrain: false, unit: false });
    expect(defenceDice(r.events)).toEqual(["white", "blue", "blue"]);

    // The skylark as the attacker (command phase; 'marker-dart': shoot, range 5, 2 yellow, snipe)
    // from (10,3) at Bulwark (10,8), across wall-east and Smelter (10,7): no cover either. Snipe
    // against Bulwark's raised shield cancel out; part die 'torso': armour 5, so 5 white dice.
    const command = arrange(deployed(), {
      "p2-d1": { at: { x: 10, y: 3 }, facing: "S" },
      "p1-m1": { at: { x: 10, y: 8 }, facing: "N" },
      "p1-m2": { at: { x: 10, y: 7 }, facing: "N" },
    });
    const r2 = withDice({ yellow: FACE.blank, white: FACE.blank, part: "torso" }, () =>
      play(command, [
        ["p1", { type: "end_commands" }],
        ["p2", { type: "command_drone", mech: "p2-m1", drone: "p2-d1", order: { kind: "action", target: "p1-m1" } }],
        ["p2", USE],
        ["p1", USE],
      ]),
    );
    expect(find(r2.events, "attack_declared")[0]).toMatchObject({ attacker: "p2-d1", defender: "p1-m1", cover: { terrain: false, unit: false } });
    expect(defenceDice(r2.events)).toEqual(["white", "white", "white", "white", "white"]);
  });
});

describe("seed 000 1.4 melee: targets and cover", () => {
  /** UN against UN: p1's Spotter (p1-m2; signal lance 'guided-lunge': melee M, range 2, 2 yellow + 1 red) acts alone on 'melee'. */
  function lanceStage(places: Parameters<typeof arrange>[1]): EmberState {
    const state = toAction(deployed("lance", UN_MIRROR), { "p1-m2": "melee" });
    expect(state.activation?.unit).toBe("p1-m2");
    return arrange(state, places);
  }
  const lunge = (target: string): EmberCommand => ({ type: "act", unit: "p1-m2", part: "left_arm", action: "guided-lunge", target });

  test("seed 000 1.4: melee also needs the target in the attacker's front arc and in line of sight", () => {
    // Bulwark on 'melee' (slab shield 'shield-ram', range 1): Picket adjacent but behind it.
    const base = toAction(deployed(), { "p1-m1": "melee" });
    const ram: EmberCommand = { type: "act", unit: "p1-m1", part: "left_arm", action: "shield-ram", target: "p2-m1" };
    const behind = arrange(base, { "p1-m1": { at: { x: 5, y: 6 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 7 }, facing: "N" } });
    expect(rejected(behind, "p1", ram)).toBe("not_in_front_arc");
    const ahead = arrange(base, { "p1-m1": { at: { x: 5, y: 6 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 5 }, facing: "S" } });
    expect(find(must(ahead, "p1", ram).events, "attack_declared")[0]).toMatchObject({ mode: "melee" });
    // No two adjacent squares of crossroads are out of sight, so line of sight is shown with the
    // range-2 lance: from (4,4) to (4,2) the line crosses depot-north at (4,3).
    const blocked = lanceStage({ "p1-m2": { at: { x: 4, y: 4 }, facing: "N" }, "p2-m1": { at: { x: 4, y: 2 }, facing: "S" } });
    expect(rejected(blocked, "p1", lunge("p2-m1"))).toBe("no_line_of_sight");
    const clear = lanceStage({ "p1-m2": { at: { x: 5, y: 4 }, facing: "N" }, "p2-m1": { at: { x: 5, y: 2 }, facing: "S" } });
    expect(find(must(clear, "p1", lunge("p2-m1")).events, "attack_declared")[0]).toMatchObject({ mode: "melee" });
  });

  test("seed 000 1.4: melee gets no terrain or unit cover: through a large unit onto 2-inch terrain, the defender rolls its armour alone", () => {
    // RDL against UN: Spotter (p2-m2) alone on 'melee' at (8,6) facing N; Picket (p2-m1, large) at
    // (8,5); Smelter (p1-m2) at (8,4) on rubble-east, which does not touch (8,6).
    const places = {
      "p2-m2": { at: { x: 8, y: 6 }, facing: "N" as const },
      "p2-m1": { at: { x: 8, y: 5 }, facing: "N" as const },
      "p1-m2": { at: { x: 8, y: 4 }, facing: "S" as const },
    };
    // A shot from there (the longbow, on 'shoot') would have both covers.
    const shooting = arrange(toAction(deployed(), { "p2-m2": "shoot" }), places);
    const shot = must(shooting, "p2", { type: "act", unit: "p2-m2", part: "right_arm", action: "long-rail", target: "p1-m2" });
    expect(find(shot.events, "attack_declared")[0]).toMatchObject({ mode: "shoot", cover: { terrain: true, unit: true } });
    // The lance (melee, range 2): no cover. 2 [light] + 1 [heavy] against the torso (armour 4,
    // structure 2): 4 white blanks, 3 damage, a damage token.
    const melee = arrange(toAction(deployed(), { "p2-m2": "melee" }), places);
    expect(melee.activation?.unit).toBe("p2-m2");
    const r = withDice({ yellow: FACE.light, red: FACE.heavy, white: FACE.blank, part: "torso" }, () =>
      play(melee, [
        ["p2", { type: "act", unit: "p2-m2", part: "left_arm", action: "guided-lunge", target: "p1-m2" }],
        // Smelter's cinder axe has a parry value: it declines to parry (seed 000 1.4.2).
        ["p1", { type: "declare_parry", part: null }],
        ["p2", DECLINE],
        ["p2", DECLINE],
        ["p1", DECLINE],
      ]),
    );
    expect(find(r.events, "attack_declared")[0]).toMatchObject({ mode: "melee", cover: { terrain: false, unit: false } });
    expect(defenceDice(r.events)).toEqual(["white", "white", "white", "white"]);
    expect(find(r.events, "attack_resolved")[0]).toMatchObject({ damage: 3, penetrated: true });
    expect(mech(r.state, "p1-m2").parts.torso).toMatchObject({ damaged: true, destroyed: false });
  });

  test("seed 000 1.4.1: long-range melee reaches its printed range (2), no further, and still never targets a high-altitude unit", () => {
    // p1's Spotter at (5,7) facing N; p2's Picket 2 squares ahead, p2's skylark 2 squares away too.
    const state = lanceStage({
      "p1-m2": { at: { x: 5, y: 7 }, facing: "N" },
      "p2-m1": { at: { x: 5, y: 5 }, facing: "S" },
      "p2-d1": { at: { x: 6, y: 5 }, facing: "S" },
    });
    const lunges = ember.legalCommands(state, "p1").filter((c) => c.type === "act" && c.action === "guided-lunge");
    expect(lunges).toEqual([lunge("p2-m1")]);
    expect(rejected(state, "p1", lunge("p2-d1"))).toBe("invalid_target");
    const r = must(state, "p1", lunge("p2-m1"));
    expect(find(r.events, "attack_declared")[0]).toMatchObject({ mode: "melee", cover: { terrain: false, unit: false } });
    const far = arrange(state, { "p2-m1": { at: { x: 5, y: 4 }, facing: "S" } });
    expect(rejected(far, "p1", lunge("p2-m1"))).toBe("out_of_range");
  });
});
