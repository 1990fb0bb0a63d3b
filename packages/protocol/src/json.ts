/**
 * The plain-JSON check every client payload passes before its shape is checked: messages are
 * stored in the match log as JSON, so what the server accepts must be exactly what JSON keeps.
 */

/**
 * The largest client message payload: 8192, measured as the length of its `JSON.stringify` text
 * (UTF-16 code units, which equals bytes for ASCII). Larger payloads are refused with
 * `message_too_large`. (The WebSocket transport also caps a frame at 64 KiB.)
 */
export const MAX_MESSAGE_BYTES = 8192;

/**
 * The deepest nesting of objects and arrays a client payload may have: 32 levels (the payload
 * object itself is level 1). Deeper payloads are refused with `bad_message`.
 */
export const MAX_MESSAGE_DEPTH = 32;

/** The outcome of {@link toJsonData}. */
export type JsonDataResult =
  | { readonly ok: true; readonly value: unknown; readonly size: number }
  | { readonly ok: false; readonly code: "bad_message" | "message_too_large"; readonly detail: string };

class Refusal {
  constructor(
    readonly code: "bad_message" | "message_too_large",
    readonly detail: string,
  ) {}
}

/**
 * Checks that `value` is plain JSON data and returns a fresh copy of it, as
 * `JSON.parse(JSON.stringify(value))` would give, with `size` its JSON text length.
 * Plain JSON data: null, booleans, strings, finite numbers, arrays (no holes, no `undefined`)
 * and plain objects (prototype `Object.prototype` or null). Object properties whose value is
 * `undefined` are dropped, as JSON.stringify drops them; `-0` becomes `0`. Refused:
 * bigint, NaN and infinities, functions, symbols, class instances (Date, Map, typed arrays, ...),
 * cycles and nesting deeper than {@link MAX_MESSAGE_DEPTH} (`bad_message`), more than
 * {@link MAX_MESSAGE_BYTES} values or JSON text longer than that (`message_too_large`).
 * Never throws: getters or proxies that throw give `bad_message`.
 */
export function toJsonData(value: unknown): JsonDataResult {
  try {
    const budget = { nodes: 0 };
    const copy = copyJson(value, 0, budget);
    const size = JSON.stringify(copy).length;
    if (size > MAX_MESSAGE_BYTES) return { ok: false, code: "message_too_large", detail: `the JSON text is ${size} characters long; at most ${MAX_MESSAGE_BYTES} are allowed` };
    return { ok: true, value: copy, size };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, code: error.code, detail: error.detail };
    return { ok: false, code: "bad_message", detail: "the payload could not be read as JSON data" };
  }
}

function copyJson(value: unknown, depth: number, budget: { nodes: number }): unknown {
  budget.nodes += 1;
  if (budget.nodes > MAX_MESSAGE_BYTES) throw new Refusal("message_too_large", `the payload holds more than ${MAX_MESSAGE_BYTES} values`);
  switch (typeof value) {
    case "string":
      if (value.length > MAX_MESSAGE_BYTES) throw new Refusal("message_too_large", `a string is longer than ${MAX_MESSAGE_BYTES} characters`);
      return value;
    case "boolean":
      return value;
    case "number":
      if (!Number.isFinite(value)) throw new Refusal("bad_message", "numbers must be finite (no NaN or infinities)");
      return value === 0 ? 0 : value;
    case "object":
      break;
    default:
      throw new Refusal("bad_message", `a ${typeof value} is not JSON data`);
  }
  if (value === null) return null;
  if (depth >= MAX_MESSAGE_DEPTH) throw new Refusal("bad_message", `the payload is nested deeper than ${MAX_MESSAGE_DEPTH} levels`);
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === undefined) throw new Refusal("bad_message", "arrays must not hold undefined or holes");
      out.push(copyJson(item, depth + 1, budget));
    }
    return out;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== null && Object.getPrototypeOf(proto) !== null) {
    throw new Refusal("bad_message", "only plain objects are JSON data (no Date, Map, typed arrays or class instances)");
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item: unknown = (value as Record<string, unknown>)[key];
    if (item === undefined) continue;
    // defineProperty, not assignment: a "__proto__" key stays an ordinary own key, as in JSON.parse.
    Object.defineProperty(out, key, { value: copyJson(item, depth + 1, budget), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
