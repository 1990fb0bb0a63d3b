/**
 * Packed JSON: a lossless, compact form of a JSON value for frames sent often (the `events`
 * message). It is plain JSON / MessagePack data, so any decoder reads it; {@link unpackJson} turns
 * it back into the very value {@link packJson} was given.
 *
 * `packJson(value)` is `[shapes, body]`:
 * - `shapes`: the key lists of the value's objects, each distinct list once (`[["type","unit"],["x","y"]]`);
 * - `body`: the value, where null, booleans and numbers are themselves and
 *   - an object is `[s, v1, ..., vn]`: `s` (an integer >= 0) the index of its key list in `shapes`,
 *     then its values in that order;
 *   - an array is `[-1, item1, ..., itemn]`;
 *   - a string is itself the first time it occurs (in the order the body is written: depth first,
 *     values in order); a later occurrence of a string of at least {@link SHARED_STRING_CHARS}
 *     characters is `[-2 - i]`, `i` the index of that string among the strings of at least that
 *     length in order of first occurrence;
 *   - a string of at least {@link BYTES_HEX_CHARS} lowercase hexadecimal characters, of even
 *     length (commitments, salts), is its bytes (a MessagePack `bin`; in JSON it would be an
 *     array of numbers and is never produced there), half the size.
 * A packed value holds exactly what the value holds: nothing is dropped and nothing is added
 * beyond its own keys and strings.
 */

/** Strings at least this long are sent once per packed value and referred to afterwards. */
export const SHARED_STRING_CHARS = 4;
/** Lowercase hexadecimal strings at least this long (and of even length) travel as bytes. */
export const BYTES_HEX_CHARS = 32;

const HEX = /^(?:[0-9a-f]{2})+$/;
const ARRAY = -1;
const FIRST_REF = -2;

/** A packed JSON value: `[shapes, body]` (see the module comment). */
export type PackedJson = [string[][], unknown];

const toBytes = (hex: string): Uint8Array => {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
};
const toHex = (bytes: Uint8Array): string => {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
};

/**
 * Packs a JSON value (objects, arrays, strings, finite numbers, booleans, null; `undefined`
 * object properties are dropped as JSON.stringify drops them).
 */
export function packJson(value: unknown): PackedJson {
  const shapes: string[][] = [];
  const shapeIndex = new Map<string, number>();
  const strings = new Map<string, number>();
  const pack = (v: unknown): unknown => {
    if (typeof v === "string") {
      if (v.length >= BYTES_HEX_CHARS && HEX.test(v)) return toBytes(v);
      if (v.length < SHARED_STRING_CHARS) return v;
      const seen = strings.get(v);
      if (seen !== undefined) return [FIRST_REF - seen];
      strings.set(v, strings.size);
      return v;
    }
    if (v === null || typeof v !== "object") return v === undefined ? null : v;
    if (Array.isArray(v)) {
      const out: unknown[] = [ARRAY];
      for (const item of v) out.push(pack(item));
      return out;
    }
    const keys = Object.keys(v).filter((k) => (v as Record<string, unknown>)[k] !== undefined);
    // The key list itself, unambiguously: a join would make [] and [""] (or ["a\0b"] and ["a", "b"]) one shape.
    const id = JSON.stringify(keys);
    let s = shapeIndex.get(id);
    if (s === undefined) {
      s = shapes.length;
      shapes.push(keys);
      shapeIndex.set(id, s);
    }
    const out: unknown[] = [s];
    for (const k of keys) out.push(pack((v as Record<string, unknown>)[k]));
    return out;
  };
  const body = pack(value);
  return [shapes, body];
}

/**
 * Sets `object[key]` as an own data property, as `JSON.parse` does (a plain assignment to
 * `"__proto__"` would replace the object's prototype instead).
 */
function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

/**
 * The JSON value of a packed one.
 * @throws Error when `packed` is not a packed value (a malformed shape, an unknown shape or
 * string reference, a value count that does not match its shape, anything not JSON data).
 */
export function unpackJson(packed: unknown): unknown {
  if (!Array.isArray(packed) || packed.length !== 2) throw new Error("a packed value is [shapes, body]");
  const [shapes, body] = packed as [unknown, unknown];
  if (!Array.isArray(shapes) || !shapes.every((s) => Array.isArray(s) && s.every((k) => typeof k === "string"))) throw new Error("shapes must be lists of keys");
  const strings: string[] = [];
  const unpack = (v: unknown, depth: number): unknown => {
    if (depth > 64) throw new Error("a packed value is nested too deep");
    if (typeof v === "string") {
      if (v.length >= SHARED_STRING_CHARS) strings.push(v);
      return v;
    }
    if (v instanceof Uint8Array) return toHex(v);
    if (v === null || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v))) return v;
    if (!Array.isArray(v) || v.length === 0 || !Number.isInteger(v[0])) throw new Error("not a packed node");
    const head = v[0] as number;
    if (head === ARRAY) return v.slice(1).map((item) => unpack(item, depth + 1));
    if (head <= FIRST_REF) {
      const s = strings[FIRST_REF - head];
      if (v.length !== 1 || s === undefined) throw new Error("an unknown string reference");
      return s;
    }
    const keys = (shapes as string[][])[head];
    if (!keys || keys.length !== v.length - 1) throw new Error("an object that does not match its shape");
    const out: Record<string, unknown> = {};
    keys.forEach((k, i) => setOwn(out, k, unpack(v[i + 1], depth + 1)));
    return out;
  };
  return unpack(body, 0);
}
