/**
 * The move tools beside the map (./MoveTools.tsx): dragging one model alone is a checkbox, and the
 * Shift key's shortcut for it is named only where there is a mouse or pen to hold it with (a fine
 * pointer); a touch-only phone's label does not send its player looking for a Shift key.
 * When the placement helper finds nothing, the reason shows inline (a status line), not in a pop-up;
 * for a rolled charge, with the distance it needs and the roll.
 */
import { fireEvent, render } from "@testing-library/react";
import { deserialize, serialize } from "node:v8";
import i18next from "i18next";
import { act } from "@testing-library/react";
import { seatViewer } from "@fogwar/engine";
import { query, sigmar, type SigmarView } from "@fogwar/sigmar";
import { MoveTools, noPlacement } from "./MoveTools";
import { inEnglish } from "../../../test/english";
import { playSigmar } from "../../../test/sigmar-play";
import type { SigmarWords } from "./words";

inEnglish();
jest.setTimeout(60_000);
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const words = (): SigmarWords => ({ t: i18next.getFixedT(null, "sigmar"), language: i18next.language, name: (s: string) => s });
const view = sigmar.viewFor(playSigmar((s) => s.phase === "battle" && s.step === "movement" && s.active === "p1" && !s.pending, "web-move-tools").state, seatViewer("p1")) as SigmarView;
const unit = Object.values(view.units).find((u) => u.owner === "p1" && u.where === "field")!.id;
const pointer = (fine: boolean) => {
  window.matchMedia = ((query: string) => ({ matches: query.includes("fine") ? fine : !fine, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
};
const label = () => render(<MoveTools view={view} w={words()} unit={unit} dragOne={false} onDragOne={() => {}} onSuggest={() => {}} />).container.querySelector("label")!.textContent!;
const matchMedia = window.matchMedia;
// Set by the last test: the placement helper finds nothing for the unit.
let mockNoPlacement = false;
jest.mock("./placing", () => {
  const actual = jest.requireActual<typeof import("./placing")>("./placing");
  return { ...actual, bestPlacement: (...args: Parameters<typeof actual.bestPlacement>) => (mockNoPlacement ? null : actual.bestPlacement(...args)) };
});
afterEach(() => {
  window.matchMedia = matchMedia;
});

test("with a mouse (a fine pointer) the checkbox names the Shift key", () => {
  pointer(true);
  expect(label()).toContain("Drag one model (or hold Shift)");
});

test("on a touch-only phone the checkbox says only what it does, in English and in Korean", async () => {
  pointer(false);
  expect(label()).not.toMatch(/Shift/);
  expect(label()).toContain("Drag one model");
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  expect(label()).not.toMatch(/시프트/);
  expect(label()).toContain("모델 하나만 끌기");
});

test("when there is nothing to suggest, the reason shows inline as a status line (no browser pop-up), in English and in Korean", async () => {
  pointer(true);
  mockNoPlacement = true;
  const alert = jest.fn();
  window.alert = alert;
  const onSuggest = jest.fn();
  const en = render(<MoveTools view={view} w={words()} unit={unit} dragOne={false} onDragOne={() => {}} onSuggest={onSuggest} />);
  expect(en.getByRole("status").textContent).toBe("");
  fireEvent.click(en.getByRole("button", { name: "Suggest the best placement" }));
  expect(alert).not.toHaveBeenCalled();
  expect(onSuggest).not.toHaveBeenCalled();
  expect(en.container.querySelector(".move-tools [role=status]")!.textContent).toBe("No legal placement was found for this unit.");
  en.unmount();
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  const ko = render(<MoveTools view={view} w={words()} unit={unit} dragOne={false} onDragOne={() => {}} onSuggest={onSuggest} />);
  fireEvent.click(ko.getByRole("button", { name: "최선의 배치 제안" }));
  expect(ko.container.querySelector(".move-tools [role=status]")!.textContent).toBe("이 유닛을 놓을 수 있는 합법적인 자리를 찾지 못했습니다.");
  expect(alert).not.toHaveBeenCalled();
  mockNoPlacement = false;
});

test("a charge with nothing to suggest says why: how far apart the nearest models are, what the charge needs at least and what it rolled (or that the way is blocked), in English and Korean", async () => {
  await act(async () => {
    await i18next.changeLanguage("en");
  });
  const target = Object.values(view.units).find((u) => u.owner === "p2" && u.where === "field")!;
  const mine = view.units[unit]!;
  const gap = Math.min(...query.discs(mine as never).flatMap((a) => query.discs(target as never).map((b) => Math.hypot(a.x - b.x, a.y - b.y) - a.r - b.r))) / 100;
  const need = Math.round((gap - 1) * 10) / 10;
  const charging = (roll: number) => ({ ...view, pending: { kind: "charge_move", seat: "p1", unit, target: target.id, roll } }) as unknown as SigmarView;
  const short = noPlacement(charging(2), words(), unit);
  expect(short).toContain(`the nearest models are ${Math.round(gap * 10) / 10}" apart, so the charge needs at least ${need}"`);
  expect(short).toMatch(/and it rolled 2"\.$/);
  const enough = Math.ceil(need) + 1;
  expect(noPlacement(charging(enough), words(), unit)).toMatch(new RegExp(`^No legal placement: the charge needs at least [\\d.]+" and rolled ${enough}", but no way within 1" of .+ keeps every model legal`));
  expect(noPlacement(view, words(), unit)).toBe("No legal placement was found for this unit.");
  await act(async () => {
    await i18next.changeLanguage("ko");
  });
  expect(noPlacement(charging(2), words(), unit)).toMatch(/^합법적인 자리가 없습니다: 가장 가까운 모델끼리 [\d.]+" 떨어져/);
  await act(async () => {
    await i18next.changeLanguage("en");
  });
});
