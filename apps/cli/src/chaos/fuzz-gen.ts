/**
 * Malformed client messages for the fuzz run, from a seeded generator (the engine's rng: the same
 * seed, the same frames per connection). Three kinds of frame:
 * - `message`: a Colyseus message (type + payload packed as msgpack by the SDK's packer): unknown
 *   and odd types (NUL, control characters, "*", "__proto__", numbers), known types with wrong,
 *   missing or extra fields, huge and deeply nested payloads, prototype-pollution keys, non-JSON
 *   values (NaN, bigint, binary, dates), and mutated legal commands with fresh ids;
 * - `raw`: binary WebSocket frames: random bytes, every protocol code with random tails,
 *   ROOM_DATA with invalid msgpack, truncated headers, requests;
 * - `text`: text WebSocket frames.
 * Frames marked `kicks` may make the server close the connection (invalid msgpack, a leave, a
 * frame over the 64 KiB limit); the runner only sends those on spectator connections.
 */
import type { Random } from "@fogwar/engine";

/** One frame to send. */
export type FuzzFrame =
  | { readonly kind: "message"; readonly type: string | number; readonly payload: unknown; readonly kicks: boolean; readonly commandId?: string }
  | { readonly kind: "raw"; readonly bytes: Uint8Array; readonly kicks: boolean }
  | { readonly kind: "text"; readonly text: string; readonly kicks: boolean };

const ROOM_DATA = 13;
const ROOM_REQUEST = 21;
const ODD_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "__defineGetter__", "then", "type", "id", "command", ""];
const ODD_TYPES = ["", "*", "__proto__", "constructor", "toString", "hasOwnProperty", "Command", "command ", "command\u0000", "ping\u0000x", "\u0000", "\u0007\u001b[2J", "événement", "💥", "events_since\n", "welcome", "accepted", "__playground_message_types"];
const KNOWN = ["command", "events_since", "ping"];

/** A string with NUL, control, lone-surrogate, RTL and emoji characters mixed in. */
export function oddString(rng: Random, max: number): string {
  const length = rng.int(0, max);
  let out = "";
  for (let i = 0; i < length; i++) {
    const r = rng.int(0, 9);
    if (r === 0) out += "\u0000";
    else if (r === 1) out += String.fromCharCode(rng.int(1, 31));
    else if (r === 2) out += String.fromCharCode(rng.int(0xd800, 0xdfff));
    else if (r === 3) out += rng.pick(["\u202e", "💥", "ß", "\u200b", "\uffff", "\\", '"', "'", "%s", "${x}"]);
    else out += String.fromCharCode(rng.int(32, 126));
  }
  return out;
}

/** A random value: scalars, odd numbers, arrays and objects (up to `depth` levels), non-JSON values. */
export function oddValue(rng: Random, depth: number): unknown {
  switch (rng.int(0, depth > 0 ? 13 : 9)) {
    case 0:
      return null;
    case 1:
      return undefined;
    case 2:
      return rng.int(0, 1) === 1;
    case 3:
      return rng.pick([0, -0, 1, -1, 0.5, 2 ** 31, 2 ** 53, -(2 ** 63), Number.MAX_VALUE, Number.MIN_VALUE, NaN, Infinity, -Infinity]);
    case 4:
      return rng.int(-1_000_000, 1_000_000);
    case 5:
      return oddString(rng, 40);
    case 6:
      return rng.pick<unknown>([BigInt(2) ** BigInt(64) - BigInt(1), new Date(rng.int(0, 2 ** 40)), new Uint8Array(rng.int(0, 64)), new Map([["a", 1]]), new Set([1, 2])]);
    case 7:
      return rng.pick(KNOWN);
    case 8:
      return rng.pick(ODD_KEYS);
    case 9:
      return "x".repeat(rng.int(0, 2000));
    case 10:
    case 11:
      return Array.from({ length: rng.int(0, 5) }, () => oddValue(rng, depth - 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = rng.int(0, 5); i > 0; i--) o[rng.int(0, 2) === 0 ? rng.pick(ODD_KEYS) : oddString(rng, 12)] = oddValue(rng, depth - 1);
      return o;
    }
  }
}

/** Nested arrays or objects `depth` levels deep. */
export function nested(depth: number, asObject: boolean): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = asObject ? { a: v } : [v];
  return v;
}

/** Payloads whose keys try to reach `Object.prototype` (own `__proto__` keys, as JSON.parse makes them). */
export function pollution(rng: Random): unknown {
  return rng.pick([
    JSON.parse('{"__proto__":{"polluted":true,"type":"command"}}'),
    JSON.parse('{"type":"command","id":"p1","command":{"__proto__":{"kind":"end_turn"}}}'),
    JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
    JSON.parse('{"type":"ping","t":1,"__proto__":{"t":2}}'),
    JSON.parse('{"after":0,"__proto__":{"after":-1}}'),
    { toString: "x", valueOf: 1, hasOwnProperty: null },
  ]);
}

/** A legal command with one field changed, removed or added, or its type swapped. */
export function mutateCommand(rng: Random, command: Record<string, unknown>): unknown {
  const copy: Record<string, unknown> = { ...command };
  const keys = Object.keys(copy);
  const key = keys.length > 0 ? rng.pick(keys) : "kind";
  switch (rng.int(0, 5)) {
    case 0:
      delete copy[key];
      return copy;
    case 1:
      copy[key] = oddValue(rng, 2);
      return copy;
    case 2:
      copy[rng.pick(ODD_KEYS)] = oddValue(rng, 1);
      return copy;
    case 3:
      copy[key] = typeof copy[key] === "number" ? String(copy[key]) : typeof copy[key] === "string" ? 12345 : [copy[key]];
      return copy;
    case 4:
      return [copy];
    default:
      copy[key] = typeof copy[key] === "number" ? (copy[key] as number) + rng.pick([-1000, -1, 1, 0.5, 1e9]) : `${String(copy[key])}${oddString(rng, 4)}`;
      return copy;
  }
}

/** A Colyseus string header (fixstr / str8 / str16, as @colyseus/schema encodes them). */
function header(code: number, type: string): number[] {
  const bytes = [...new TextEncoder().encode(type)];
  const len = bytes.length < 32 ? [0xa0 | bytes.length] : bytes.length < 256 ? [0xd9, bytes.length] : [0xda, bytes.length >> 8, bytes.length & 255];
  return [code, ...len, ...bytes];
}

const randomBytes = (rng: Random, n: number) => Uint8Array.from({ length: n }, () => rng.int(0, 255));

/** A binary frame: random, a protocol code with a random tail, invalid msgpack, a truncated header. */
export function rawFrame(rng: Random): FuzzFrame {
  const r = rng.int(0, 7);
  let bytes: number[];
  if (r === 0) bytes = [...randomBytes(rng, rng.int(0, 300))];
  else if (r === 1) bytes = [rng.int(0, 255), ...randomBytes(rng, rng.int(0, 40))];
  else if (r === 2) bytes = [...header(ROOM_DATA, rng.pick(KNOWN)), 0xc1, ...randomBytes(rng, rng.int(0, 20))];
  else if (r === 3) bytes = [ROOM_DATA, 0xda, 0xff, 0xff, ...randomBytes(rng, rng.int(0, 10))];
  else if (r === 4) bytes = [ROOM_REQUEST, rng.int(0, 255), ...header(0, rng.pick(["*", ...KNOWN])).slice(1), ...randomBytes(rng, rng.int(0, 30))];
  else if (r === 5) bytes = [...header(ROOM_DATA, rng.pick(KNOWN)), 0xdd, 0xff, 0xff, 0xff, 0xff];
  else if (r === 6) bytes = [rng.pick([10, 11, 14, 15, 16, 17, 19, 20, 22, 31, 13 | 32, 13 | 224])];
  else bytes = [];
  // Only ROOM_DATA with a payload may decode; anything else is dropped or closes the connection.
  return { kind: "raw", bytes: Uint8Array.from(bytes), kicks: true };
}

/**
 * The next frame. `seat` true: only frames that do not close the connection (a seat's unanswered
 * command could otherwise be accepted without the fuzzer seeing the answer). `legal` gives legal
 * commands of the moment to mutate; `nextId` makes fresh command ids.
 */
export function nextFrame(rng: Random, seat: boolean, legal: readonly Record<string, unknown>[], nextId: () => string): FuzzFrame {
  const r = rng.int(0, seat ? 99 : 119);
  const msg = (type: string | number, payload: unknown, kicks = false, commandId?: string): FuzzFrame => ({ kind: "message", type, payload, kicks, ...(commandId ? { commandId } : {}) });
  if (r < 12) return msg(rng.int(0, 1) === 0 ? rng.pick(ODD_TYPES) : oddString(rng, 24), oddValue(rng, 3));
  if (r < 16) return msg(rng.int(-5, 300), oddValue(rng, 2));
  if (r < 30) return msg(rng.pick(KNOWN), oddValue(rng, 3));
  if (r < 44) {
    const id = rng.int(0, 3) === 0 ? oddValue(rng, 1) : nextId();
    const fields: Record<string, unknown> = { id, command: oddValue(rng, 3) };
    if (rng.int(0, 2) === 0) fields[rng.pick(ODD_KEYS)] = oddValue(rng, 1);
    if (rng.int(0, 3) === 0) delete fields[rng.pick(["id", "command"])];
    if (rng.int(0, 3) === 0) fields.type = rng.pick(["command", "ping", 7, null]);
    return msg("command", fields, false, typeof id === "string" ? id : undefined);
  }
  if (r < 60 && legal.length > 0) {
    const id = nextId();
    return msg("command", { type: "command", id, command: mutateCommand(rng, rng.pick(legal)) }, false, id);
  }
  if (r < 66) return msg(rng.pick(KNOWN), pollution(rng));
  if (r < 70) return msg(rng.pick(KNOWN), nested(rng.int(20, seat ? 120 : 3000), rng.int(0, 1) === 1), !seat);
  if (r < 74) return msg(rng.pick(KNOWN), { type: rng.pick(KNOWN), id: nextId(), command: "x".repeat(rng.int(4_000, seat ? 50_000 : 70_000)), t: 1 }, !seat);
  if (r < 78) return msg(rng.pick(KNOWN), Array.from({ length: rng.int(1000, 6000) }, (_, i) => i));
  if (r < 84) return msg("events_since", { after: rng.pick<unknown>([-1, 0.5, 2 ** 53, "0", null, 1e308, -0, [0]]) });
  if (r < 90) return msg("ping", { t: rng.pick<unknown>([NaN, Infinity, "1", null, {}, [], 2 ** 64, BigInt(1)]) });
  if (r < 100) return msg(rng.pick(["*", ...KNOWN]), rng.pick<unknown>([undefined, null, 0, "", [], "command", true]));
  if (r < 112) return rawFrame(rng);
  return { kind: "text", text: rng.int(0, 1) === 0 ? oddString(rng, 200) : String.fromCharCode(ROOM_DATA) + oddString(rng, 60), kicks: true };
}
