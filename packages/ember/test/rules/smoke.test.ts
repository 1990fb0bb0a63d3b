/**
 * Smoke (seed 000 10): placement on whole squares, per-seat cards that may overlap the other
 * seat's, line of sight blocked for shooting only, no cover, and the end-phase removal of one
 * card per cloud, the players alternating. Ashfall board, sample launch armies.
 */
import { catalog, ember, legalCommands, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState } from "../../src";
import { unitById } from "../../src/query";
import { coverFor } from "../../src/sight";
import { arrange, deployed, edit, mech, must, rejected, toAction } from "../helpers";

const army = (name: string) => catalog.data.armies.find((a) => a.name === name)!;
/** p1 RDL Ashfall Sappers (Kiln Mortar: Ash Round, smoke range 5, 2 cards; rivet repeater), p2 GOF Hornet Nest. */
const RDL_GOF: EmberSetup = { scenario: "ashfall", seats: ["p1", "p2"], armies: { p1: army("Ashfall Sappers"), p2: army("Hornet Nest") } };

const ash = (squares: { x: number; y: number }[]): EmberCommand => ({ type: "act", unit: "p1-m1", part: "left_arm", action: "ash-round", squares });
const withSmoke = (state: EmberState, cards: { owner: string; x: number; y: number }[]) =>
  edit(state, (s) => {
    for (const c of cards) s.smoke.push({ owner: c.owner, at: { x: c.x, y: c.y } });
  });

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

describe("seed 000 10 smoke", () => {
  const start = () =>
    toAction(
      arrange(deployed("smoke-1", RDL_GOF), { "p1-m1": { at: { x: 3, y: 9 }, facing: "N" }, "p2-m1": { at: { x: 3, y: 4 }, facing: "S" }, "p2-m2": { at: { x: 10, y: 0 } } }),
      { "p1-m1": "launch" },
    );

  test("seed 000 10: smoke cards go on whole squares within range, touching each other by an edge; never on the seat's own smoke, but over the other seat's", () => {
    const state = start();
    // Two cards side by side, 3 and 4 squares away, one on a unit's square (allowed).
    expect(rejected(state, "p1", ash([{ x: 3, y: 5 }, { x: 4, y: 6 }]))).toBe("smoke_placement"); // corner contact only
    expect(rejected(state, "p1", ash([{ x: 3, y: 5 }]))).toBe("smoke_placement"); // the action places 2 cards
    expect(rejected(state, "p1", ash([{ x: 3, y: 3 }, { x: 3, y: 2 }]))).toBe("smoke_placement"); // (3,2) is 7 away: range 5
    expect(rejected(state, "p1", ash([{ x: 3, y: 5 }, { x: 3, y: 5 }]))).toBe("smoke_placement");
    expect(rejected(withSmoke(state, [{ owner: "p1", x: 3, y: 5 }]), "p1", ash([{ x: 3, y: 5 }, { x: 3, y: 4 }]))).toBe("smoke_placement");
    const over = must(withSmoke(state, [{ owner: "p2", x: 3, y: 5 }]), "p1", ash([{ x: 3, y: 5 }, { x: 3, y: 4 }]));
    expect(over.events[1]).toEqual({ type: "smoke_placed", seat: "p1", squares: [{ x: 3, y: 5 }, { x: 3, y: 4 }] });
    expect(over.state.smoke).toEqual([
      { owner: "p2", at: { x: 3, y: 5 } },
      { owner: "p1", at: { x: 3, y: 5 } },
      { owner: "p1", at: { x: 3, y: 4 } },
    ]);
    const listed = legalCommands(state, "p1").filter((c) => c.type === "act" && c.action === "ash-round");
    expect(listed).toContainEqual(ash([{ x: 3, y: 4 }, { x: 3, y: 5 }]));
    expect(listed.every((c) => c.type === "act" && c.squares?.length === 2)).toBe(true);
  });

  test("seed 000 10: smoke blocks line of sight for shooting only: across it, into it or out of it, high-altitude targets too; melee and launches ignore it; it gives no cover", () => {
    // Kiln Mortar's Slag Spitter (shoot, range 3) at (3,9) against Nest Mother at (3,6), facing it.
    let state = toAction(arrange(deployed("smoke-2", RDL_GOF), { "p1-m1": { at: { x: 3, y: 9 }, facing: "N" }, "p2-m1": { at: { x: 3, y: 6 }, facing: "S" } }), { "p1-m1": "shoot" });
    const slag: EmberCommand = { type: "act", unit: "p1-m1", part: "torso", action: "slag", target: "p2-m1" };
    expect(legalCommands(state, "p1")).toContainEqual(slag);
    for (const square of [{ x: 3, y: 7 }, { x: 3, y: 6 }, { x: 3, y: 9 }]) {
      // Smoke of either seat on the line, on the target's square or on the shooter's square.
      for (const owner of ["p1", "p2"]) {
        const smoked = withSmoke(state, [{ owner, ...square }]);
        expect(rejected(smoked, "p1", slag)).toBe("no_line_of_sight");
        expect(legalCommands(smoked, "p1")).not.toContainEqual(slag);
      }
    }
    // Smoke beside the line changes nothing, and gives no terrain cover.
    const beside = withSmoke(state, [{ owner: "p2", x: 4, y: 7 }, { owner: "p2", x: 4, y: 6 }]);
    expect(coverFor(beside, unitById(beside, "p1-m1")!, unitById(beside, "p2-m1")!)).toEqual({ terrain: false, unit: false });
    must(beside, "p1", slag);
    // Melee ignores smoke: Stinger's machete (melee) from (3,7) at Nest Mother (3,6), both squares smoked.
    state = toAction(arrange(deployed("smoke-3", { ...RDL_GOF, armies: { p1: army("Hornet Nest"), p2: army("Ashfall Sappers") } }), {
      "p1-m2": { at: { x: 3, y: 7 }, facing: "N" },
      "p2-m1": { at: { x: 3, y: 6 }, facing: "S" },
    }), { "p1-m2": "melee" });
    const smoked = withSmoke(state, [{ owner: "p2", x: 3, y: 7 }, { owner: "p2", x: 3, y: 6 }]);
    const machete = legalCommands(smoked, "p1").find((c) => c.type === "act" && c.part === "left_arm" && c.target === "p2-m1");
    expect(machete).toBeDefined();
    // Launches ignore smoke: the Hornet Rack's direct fire lands beyond a smoked square.
    const launch = toAction(arrange(deployed("smoke-4", { ...RDL_GOF, armies: { p1: army("Hornet Nest"), p2: army("Ashfall Sappers") } }), { "p1-m1": { at: { x: 3, y: 10 }, facing: "N" } }), { "p1-m1": "launch" });
    const fire: EmberCommand = { type: "act", unit: "p1-m1", part: "right_arm", action: "hornet-salvo", to: { x: 3, y: 7 } };
    expect(legalCommands(withSmoke(launch, [{ owner: "p2", x: 3, y: 8 }, { owner: "p2", x: 3, y: 7 }]), "p1")).toContainEqual(fire);
    // A high-altitude unit is affected too: UN's Skylark (high-altitude) at (3,6) in smoke cannot be shot.
    const air = toAction(
      arrange(deployed("smoke-6", { ...RDL_GOF, armies: { p1: army("Ashfall Sappers"), p2: army("Aegis Beacon Cell") } }), {
        "p1-m1": { at: { x: 3, y: 9 }, facing: "N" },
        "p2-d1": { at: { x: 3, y: 6 } },
      }),
      { "p1-m1": "shoot" },
    );
    const atSkylark: EmberCommand = { type: "act", unit: "p1-m1", part: "torso", action: "slag", target: "p2-d1" };
    expect(legalCommands(air, "p1")).toContainEqual(atSkylark);
    expect(rejected(withSmoke(air, [{ owner: "p1", x: 3, y: 6 }]), "p1", atSkylark)).toBe("no_line_of_sight");
  });

  test("seed 000 10: in the end phase each smoke cloud loses one card, the players alternating from the first player; a seat with no cloud left passes", () => {
    // p1 (first player): a cloud of two at (1,5)-(2,5) and a single card at (8,8); p2: one cloud of two.
    let state = toAction(deployed("smoke-5", RDL_GOF), {});
    state = withSmoke(state, [
      { owner: "p1", x: 1, y: 5 },
      { owner: "p1", x: 2, y: 5 },
      { owner: "p1", x: 8, y: 8 },
      { owner: "p2", x: 6, y: 2 },
      { owner: "p2", x: 6, y: 3 },
    ]);
    let s = endActivations(state).state;
    expect(s.phase).toBe("end");
    expect(ember.pending(s)).toMatchObject({ seat: "p1", kind: "remove_smoke", options: { squares: [{ x: 1, y: 5 }, { x: 2, y: 5 }, { x: 8, y: 8 }] } });
    expect(rejected(s, "p1", { type: "remove_smoke", at: { x: 6, y: 2 } })).toBe("invalid_choice");
    s = must(s, "p1", { type: "remove_smoke", at: { x: 2, y: 5 } }).state;
    expect(ember.pending(s)).toMatchObject({ seat: "p2", kind: "remove_smoke", options: { squares: [{ x: 6, y: 2 }, { x: 6, y: 3 }] } });
    s = must(s, "p2", { type: "remove_smoke", at: { x: 6, y: 3 } }).state;
    // p1's first cloud has lost its card; its other cloud (8,8) still must.
    expect(ember.pending(s)).toMatchObject({ seat: "p1", kind: "remove_smoke", options: { squares: [{ x: 8, y: 8 }] } });
    const last = must(s, "p1", { type: "remove_smoke", at: { x: 8, y: 8 } });
    expect(last.events[0]).toEqual({ type: "smoke_removed", seat: "p1", at: { x: 8, y: 8 } });
    expect(last.events.map((e) => e.type)).toContain("vp_scored");
    expect(last.state.round).toBe(2);
    expect(last.state.smoke).toEqual([
      { owner: "p1", at: { x: 1, y: 5 } },
      { owner: "p2", at: { x: 6, y: 2 } },
    ]);
  });
});
