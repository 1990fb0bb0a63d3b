/**
 * The controls' field labels and list entries read as labels (seed 004 "공격팀 배치": the
 * deployment's operator, watch and place): in English in sentence case ("Operator", "Watch toward",
 * "North"; new players read "operator [Auger]" as a broken sentence), in Korean as the plain nouns
 * they are, with no Latin word but the squares' codes. States are reached by commands through the engine.
 */
import { deserialize, serialize } from "node:v8";
import { act, fireEvent } from "@testing-library/react";
import i18next from "i18next";
import { inEnglish } from "../../../test/english";
import { defenceReady, show } from "../../../test/siege-table";
import { sentenceCase } from "./SiegeControls";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(30_000);
inEnglish();
beforeEach(() => localStorage.clear());
afterEach(() => act(async () => void (await i18next.changeLanguage("en"))));

/** The words of each field's label (before its list) and of each list's entries, in the attack's deployment. */
function deployment() {
  const { container, unmount } = show(defenceReady(), "a1");
  const selects = [...container.querySelectorAll<HTMLSelectElement>(".siege-controls .field select")];
  const label = (s: HTMLSelectElement) => (s.closest("label")!.firstChild?.textContent ?? "").trim();
  // An operator chosen: its field is then labelled by its name, not asked.
  fireEvent.change(selects.find((s) => s.dataset.field === "operator")!, { target: { value: selects.find((s) => s.dataset.field === "operator")!.options[1]!.value } });
  const fields: Record<string, string> = Object.fromEntries([...container.querySelectorAll<HTMLSelectElement>(".siege-controls .field select")].map((s) => [s.dataset.field ?? "", label(s)]));
  const entries = [...container.querySelectorAll<HTMLOptionElement>(".siege-controls .field select option")].map((o) => o.textContent ?? "").filter((t) => t !== "—");
  return { fields, entries, unmount };
}

test("in English the deployment's labels and list entries are in sentence case: Operator, Watch toward, North, No watch", () => {
  const { fields, entries, unmount } = deployment();
  expect(fields).toEqual({ operator: "Operator", facing: "Watch toward", at: "Where (click a highlighted square)" });
  expect(entries).toEqual(expect.arrayContaining(["No watch", "North", "East", "South", "West", "Auger"]));
  expect(entries.filter((t) => !/^[A-Z]/.test(t))).toEqual([]);
  unmount();
});

test("in Korean the same labels are plain nouns, with no Latin word: 오퍼레이터, 경계 방향", async () => {
  await act(async () => void (await i18next.changeLanguage("ko")));
  const { fields, entries, unmount } = deployment();
  expect(fields).toEqual({ operator: "오퍼레이터", facing: "경계 방향", at: "위치 (강조된 칸 클릭)" });
  expect(entries).toEqual(expect.arrayContaining(["경계 안 함", "북쪽", "오거"]));
  // (Squares keep their map codes, "바깥 A1".)
  expect([...Object.values(fields), ...entries].filter((t) => /[A-Za-z]/.test(t.replace(/\b[A-Z]\d{1,2}\b/g, "")))).toEqual([]);
  unmount();
});

test("every English field label of the controls is in sentence case", async () => {
  const en = i18next.getResourceBundle("en", "siege") as { fields: Record<string, string>; picker: Record<string, string> };
  expect(Object.entries({ ...en.fields, ...en.picker }).filter(([, label]) => !/^[A-Z]/.test(label))).toEqual([]);
  expect(sentenceCase("north", "en")).toBe("North");
  expect(sentenceCase("북쪽", "ko")).toBe("북쪽");
});
