/**
 * Command templates: continuous choices (design.md "Continuous choices"). A ruleset played in
 * continuous space cannot list every position a model may move to, so besides its finite
 * `legalCommands` it describes each continuous choice as a template: a complete default command
 * `apply` accepts, the fields that are free (points, as integer coordinates in the ruleset's fine
 * unit, each within a box), and the constraints `apply` enforces (for clients to draw and check
 * before sending). A command is legal when it is listed, or when it fills a template (same fixed
 * fields, every free point inside its box) and `apply` accepts it; `apply` stays the one judge.
 * Bots and the ruleset kit sample templates with {@link sampleTemplate}. Pure.
 */
import type { Random } from "./rng";
import type { RuleRef } from "./rule-ref";

/** A point in a ruleset's fine integer unit (e.g. hundredths of an inch). */
export interface TemplatePointValue {
  readonly x: number;
  readonly y: number;
}

/**
 * One free field of a template: a point at `path` in the command (keys and array indexes, e.g.
 * `["models", 2]`), any integer point of the box `min`..`max` (both included).
 */
export interface TemplateParam {
  readonly path: readonly (string | number)[];
  readonly kind: "point";
  readonly min: TemplatePointValue;
  readonly max: TemplatePointValue;
}

/**
 * A constraint `apply` enforces on a template's free fields, described for clients: `kind` is the
 * ruleset's name (e.g. `max_move`, `coherency`), the other keys its numbers. Descriptive only:
 * `apply` checks the command exactly.
 */
export interface TemplateConstraint {
  readonly kind: string;
  readonly [key: string]: unknown;
}

/** A continuous choice (see the module comment). `command` is a complete command `apply` accepts now. */
export interface CommandTemplate<Command> {
  readonly command: Command;
  readonly params: readonly TemplateParam[];
  readonly constraints: readonly TemplateConstraint[];
  readonly rule: RuleRef;
}

const get = (value: unknown, path: readonly (string | number)[]): unknown =>
  path.reduce<unknown>((node, key) => (node !== null && typeof node === "object" ? (node as Record<string | number, unknown>)[key] : undefined), value);

function set<T>(value: T, path: readonly (string | number)[], leaf: unknown): T {
  if (path.length === 0) return leaf as T;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const copy: Record<string | number, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  (copy as Record<string | number, unknown>)[key] = set((value as Record<string | number, unknown>)[key], rest, leaf);
  return copy as T;
}

/**
 * The template's command with its free points set to `points` (in the order of `params`).
 * @throws RangeError when the number of points differs from the number of params.
 */
export function fillTemplate<Command>(template: CommandTemplate<Command>, points: readonly TemplatePointValue[]): Command {
  if (points.length !== template.params.length) throw new RangeError(`${template.params.length} points expected, got ${points.length}`);
  return template.params.reduce((command, param, i) => set(command, param.path, { x: points[i]!.x, y: points[i]!.y }), template.command);
}

/**
 * A random filling of the template: each free point moved from its default by a uniform integer
 * offset of at most `spread` on each axis (default: anywhere in its box), kept inside its box.
 * The result may or may not be accepted by `apply`: callers try it.
 */
export function sampleTemplate<Command>(template: CommandTemplate<Command>, random: Random, spread?: number): Command {
  const points = template.params.map((param) => {
    const at = get(template.command, param.path) as TemplatePointValue | undefined;
    const lo = (axis: "x" | "y") => (spread === undefined || !at ? param.min[axis] : Math.max(param.min[axis], at[axis] - spread));
    const hi = (axis: "x" | "y") => (spread === undefined || !at ? param.max[axis] : Math.min(param.max[axis], at[axis] + spread));
    return { x: random.int(lo("x"), Math.max(lo("x"), hi("x"))), y: random.int(lo("y"), Math.max(lo("y"), hi("y"))) };
  });
  return fillTemplate(template, points);
}

/**
 * A random filling that moves every free point by one common offset (a formation kept whole):
 * the offset is drawn so that every point stays inside its box; the template's default when no
 * offset fits.
 */
export function shiftTemplate<Command>(template: CommandTemplate<Command>, random: Random): Command {
  let lo = { x: -Infinity, y: -Infinity };
  let hi = { x: Infinity, y: Infinity };
  const points = template.params.map((param) => get(template.command, param.path) as TemplatePointValue | undefined);
  template.params.forEach((param, i) => {
    const at = points[i];
    if (!at) return;
    lo = { x: Math.max(lo.x, param.min.x - at.x), y: Math.max(lo.y, param.min.y - at.y) };
    hi = { x: Math.min(hi.x, param.max.x - at.x), y: Math.min(hi.y, param.max.y - at.y) };
  });
  if (points.some((p) => !p) || !(lo.x <= hi.x && lo.y <= hi.y) || !Number.isFinite(lo.x)) return template.command;
  const dx = random.int(lo.x, hi.x);
  const dy = random.int(lo.y, hi.y);
  return fillTemplate(template, points.map((p) => ({ x: p!.x + dx, y: p!.y + dy })));
}

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v);

/**
 * Whether `command` fills `template`: equal to its command everywhere but at the free paths, and
 * each free field an integer point `{ x, y }` inside its box. (Whether `apply` accepts it is
 * `apply`'s question.)
 */
export function fillsTemplate<Command>(template: CommandTemplate<Command>, command: unknown): boolean {
  let blanked: unknown = command;
  let base: unknown = template.command;
  for (const param of template.params) {
    const point = get(command, param.path) as Record<string, unknown> | undefined;
    if (!point || typeof point !== "object" || Object.keys(point).length !== 2 || !isInt(point.x) || !isInt(point.y)) return false;
    if (point.x < param.min.x || point.x > param.max.x || point.y < param.min.y || point.y > param.max.y) return false;
    blanked = set(blanked, param.path, null);
    base = set(base, param.path, null);
  }
  return sameJson(blanked, base);
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
