/**
 * Siege's how-to-play page says what an activation allows as the rules count it (seed
 * 004_cb264102299fbb71.txt "오퍼레이터 활성화": "활성화된 오퍼레이터는 이동 액션과 다른 액션 두개를
 * 할 수 있다"; "이동": the movement points are spent between actions): moving is no action, and
 * the actions it lists are exactly the table's (`siege:action.*`, the rules' `ActionKind`), with
 * the rules' numbers from their data, in English and in Korean. Every Korean Siege text says the
 * seed's terms (파괴 for a breach, 경계 for a watch, 강화벽, 대응 사격), as the table does.
 */
import { act, render } from "@testing-library/react";
import i18next from "i18next";
import { MemoryRouter, Route, Routes } from "react-router";
import { catalog } from "@fogwar/siege";
import { HowToPlayPage } from "../../help/HowToPlay";
import { inEnglish } from "../../../test/english";
import en from "../../i18n/en/siege.json";
import koSiege from "../../i18n/ko/siege.json";
import koLobby from "../../i18n/ko/siegeLobby.json";
import koGuide from "../../i18n/ko/guide.json";
import koHelp from "../../i18n/ko/help.json";

inEnglish();

const page = () =>
  render(
    <MemoryRouter initialEntries={["/how-to-play/siege"]}>
      <Routes>
        <Route path="/how-to-play/:ruleset" element={<HowToPlayPage />} />
      </Routes>
    </MemoryRouter>,
  );

test.each(["en", "ko"])("the guide (%s) counts an activation's actions as the table does: moving is no action", async (language) => {
  await act(async () => {
    await i18next.changeLanguage(language);
  });
  const rules = catalog.data.rules;
  const { container } = page();
  const items = [...container.querySelectorAll("section li")].map((li) => li.textContent ?? "");
  // The table's words for the actions an activation counts (the rules' ActionKind).
  const actions = Object.keys(en.action).map((k) => i18next.t(`siege:action.${k}`));
  const listed = items.filter((text) => actions.every((a) => text.includes(a)));
  expect(listed).toHaveLength(1);
  const item = listed[0]!;
  // The list after the colon is exactly the table's actions; moving is not one of them.
  const list = item.slice(item.lastIndexOf(":") + 1).replace(/\.$/, "").split(/,\s*/).map((s) => s.trim());
  expect(list).toEqual(actions);
  expect(list).not.toContain(i18next.t("siege:cmd.step"));
  expect(list).not.toContain(i18next.t("siege:cmd.step").toLowerCase());
  // The rules' numbers, from their data: the movement points and how many actions.
  expect(item).toContain(String(rules.movementPoints));
  expect(item).toContain(String(rules.actionsPerActivation));
  expect(item).toContain(language === "en" ? "moving is not an action" : "이동은 행동이 아니다");
});

/** Every string of a JSON tree, with its path. */
const strings = (node: unknown, path: string): [string, string][] =>
  typeof node === "string" ? [[path, node]] : node && typeof node === "object" ? Object.entries(node).flatMap(([k, v]) => strings(v, `${path}.${k}`)) : [];

test("every Korean Siege text says the seed's terms, as the table does (파괴, 경계, 강화벽, 대응 사격)", () => {
  const texts = [...strings(koSiege, "siege"), ...strings(koLobby, "siegeLobby"), ...strings(koGuide.siege, "guide.siege"), ...strings(koHelp.siege, "help.siege")];
  // Seed 004 "파괴", "경계", "벽" (강화벽), "대응 사격": the other words for the same things.
  const others = /돌파|감시|보강된 벽|반응 사격/;
  expect(texts.filter(([, text]) => others.test(text))).toEqual([]);
  // The table's own words for the two actions.
  expect(koSiege.cmd.breach).toBe("파괴");
  expect(koSiege.cmd.watch).toBe("경계");
});
