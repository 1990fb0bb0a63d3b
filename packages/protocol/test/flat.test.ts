/**
 * Flattened projections (design.md principle 6): any JSON value survives flatten -> unflatten;
 * a seat overlay applied to the public projection rebuilds the seat's projection exactly; a diff
 * applied to the previous map gives the next one.
 */
import fc from "fast-check";
import { NOTHING, REMOVED, applyOverlay, diff, diffValues, flatten, overlay, overlayValues, unflatten } from "../src";

const json = fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);

describe("flat projections", () => {
  test("unflatten(flatten(v)) equals v for any JSON value, keys with / and ~ included", () => {
    fc.assert(fc.property(json, (value) => expect(unflatten(flatten(value))).toEqual(value)), { numRuns: 500 });
    const tricky = { "a/b": { "~1": [1, { "": null }] }, "": [], e: {} };
    expect(unflatten(flatten(tricky))).toEqual(tricky);
  });

  test("a \"__proto__\" key stays an own property and never becomes the object's prototype", () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "a": {"__proto__": ""}}') as Record<string, unknown>;
    const rebuilt = unflatten(flatten(value)) as Record<string, unknown>;
    expect(Object.keys(rebuilt)).toEqual(["__proto__", "a"]);
    expect(Object.getPrototypeOf(rebuilt)).toBe(Object.prototype);
    expect((rebuilt as { polluted?: unknown }).polluted).toBeUndefined();
    expect(rebuilt).toEqual(value);
    expect(Object.keys(rebuilt.a as object)).toEqual(["__proto__"]);
  });

  test("applyOverlay(public, overlay(public, seat)) equals the seat's flat projection", () => {
    fc.assert(
      fc.property(json, json, (publicValue, seatValue) => {
        const pub = flatten(publicValue);
        const seat = flatten(seatValue);
        expect(unflatten(applyOverlay(pub, overlay(pub, seat)))).toEqual(seatValue);
      }),
      { numRuns: 500 },
    );
  });

  test("an overlay holds only what differs: a seat that sees the public view gets an empty overlay", () => {
    const view = { round: 2, plans: { p1: { locked: true } } };
    expect(overlay(flatten(view), flatten(view)).size).toBe(0);
    const seat = { round: 2, plans: { p1: { locked: true, dials: { m1: "quick", m2: "slow" } } } };
    expect([...overlay(flatten(view), flatten(seat))]).toEqual([
      ["/plans/p1", "{}"],
      ["/plans/p1/locked", "true"],
      ["/plans/p1/dials", '{"m1":"quick","m2":"slow"}'],
    ]);
    expect([...overlay(flatten(seat), flatten(view))]).toEqual([
      ["/plans/p1", '{"locked":true}'],
      ["/plans/p1/locked", REMOVED],
      ["/plans/p1/dials", REMOVED],
    ]);
  });

  test("diff(previous, next) applied to previous gives next", () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        const before = flatten(a);
        const after = flatten(b);
        const change = diff(before, after);
        const patched = new Map(before);
        for (const path of change.remove) patched.delete(path);
        for (const [path, value] of change.set) patched.set(path, value);
        expect(patched).toEqual(after);
      }),
      { numRuns: 300 },
    );
  });

  test("diffValues(a, b) gives exactly diff(flatten(a), flatten(b)), from nothing too", () => {
    const walked = (a: unknown, b: unknown) => {
      const set: [string, string][] = [];
      const remove: string[] = [];
      diffValues(a, b, { set: (path, value) => set.push([path, value]), remove: (path) => remove.push(path) });
      return { set: new Map(set), remove: new Set(remove), sets: set.length, removes: remove.length };
    };
    fc.assert(
      fc.property(json, json, (a, b) => {
        const expected = diff(flatten(a), flatten(b));
        const got = walked(a, b);
        expect(got.set).toEqual(new Map(expected.set));
        expect(got.remove).toEqual(new Set(expected.remove));
        expect([got.sets, got.removes]).toEqual([expected.set.length, expected.remove.length]);
      }),
      { numRuns: 500 },
    );
    fc.assert(fc.property(json, (b) => expect(walked(NOTHING, b).set).toEqual(flatten(b))), { numRuns: 200 });
    const tricky = JSON.parse('{"a/b": {"~1": [1, {"": null}]}, "": [], "__proto__": {"x": 1}}') as unknown;
    expect(walked({}, tricky).set).toEqual(new Map([...flatten(tricky)].filter(([path]) => path !== "")));
  });

  test("diffValues follows shared subtrees by identity: a changed leaf under a new path is found, the rest is skipped", () => {
    const units = Array.from({ length: 50 }, (_, i) => ({ id: `u${i}`, at: { x: i, y: 0 } }));
    const before = { round: 1, units, plans: { p1: { locked: false } } };
    const after = { ...before, units: units.map((u, i) => (i === 7 ? { ...u, at: { x: 7, y: 1 } } : u)), plans: { p1: { locked: true } } };
    const seen: string[] = [];
    diffValues(before, after, { set: (path, value) => seen.push(`${path}=${value}`), remove: (path) => seen.push(`-${path}`) });
    expect(seen.sort()).toEqual(['/plans/p1={"locked":true}', '/units/7/at={"x":7,"y":1}']);
  });

  test("a container of at most eight leaves is one entry, its JSON text; a larger one or one holding a container is not", () => {
    const eight = { a: 1, b: "x", c: null, d: true, e: 5, f: 6, g: 7, h: 8 };
    expect([...flatten({ small: eight, list: [1, 2], none: {}, empty: [] })]).toEqual([
      ["", "{}"],
      ["/small", JSON.stringify(eight)],
      ["/list", "[1,2]"],
      ["/none", "{}"],
      ["/empty", "[]"],
    ]);
    expect([...flatten({ ...eight, i: 9 })]).toHaveLength(10);
    expect([...flatten([1, [2]])]).toEqual([
      ["", "[]"],
      ["/0", "1"],
      ["/1", "[2]"],
    ]);
    // Either form decodes: a map written one entry per leaf (as before compaction) still reads.
    expect(unflatten(new Map([["", "{}"], ["/at", "{}"], ["/at/x", "7"], ["/tags", "[]"], ["/tags/0", '"a"']]))).toEqual({ at: { x: 7 }, tags: ["a"] });
  });

  test("overlayValues(public, seat) equals overlay(flatten(public), flatten(seat))", () => {
    fc.assert(
      fc.property(json, json, (publicValue, seatValue) => {
        expect(overlayValues(publicValue, seatValue)).toEqual(overlay(flatten(publicValue), flatten(seatValue)));
      }),
      { numRuns: 500 },
    );
  });

  test("a corrupt map (an entry without its parent) is an error, not a wrong value", () => {
    expect(() => unflatten(new Map([["", "{}"], ["/a/b", "1"]]))).toThrow(/orphan/);
  });
});
