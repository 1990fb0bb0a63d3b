/**
 * Seed 004 "임무": the map names the mission's objective room along a row of its squares that no
 * operator or token stands in (./objective-place.ts); a piece on the room's corner square covered
 * the name's first letters ("bjective: Ledger room").
 */
import { board, catalog } from "@fogwar/siege";
import { labelSpan, objectiveLabelPlace } from "./objective-place";
import { inEnglish } from "../../../test/english";
import { facing, show } from "../../../test/siege-table";

inEnglish();

const CELL = 40;

test("the name goes along the first row whose squares under it are free: the top row from the left, then from the right, then the bottom row", () => {
  const room = [4, 5, 6].flatMap((y) => [4, 5, 6, 7, 8].map((x) => ({ x, y })));
  expect(objectiveLabelPlace(room, new Set(), 4)).toEqual({ x: 4, y: 4, end: false });
  expect(objectiveLabelPlace(room, new Set(["4,4"]), 4)).toEqual({ x: 8, y: 4, end: true });
  expect(objectiveLabelPlace(room, new Set(["4,4", "8,4"]), 4)).toEqual({ x: 4, y: 6, end: false });
  // Every row taken: the top row's left end, as before.
  expect(objectiveLabelPlace(room, new Set(["6,4", "6,5", "6,6"]), 4)).toEqual({ x: 4, y: 4, end: false });
  // A room narrower than the name: the name runs on past its side; only pieces under it count.
  const narrow = [4, 5].flatMap((y) => [4, 5].map((x) => ({ x, y })));
  expect(objectiveLabelPlace(narrow, new Set(["5,4"]), 4)).toEqual({ x: 4, y: 5, end: false });
  expect(objectiveLabelPlace(narrow, new Set(["6,4"]), 4)).toEqual({ x: 5, y: 4, end: true });
  expect(labelSpan("⚑ objective: Ledger room", CELL)).toBe(5);
});

test("an operator standing in the objective room's top left square does not stand under the room's name, for either team", () => {
  const s = facing();
  const mission = catalog.missions.get(s.mission)!;
  const geo = board.geometry(s.map);
  const room = geo.spaces.filter((p) => geo.roomOf.get(p) === mission.objectiveRoom).map((p) => board.coords(p));
  const corner = room.reduce((a, c) => (c.y < a.y || (c.y === a.y && c.x < a.x) ? c : a));
  s.operators.auger!.at = `${corner.x},${corner.y}`;
  for (const seat of ["a1", "d1"]) {
    const { container, unmount } = show(s, seat);
    const label = container.querySelector<SVGTextElement>(".siege-map .objective-label")!;
    const x = Number(label.getAttribute("x"));
    const y = Number(label.getAttribute("y"));
    const span = labelSpan(label.textContent ?? "", CELL);
    const end = label.getAttribute("text-anchor") === "end";
    const first = end ? Math.floor(x / CELL) - span + 1 : Math.floor(x / CELL);
    const row = Math.floor(y / CELL);
    const under = Array.from({ length: span }, (_, i) => `${first + i},${row}`);
    expect([seat, under.includes(`${corner.x},${corner.y}`)]).toEqual([seat, false]);
    unmount();
  }
});
