/**
 * Seed 002 3-4 in the TRPG's words: a hit check names the attacker's stat its number reads, PRC
 * for a shot and BRT for a melee weapon's attack, a free strike included (the rules read the
 * weapon's kind, packages/trpg/src/attack.ts).
 */
import type { TrpgEvent } from "@fogwar/trpg";
import { hitTerms } from "./words";

const attack = (weapon: string, via: string): Extract<TrpgEvent, { type: "attack" }> =>
  ({ type: "attack", attacker: "a", target: "b", weapon, via, called: false, die: 4, mods: [{ source: "evasion", value: -2 }], need: 1, hit: true }) as never;

test("seed 002 3-4: a free strike with a cleaver reads BRT, as a melee attack does; a shot reads PRC", () => {
  expect(hitTerms(attack("cleaver", "free_strike"))[0]).toEqual({ source: "BRT", value: 7 });
  expect(hitTerms(attack("cleaver", "melee"))[0]).toEqual({ source: "BRT", value: 7 });
  expect(hitTerms(attack("carbine", "aimed"))[0]).toEqual({ source: "PRC", value: 7 });
});
