/**
 * Commands are checked for shape (zod) before any rule runs: a malformed command, an unknown type
 * or an unknown field is refused with `malformed_command`, and the state is left as it was.
 */
import { autoplay } from "@fogwar/engine";
import { parseCommand, trpg, trpgBotPolicy, type TrpgCommand } from "../src";
import { GM_SETUP, VERSUS_SETUP } from "./helpers";

describe("TRPG command shapes", () => {
  test("every command listed in two bot matches parses to itself", () => {
    let listed = 0;
    for (const setup of [VERSUS_SETUP, GM_SETUP]) {
      autoplay(trpg, setup, "shape", "shape-bot", {
        policy: trpgBotPolicy,
        onCommand: (m) => {
          for (const seat of trpg.awaiting(m.state)) {
            for (const c of trpg.legalCommands(m.state, seat)) {
              listed++;
              expect(parseCommand(c)).toEqual(c);
            }
          }
        },
      });
    }
    expect(listed).toBeGreaterThan(300);
  });

  test("malformed commands are refused with malformed_command and change nothing", () => {
    const s = trpg.setup(VERSUS_SETUP, "shape-2").state;
    const seat = trpg.awaiting(s)[0]!;
    const before = JSON.stringify(s);
    const bad: unknown[] = [null, 7, "end_turn", {}, { type: "bogus" }, { type: "end_turn", extra: 1 }, { type: "move", to: { x: -1, y: 0 } }, { type: "move", to: { x: 1.5, y: 0 } }, { type: "shoot", targets: [], burst: false, called: false }, { type: "overwatch", dir: 8 }, { type: "end_round", turns: [{ actor: "x", commands: [{ type: "end_round" }] }] }];
    for (const command of bad) {
      const r = trpg.apply(s, command as TrpgCommand, seat);
      expect(r.ok ? null : r.error.code).toBe("malformed_command");
    }
    expect(JSON.stringify(s)).toBe(before);
  });
});
