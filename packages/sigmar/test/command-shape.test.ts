/**
 * Command shapes: every command the bots were offered in seeded matches passes `parseCommand`
 * unchanged, and mangled copies (a field dropped, a wrong type, a fractional position, an unknown
 * key) are refused with `malformed_command` before any rule looks at them.
 */
import { autoplay } from "@fogwar/engine";
import { apply, legalCommands, parseCommand, sigmar, sigmarBotPolicy, type SigmarCommand } from "../src";

const listed: SigmarCommand[] = [];
for (let i = 0; i < 3; i++) {
  autoplay(sigmar, { seats: ["p1", "p2"] }, `shape-${i}`, `shape-bot-${i}`, {
    policy: sigmarBotPolicy,
    onCommand: (m) => {
      for (const seat of ["p1", "p2"]) {
        const legal = legalCommands(m.state, seat);
        for (const k of new Set([0, legal.length >> 1, legal.length - 1])) if (legal[k]) listed.push(legal[k]);
      }
    },
  });
}

describe("command shapes", () => {
  test("listed commands parse to themselves", () => {
    expect(new Set(listed.map((c) => c.type)).size).toBeGreaterThan(10);
    for (const c of listed) expect(parseCommand(c)).toEqual(c);
  });

  test("mangled commands are refused as malformed and change nothing", () => {
    const state = sigmar.setup({ seats: ["p1", "p2"] }, "shape").state;
    const before = JSON.stringify(state);
    const mangled: unknown[] = [null, 3, "move", {}, { type: "move" }, { type: "move", unit: "p1-u1", models: [{ x: 1.5, y: 2 }] }, { type: "move", unit: "p1-u1", models: [{ x: 1, y: 2, z: 3 }] }, { type: "end_phase", extra: 1 }, { type: "fight", unit: "a", target: "b", crits: { w: "lucky" } }, { type: "order", order: [0.5] }, { type: "lock_army", army: { name: "", faction: "x", units: [] } }];
    for (const m of mangled) {
      expect(parseCommand(m)).toBeNull();
      const r = apply(state, m as SigmarCommand, "p1");
      expect(r.ok ? "accepted" : r.error.code).toBe("malformed_command");
    }
    expect(JSON.stringify(state)).toBe(before);
  });
});
