/**
 * The battle log folds pairs that say one thing (./log.ts), in the log display only: a list
 * locked then unlocked is one line; a charge's roll and its move, a run's roll and its move, a
 * pick to fight and its attacks, an ability and the token it put are the first's line; a token
 * removed is left out. Events of other seats or units are not folded.
 */
import { render } from "@testing-library/react";
import { deserialize, serialize } from "node:v8";
import { seatViewer } from "@fogwar/engine";
import { sigmar, type SigmarEvent, type SigmarView } from "@fogwar/sigmar";
import { SigmarTableView } from "./SigmarTableView";
import { foldLog } from "./log";
import { inEnglish } from "../../../test/english";
import { playSigmar } from "../../../test/sigmar-play";
import { withNames } from "../../../test/players";

inEnglish();
jest.setTimeout(60_000);
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const battle = playSigmar((s) => s.phase === "battle", "web-log", 900).state;
const view = sigmar.viewFor(battle, seatViewer("p1")) as SigmarView;
const [a, b] = Object.values(view.units).filter((u) => u.owner === "p1").map((u) => u.id) as [string, string];
const foe = Object.values(view.units).find((u) => u.owner === "p2")!.id;

const lines = (events: SigmarEvent[][]) => {
  const { container, unmount } = render(withNames(<SigmarTableView matchId="m" view={view} seat="p1" legal={[]} templates={[]} onCommand={() => {}} events={events.map((e, i) => ({ seq: i + 1, events: e }))} readOnly />));
  const out = [...container.querySelectorAll(".log-lines li")].map((li) => li.textContent ?? "");
  unmount();
  return out;
};

test("a list locked then unlocked reads as one line; locked again, one more", () => {
  const shown = lines([[{ type: "army_locked", seat: "p2", commitment: "c" }], [{ type: "army_unlocked", seat: "p2" }], [{ type: "army_locked", seat: "p2", commitment: "d" }]]);
  expect(shown).toHaveLength(2);
  expect(shown[0]).toMatch(/locked a list, then unlocked it to change it\.$/);
  expect(shown[1]).toMatch(/locks an army list\.$/);
});

test("a charge's roll and its move, a pick and its attacks, an ability and its token: one line each; a removed token none", () => {
  const shown = lines([
    [{ type: "charge_rolled", unit: a, target: foe, dice: [3, 4], roll: 7 }],
    [{ type: "moved", unit: a, kind: "charge" } as SigmarEvent],
    [{ type: "run_rolled", unit: b, roll: 2 }],
    [{ type: "moved", unit: b, kind: "run" } as SigmarEvent],
    [{ type: "fight_picked", unit: a, seat: "p1" }, { type: "attacks", unit: a, target: foe, kind: "fight", reports: [] }],
    [{ type: "ability_used", unit: b, seat: "p1", ability: "twin_blessing", targets: [foe] } as SigmarEvent, { type: "token_placed", token: "t1", kind: "hex", unit: foe }],
    [{ type: "token_removed", token: "t1" }],
  ]);
  expect(shown).toHaveLength(4);
  expect(shown[0]).toMatch(/charges .*: 3 \+ 4 = 7"\.$/);
  expect(shown[1]).toMatch(/runs: \+2"\.$/);
  expect(shown[2]).toMatch(/fights .*: 0 damage, 0 slain\.$/);
  expect(shown[3]).toMatch(/uses Twin blessing on /);
});

test("nothing is folded across units or seats, and the events themselves are kept", () => {
  const events = [
    { seq: 1, events: [{ type: "army_locked", seat: "p1", commitment: "c" } as SigmarEvent] },
    { seq: 2, events: [{ type: "army_unlocked", seat: "p2" } as SigmarEvent] },
    { seq: 3, events: [{ type: "run_rolled", unit: a, roll: 2 } as SigmarEvent, { type: "moved", unit: b, kind: "run" } as SigmarEvent] },
  ];
  const folded = foldLog(events);
  expect(folded.flatMap((x) => x.events)).toEqual(events.flatMap((x) => x.events));
  expect(events[0]!.events).toHaveLength(1);
});
