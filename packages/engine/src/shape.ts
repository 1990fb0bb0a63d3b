/**
 * Fast shape checks for commands that are usually well-formed. A ruleset validates untrusted
 * commands with its zod schema; a {@link Shape} written to mirror that schema accepts the common
 * well-formed command without zod's generic machinery and returns the same copy zod would (keys in
 * the schema's order, no unknown keys). A shape may refuse more than its schema (any doubt, such as
 * an `undefined` value or an unusual prototype, is a refusal): the caller then asks zod, so the
 * outcome is zod's either way. It must never accept what the schema refuses.
 */

/** What a shape returns for a value it does not accept. */
export const REFUSED: unique symbol = Symbol("refused");

/** A check of one value: its validated copy, or {@link REFUSED}. */
export type Shape = (value: unknown) => unknown;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** A string of `min` to `max` UTF-16 code units (zod's `z.string().min().max()`). */
export const text =
  (min: number, max: number): Shape =>
  (v) =>
    typeof v === "string" && v.length >= min && v.length <= max ? v : REFUSED;

/** A safe integer from `min` to `max` (zod's `z.number().int().min().max()`). */
export const integer =
  (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): Shape =>
  (v) =>
    typeof v === "number" && Number.isSafeInteger(v) && v >= min && v <= max ? v : REFUSED;

/** A boolean. */
export const flag: Shape = (v) => (typeof v === "boolean" ? v : REFUSED);

/** One of the given strings (zod's `z.enum` or `z.literal`). */
export function oneOf(values: readonly string[]): Shape {
  const allowed = new Set(values);
  return (v) => (typeof v === "string" && allowed.has(v) ? v : REFUSED);
}

/** `null` or a value of `shape` (zod's `.nullable()`). */
export const nullable =
  (shape: Shape): Shape =>
  (v) =>
    v === null ? null : shape(v);

/** An array of `min` to `max` items of `item`, copied (zod's `z.array(item).min().max()`). */
export const list =
  (item: Shape, min = 0, max = Number.MAX_SAFE_INTEGER): Shape =>
  (v) => {
    if (!Array.isArray(v) || Object.getPrototypeOf(v) !== Array.prototype || v.length < min || v.length > max) return REFUSED;
    const out: unknown[] = [];
    for (let i = 0; i < v.length; i++) {
      if (!(i in v)) return REFUSED;
      const checked = item(v[i]);
      if (checked === REFUSED) return REFUSED;
      out.push(checked);
    }
    return out;
  };

/** One field of a {@link strictObject}: its key, its shape, and whether it may be absent. */
export type Field = readonly [key: string, shape: Shape, optional?: "optional"];

/**
 * An object with exactly these fields (zod's `z.object(shape).strict()`): no other own key, every
 * required field present; the copy lists the fields in this order, absent optional ones left out.
 */
export function strictObject(fields: readonly Field[]): Shape {
  const known = new Set(fields.map(([key]) => key));
  return (v) => {
    if (!isPlainObject(v) || Object.getOwnPropertySymbols(v).length > 0) return REFUSED;
    let present = 0;
    for (const key in v) {
      if (!known.has(key) || v[key] === undefined) return REFUSED;
      present++;
    }
    const out: Record<string, unknown> = {};
    let seen = 0;
    for (const [key, shape, optional] of fields) {
      if (!Object.hasOwn(v, key)) {
        if (optional) continue;
        return REFUSED;
      }
      const checked = shape(v[key]);
      if (checked === REFUSED) return REFUSED;
      out[key] = checked;
      seen++;
    }
    return seen === present ? out : REFUSED;
  };
}

/** A record of `key` to `value` (zod's `z.record(key, value)`), copied in the value's key order. */
export const record =
  (key: Shape, value: Shape): Shape =>
  (v) => {
    if (!isPlainObject(v) || Reflect.ownKeys(v).length !== Object.keys(v).length) return REFUSED;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) {
      if (k === "__proto__" || key(k) === REFUSED) return REFUSED;
      const checked = value(v[k]);
      if (checked === REFUSED || checked === undefined) return REFUSED;
      out[k] = checked;
    }
    return out;
  };

/** The first of `shapes` that accepts the value (zod's `z.union`, which keeps the first success). */
export const firstOf =
  (...shapes: readonly Shape[]): Shape =>
  (v) => {
    for (const shape of shapes) {
      const checked = shape(v);
      if (checked !== REFUSED) return checked;
    }
    return REFUSED;
  };

/** Objects told apart by a string field (zod's `z.discriminatedUnion(field, options)`). */
export function tagged(field: string, options: Readonly<Record<string, Shape>>): Shape {
  const byTag = new Map(Object.entries(options));
  return (v) => {
    if (!isPlainObject(v)) return REFUSED;
    const tag = v[field];
    const shape = typeof tag === "string" ? byTag.get(tag) : undefined;
    return shape ? shape(v) : REFUSED;
  };
}
