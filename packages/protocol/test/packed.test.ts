/**
 * Packed JSON (the events' wire form): lossless for any JSON value, smaller than the value's
 * MessagePack for the events a ruleset sends, and refused cleanly when malformed.
 */
import fc from "fast-check";
import { BYTES_HEX_CHARS, packJson, unpackJson } from "../src";

/** Through the wire as a MessagePack decoder gives it back: bytes as Uint8Array, everything else as JSON. */
const overTheWire = (packed: unknown): unknown =>
  JSON.parse(JSON.stringify(packed, (_k, v: unknown) => (v instanceof Uint8Array ? { bytes: [...v] } : v)), (_k, v: unknown) =>
    v !== null && typeof v === "object" && "bytes" in v ? new Uint8Array((v as { bytes: number[] }).bytes) : v,
  );

const json = fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
const hex = fc.uint8Array({ minLength: BYTES_HEX_CHARS / 2, maxLength: 40 }).map((b) => Buffer.from(b).toString("hex"));
const withHex = fc.array(fc.oneof(json, hex, fc.record({ commitment: hex, seat: fc.constantFrom("p1", "p2"), unit: fc.constantFrom("p1-m1", "p2-m2") })), { maxLength: 6 });

describe("packed JSON", () => {
  it("gives back exactly the value packed, any JSON value", () => {
    fc.assert(fc.property(json, (value) => expect(unpackJson(overTheWire(packJson(value)))).toEqual(value)), { numRuns: 500 });
  });

  it("gives back hexadecimal strings (sent as bytes) and repeated strings (sent once) exactly", () => {
    fc.assert(fc.property(withHex, (value) => expect(unpackJson(overTheWire(packJson(value)))).toEqual(value)), { numRuns: 300 });
    const events = [
      { type: "plan_locked", seat: "p1", commitment: "a0db2a02a11c2b363d290a02a2617aee3ae7ae18bf9f6f8e720569f3606c4610" },
      { type: "plan_opened", seat: "p1", dials: { "p1-m1": "launch", "p1-m2": "launch" }, salt: "0ea68318eae503c920a5ca9431986ed10f1f55d1531915f0f37f1dcea6947efb" },
      { type: "ABC", odd: "abc", upper: "A0DB2A02A11C2B363D290A02A2617AEE", short: "a0db", oddHex: "a0db2a02a11c2b363d290a02a2617aee3" },
    ];
    expect(unpackJson(overTheWire(packJson(events)))).toEqual(events);
  });

  it("tells apart key lists a join would confuse: no keys and one empty key, a key holding NUL and two keys", () => {
    for (const value of [[{ "": { "": false }, " ": {} }], [{}, { "": 1 }], [{ "a\u0000b": 1 }, { a: 2, b: 3 }]]) {
      expect(unpackJson(overTheWire(packJson(value)))).toEqual(value);
    }
  });

  it("keeps own keys that look like prototype names as data", () => {
    const value = JSON.parse('[{"__proto__": {"polluted": true}, "constructor": 1}]') as unknown;
    const back = unpackJson(overTheWire(packJson(value))) as Record<string, unknown>[];
    expect(back).toEqual(value);
    expect(Object.getPrototypeOf(back[0])).toBe(Object.prototype);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it("sends each key list and each repeated string once", () => {
    const dice = Array.from({ length: 6 }, () => ({ die: "white", face: { result: "defend", count: 1, hollow: false } }));
    const [shapes, body] = packJson([{ type: "dice_rolled", side: "defence", dice }]);
    expect(shapes).toEqual([["type", "side", "dice"], ["die", "face"], ["result", "count", "hollow"]]);
    const text = JSON.stringify(body);
    expect(text.split('"white"')).toHaveLength(2);
    expect(text.split('"defend"')).toHaveLength(2);
  });

  it("refuses what is not a packed value", () => {
    for (const bad of [null, 3, "x", [], [[], [0]], [[["a"]], [0]], [[["a"]], [1, 2]], [[], [-2]], [[], [-1, [-3]]], [[1], null], [[], { a: 1 }]]) {
      expect(() => unpackJson(bad)).toThrow();
    }
  });
});
