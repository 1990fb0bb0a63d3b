import fc from "fast-check";
import { clonePlain } from "../src/clone";

/** Plain data as states hold it, `undefined` values and awkward keys included. */
const plain = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(null, undefined, true, false, 0, -0, 1.5, -7, "", "x"),
    fc.string(),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string(), fc.constantFrom("__proto__", "constructor", "1", "0", "b", "a")), tie("value"), { maxKeys: 5 }),
  ),
})).value;

/** Every own key path, in order, with its value's type: what a copy must keep. */
function shape(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return Object.is(value, -0) ? "-0" : [typeof value, value];
  if (Array.isArray(value)) return ["array", value.map(shape)];
  return ["object", Object.keys(value).map((k) => [k, shape((value as Record<string, unknown>)[k])])];
}

describe("clonePlain", () => {
  it("copies plain data exactly as structuredClone does: keys, their order, undefined and -0", () => {
    fc.assert(
      fc.property(plain, (value) => {
        expect(shape(clonePlain(value))).toEqual(shape(structuredClone(value)));
      }),
      { numRuns: 2000, seed: 13 },
    );
  });

  it("shares no object with the original", () => {
    const original = { a: [{ x: 1 }, { y: [2] }], b: { c: { d: undefined } } };
    const copy = clonePlain(original);
    copy.a[0]!.x = 9;
    (copy.a[1]!.y as number[]).push(3);
    copy.b.c = { d: undefined };
    expect(original).toEqual({ a: [{ x: 1 }, { y: [2] }], b: { c: { d: undefined } } });
  });

  it("keeps an own __proto__ key a key", () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "k": 1}') as Record<string, unknown>;
    const copy = clonePlain(parsed);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(["__proto__", "k"]);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
