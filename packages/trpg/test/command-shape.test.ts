/**
 * TRPG commands are checked for shape (zod) before any rule runs: the engine kit's command-shape
 * check over a versus and a game-master match (an unknown type or field, a malformed value).
 */
import { describeCommandShapes } from "@fogwar/engine/testing";
import { parseCommand, trpg, trpgBotPolicy } from "../src";
import { GM_SETUP, VERSUS_SETUP } from "./helpers";

describeCommandShapes("TRPG command shapes", {
  ruleset: trpg,
  parse: parseCommand,
  setups: [VERSUS_SETUP, GM_SETUP],
  policy: trpgBotPolicy,
  every: true,
  odd: [undefined, null, -1, 0, 63, 64, 1.5, -0, NaN, Infinity, "", "x".repeat(64), "x".repeat(65), true, [], {}, [{ x: 1, y: 1 }], { x: 1, y: 1 }],
  malformed: [null, 7, "end_turn", {}, { type: "bogus" }, { type: "end_turn", extra: 1 }, { type: "move", to: { x: -1, y: 0 } }, { type: "move", to: { x: 1.5, y: 0 } }, { type: "shoot", targets: [], burst: false, called: false }, { type: "overwatch", dir: 8 }, { type: "end_round", turns: [{ actor: "x", commands: [{ type: "end_round" }] }] }],
  floors: { listed: 300, types: 5, mangled: 1000 },
});
