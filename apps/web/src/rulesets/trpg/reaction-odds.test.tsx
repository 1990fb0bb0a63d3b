/**
 * Seed 002 3-1, 3-4 on the TRPG table: a decision that rolls (an overwatch shot, a free strike, a
 * dodge) shows its odds before the seat answers: the number to roll, the stat and every modifier
 * with its source, and the chance, as the rules package works them out (`reactionOdds`,
 * `dodgeOdds`), the same numbers the roll then uses; what the seat's view hides is named unknown.
 */
import { deserialize, serialize } from "node:v8";
import { act, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { rngStateFromSeed, seatViewer } from "@fogwar/engine";
import { dodgeOdds, legalCommandsInView, reactionOdds, trpg, type TrpgState } from "@fogwar/trpg";
import { setupI18n } from "../../i18n";
import { GM, until } from "../../../test/trpg-play";
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
  const s = structuredClone(until(start, (x) => x.turn?.actor === "vale"));
  const raider = s.characters["raider-1"]!;
  raider.at = { x: s.characters.vale!.at!.x + 1, y: s.characters.vale!.at!.y };
  const away = legalCommandsInView(trpg.viewFor(s, seatViewer("p1")), "p1").find((c) => c.type === "move" && Math.abs(c.to.x - raider.at!.x) + Math.abs(c.to.y - raider.at!.y) > 3);
  const r = trpg.apply(s, away!, "p1");
  if (!r.ok) throw new Error(r.error.code);
  const view = prompt(r.state, "gm");
  const odds = reactionOdds(view, view.pending!)!;
  const line = screen.getByTestId("trpg-odds").textContent!;
  expect(line).toContain(`roll over ${odds.need} on a d6 to hit`);
  expect(line).toMatch(/BRT \+\d/);
  expect(line).toContain("evasion -");
  expect(line).toMatch(/\d+%/);
});

test("002_867c0cd57d46adf1.txt 3-4 회피 판정: Vale's seat asked to dodge sees the number, her SPD and the chance, and that the raider's abilities are unknown in GM mode", () => {
  const s = structuredClone(until(start, (x) => x.turn?.actor === "raider-1"));
  s.characters["raider-1"]!.at = { x: 4, y: 9 };
  s.characters.vale!.at = { x: 1, y: 9 };
  let hit: TrpgState | null = null;
  for (let n = 0; n < 40 && !hit; n++) {
    const trial = structuredClone(s);
    trial.server.rng["dice:raider-1"] = rngStateFromSeed(`dodge-${n}`, "dice:raider-1");
    let r = trpg.apply(trial, { type: "shoot", targets: ["vale"], burst: false, called: false }, "gm");
    if (r.ok && r.state.pending?.kind === "free_strike") r = trpg.apply(r.state, { type: "decide", choice: "spare" }, r.state.pending.seat);
    if (r.ok && r.state.pending?.kind === "dodge") hit = r.state;
  }
  const view = prompt(hit!, "p1");
  const odds = dodgeOdds(view, "vale", "raider-1")!;
  const line = screen.getByTestId("trpg-odds").textContent!;
  expect(line).toContain(`roll over ${odds.over} on a d6 to dodge (${Math.round(odds.chance * 100)}%)`);
  expect(line).toContain("speed +5");
  expect(line).toContain("the attacker's abilities are unknown");
});
