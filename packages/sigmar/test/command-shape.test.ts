/**
 * Age of Sigmar commands are checked for shape (zod) before any rule looks at them: the engine
 * kit's command-shape check (a field dropped, a wrong type, a fractional position, an unknown key).
 */
import { commandShapeChecks } from "@fogwar/engine/testing";
import { parseCommand, sigmar, sigmarBotPolicy } from "../src";

const shapes = commandShapeChecks({
  ruleset: sigmar,
  parse: parseCommand,
  setups: [{ seats: ["p1", "p2"] }, { seats: ["p1", "p2"] }, { seats: ["p1", "p2"] }],
  policy: sigmarBotPolicy,
  odd: [undefined, null, -1, 0, 1.5, -0, NaN, Infinity, "", "x".repeat(80), "p1-u1", true, [], {}, [{ x: 1, y: 1 }], { x: 1, y: 1 }],
  malformed: [null, 3, "move", {}, { type: "move" }, { type: "move", unit: "p1-u1", models: [{ x: 1.5, y: 2 }] }, { type: "move", unit: "p1-u1", models: [{ x: 1, y: 2, z: 3 }] }, { type: "end_phase", extra: 1 }, { type: "fight", unit: "a", target: "b", crits: { w: "lucky" } }, { type: "order", order: [0.5] }, { type: "lock_army", army: { name: "", faction: "x", units: [] } }],
  floors: { listed: 100, types: 10, mangled: 1000 },
});

describe("Age of Sigmar command shapes", () => {
  test("listed commands parse to an equal copy", shapes.listed);
  test("mangled commands never throw; what is accepted comes back unchanged, an unknown key never is", shapes.mangled);
  test("malformed commands are refused with malformed_command and change nothing", shapes.malformed);
});
