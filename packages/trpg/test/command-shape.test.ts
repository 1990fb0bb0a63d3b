/**
 * TRPG commands are checked for shape (zod) before any rule runs: the engine kit's command-shape
 * check over a versus and a game-master match (an unknown type or field, a malformed value).
 */
import { commandShapeChecks } from "@fogwar/engine/testing";
import { parseCommand, trpg, trpgBotPolicy } from "../src";
import { GM_SETUP, VERSUS_SETUP } from "./helpers";

const shapes = commandShapeChecks({
  ruleset: trpg,
  parse: parseCommand,
  setups: [VERSUS_SETUP, GM_SETUP],
  policy: trpgBotPolicy,
  every: true,
  odd: [undefined, null, -1, 0, 63, 64, 1.5, -0, NaN, Infinity, "", "x".repeat(64), "x".repeat(65), true, [], {}, [{ x: 1, y: 1 }], { x: 1, y: 1 }],
  malformed: [null, 7, "end_turn", {}, { type: "bogus" }, { type: "end_turn", extra: 1 }, { type: "move", to: { x: -1, y: 0 } }, { type: "move", to: { x: 1.5, y: 0 } }, { type: "shoot", targets: [], burst: false, called: false }, { type: "overwatch", dir: 8 }, { type: "end_round", turns: [{ actor: "x", commands: [{ type: "end_round" }] }] }],
  floors: { listed: 300, types: 5, mangled: 1000 },
});

describe("TRPG command shapes", () => {
  test("listed commands parse to an equal copy", shapes.listed);
  test("mangled commands never throw; what is accepted comes back unchanged, an unknown key never is", shapes.mangled);
  test("malformed commands are refused with malformed_command and change nothing", shapes.malformed);
});
