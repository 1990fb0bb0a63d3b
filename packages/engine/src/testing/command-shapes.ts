/**
 * The command-shape check every ruleset's tests share: a ruleset validates each command's shape
 * (its zod schema, `parseCommand`) before any rule looks at it. {@link commandShapeChecks} gives
 * three checks, on the commands `legalCommands` offered in seeded bot matches, for a test file to
 * name in its own `test` calls (so the rules docs can cite them):
 * - every listed command parses to an equal copy;
 * - on mangled copies (each leaf set to each odd value, each key dropped, an unknown key added,
 *   keys reversed, the optional fields the type has shown added), parsing never throws, and what
 *   it accepts it returns unchanged (an equal copy, which parses to itself again); an unknown key
 *   is always refused;
 * - the ruleset's own malformed commands are refused by `apply` with `malformed_command`, and the
 *   state is left as it was.
 * Uses jest's `expect`.
 */
import { autoplay, type BotPolicy } from "../bot";
import type { Ruleset } from "../ruleset";
import type { SeatId } from "../visibility";

/** What {@link describeCommandShapes} needs of a ruleset. */
export interface CommandShapeSpec<Setup, State, Command extends { type: string }, Event, View> {
  readonly ruleset: Ruleset<Setup, State, Command, Event, View>;
  /** The ruleset's shape check: a copy of the command, or null when it is malformed. */
  readonly parse: (value: unknown) => Command | null;
  /** The setups of the bot matches whose listed commands are checked (one match each). */
  readonly setups: readonly Setup[];
  readonly policy?: BotPolicy<Command>;
  readonly maxCommands?: number;
  /** Check every listed command, not only the first, middle and last of each list. */
  readonly every?: boolean;
  /** Valid commands no listing offers in those matches but the schema allows. */
  readonly extra?: readonly Command[];
  /** Values each leaf of a mangled command is set to in turn (the schema's limits and wrong types). */
  readonly odd: readonly unknown[];
  /** Malformed commands `apply` must refuse with `malformed_command` (on the first match's start). */
  readonly malformed: readonly unknown[];
  /** Floors showing the check was not vacuous: listed commands, their types, mangled copies. */
  readonly floors: { readonly listed: number; readonly types: number; readonly mangled: number };
}

/** A value's exact structure: key order, `undefined` and `-0` included. */
function structure(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return Object.is(value, -0) ? "-0" : [typeof value, value];
  if (Array.isArray(value)) return ["array", value.map(structure)];
  return ["object", Object.keys(value).map((k) => [k, structure((value as Record<string, unknown>)[k])])];
}

/** The commands listed in the matches after each command: every one, or the first, middle and last of each seat's list. */
function listedCommands<Setup, State, Command extends { type: string }, Event, View>(spec: CommandShapeSpec<Setup, State, Command, Event, View>): Command[] {
  const { ruleset } = spec;
  const listed: Command[] = [];
  spec.setups.forEach((setup, i) => {
    const seats: readonly SeatId[] = ruleset.seatsOf(setup);
    autoplay(ruleset, setup, `shape-${i}`, `shape-bot-${i}`, {
      policy: spec.policy,
      maxCommands: spec.maxCommands,
      onCommand: (m) => {
        for (const seat of seats) {
          const legal = ruleset.legalCommands(m.state, seat);
          if (spec.every) listed.push(...legal);
          else for (const k of new Set([0, legal.length >> 1, legal.length - 1])) if (legal[k]) listed.push(legal[k]);
        }
      },
    });
  });
  return [...listed, ...(spec.extra ?? [])];
}

/** Copies of `command` with one change (see the module's comment); `seen` holds each type's fields with a value. */
function* variants(command: object, odd: readonly unknown[], seen: ReadonlyMap<string, ReadonlyMap<string, unknown>>): Generator<unknown> {
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
    yield rebuild(Object.fromEntries([...entries].reverse()));
  }
  yield* walk(command, (r) => r);
  const fields = [...(seen.get((command as { type: string }).type) ?? new Map<string, unknown>())];
  const filled: [string, unknown][] = Object.entries(command);
  for (const [k, v] of fields) if (!(k in command)) filled.push([k, v]);
  yield Object.fromEntries(filled);
  yield Object.fromEntries([...filled].reverse());
}

/** The three command-shape checks of a ruleset, each a test body (see the module's comment). */
export interface CommandShapeChecks {
  /** Every listed command parses to an equal copy (and the floors of listed commands and types hold). */
  readonly listed: () => void;
  /** Mangled copies never throw; what is accepted comes back unchanged; an unknown key never is. */
  readonly mangled: () => void;
  /** The spec's malformed commands are refused with `malformed_command` and change nothing. */
  readonly malformed: () => void;
}

/**
 * The command-shape checks of a ruleset; the bot matches are played on the first check run.
 * @example test("listed commands parse to an equal copy", shapes.listed);
 */
export function commandShapeChecks<Setup, State, Command extends { type: string }, Event, View>(spec: CommandShapeSpec<Setup, State, Command, Event, View>): CommandShapeChecks {
  let played: Command[] | undefined;
  const listedOnce = (): Command[] => (played ??= listedCommands(spec));
  return {
    listed: () => {
      const listed = listedOnce();
      expect(listed.length).toBeGreaterThan(spec.floors.listed);
      expect(new Set(listed.map((c) => c.type)).size).toBeGreaterThan(spec.floors.types);
      for (const command of listed) expect(spec.parse(command)).toEqual(command);
    },
    mangled: () => {
      const listed = listedOnce();
      const seen = new Map<string, Map<string, unknown>>();
      for (const c of listed) {
        const fields = seen.get(c.type) ?? new Map<string, unknown>();
        for (const [k, v] of Object.entries(c)) if (!fields.has(k)) fields.set(k, v);
        seen.set(c.type, fields);
      }
      // One listed command per kind of structure (type, keys and their value types, deeply).
      const kind = (c: Command) => JSON.stringify(structure(c)).replace(/"string","[^"]*"/g, "s").replace(/"number",-?[0-9.e+]+/g, "n");
      const sample = [...new Map(listed.map((c) => [kind(c), c])).values()];
      let mangled = 0;
      for (const command of sample) {
        expect(spec.parse({ ...command, extra: 1 })).toBeNull();
        expect(spec.parse({ ...command, extra: undefined })).toBeNull();
        for (const value of variants(command, spec.odd, seen)) {
          mangled++;
          const parsed = spec.parse(value);
          if (parsed === null) continue;
          expect(parsed).toEqual(value);
          expect(spec.parse(parsed)).toEqual(parsed);
        }
      }
      expect(mangled).toBeGreaterThan(spec.floors.mangled);
    },
    malformed: () => {
      const setup = spec.setups[0]!;
      const state = spec.ruleset.setup(setup, "shape").state;
      const seat = spec.ruleset.awaiting(state)[0] ?? spec.ruleset.seatsOf(setup)[0]!;
      const before = JSON.stringify(state);
      for (const value of spec.malformed) {
        expect(spec.parse(value)).toBeNull();
        const r = spec.ruleset.apply(state, value as Command, seat);
        expect(r.ok ? "accepted" : r.error.code).toBe("malformed_command");
      }
      expect(JSON.stringify(state)).toBe(before);
    },
  };
}
