/**
 * Seed 002 3-1, 3-4 on the TRPG table: a decision that rolls (an overwatch shot, a free strike, a
 * dodge) shows its odds before the seat answers: the number to roll, the stat and every modifier
 * with its source, and the chance, as the rules package works them out (`reactionOdds`,
 * `dodgeOdds`), the same numbers the roll then uses; what the seat's view hides is named unknown.
 */
import { deserialize, serialize } from "node:v8";
import { act, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { seatViewer } from "@fogwar/engine";
import { dodgeOdds, legalCommandsInView, reactionOdds, trpg, type TrpgState } from "@fogwar/trpg";
import { setupI18n } from "../../i18n";
import { dodgeAsked, GM, leavingEngagement } from "../../../test/trpg-play";
import { DecisionPrompt } from "./TrpgControls";
import type { TrpgWords } from "./words";

globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;
jest.setTimeout(30_000);

const start = trpg.setup(GM, "web-trpg").state;

beforeAll(async () => {
  setupI18n("en");
  await act(async () => {
    await i18next.changeLanguage("en");
  });
});


function prompt(state: TrpgState, seat: string) {
  const view = trpg.viewFor(state, seatViewer(seat));
  const w = { t: i18next.getFixedT("en", "trpg"), language: "en", name: () => "", view } as unknown as TrpgWords;
  render(<DecisionPrompt view={view} w={w} legal={legalCommandsInView(view, seat)} onCommand={jest.fn()} />);
  return view;
}

test("002_867c0cd57d46adf1.txt 3-1 접전: the master asked for a free strike sees its odds first: the number over which the raider's blow hits Vale, BRT and her evasion, and the chance", () => {
  const view = prompt(leavingEngagement(start), "gm");
  const odds = reactionOdds(view, view.pending!)!;
  const line = screen.getByTestId("trpg-odds").textContent!;
  expect(line).toContain(`roll over ${odds.need} on a d6 to hit`);
  expect(line).toMatch(/BRT \+\d/);
  expect(line).toContain("evasion -");
  expect(line).toMatch(/\d+%/);
});

test("002_867c0cd57d46adf1.txt 3-4 회피 판정: Vale's seat asked to dodge sees the number, her SPD and the chance, and that the raider's abilities are unknown in GM mode", () => {
  const hit = dodgeAsked(start);
  expect(hit).not.toBeNull();
  const view = prompt(hit!, "p1");
  const odds = dodgeOdds(view, "vale", "raider-1")!;
  const line = screen.getByTestId("trpg-odds").textContent!;
  expect(line).toContain(`roll over ${odds.over} on a d6 to dodge (${Math.round(odds.chance * 100)}%)`);
  expect(line).toContain("speed +5");
  expect(line).toContain("the attacker's abilities are unknown");
});
