import { flatten, overlay } from "@fogwar/protocol";
import { buildCaster, buildProjection, connectedOf, projectionKey, type RoomStateLike } from "../src/projection";

const publicView = { round: 2, units: [{ id: "p1-m1", dial: null }, { id: "p2-m1", dial: null }], plans: { p1: { locked: true } } };
const p1View = { round: 2, units: [{ id: "p1-m1", dial: "shoot" }, { id: "p2-m1", dial: null }], plans: { p1: { locked: true, dials: { "p1-m1": "shoot" } } } };
const p2View = { round: 2, units: [{ id: "p1-m1", dial: null }, { id: "p2-m1", dial: "move" }], plans: {} };

function state(seats: Record<string, unknown>, extra: Partial<RoomStateLike> = {}): RoomStateLike {
  const pub = flatten(publicView);
  return {
    seq: 7,
    view: pub,
    seats: new Map(Object.entries(seats).map(([seat, v]) => [seat, { entries: overlay(pub, flatten(v)) }])),
    ...extra,
  };
}

describe("buildProjection", () => {
  test("a seat's projection is the public view with its own overlay (including removed paths)", () => {
    expect(buildProjection(state({ p1: p1View }), "p1")).toEqual(p1View);
    expect(buildProjection(state({ p2: p2View }), "p2")).toEqual(p2View);
  });

  test("only the asked seat's overlay is read", () => {
    expect(buildProjection(state({ p1: p1View, p2: p2View }), "p2")).toEqual(p2View);
  });

  test("spectators see the public view; nothing before the first state", () => {
    expect(buildProjection(state({}), null)).toEqual(publicView);
    expect(buildProjection({ seq: 0, view: new Map() }, null)).toBeNull();
    expect(buildProjection(undefined, "p1")).toBeNull();
  });

  test("the key changes with seq and with the arrival of the overlay", () => {
    const before = projectionKey({ seq: 7, view: flatten(publicView) }, "p1");
    expect(projectionKey(state({ p1: p1View }), "p1")).not.toBe(before);
    expect(projectionKey(state({ p1: p1View }, { seq: 8 }), "p1")).not.toBe(projectionKey(state({ p1: p1View }), "p1"));
  });
});

describe("caster and presence", () => {
  test("the caster feed is rebuilt in full; an empty placeholder is no feed", () => {
    expect(buildCaster({ caster: { seq: 3, entries: flatten(p1View) } })).toEqual({ seq: 3, view: p1View });
    expect(buildCaster({ caster: { seq: 0, entries: new Map() } })).toBeNull();
    expect(buildCaster({})).toBeNull();
  });

  test("connected seats as a record", () => {
    expect(connectedOf({ connected: new Map([["p1", true], ["p2", false]]) })).toEqual({ p1: true, p2: false });
  });
});
