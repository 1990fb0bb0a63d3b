/**
 * Vulnerable terrain (seed 000 1.5.2 "발사체는 대상으로 취약 지형을 선택할 수 있습니다"), worked by
 * hand on the Ashfall board, whose Fuel Bowser (11,5)-(11,6) is sample vulnerable terrain:
 * blocking, impassable, 3" high, armour 2, structure 2, rubble 2" high once destroyed. p1 GOF
 * Hornet Nest (Nest Mother and Stinger carry the Hornet Rack: direct fire, range 6, Hornet Missile
 * 1 yellow + 1 red, a target of choice within 2) or RDL Ashfall Sappers (Kiln Mortar: Lob Slag
 * Shell, indirect, range 6, area blast radius 1, 1 yellow + 1 red), against p2 UN Aegis Beacon Cell.
 */
import { catalog, legalCommands, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState } from "../../src";
import { standingTerrainAt } from "../../src/map";
import { isFree } from "../../src/query";
import { coverFor, lineOfSight } from "../../src/sight";
import { arrange, deployed, edit, FACE, must, rejected, toAction, unit, withDice } from "../helpers";

const army = (name: string) => catalog.data.armies.find((a) => a.name === name)!;
const GOF_UN: EmberSetup = { scenario: "ashfall", seats: ["p1", "p2"], armies: { p1: army("Hornet Nest"), p2: army("Aegis Beacon Cell") } };
const RDL_UN: EmberSetup = { scenario: "ashfall", seats: ["p1", "p2"], armies: { p1: army("Ashfall Sappers"), p2: army("Aegis Beacon Cell") } };
const types = (events: EmberEvent[]) => events.map((e) => e.type);
const BOWSER = "terrain:fuel-bowser";

/** Takes every interception token of a seat away (so an example can leave interception out). */
const noInterception = (state: EmberState, seat: string) =>
  edit(state, (s) => {
    for (const key of Object.keys(s.interception)) if (key.startsWith(`${seat}-`)) s.interception[key] = 0;
  });

const fire = (to: { x: number; y: number }): EmberCommand => ({ type: "act", unit: "p1-m1", part: "right_arm", action: "hornet-salvo", to });

/** The Nest Mother at (11,9) facing south on its launch activation; p2 far off in its own corner. */
function nestMother(seed: string): EmberState {
  const state = arrange(deployed(seed, GOF_UN), {
    "p1-m1": { at: { x: 11, y: 9 }, facing: "S" },
    "p2-m1": { at: { x: 0, y: 0 } },
    "p2-m2": { at: { x: 2, y: 0 } },
    "p2-d1": { at: { x: 4, y: 0 } },
  });
  return noInterception(toAction(state, { "p1-m1": "launch" }), "p2");
}

describe("seed 000 1.5.2 vulnerable terrain", () => {
  test("seed 000 1.5.2: a direct-fire missile may take vulnerable terrain as its drop point and target: the Fuel Bowser takes a damage token (armour 2, structure 2)", () => {
    const state = nestMother("terrain-1");
    // (11,5) is the bowser's far square: the line from (11,9) crosses (11,6), the bowser itself,
    // which does not hide its own face. (11,4) lies behind it: out of sight. The East Cracking
    // Tower (9,5) is blocking but not vulnerable: a drop point on it is out of sight (1.5.1).
    const legal = legalCommands(state, "p1");
    expect(legal).toContainEqual(fire({ x: 11, y: 5 }));
    expect(legal).toContainEqual(fire({ x: 11, y: 6 }));
    expect(legal).not.toContainEqual(fire({ x: 11, y: 4 }));
    expect(rejected(state, "p1", fire({ x: 11, y: 4 }))).toBe("no_line_of_sight");
    expect(rejected(state, "p1", fire({ x: 9, y: 5 }))).toBe("no_line_of_sight");
    // No enemy within 2 of (11,5): the bowser is the only candidate, so the missile takes it.
    // Attack: 1 yellow [light] + 1 red [heavy]; defence: 2 white (armour 2), blank. 2 damage:
    // penetration; the bowser has structure and no damage token yet: it takes one (1.2.2).
    const r = withDice({ yellow: FACE.light, red: FACE.heavy, white: FACE.blank }, () => must(state, "p1", fire({ x: 11, y: 5 })));
    expect(types(r.events)).toEqual(["action_taken", "projectile_launched", "projectile_detonated", "projectile_removed", "terrain_attacked", "terrain_damaged"]);
    expect(r.events[2]).toEqual({ type: "projectile_detonated", projectile: "p1-p1", at: { x: 11, y: 5 }, targets: [BOWSER] });
    const attacked = r.events[4] as Extract<EmberEvent, { type: "terrain_attacked" }>;
    expect(attacked).toMatchObject({ type: "terrain_attacked", projectile: "p1-p1", terrain: "fuel-bowser", damage: 2, penetrated: true });
    expect(attacked.attackDice.map((d) => d.die)).toEqual(["yellow", "red"]);
    expect(attacked.defenceDice.map((d) => d.die)).toEqual(["white", "white"]);
    expect(r.events[5]).toEqual({ type: "terrain_damaged", terrain: "fuel-bowser", destroyed: false });
    expect(r.state.terrainDamage).toEqual({ "fuel-bowser": "damaged" });
    // Still standing: it blocks and is impassable; no decision is left open, the activation goes on.
    expect(isFree(r.state, { x: 11, y: 5 })).toBe(false);
    expect(r.state.pending).toBeNull();
    expect(r.state.activation).toMatchObject({ unit: "p1-m1", ticks: 2 });
  });

  test("seed 000 1.5.2, 1.2.2: a damaged bowser defends with its structure and is destroyed on the next penetration: rubble opens sight and movement and gives cover", () => {
    const state = edit(nestMother("terrain-2"), (s) => {
      s.terrainDamage = { "fuel-bowser": "damaged" };
    });
    // Before: (11,9) to (11,2) crosses the bowser: no line of sight; (11,5) holds no unit.
    expect(lineOfSight(state, { x: 11, y: 9 }, { x: 11, y: 2 })).toBe(false);
    // Defence: 2 white (structure 2), both [defend]. Attack [light] + [heavy]: one defend cancels
    // the light, the heavy is not cancelled: 1 damage, penetration of a damaged piece: destroyed.
    const r = withDice({ yellow: FACE.light, red: FACE.heavy, white: FACE.defend }, () => must(state, "p1", fire({ x: 11, y: 6 })));
    expect(r.events[2]).toEqual({ type: "projectile_detonated", projectile: "p1-p1", at: { x: 11, y: 6 }, targets: [BOWSER] });
    expect(r.events[4]).toMatchObject({ type: "terrain_attacked", terrain: "fuel-bowser", damage: 1, penetrated: true });
    expect(r.events[5]).toEqual({ type: "terrain_damaged", terrain: "fuel-bowser", destroyed: true });
    expect(r.state.terrainDamage).toEqual({ "fuel-bowser": "destroyed" });
    // Rubble (project decision): not blocking, not impassable, 2" high.
    expect(standingTerrainAt(r.state, { x: 11, y: 5 })).toMatchObject({ id: "fuel-bowser", blocking: false, impassable: false, heightInches: 2 });
    expect(lineOfSight(r.state, { x: 11, y: 9 }, { x: 11, y: 2 })).toBe(true);
    expect(isFree(r.state, { x: 11, y: 5 })).toBe(true);
    // 2" rubble gives terrain cover (seed 000 1.3.1) to a unit shot across it: Nest Mother at (11,9)
    // at the Beacon Caller placed at (11,3).
    const across = arrange(r.state, { "p2-m1": { at: { x: 11, y: 3 }, facing: "S" } });
    expect(coverFor(across, unit(across, "p1-m1"), unit(across, "p2-m1"))).toEqual({ terrain: true, unit: false });
    // Rubble is no longer vulnerable: a missile on it finds no target and is destroyed where it
    // stands (1.5.2); (11,4) behind it is now in sight.
    const next = edit(r.state, (s) => {
      s.activation = { ...s.activation!, actionsTaken: [] };
    });
    const again = must(next, "p1", fire({ x: 11, y: 4 }));
    expect(types(again.events)).toEqual(["action_taken", "projectile_launched", "projectile_removed"]);
  });

  test("seed 000 1.5.2: with an enemy and vulnerable terrain in seek range the owner chooses; a blast on terrain is centred on its square nearest the missile", () => {
    // Flak Picket at (9,7), 2 squares from the drop point (11,7); the bowser's (11,6) is 1 away.
    const state = arrange(nestMother("terrain-3"), { "p2-m2": { at: { x: 9, y: 7 }, facing: "N" } });
    withDice({ yellow: FACE.blank, red: FACE.blank, white: FACE.blank }, () => {
      const a = must(state, "p1", fire({ x: 11, y: 7 }));
      expect(a.state.pending).toMatchObject({ seat: "p1", kind: "choose_blast_target", options: { projectile: "p1-p1", targets: ["p2-m2", BOWSER] } });
      expect(legalCommands(a.state, "p1")).toEqual([
        { type: "choose_blast_target", target: "p2-m2" },
        { type: "choose_blast_target", target: BOWSER },
      ]);
      expect(rejected(a.state, "p1", { type: "choose_blast_target", target: "terrain:stack-east" })).toBe("invalid_choice");
      const b = must(a.state, "p1", { type: "choose_blast_target", target: BOWSER });
      // Blank dice: no damage, no penetration, no damage token.
      expect(types(b.events)).toEqual(["projectile_detonated", "projectile_removed", "terrain_attacked"]);
      expect(b.events[0]).toEqual({ type: "projectile_detonated", projectile: "p1-p1", at: { x: 11, y: 6 }, targets: [BOWSER] });
      expect(b.events[2]).toMatchObject({ type: "terrain_attacked", terrain: "fuel-bowser", damage: 0, penetrated: false });
      expect(b.state.terrainDamage).toBeUndefined();
      expect(b.state.pending).toBeNull();
    });
  });

  test("seed 000 1.5.2-1.5.3: an indirect shell fired onto the bowser blasts it and then every unit within its radius; fired beside it, the area blast leaves terrain alone", () => {
    // Kiln Mortar (p1-m1) at (8,9) facing north; the Flak Picket at (10,4), 1 square from (11,5).
    const base = arrange(deployed("terrain-4", RDL_UN), {
      "p1-m1": { at: { x: 8, y: 9 }, facing: "N" },
      "p2-m1": { at: { x: 0, y: 0 } },
      "p2-m2": { at: { x: 10, y: 4 }, facing: "S" },
      "p2-d1": { at: { x: 4, y: 0 } },
    });
    const state = noInterception(toAction(base, { "p1-m1": "launch" }), "p2");
    const lob = (to: { x: number; y: number }): EmberCommand => ({ type: "act", unit: "p1-m1", part: "left_arm", action: "lob-shell", to });
    // The Slag Shell is no high-altitude projectile, yet it may land on the impassable bowser: it
    // targets it (before this rule, impassable terrain took only high-altitude projectiles).
    expect(legalCommands(state, "p1")).toContainEqual(lob({ x: 11, y: 5 }));
    withDice({ yellow: FACE.light, red: FACE.heavy, white: FACE.blank, part: "torso" }, () => {
      const a = must(state, "p1", lob({ x: 11, y: 5 }));
      expect(a.events.find((e) => e.type === "projectile_detonated")).toEqual({ type: "projectile_detonated", projectile: "p1-p1", at: { x: 11, y: 5 }, targets: [BOWSER, "p2-m2"] });
      // The bowser first (2 damage against 2 blank whites: a damage token), then the Flak Picket.
      expect(types(a.events).slice(4)).toEqual(["terrain_attacked", "terrain_damaged", "attack_declared", "part_rolled", "hit_part", "dice_rolled", "dice_set", "dice_rolled"]);
      expect(a.state.terrainDamage).toEqual({ "fuel-bowser": "damaged" });
      expect(a.state.pending).toMatchObject({ seat: "p2", kind: "defence_reroll" });
      // Fired at (10,5), beside the bowser: the area blast hits units only.
      const b = must(state, "p1", lob({ x: 10, y: 5 }));
      expect(b.events.find((e) => e.type === "projectile_detonated")).toEqual({ type: "projectile_detonated", projectile: "p1-p1", at: { x: 10, y: 5 }, targets: ["p2-m2"] });
      expect(b.events.some((e) => e.type === "terrain_attacked")).toBe(false);
    });
  });
});
