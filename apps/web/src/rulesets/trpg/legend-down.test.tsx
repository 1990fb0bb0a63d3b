/**
 * Seed 002 3-6 on the TRPG map's legend: once a character on the map is down, the legend says what
 * its token shows (a grey token: incapacitated, rolling death saves; a faded ✕: dead), in English
 * and Korean; before anyone is down the legend does not list them.
 */
import { render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { trpg, type TrpgState } from "@fogwar/trpg";
import { GM } from "../../../test/trpg-play";
import { trpgTableTests } from "../../../test/trpg-jsdom";
import { TrpgMapLegend } from "./TrpgMap";

trpgTableTests();

const start = (): TrpgState => structuredClone(trpg.setup(GM, "web-legend").state);
const legendOf = (s: TrpgState) => {
  const { unmount } = render(<TrpgMapLegend view={trpg.viewFor(s, seatViewer("p1"))} />);
  const items = within(screen.getByRole("list", { name: i18next.t("trpg:map.legend") }))
    .getAllByRole("listitem")
    .map((li) => li.textContent!.trim());
  unmount();
  return items;
};

test("002_867c0cd57d46adf1.txt 3-6: with Reed incapacitated and a raider dead on the map, the legend names both tokens; at the start it names neither", () => {
  expect(legendOf(start()).filter((l) => /incapacitated|dead/.test(l))).toEqual([]);
  const s = start();
  s.characters.reed!.status = "incapacitated";
  s.characters["raider-1"]!.status = "dead";
  expect(legendOf(s).filter((l) => /incapacitated|dead/.test(l))).toEqual(["incapacitated: rolls a death save each turn", "✕ dead"]);
});

test("002_867c0cd57d46adf1.txt 3-6: the Korean legend says the same", async () => {
  const s = start();
  s.characters.reed!.status = "incapacitated";
  s.characters["raider-1"]!.status = "dead";
  await i18next.changeLanguage("ko");
  try {
    expect(legendOf(s).filter((l) => /무력화|사망/.test(l))).toEqual(["무력화: 턴마다 데스 세이브", "✕ 사망"]);
  } finally {
    await i18next.changeLanguage("en");
  }
});
