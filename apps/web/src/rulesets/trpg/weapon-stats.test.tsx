/**
 * Seed 002 3-1 슈팅 액션 and 3-4 on the TRPG table: the characters' list gives each carried
 * weapon's numbers (range in squares, rate of fire, penetration, damage), so a player weighing a
 * shot need not know the catalog.
 */
import { render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { legalCommandsInView, trpg } from "@fogwar/trpg";
import { setupI18n } from "../../i18n";
import { GM, until } from "../../../test/trpg-play";
import { trpgTableTests } from "../../../test/trpg-jsdom";
import { TrpgTableView } from "./TrpgTableView";
import { weaponText, type TrpgWords } from "./words";

trpgTableTests();

test("002_867c0cd57d46adf1.txt 3-1, 3-4: the characters' list names each weapon with its range, burst, penetration and damage", () => {
  const s = until(trpg.setup(GM, "web-weapon-stats").state, (x) => x.turn?.actor === "vale");
  const view = trpg.viewFor(s, seatViewer("p1"));
  render(<TrpgTableView matchId="m" view={view} seat="p1" legal={legalCommandsInView(view, "p1")} onCommand={() => undefined} events={[]} />);
  const vale = within(screen.getByRole("region", { name: "Characters" })).getByText("Ines Vale").closest("li")!;
  expect(vale.textContent).toContain("carbine (range 24 squares, 2 shots a burst, penetration 1, damage 1)");
});

test("002_867c0cd57d46adf1.txt 3-1: a single-shot gun and a melee weapon, in Korean in the seed's terms (사정거리, 연사력, 관통력)", async () => {
  setupI18n("ko");
  await i18next.changeLanguage("ko");
  const w = { t: i18next.getFixedT("ko", "trpg"), language: "ko" } as unknown as TrpgWords;
  expect(weaponText(w, "carbine")).toBe("카빈 (사정거리 24칸, 연사력 2, 관통력 1, 피해 1)");
  expect(weaponText(w, "maul")).toContain("(근접, 관통력 2, 피해 2)");
  await i18next.changeLanguage("en");
  const en = { t: i18next.getFixedT("en", "trpg"), language: "en" } as unknown as TrpgWords;
  expect(weaponText(en, "longrifle")).toBe("longrifle (range 40 squares, penetration 2, damage 2)");
});
