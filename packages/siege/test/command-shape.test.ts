/**
 * `parseCommand` checks a command with a fast shape first and asks zod only when the shape
 * refuses. Both must give one answer: every command `legalCommands` lists passes the fast shape
 * with zod's exact copy (keys in the same order), and on mangled commands the fast shape never
 * accepts what zod refuses, and never returns a different copy.
 */
import { autoplay } from "@fogwar/engine";
import { siege, siegeBotPolicy, type SiegeCommand } from "../src";
import { parseCommand, parseCommandFast, parseCommandWithZod } from "../src/command-schema";
import { SETUP_1V1, SETUP_2V2 } from "./helpers";

/** A value's exact structure: key order, `undefined` and `-0` included. */
function structure(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return Object.is(value, -0) ? "-0" : [typeof value, value];
  if (Array.isArray(value)) return ["array", value.map(structure)];
  return ["object", Object.keys(value).map((k) => [k, structure((value as Record<string, unknown>)[k])])];
}

const listed: SiegeCommand[] = [];
for (let i = 0; i < 4; i++) {
  const setup = i % 2 === 0 ? SETUP_1V1 : SETUP_2V2;
  autoplay(siege, setup, `shape-${i}`, `shape-bot-${i}`, {
    policy: siegeBotPolicy,
    maxCommands: 20_000,
    onCommand: (m) => {
      for (const seat of siege.seatsOf(setup)) {
        const legal = siege.legalCommands(m.state, seat);
        // A spread of each list: its first, last and a middle command.
        for (const k of new Set([0, legal.length >> 1, legal.length - 1])) if (legal[k]) listed.push(legal[k]);
      }
    },
  });
}
// Commands no listing offers in these matches but the schema allows.
listed.push(
  { type: "pick", operators: ["a", "b"], inventory: { x: 2, y: 1 } },
  { type: "watch", operator: "o", watches: [{ token: "t", facing: "N" }, { token: "u", ap: "1,1" }] },
  { type: "special", operator: "o", at: "1,1", target: "w" },
  { type: "reroll", dice: [0, 2] },
  { type: "contest", fight: true },
);

const odd = [undefined, null, -1, 0, 12, 2 ** 53, 1.5, -0, NaN, Infinity, "", "x".repeat(64), "x".repeat(65), "N", "up:a", "1,1", true, [], {}, [{ facing: "N" }], { facing: "N" }, { ap: "1,1" }];

/** The listed commands, one per kind of structure (type, keys and their value types, deeply). */
const sample = [...new Map(listed.map((c) => [JSON.stringify(structure(c)).replace(/"string","[^"]*"/g, "s").replace(/"number",-?[0-9.]+/g, "n"), c])).values()];

/** Every field of every type seen in the listed commands, with a value it took. */
const seenFields = new Map<string, Map<string, unknown>>();
for (const c of listed) {
  const fields = seenFields.get(c.type) ?? new Map<string, unknown>();
  for (const [k, v] of Object.entries(c)) if (!fields.has(k)) fields.set(k, v);
  seenFields.set(c.type, fields);
}

/** Copies of a command with one change: each leaf set to each odd value, each key dropped, an unknown key added. */
function* variants(command: SiegeCommand): Generator<unknown> {
  function* walk(node: unknown, rebuild: (replacement: unknown) => unknown): Generator<unknown> {
    for (const value of odd) yield rebuild(value);
    if (typeof node !== "object" || node === null) return;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) yield* walk(node[i], (r) => rebuild(node.map((x, j) => (j === i ? r : x))));
      yield rebuild([...node, node[0]]);
      return;
    }
    const entries = Object.entries(node);
    for (const [k, v] of entries) {
      yield* walk(v, (r) => rebuild(Object.fromEntries(entries.map(([kk, vv]) => [kk, kk === k ? r : vv]))));
      yield rebuild(Object.fromEntries(entries.filter(([kk]) => kk !== k)));
    }
    yield rebuild(Object.fromEntries([...entries, ["extra", 1]]));
    yield rebuild(Object.fromEntries([...entries].reverse()));
  }
  yield* walk(command, (r) => r);
  // Every optional field its type has shown, added in turn, and all of them at once in reverse order.
  const fields = [...(seenFields.get(command.type) ?? new Map<string, unknown>())];
  const filled: [string, unknown][] = Object.entries(command);
  for (const [k, v] of fields) if (!(k in command)) filled.push([k, v]);
  yield Object.fromEntries(filled);
  yield Object.fromEntries([...filled].reverse());
}

describe("Siege command shapes", () => {
  it("listed commands pass the fast shape, which returns zod's exact copy", () => {
    expect(listed.length).toBeGreaterThan(500);
    for (const command of listed) {
      const fast = parseCommandFast(command);
      expect(fast).not.toBeNull();
      expect(structure(fast)).toEqual(structure(parseCommandWithZod(command)));
    }
  });

  it("on mangled commands the fast shape accepts nothing zod refuses, and parseCommand is zod's answer", () => {
    let mangled = 0;
    for (const command of sample) {
      for (const value of variants(command)) {
        mangled++;
        const zod = parseCommandWithZod(value);
        const fast = parseCommandFast(value);
        if (fast !== null) expect(structure(fast)).toEqual(structure(zod));
        expect(structure(parseCommand(value))).toEqual(structure(zod));
      }
    }
    expect(mangled).toBeGreaterThan(3000);
  });

  it("refuses commands with a different prototype or unknown keys", () => {
    const inherited = Object.assign(Object.create({ extra: 1 }) as object, { type: "end_phase" });
    expect(parseCommand(inherited)).toEqual(parseCommandWithZod(inherited));
    expect(parseCommandFast({ type: "end_phase", extra: undefined })).toBeNull();
    expect(parseCommand({ type: "place_token", operator: "o", at: "1,1", watch: { facing: "N", ap: "1,1" }, real: true })).toBeNull();
  });
});
