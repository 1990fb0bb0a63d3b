/**
 * The EMBER attack panel's result line (seed 000 1.2.1: [defend] cancels a [light]'s damage but
 * the attack still hits; only [evade] stops its hit effects): "0 damage · 0 cancelled by evade · 1
 * by defend · hit · no penetration" left a player asking what the bare "hit" meant. It now says
 * the hit effects fire (or do not), in English and Korean.
 */
import { act, render } from "@testing-library/react";
import i18next from "i18next";
import { ember, type EmberEvent } from "@fogwar/ember";
import { seatViewer } from "@fogwar/engine";
import { AttackPanel } from "../src/rulesets/ember/AttackPanel";
import { emberStateWhere } from "./ember-find";
import { inEnglish } from "./english";
import { withNames } from "./players";

inEnglish();

test("seed 000 1.2.1: a resolved attack whose damage [defend] cancelled says it hit and that its hit effects fire; an evaded one that they do not", async () => {
  const state = emberStateWhere((s) => s.phase === "command", "hit-words");
  const view = ember.viewFor(state, seatViewer("p1"));
  const attacker = view.units.find((u) => u.owner === "p1")!.id;
  const defender = view.units.find((u) => u.owner === "p2")!.id;
  const attack = (hit: boolean): EmberEvent[] => [
    { type: "attack_declared", attacker, defender, mode: "shoot", rear: false, cover: { terrain: false, unit: false }, chain: false },
    { type: "attack_resolved", damage: 0, penetrated: false, hit, cancelledByEvade: hit ? 0 : 1, cancelledByDefend: hit ? 1 : 0 },
  ];
  const line = (hit: boolean) => {
    const { container, unmount } = render(withNames(<AttackPanel view={view} events={attack(hit)} />));
    const text = container.querySelector("[data-resolved]")?.textContent;
    unmount();
    return text;
  };
  expect([line(true), line(false)]).toEqual([
    "0 damage · 0 cancelled by evade · 1 by defend · hit (any hit effects fire) · no penetration",
    "0 damage · 1 cancelled by evade · 0 by defend · no hit (no hit effects) · no penetration",
  ]);
  await act(async () => void (await i18next.changeLanguage("ko")));
  expect(line(true)).toMatch(/· 명중 \(명중 효과가 있으면 발동\) · 관통 없음$/);
  expect(line(false)).toMatch(/· 명중 없음 \(명중 효과 없음\) · 관통 없음$/);
});
