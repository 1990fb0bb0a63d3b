/**
 * English counts agree with their nouns on the Age of Sigmar table: one command point, one card in
 * hand and a weapon's single attack read in the singular (the header's points, the warscrolls of
 * the list builder and the unit card); Korean, which has no plural, reads the same for any count.
 */
import { render, screen } from "@testing-library/react";
import { deserialize, serialize } from "node:v8";
import i18next from "i18next";
import { act } from "@testing-library/react";
import { seatViewer } from "@fogwar/engine";
import { legalCommandsInView, sigmar, type SigmarView } from "@fogwar/sigmar";
import { SigmarTableView } from "./SigmarTableView";
import { WarscrollStats } from "./WarscrollStats";
import { UnitCard } from "./UnitCard";
import { inEnglish } from "../../../test/english";
import { playSigmar } from "../../../test/sigmar-play";
import { withNames } from "../../../test/players";
import { describeEvent, type SigmarWords } from "./words";
import type { SigmarEvent } from "@fogwar/sigmar";

inEnglish();
jest.setTimeout(60_000);
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const words = (): SigmarWords => ({ t: i18next.getFixedT(null, "sigmar"), language: i18next.language, name: (s: string) => s });

test("a weapon with 1 attack reads '1 attack', one with 2 or a dice roll 'attacks' (moss archers: pruning knife 1, reed bow 2)", () => {
  const { container } = render(<WarscrollStats w={words()} warscroll="moss_archers" />);
  const lines = [...container.querySelectorAll(".weapon-lines li")].map((li) => li.textContent ?? "");
  expect(lines.some((l) => /\b1 attack, hit/.test(l))).toBe(true);
  expect(lines.some((l) => /\b1 attacks\b/.test(l))).toBe(false);
  expect(lines.some((l) => /\b2 attacks, hit/.test(l))).toBe(true);
});

test("the header says '1 command point' and '1 card in hand' for a side with one; in Korean the count alone", async () => {
  const battle = sigmar.viewFor(playSigmar((s) => s.phase === "battle", "web-plurals").state, seatViewer("p1")) as SigmarView;
  const view: SigmarView = { ...battle, cp: { ...battle.cp, p1: 1, p2: 2 }, handCounts: { ...battle.handCounts, p1: 1, p2: 3 } };
  const table = () => render(withNames(<SigmarTableView matchId="m" view={view} seat="p1" legal={legalCommandsInView(view, "p1")} templates={[]} onCommand={() => {}} events={[]} />));
  const { unmount } = table();
  const sides = [...document.querySelectorAll(".sides li")].map((li) => li.textContent ?? "");
  expect(sides[0]).toMatch(/\b1 command point\b(?!s)/);
  expect(sides[0]).toMatch(/\b1 card in hand/);
  expect(sides[1]).toMatch(/\b2 command points\b/);
  expect(sides[1]).toMatch(/\b3 cards in hand/);
  unmount();
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  table();
  expect(screen.getAllByText(/지휘 점수 1/).length).toBeGreaterThan(0);
  expect(document.querySelector(".sides")!.textContent).not.toMatch(/\{\{|undefined/);
});

describe("the unit card's models and the numbered suggested places", () => {
  const card = (view: SigmarView, unit: string) => render(<UnitCard w={words()} view={view} unit={unit} />).container.querySelector(".unit-card p")!.textContent!;

  test("a unit of one model reads '1 of 1 model'; one not yet deployed gives its size ('Not deployed (1 model)'), not '0 of 1 models'; Korean reads the same for any count", async () => {
    const deploying = sigmar.viewFor(playSigmar((s) => s.phase === "deployment", "web-plurals").state, seatViewer("p1")) as SigmarView;
    const mine = Object.values(deploying.units).filter((u) => u.owner === "p1");
    const waiting = mine.find((u) => u.where === "undeployed")!;
    const one = { ...deploying, units: { ...deploying.units, [waiting.id]: { ...waiting, size: 1, models: [] } } } as SigmarView;
    expect(card(one, waiting.id)).toMatch(/^Not deployed \(1 model\) ·/);
    const many = { ...deploying, units: { ...deploying.units, [waiting.id]: { ...waiting, size: 3, models: [] } } } as SigmarView;
    expect(card(many, waiting.id)).toMatch(/^Not deployed \(3 models\) ·/);
    const battle = sigmar.viewFor(playSigmar((s) => s.phase === "battle", "web-plurals").state, seatViewer("p1")) as SigmarView;
    const field = Object.values(battle.units).find((u) => u.owner === "p1" && u.where === "field")!;
    const solo = { ...battle, units: { ...battle.units, [field.id]: { ...field, size: 1, models: field.models.slice(0, 1) } } } as SigmarView;
    expect(card(solo, field.id)).toMatch(/^1 of 1 model ·/);
    const two = { ...battle, units: { ...battle.units, [field.id]: { ...field, size: 2, models: field.models.slice(0, 1) } } } as SigmarView;
    expect(card(two, field.id)).toMatch(/^1 of 2 models ·/);
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    expect(card(one, waiting.id)).toMatch(/^배치 전 \(모델 1개\) ·/);
    expect(card(solo, field.id)).toMatch(/^모델 1 \/ 1 ·/);
    await act(async () => {
      await i18next.changeLanguage("en");
    });
  });

  test("a destroyed unit's card says so ('Destroyed (it had 3 models)'), not '0 of 3 models'; in Korean 파괴됨", async () => {
    const battle = sigmar.viewFor(playSigmar((s) => s.phase === "battle", "web-plurals").state, seatViewer("p1")) as SigmarView;
    const field = Object.values(battle.units).find((u) => u.owner === "p1" && u.where === "field")!;
    const gone = { ...battle, units: { ...battle.units, [field.id]: { ...field, where: "destroyed", size: 3, models: [] } } } as SigmarView;
    expect(card(gone, field.id)).toMatch(/^Destroyed \(it had 3 models\) ·/);
    await act(async () => {
      await i18next.changeLanguage("ko");
    });
    expect(card(gone, field.id)).toMatch(/^파괴됨 \(모델 3개였음\) ·/);
    await act(async () => {
      await i18next.changeLanguage("en");
    });
  });

  test("a numbered suggested place reads 'Move: <unit>, suggested place 1' (at most one colon, never two)", () => {
    const view = sigmar.viewFor(playSigmar((s) => s.phase === "battle" && s.step === "movement" && s.active === "p1" && !s.pending, "web-move-tools").state, seatViewer("p1")) as SigmarView;
    render(withNames(<SigmarTableView matchId="m" view={view} seat="p1" legal={legalCommandsInView(view, "p1")} templates={[]} onCommand={() => {}} events={[]} />));
    const numbered = screen.getAllByRole("button", { name: /suggested place \d/ }).map((b) => b.textContent ?? "");
    expect(numbered.length).toBeGreaterThan(0);
    for (const text of numbered) {
      expect(text).toMatch(/, suggested place \d+$/);
      expect(text).not.toMatch(/:.*:/);
    }
  });
});

test("models in the log and on a warscroll agree with their count: '1 model returns', '2 models return', '1 slain model', a warscroll of 1 model; Korean reads the same for any count", async () => {
  const view = sigmar.viewFor(playSigmar((s) => s.phase === "battle", "web-plurals").state, seatViewer("p1")) as SigmarView;
  const unit = Object.values(view.units).find((u) => u.owner === "p1")!.id;
  const line = (e: unknown) => describeEvent(words(), e as SigmarEvent, view, "p1") ?? "";
  expect(line({ type: "models_returned", unit, models: ["a"] })).toMatch(/\b1 model returns to\b/);
  expect(line({ type: "models_returned", unit, models: ["a", "b"] })).toMatch(/\b2 models return to\b/);
  expect(line({ type: "models_removed", unit, chosen: true, models: ["a"] })).toMatch(/\b1 slain model of\b/);
  expect(line({ type: "models_removed", unit, chosen: true, models: ["a", "b", "c"] })).toMatch(/\b3 slain models of\b/);
  const { container, unmount } = render(<WarscrollStats w={words()} warscroll="grove_seer" />);
  expect(container.textContent).toMatch(/\b1 model\b(?!s)/);
  expect(container.textContent).not.toMatch(/model\(s\)/);
  unmount();
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  expect(line({ type: "models_returned", unit, models: ["a"] })).toMatch(/모델 1개가 돌아왔습니다/);
  await act(async () => {
    await i18next.changeLanguage("en");
  });
});

test("cards drawn and rally points in the log agree with their count ('Bot draws 1 card', '2 cards', '1 rally point'), and no Age of Sigmar English string writes '(s)'; Korean reads the same for any count", async () => {
  const view = { units: {} } as unknown as SigmarView;
  const line = (e: unknown) => describeEvent(words(), e as SigmarEvent, view, "p1") ?? "";
  expect(line({ type: "cards_drawn", seat: "p2", count: 1 })).toBe("p2 draws 1 card.");
  expect(line({ type: "cards_drawn", seat: "p2", count: 2 })).toBe("p2 draws 2 cards.");
  expect(line({ type: "rallied", unit: "x", dice: [6, 1], points: 1 })).toMatch(/: 1 rally point\.$/);
  expect(line({ type: "rallied", unit: "x", dice: [6, 6], points: 2 })).toMatch(/: 2 rally points\.$/);
  expect(JSON.stringify(i18next.getResourceBundle("en", "sigmar"))).not.toContain("(s)");
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  expect(line({ type: "cards_drawn", seat: "p2", count: 1 })).toBe("p2가 카드 1장을 뽑았습니다.");
  expect(line({ type: "rallied", unit: "x", dice: [6, 6], points: 2 })).toMatch(/결집 점수 2점\.$/);
  await act(async () => {
    await i18next.changeLanguage("en");
  });
});
