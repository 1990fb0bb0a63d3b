/** The plain-JSON check of client payloads: what passes is exactly what the match log stores. */
import fc from "fast-check";
import { MAX_MESSAGE_BYTES, MAX_MESSAGE_DEPTH, toJsonData } from "../src";

const nest = (levels: number): unknown => {
  let value: unknown = 0;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

describe("toJsonData", () => {
  it("copies plain JSON data unchanged", () => {
    const value = { a: [1, "two", null, true, { b: -3.5 }], c: {}, d: [], "": "empty key" };
    const result = toJsonData(value);
    expect(result).toEqual({ ok: true, value, size: JSON.stringify(value).length });
    if (result.ok) expect(result.value).not.toBe(value);
  });

  it("drops undefined properties and turns -0 into 0, as JSON does", () => {
    const result = toJsonData({ a: undefined, b: -0 });
    expect(result.ok && Object.is((result.value as { b: number }).b, 0)).toBe(true);
    expect(result.ok && Object.keys(result.value as object)).toEqual(["b"]);
  });

  it("accepts null-prototype objects and keeps __proto__ an ordinary key", () => {
    const bare = Object.assign(Object.create(null) as object, { x: 1 });
    expect(toJsonData(bare)).toMatchObject({ ok: true, value: { x: 1 } });
    const sneaky = JSON.parse('{"__proto__":{"polluted":true}}') as unknown;
    const result = toJsonData(sneaky);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(Object.getPrototypeOf(result.value)).toBe(Object.prototype);
      expect(Object.keys(result.value as object)).toEqual(["__proto__"]);
      expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    }
  });

  it.each([
    ["a bigint", 1n],
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["a function", () => 1],
    ["a symbol", Symbol("s")],
    ["undefined", undefined],
    ["a Date", new Date(0)],
    ["a Map", new Map()],
    ["a typed array", new Uint8Array(2)],
    ["a class instance", new (class Point {})()],
    ["undefined in an array", [1, undefined]],
    // eslint-disable-next-line no-sparse-arrays -- a hole is the point of this sample
    ["a hole in an array", [1, , 3]],
    ["a nested bigint", { a: { b: [2n] } }],
  ])("refuses %s with bad_message", (_what, value) => {
    expect(toJsonData(value)).toMatchObject({ ok: false, code: "bad_message" });
  });

  it("refuses cycles and nesting deeper than MAX_MESSAGE_DEPTH", () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(toJsonData(cycle)).toMatchObject({ ok: false, code: "bad_message" });
    expect(toJsonData(nest(MAX_MESSAGE_DEPTH)).ok).toBe(true);
    expect(toJsonData(nest(MAX_MESSAGE_DEPTH + 1))).toMatchObject({ ok: false, code: "bad_message" });
    expect(toJsonData(nest(100_000))).toMatchObject({ ok: false, code: "bad_message" });
  });

  it("refuses payloads longer than MAX_MESSAGE_BYTES with message_too_large", () => {
    const fits = { s: "x".repeat(MAX_MESSAGE_BYTES - 8) };
    expect(JSON.stringify(fits).length).toBe(MAX_MESSAGE_BYTES);
    expect(toJsonData(fits).ok).toBe(true);
    expect(toJsonData({ s: "x".repeat(MAX_MESSAGE_BYTES - 7) })).toMatchObject({ ok: false, code: "message_too_large" });
    expect(toJsonData("x".repeat(10_000_000))).toMatchObject({ ok: false, code: "message_too_large" });
    expect(toJsonData(new Array(1_000_000).fill(0))).toMatchObject({ ok: false, code: "message_too_large" });
    expect(toJsonData(new Array(1e9))).toMatchObject({ ok: false });
  });

  it("never throws on hostile objects", () => {
    const getter = Object.defineProperty({}, "boom", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error("trap");
        },
      },
    );
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    for (const value of [getter, proxy, revocable.proxy]) expect(toJsonData(value)).toMatchObject({ ok: false, code: "bad_message" });
  });

  it("agrees with JSON.parse(JSON.stringify(x)) on random JSON values", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const result = toJsonData(value);
        const text = JSON.stringify(value);
        if (text.length > MAX_MESSAGE_BYTES) return !result.ok && result.code === "message_too_large";
        return result.ok && result.size === text.length && JSON.stringify(result.value) === text;
      }),
      { numRuns: 500 },
    );
  });

  it("never throws on anything", () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withBoxedValues: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withNullPrototype: true,
          withObjectString: true,
          withTypedArray: true,
          withSparseArray: true,
          withUnicodeString: true,
        }),
        (value) => {
          const result = toJsonData(value);
          if (result.ok) expect(JSON.parse(JSON.stringify(result.value))).toEqual(result.value);
          else expect(["bad_message", "message_too_large"]).toContain(result.code);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
