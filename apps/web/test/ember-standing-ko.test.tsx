/**
 * How the dice stand at an EMBER attack's link reroll prompt (seed 000 1.2.1: each uncancelled
 * hit is a damage; any gets through is a penetration), in Korean: "통과 2 (관통)" in the line's own
 * order (명중, 상쇄, 통과), as the English "2 get through (a penetration)"; it read "2 관통".
 */
import { act, render } from "@testing-library/react";
import i18next from "i18next";
import { attackStanding, ember, legalCommandsInView } from "@fogwar/ember";
import { seatViewer } from "@fogwar/engine";
import { Decision } from "../src/rulesets/ember/Decision";
import { emberStateWhere } from "./ember-find";
import { inEnglish } from "./english";
import { withNames } from "./players";

inEnglish();

test("seed 000 1.2.1: a reroll prompt with hits getting through says in Korean how many get through, and that it is a penetration", async () => {
  const state = emberStateWhere((s) => s.pending?.kind === "attack_reroll" && (attackStanding(ember.viewFor(s, seatViewer(s.pending.seat))!)?.through ?? 0) > 0, "standing-ko");
  const seat = state.pending!.seat;
  const view = ember.viewFor(state, seatViewer(seat));
  const through = attackStanding(view)!.through;
  const { container } = render(withNames(<Decision view={view} seat={seat} legal={legalCommandsInView(view, seat)} onCommand={jest.fn()} />));
  await act(async () => void (await i18next.changeLanguage("ko")));
  const line = container.querySelector(".decision .standing")?.textContent ?? "";
  expect(line).toMatch(new RegExp(`^지금 주사위대로라면: 명중 \\d+, 상쇄 \\d+: 통과 ${through} \\(관통\\) \\(`));
}, 60_000);
