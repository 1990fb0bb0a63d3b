import { addEvents, lastLiveSeq, type EventEntry } from "../src/events";

const e = (seq: number, feed: "live" | "caster" = "live", tag = ""): EventEntry => ({ seq, seat: "p1", feed, events: [{ type: "x", tag }] });

describe("addEvents", () => {
  test("appends in order and ignores a duplicate (same seq and feed), keeping the first copy", () => {
    let list: readonly EventEntry[] = [];
    list = addEvents(list, e(1, "live", "a"));
    list = addEvents(list, e(2));
    const before = list;
    list = addEvents(list, e(1, "live", "b"));
    expect(list).toBe(before);
    expect(list.map((x) => x.seq)).toEqual([1, 2]);
    expect((list[0]?.events[0] as { tag: string }).tag).toBe("a");
  });

  test("a replayed older entry (events_since) is inserted in seq order", () => {
    let list: readonly EventEntry[] = [e(1), e(4)];
    list = addEvents(list, e(3));
    list = addEvents(list, e(2));
    list = addEvents(list, e(5));
    expect(list.map((x) => x.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  test("the live and caster feeds are kept apart; live first at equal seq", () => {
    let list: readonly EventEntry[] = [];
    list = addEvents(list, e(3, "live"));
    list = addEvents(list, e(1, "caster"));
    list = addEvents(list, e(3, "caster"));
    list = addEvents(list, e(1, "live"));
    list = addEvents(list, e(3, "caster"));
    expect(list.map((x) => `${x.seq}${x.feed[0]}`)).toEqual(["1l", "1c", "3l", "3c"]);
    expect(lastLiveSeq(list)).toBe(3);
  });

  test("lastLiveSeq ignores the caster feed", () => {
    expect(lastLiveSeq([])).toBe(0);
    expect(lastLiveSeq([e(2, "live"), e(9, "caster")])).toBe(2);
  });
});
