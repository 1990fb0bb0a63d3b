/**
 * EMBER commands are checked for shape (zod) before any rule looks at them: the engine kit's
 * command-shape check over Crossroads, Foundry and Ashfall (launches, interception, smoke) matches.
 */
import { commandShapeChecks } from "@fogwar/engine/testing";
import { catalog, ember, emberBotPolicy, parseCommand, type EmberSetup } from "../src";

const armies = catalog.data.armies;
const setups = Array.from({ length: 8 }, (_, i): EmberSetup => {
  const standard = i % 3 === 1;
  const ashfall = i % 3 === 2;
  const pick = (k: number) => armies[ashfall ? 6 + ((i + k) % 3) : ((i + k) % 3) * 2 + (standard ? 1 : 0)]!;
  const scenario = ashfall ? "ashfall" : standard ? "foundry" : "crossroads";
  return { scenario, seats: ["p1", "p2"], armies: { p1: pick(0), p2: pick(1) } } as EmberSetup;
});

const shapes = commandShapeChecks({
  ruleset: ember,
  parse: parseCommand,
  setups,
  policy: emberBotPolicy,
  odd: [undefined, null, -1, 0, 63, 64, 1.5, -0, NaN, Infinity, "", "x".repeat(40), "x".repeat(41), "x".repeat(61), "N", "torso", "quick", true, [], {}, [{ x: 1, y: 1 }], { x: 1, y: 1 }],
  malformed: [null, 3, "end_commands", {}, { type: "bogus" }, { type: "end_commands", extra: 1 }, { type: "manoeuvre", unit: "m", to: { x: 1, y: 2, z: 3 }, facing: "N" }, { type: "manoeuvre", unit: "m", to: { x: 1.5, y: 2 }, facing: "N" }],
  floors: { listed: 500, types: 10, mangled: 5000 },
});

describe("EMBER command shapes", () => {
  test("listed commands parse to an equal copy", shapes.listed);
  test("mangled commands never throw; what is accepted comes back unchanged, an unknown key never is", shapes.mangled);
  test("malformed commands are refused with malformed_command and change nothing", shapes.malformed);
});
