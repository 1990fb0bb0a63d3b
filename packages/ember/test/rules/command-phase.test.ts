/**
 * The command phase (seed 001_f556d9be58b12b7c.txt 4.2; seed 000_200ff4b7b5d3d570.txt 9.1): a mech
 * in shutdown gives no command, and the kind of a drone's move follows its movement icon.
 */
import { ember, type EmberCommand, type EmberState } from "../../src";
import { arrange, deployed, edit, FACE, mech, must, rejected, SETUP, unit, withDice } from "../helpers";
import { find, GOF_VS_UN, play } from "./steps";

/** The squares a seat may move one drone to, as "x,y" keys, from its legal commands. */
function droneMoves(state: EmberState, seat: string, drone: string): string[] {
  const keys = ember
    .legalCommands(state, seat)
    .flatMap((c) => (c.type === "command_drone" && c.drone === drone && c.order.kind === "move" ? [`${c.order.to.x},${c.order.to.y}`] : []));
  return [...new Set(keys)].sort();
}

describe("seed 000 9.1 and seed 001 4.2 the command phase", () => {
  test("seed 000 9.1 note: a mech in shutdown cannot give commands, even while it holds a command token", () => {
    // Bulwark (p1-m1) generated its token in round 1, then is shut down (link 0) in the command phase.
    const shut = edit(deployed(), (s) => { mech(s, "p1-m1").stance = "SHUTDOWN"; mech(s, "p1-m1").link = 0; });
    expect(mech(shut, "p1-m1").commandTokens).toBe(1);
    const order = { kind: "move" as const, to: unit(shut, "p1-d1").at!, facing: "E" as const };
    expect(rejected(shut, "p1", { type: "command_drone", mech: "p1-m1", drone: "p1-d1", order })).toBe("unit_shutdown");
    const givers = new Set(ember.legalCommands(shut, "p1").flatMap((c) => (c.type === "command_drone" ? [c.mech] : [])));
    expect([...givers]).toEqual(["p1-m2"]);
    must(shut, "p1", { type: "command_drone", mech: "p1-m2", drone: "p1-d1", order });

    // In play: p1 has two drones. p1 commands one with Bulwark; then p2's skylark ('marker-dart':
    // 2 yellow, snipe, used) hits Smelter (p1-m2, link 1, still holding its token) in the left arm (cinder
    // axe, armour 3, no structure): 2 [light] against 3 white blanks destroy it, link 1 -> 0, shutdown.
    // p1 still has a drone without a command and Smelter's token, but no mech that can give it:
    // p1 is done, and with p2 out of drones the phase ends.
    const twoDrones = { ...SETUP, armies: { ...SETUP.armies, p1: { ...SETUP.armies.p1, units: [...SETUP.armies.p1.units, { kind: "drone" as const, drone: "rdl-scrap-tortoise" }] } } };
    let state = edit(deployed("two-drones", twoDrones), (s) => { mech(s, "p1-m2").link = 1; });
    state = arrange(state, { "p2-d1": { at: { x: 2, y: 7 }, facing: "S" }, "p1-m2": { at: { x: 2, y: 11 }, facing: "N" } });
    state = must(state, "p1", { type: "command_drone", mech: "p1-m1", drone: "p1-d1", order: { kind: "move", to: { x: 4, y: 9 }, facing: "N" } }).state;
    expect(state.turn).toBe("p2");
    const r = withDice({ yellow: FACE.light, white: FACE.blank }, () =>
      play(state, [
        ["p2", { type: "command_drone", mech: "p2-m1", drone: "p2-d1", order: { kind: "action", target: "p1-m2" } }],
        ["p2", { type: "use_designation", use: true }],
        ["p2", { type: "choose_hit_part", part: "left_arm" }],
      ]),
    );
    expect(find(r.events, "part_destroyed")).toEqual([{ type: "part_destroyed", unit: "p1-m2", part: "left_arm" }]);
    expect(mech(r.state, "p1-m2")).toMatchObject({ stance: "SHUTDOWN", link: 0, commandTokens: 1 });
    expect(r.state.phase).toBe("plan");
    expect(find(r.events, "drone_commanded").map((e) => e.drone)).toEqual(["p2-d1"]);
  });

  test("seed 001 4.2: the movement icon sets the move: a ground drone cannot pass other units, flying and high-altitude drones pass over them but end on a free square", () => {
    // A drone in the corner (0,11), boxed in by three units at (1,11), (0,10) and (1,10).
    const box = { "p1-d1": { at: { x: 0, y: 11 }, facing: "N" as const }, "p1-m1": { at: { x: 1, y: 11 } }, "p1-m2": { at: { x: 0, y: 10 } }, "p2-m1": { at: { x: 1, y: 10 } } };
    const toSquare = (x: number, y: number): EmberCommand => ({ type: "command_drone", mech: "p1-m1", drone: "p1-d1", order: { kind: "move", to: { x, y }, facing: "N" } });

    // Ground (RDL scrap tortoise, arrow icon, 3 squares): it can only turn where it stands.
    const ground = arrange(deployed(), box);
    expect(droneMoves(ground, "p1", "p1-d1")).toEqual(["0,11"]);
    expect(rejected(ground, "p1", toSquare(0, 9))).toBe("out_of_reach");

    // Flying (GOF wasp, plane icon, 6 squares): over the box, but not onto an occupied square.
    const flying = arrange(deployed("flying", GOF_VS_UN), box);
    expect(rejected(flying, "p1", toSquare(1, 10))).toBe("out_of_reach");
    const flown = must(flying, "p1", toSquare(0, 9));
    expect(find(flown.events, "unit_moved")[0]).toMatchObject({ unit: "p1-d1", from: { x: 0, y: 11 }, to: { x: 0, y: 9 } });
    expect(droneMoves(flying, "p1", "p1-d1")).toEqual(expect.arrayContaining(["0,9", "2,9", "0,5", "6,11"]));
    expect(droneMoves(flying, "p1", "p1-d1")).not.toContain("1,10");

    // High-altitude (UN skylark, projectile icon, 5 squares), boxed in at (11,0) on p2's turn.
    const high = arrange(deployed(), {
      "p2-d1": { at: { x: 11, y: 0 }, facing: "S" },
      "p2-m1": { at: { x: 10, y: 0 } },
      "p2-m2": { at: { x: 11, y: 1 } },
      "p1-m1": { at: { x: 10, y: 1 } },
    });
    const p2Turn = must(high, "p1", { type: "end_commands" }).state;
    const skylark = (x: number, y: number): EmberCommand => ({ type: "command_drone", mech: "p2-m1", drone: "p2-d1", order: { kind: "move", to: { x, y }, facing: "S" } });
    expect(rejected(p2Turn, "p2", skylark(10, 1))).toBe("out_of_reach");
    expect(find(must(p2Turn, "p2", skylark(11, 2)).events, "unit_moved")[0]).toMatchObject({ unit: "p2-d1", to: { x: 11, y: 2 } });
  });
});
