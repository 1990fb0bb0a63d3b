/**
 * The attack panel colours each die by its stage's verdict, as the rules judge it (seed 003 20,
 * the core attack sequence, packages/sigmar/src/attack.ts): a passing hit, wound or save roll is
 * marked passed (green), a failing one failed (grey), whatever its face; not only the 6s green.
 * Checked against the rules' own counts on the attacks of seeded random battles.
 * A key under the dice says what the colours mean; its passed and failed swatches name no face, so
 * it never says "3 failed" under a 3+ roll whose 3s passed.
 */
import { render } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { sigmar, type SigmarEvent, type SigmarView } from "@fogwar/sigmar";
import { randomBattle } from "../../../test/sigmar-play";
import { AttackPanel } from "./AttackPanel";
import { inEnglish } from "../../../test/english";

inEnglish();
jest.setTimeout(120_000);

type Attacks = Extract<SigmarEvent, { type: "attacks" }>;

/** The attacks events of seeded random battles, each with the state it happened in. */
function attacks(games: number): { view: SigmarView; event: Attacks }[] {
  const out: { view: SigmarView; event: Attacks }[] = [];
  for (let g = 0; g < games; g++) {
    for (const { state, events } of randomBattle(`attack-dice-${g}`, 800)) {
      for (const e of events) if (e.type === "attacks") out.push({ view: sigmar.viewFor(state, seatViewer("p1")) as SigmarView, event: e });
      if (out.length >= 40) break;
    }
  }
  return out;
}

test("seed 003 20: every hit, wound and save die is marked passed or failed as the rules counted it", () => {
  const seen = attacks(3);
  expect(seen.length).toBeGreaterThan(5);
  const w = { t: i18next.getFixedT("en", "sigmar"), language: "en", name: (s: string) => s };
  let checked = 0;
  for (const { view, event } of seen) {
    const { container, unmount } = render(<AttackPanel w={w} view={view} events={[{ seq: 1, events: [event] }]} allStages />);
    const weapons = [...container.querySelectorAll(".weapons > li")];
    event.reports.forEach((r, i) => {
      const stages = [...weapons[i]!.querySelectorAll("li")];
      const marks = (k: number) => [...stages[k]!.querySelectorAll(".dice .die")].map((d) => (d.classList.contains("pass") ? "pass" : d.classList.contains("fail") ? "fail" : "none"));
      const hit = marks(0);
      const wound = marks(1);
      const save = marks(2);
      expect(hit).not.toContain("none");
      expect(wound).not.toContain("none");
      expect(save).not.toContain("none");
      // A plain weapon's hits are its passing dice; every weapon's wounds, less the automatic ones, and its saves likewise.
      if (r.crit === null) expect(hit.filter((m) => m === "pass").length).toBe(r.hit.passed);
      expect(wound.filter((m) => m === "pass").length).toBe(r.wound.passed - r.wound.auto);
      expect(save.filter((m) => m === "pass").length).toBe(r.save.passed);
      checked += 1;
    });
    unmount();
  }
  expect(checked).toBeGreaterThan(5);
});

test("a key beside the dice says what their colours mean (green passed, grey failed, red a 1, outlined a 6), in English and in Korean", async () => {
  const { view, event } = attacks(1)[0]!;
  const panel = (lng: string) => {
    const w = { t: i18next.getFixedT(lng, "sigmar"), language: lng, name: (s: string) => s };
    return render(<AttackPanel w={w} view={view} events={[{ seq: 1, events: [event] }]} />).container;
  };
  const en = panel("en").querySelector(".attack-panel .dice-legend")!;
  expect(en).not.toBeNull();
  const keys = [...en.querySelectorAll("li")].map((li) => [li.querySelector(".die")!.className, li.textContent!.trim()]);
  expect(keys).toEqual([
    ["die pass", "passed"],
    ["die fail", "failed"],
    ["die fail one", "1 a 1 always fails"],
    ["die pass six", "6 a 6 (a critical hit on a hit roll)"],
  ]);
  expect(en.textContent).toMatch(/^Dice colours:/);
  await i18next.loadLanguages("ko");
  const ko = panel("ko").querySelector(".dice-legend")!;
  expect(ko.textContent).toMatch(/^주사위 색:/);
  expect(ko.textContent).toContain("1은 항상 실패");
});

test("seed 003 20: the key never names a face the dice above contradict: under a roll whose 3s passed (a 3+ need, or a +1), it does not say '3 failed'", () => {
  const w = { t: i18next.getFixedT("en", "sigmar"), language: "en", name: (s: string) => s };
  // An attack with a 3 marked passed in one of its stages (a 3+ hit or wound roll, or a modified one).
  const found = attacks(3).find(({ view, event }) => {
    const { container, unmount } = render(<AttackPanel w={w} view={view} events={[{ seq: 1, events: [event] }]} allStages />);
    const passedThree = [...container.querySelectorAll(".weapons .dice .die.pass")].some((d) => d.textContent === "3");
    unmount();
    return passedThree;
  });
  expect(found).toBeDefined();
  const { container } = render(<AttackPanel w={w} view={found!.view} events={[{ seq: 1, events: [found!.event] }]} allStages />);
  const legend = container.querySelector(".dice-legend")!;
  const said = [...legend.querySelectorAll("li")].map((li) => [li.querySelector(".die")!.className, li.querySelector(".die")!.textContent!.trim()]);
  // The passed and failed swatches carry no face; only the 1 and the 6, whose meaning never changes, do.
  expect(said).toEqual([
    ["die pass", ""],
    ["die fail", ""],
    ["die fail one", "1"],
    ["die pass six", "6"],
  ]);
  expect(legend.textContent).not.toMatch(/\d failed/);
});
