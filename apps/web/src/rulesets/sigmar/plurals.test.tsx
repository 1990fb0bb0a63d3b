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
import { inEnglish } from "../../../test/english";
import { playSigmar } from "../../../test/sigmar-play";
import { withNames } from "../../../test/players";
import type { SigmarWords } from "./words";

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
