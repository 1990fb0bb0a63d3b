/**
 * The EMBER part die's reroll prompt says what the rolled face does to the attack (seed 000 1.2.1:
 * "choice" lets the attacker pick the hit part; a part the defender has lost means the torso), in
 * English and Korean, so the attacker knows what a link reroll would give up.
 */
import { act, render } from "@testing-library/react";
import i18next from "i18next";
import { ember, legalCommandsInView, type EmberState, type EmberView } from "@fogwar/ember";
import { seatViewer } from "@fogwar/engine";
import { Decision } from "../src/rulesets/ember/Decision";
import { emberStateWhere } from "./ember-find";
import { inEnglish } from "./english";
import { withNames } from "./players";

inEnglish();

/** The prompt's text for the attacker when the die shows `roll`, with the defender's left arm `lost` or not. */
function prompt(state: EmberState, roll: string, lost = false): () => string {
  const seat = state.pending!.seat;
  const base = ember.viewFor(state, seatViewer(seat));
  const pending = base.pending as Extract<NonNullable<EmberView["pending"]>, { kind: "part_reroll" }>;
  const units = base.units.map((u) => (u.id === pending.options.defender && u.kind === "mech" ? { ...u, parts: { ...u.parts, left_arm: { ...u.parts.left_arm, destroyed: lost } } } : u));
  const view = { ...base, units, pending: { ...pending, options: { ...pending.options, roll } } } as EmberView;
  const { container } = render(withNames(<Decision view={view} seat={seat} legal={legalCommandsInView(view, seat)} onCommand={jest.fn()} />));
  return () => container.querySelector('.decision[data-decision="part_reroll"] p')?.textContent ?? "";
}

test("seed 000 1.2.1: the part die's reroll prompt says what the face does: the part hit, the torso for a lost part, the attacker's pick on choice", async () => {
  const state = emberStateWhere((s) => s.pending?.kind === "part_reroll", "part-die");
  const choice = prompt(state, "choice");
  const arm = prompt(state, "left_arm");
  const lost = prompt(state, "left_arm", true);
  expect(choice()).toMatch(/^The part die shows choice: you pick which part of .+ \(.+\) is hit\. Spend 1 link to reroll it\?$/);
  expect(arm()).toMatch(/^The part die shows left arm: the hit goes to the left arm of .+ \(.+\)\. Spend 1 link to reroll it\?$/);
  expect(lost()).toMatch(/^The part die shows left arm, a part .+ \(.+\) has lost: the hit goes to its torso\. Spend 1 link to reroll it\?$/);
  await act(async () => void (await i18next.changeLanguage("ko")));
  expect(choice()).toMatch(/^부품 주사위 결과는 부품 선택: .+의 어느 부품에 명중할지 내가 고릅니다\. 링크 1을 소모해 다시 굴릴까요\?$/);
  expect(arm()).toMatch(/^부품 주사위 결과는 왼팔: .+의 왼팔에 명중합니다\. 링크 1을 소모해 다시 굴릴까요\?$/);
  expect(lost()).toMatch(/^부품 주사위 결과는 왼팔: 이미 파괴된 부품이므로 .+의 토르소에 명중합니다\. 링크 1을 소모해 다시 굴릴까요\?$/);
}, 60_000);
