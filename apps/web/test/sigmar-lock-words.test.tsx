/**
 * The muster's log line for the viewer's own locked list (core C2): the rules keep the sample
 * list's name on a list edited from it, so a list changed before it was locked is said to be the
 * player's own, based on the sample and with its points ("You lock your own army list, based on
 * Grove vanguard (… points)."), not "You lock Grove vanguard."; the sample list locked unchanged
 * is named. The other seat hears the commitment alone (no list, no name, no points), in English
 * and in Korean.
 */
import i18next from "i18next";
import { redactEvent, seatViewer } from "@fogwar/engine";
import { armyPoints, catalog, sigmar, type ArmyList, type SigmarEvent } from "@fogwar/sigmar";
import { setupI18n } from "../src/i18n";
import { describeEvent, isSampleList } from "../src/rulesets/sigmar/words";
import "../src/i18n/sigmar-strings";

const i18n = setupI18n("en");
const grove = catalog.armies[0]!;
// The Grove vanguard with its first unit removed: still named after the sample by the rules.
const edited: ArmyList = { ...grove, units: grove.units.slice(1) };

/** The events of `seat` locking `army` on a fresh muster, as each seat hears them. */
function heard(army: ArmyList): Record<"p1" | "p2", SigmarEvent[]> {
  const { state } = sigmar.setup({ seats: ["p1", "p2"] } as never, "web-lock-words");
  const r = sigmar.apply(state, { type: "lock_army", army }, "p1");
  if (!r.ok) throw new Error(r.error.message);
  const as = (seat: string) => r.events.map((e) => redactEvent(e as never, seatViewer(seat)) as SigmarEvent | null).filter((e): e is SigmarEvent => e?.type === "army_locked");
  return { p1: as("p1"), p2: as("p2") };
}

const say = (e: SigmarEvent, viewer: string) => describeEvent({ t: i18next.getFixedT(null, "sigmar"), language: i18next.language, name: (s) => (s === "p1" ? "Ana" : "Bo") }, e, { units: {} }, viewer);

afterAll(async () => {
  await i18n.changeLanguage("en");
});

test("core C2: an edited list keeps the sample's name in the rules' event; the viewer's own line says it is its own list based on the sample, with its points, in English and Korean", async () => {
  expect(isSampleList(grove)).toBe(true);
  expect(isSampleList(edited)).toBe(false);
  expect(isSampleList({ ...grove, units: grove.units.map((u, i) => (i === 0 ? { ...u, reserve: !u.reserve || undefined } : u)) })).toBe(false);
  const events = heard(edited);
  const own = events.p1[0]!;
  expect(own.type === "army_locked" && own.army?.name).toBe(grove.name);
  await i18n.changeLanguage("en");
  const line = say(own, "p1");
  expect(line).toBe(`You lock your own army list, based on Grove vanguard (${armyPoints(edited)} points).`);
  expect(line).not.toMatch(/^You lock Grove vanguard/);
  await i18n.changeLanguage("ko");
  expect(say(own, "p1")).toMatch(new RegExp(`^\\S.*(을|를) 고친 아미 리스트를 잠갔습니다\\(${armyPoints(edited)}포인트\\)\\.$`));
});

test("core C2: the sample list locked unchanged is named; the other seat hears only that a list was locked", async () => {
  await i18n.changeLanguage("en");
  expect(say(heard(grove).p1[0]!, "p1")).toBe("You lock Grove vanguard.");
  for (const army of [grove, edited]) {
    const other = heard(army).p2;
    expect(other).toHaveLength(1);
    expect(Object.keys(other[0]!).sort()).toEqual(["commitment", "seat", "type"]);
    expect(say(other[0]!, "p2")).toBe("Ana locks an army list.");
  }
});
