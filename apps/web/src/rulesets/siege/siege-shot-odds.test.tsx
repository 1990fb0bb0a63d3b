/**
 * A shot's chance stands right over its button (seed 004 "사격": the dice are rolled once the shot
 * is sent). On a phone the action bar scrolls and its "more below" edge hid the percentages under
 * a shot button in sight; now the chance line is the button's neighbour, how the odds are made
 * folds after them, and the chance and the button are brought into the bar's sight together, in
 * English and Korean. States are reached by commands through the engine.
 */
import { deserialize, serialize } from "node:v8";
import { act, fireEvent, within } from "@testing-library/react";
import i18next from "i18next";
import { inEnglish } from "../../../test/english";
import { runSiege } from "../../../test/siege-play";
import { facing, show } from "../../../test/siege-table";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(30_000);
inEnglish();
beforeEach(() => localStorage.clear());
afterEach(() => act(async () => void (await i18next.changeLanguage("en"))));

/** Haze, activated outside the smokehouse window with Keel in sight (the rules' combat example), its Shoot kind chosen; what was scrolled into sight a frame later. */
async function shootChosen(kind: string) {
  const scrolled: Element[] = [];
  const original = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  try {
    const shown = show(runSiege(facing(), [["a1", { type: "activate", operator: "haze" }]]), "a1");
    fireEvent.click(within(shown.container.querySelector(".siege-controls") as HTMLElement).getByRole("button", { name: kind }));
    await act(() => new Promise<void>((done) => requestAnimationFrame(() => done())));
    return { ...shown, scrolled };
  } finally {
    Element.prototype.scrollIntoView = original;
  }
}

test.each([
  ["en", "Shoot", /^Haze → Keel: \d+% chance to hurt · [\d.]+ damage expected · 5 health left · \d+% chance to kill$/, "Haze shoots at Keel"],
  ["ko", "사격", /^헤이즈 → 킬: 피해 확률 \d+% · 기대 피해 [\d.]+ · 남은 체력 5 · 처치 확률 \d+%$/, "헤이즈가 킬에게 사격"],
])("(%s) the shot's chance is the line right over its button, and both are brought into the bar's sight together", async (language, kind, chance, button) => {
  if (language === "ko") await act(async () => void (await i18next.changeLanguage("ko")));
  const { container, scrolled } = await shootChosen(kind);
  const shot = container.querySelector<HTMLButtonElement>(".siege-controls button[data-command=shoot]")!;
  expect(shot.textContent).toBe(button);
  // The chance: the text just before the button, nothing (the dice, the protection) in between.
  const line = container.querySelector(".siege-controls .odds .odds-result")!;
  expect(line.textContent).toMatch(chance);
  const between = document.createRange();
  between.setStartAfter(line);
  between.setEndBefore(shot);
  expect(between.toString().trim()).toBe("");
  // One element holding both is scrolled into the bar's sight.
  expect(scrolled.some((el) => el.contains(line) && el.contains(shot))).toBe(true);
  // How the odds are made follows, folded (jsdom has no desktop width).
  const how = container.querySelector<HTMLDetailsElement>(".siege-controls details.odds-why")!;
  expect(shot.compareDocumentPosition(how) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(how.open).toBe(false);
  expect(how.textContent).toMatch(language === "en" ? /Protection 2 \(the target's shield/ : /보호 2/);
});

test("the target of the single shot offered is ringed on the map, named as its button names it, and the ring goes with the Shoot kind", async () => {
  const { container } = await shootChosen("Shoot");
  const mark = container.querySelector(".siege-map svg .shot-mark")!;
  expect(mark.getAttribute("aria-label")).toBe("Target of the shot: Keel");
  // Around Keel's model: the middle of its square (8,1 on the map, 40 units a square).
  const ring = mark.querySelector("circle")!;
  expect([ring.getAttribute("cx"), ring.getAttribute("cy")]).toEqual(["340", "60"]);
  fireEvent.click(within(container.querySelector(".siege-controls") as HTMLElement).getByRole("button", { name: "Move" }));
  expect(container.querySelector(".siege-map svg .shot-mark")).toBeNull();
});
