/**
 * The attack panel's counts agree with its dice (seed 003 20, critical hits): each stage's
 * "N passed" counts the dice marked passed, and what the critical hits did is said in words
 * beside them (2 hits each, a wound with no wound roll, mortal damage with no wound or save
 * roll), with the hits that go on to the wound rolls and, at the wound stage, the automatic
 * wounds added. "7 passed" stood beside 5 green dice when two 6s scored 2 hits each.
 */
import { render } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { sigmar, type AttackReport, type CritKind, type SigmarView } from "@fogwar/sigmar";
import { AttackPanel } from "./AttackPanel";
import { chargingState } from "./charge-fixture";
import { inEnglish } from "../../../test/english";

inEnglish();

const view = sigmar.viewFor(chargingState(5, 2600), seatViewer("p1")) as SigmarView;
const stage = (need: number, rolls: number[], passed: number) => ({ need, mods: [], rolls, passed });

/**
 * Briar Guard's spears (hit 4+, wound 4+), 8 attacks rolling 6 6 5 4 3 2 1 2 to hit with the
 * critical ability `crit`, as the rules count them (packages/sigmar/src/attack.ts `resolveAttacks`).
 */
function report(crit: CritKind): AttackReport {
  const hits = { "2hits": 6, autowound: 2, mortal: 2 }[crit];
  const woundRolls = [5, 4, 3, 1, 6, 2].slice(0, hits);
  const auto = crit === "autowound" ? 2 : 0;
  const wounds = woundRolls.filter((r) => r >= 4).length + auto;
  return {
    weapon: "bramble_spear",
    models: 4,
    attackRolls: [],
    attacks: 8,
    crit,
    hit: { ...stage(4, [6, 6, 5, 4, 3, 2, 1, 2], hits), crits: 2 },
    wound: { ...stage(4, woundRolls, wounds), auto },
    rend: 0,
    save: stage(4, Array.from({ length: wounds }, () => 3), 0),
    damageRolls: [],
    ward: null,
    mortal: crit === "mortal" ? 2 : 0,
    dealt: wounds + (crit === "mortal" ? 2 : 0),
    slain: 0,
  };
}

/** The hit and wound stages' lines and their green dice, as `lng` reads them. */
function stages(crit: CritKind, lng = "en") {
  const w = { t: i18next.getFixedT(lng, "sigmar"), language: lng, name: (s: string) => s };
  const event = { type: "attacks" as const, unit: "briar", target: "zeal", kind: "fight" as const, reports: [report(crit)] };
  const { container } = render(<AttackPanel w={w} view={view} events={[{ seq: 1, events: [event] }]} allStages />);
  return [...container.querySelectorAll(".stages > li")].slice(0, 2).map((li) => ({ text: li.textContent!, green: li.querySelectorAll(".die.pass").length }));
}

test.each([
  ["2hits", "2 critical hits score 2 hits each (hits that roll to wound: 6)"],
  ["autowound", "2 critical hits wound automatically, with no wound roll (hits left to roll to wound: 2)"],
  ["mortal", "2 critical hits deal mortal damage, with no wound or save roll (hits left to roll to wound: 2)"],
] as const)("seed 003 20, Crit (%s): the hit roll's count is its green dice, and the crits' effect is said in words", (crit, said) => {
  const [hit] = stages(crit);
  expect(hit!.green).toBe(4);
  expect(hit!.text).toContain(`4 passed · ${said}`);
});

test("seed 003 20, Crit (Auto-wound): the wound roll's count is its green dice, and the automatic wounds are added in words", () => {
  const [, wound] = stages("autowound");
  expect(wound!.green).toBe(2);
  expect(wound!.text).toContain("2 passed · + 2 automatic wounds from critical hits (wounds in all: 4)");
});

test("in Korean the crits' effect is said too, the count matching the green dice", async () => {
  await i18next.loadLanguages("ko");
  const [hit, wound] = stages("autowound", "ko");
  expect(hit!.text).toContain("4개 성공 · 치명타 2개는 상처 굴림 없이 자동 상처: 나머지 명중 2개가 상처 굴림");
  expect(wound!.text).toContain("2개 성공 · 치명타의 자동 상처 2개를 더해 상처 모두 4개");
});

test("seed 003 20: a weapon without a critical ability says its 6s are plain hits, and says nothing of critical hits when it rolled none", () => {
  const plain = (rolls: number[], crits: number): AttackReport => ({ ...report("2hits"), crit: null, hit: { ...stage(4, rolls, rolls.filter((r) => r >= 4).length), crits }, wound: { ...stage(4, [5, 4, 3, 1], 2), auto: 0 } });
  const w = { t: i18next.getFixedT("en", "sigmar"), language: "en", name: (s: string) => s };
  const line = (r: AttackReport) => {
    const { container, unmount } = render(<AttackPanel w={w} view={view} events={[{ seq: 1, events: [{ type: "attacks" as const, unit: "briar", target: "zeal", kind: "fight" as const, reports: [r] }] }]} allStages />);
    const text = container.querySelector(".stages > li")!.textContent!;
    unmount();
    return text;
  };
  expect(line(plain([6, 6, 5, 4, 3, 2, 1, 2], 2))).toContain("4 passed · 2 critical hits, plain hits with this weapon");
  const none = line(plain([5, 4, 3, 2, 1, 2, 3, 5], 0));
  // The count ends the line (the stage's help before it speaks of critical hits in general).
  expect(none).toMatch(/3 passed\s*$/);
});
