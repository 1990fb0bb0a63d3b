/**
 * Siege commands are checked for shape (zod) before any rule looks at them: the engine kit's
 * command-shape check over one-a-side and two-a-side matches.
 */
import { commandShapeChecks } from "@fogwar/engine/testing";
import { parseCommand, siege, siegeBotPolicy } from "../src";
import { SETUP_1V1, SETUP_2V2 } from "./helpers";

const shapes = commandShapeChecks({
  ruleset: siege,
  parse: parseCommand,
  setups: [SETUP_1V1, SETUP_2V2, SETUP_1V1, SETUP_2V2],
  policy: siegeBotPolicy,
  maxCommands: 20_000,
  // Commands no listing offers in these matches but the schema allows.
  extra: [
    { type: "pick", operators: ["a", "b"], inventory: { x: 2, y: 1 } },
    { type: "watch", operator: "o", watches: [{ token: "t", facing: "N" }, { token: "u", ap: "1,1" }] },
    { type: "special", operator: "o", at: "1,1", target: "w" },
    { type: "reroll", dice: [0, 2] },
    { type: "contest", fight: true },
  ],
  odd: [undefined, null, -1, 0, 12, 2 ** 53, 1.5, -0, NaN, Infinity, "", "x".repeat(64), "x".repeat(65), "N", "up:a", "1,1", true, [], {}, [{ facing: "N" }], { facing: "N" }, { ap: "1,1" }],
  malformed: [null, 3, "end_phase", {}, { type: "bogus" }, { type: "end_phase", extra: 1 }, { type: "place_token", operator: "o", at: "1,1", watch: { facing: "N", ap: "1,1" }, real: true }],
  floors: { listed: 500, types: 10, mangled: 3000 },
});

describe("Siege command shapes", () => {
  test("listed commands parse to an equal copy", shapes.listed);
  test("mangled commands never throw; what is accepted comes back unchanged, an unknown key never is", shapes.mangled);
  test("malformed commands are refused with malformed_command and change nothing", shapes.malformed);
});
