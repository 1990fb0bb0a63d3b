/**
 * Age of Sigmar's rules help in context: each term the table shows a newcomer (phases, the battle
 * round, victory and command points, battle tactics, reserves, combat range, coherency, objectives,
 * the attack stages, weapon abilities, strike-first and strike-last, guarded heroes, abilities, the
 * order of effects, ...) explains itself on hover and on tap (`RuleTip`). The explanations live in
 * the `sigmarHelp` namespace under `<tip>`, in the project's own words, and take their numbers
 * (combat range, coherency, rounds, reserve rules, modifier caps) from the rules' own data
 * (`packages/sigmar/data/rules.json`, the project's core rules C1-C12), so they stay right when a
 * group changes them. The how-to-play page lists the same terms as its quick reference.
 */
import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import rules from "@fogwar/sigmar/data/rules.json";
import { RuleTip } from "../../help/RuleTip";
import "../../i18n/help-strings";
import "../../i18n/sigmar-help-strings";
import "../../i18n/sigmar-strings";

/** The rules' numbers the explanations quote (`{{combatRange}}` and so on), in inches where they are distances. */
export const SIGMAR_NUMBERS = {
  width: rules.battlefield.width,
  height: rules.battlefield.height,
  combatRange: rules.combatRange,
  coherency: rules.coherency,
  coherencyLarge: rules.coherencyLarge,
  chargeReach: rules.chargeReach,
  pileIn: rules.pileIn,
  rounds: rules.rounds,
  reserveDeadlineRound: rules.reserveDeadlineRound,
  commandPointsPerRound: rules.commandPointsPerRound,
  pointsLimit: rules.pointsLimit,
  maxReserves: rules.maxReserves,
  handSize: rules.handSize,
  objectiveRange: rules.objectiveRange,
  reserveEdge: rules.reserveEdge,
  reserveEnemyDistance: rules.reserveEnemyDistance,
  guardedHeroRange: rules.guardedHeroRange,
  hitCap: rules.modifierCaps.hitRoll,
  woundCap: rules.modifierCaps.woundRoll,
  saveCap: rules.modifierCaps.saveRoll,
} as const;

/**
 * Every term with an explanation, in the quick reference's order: the tip's key under
 * `sigmarHelp:` and the translation key of the term's name.
 */
export const SIGMAR_TERMS = {
  round: "sigmarHelp:term.round",
  "phase.hero": "sigmar:phase.hero",
  "phase.movement": "sigmar:phase.movement",
  "phase.shooting": "sigmar:phase.shooting",
  "phase.charge": "sigmar:phase.charge",
  "phase.combat": "sigmar:phase.combat",
  "phase.end": "sigmar:phase.end",
  muster: "sigmar:stage.muster",
  armyList: "sigmar:muster.list",
  reserves: "sigmarHelp:term.reserves",
  enhancement: "sigmar:muster.enhancement",
  deployment: "sigmar:stage.deployment",
  territory: "sigmarHelp:term.territory",
  vp: "sigmarHelp:term.vp",
  objective: "sigmarHelp:term.objective",
  cp: "sigmarHelp:term.cp",
  pressForward: "sigmar:command.press_forward",
  holdFirm: "sigmar:command.hold_firm",
  counterCharge: "sigmar:command.counter_charge",
  rally: "sigmar:command.rally",
  tactics: "sigmar:controls.cards",
  ruler: "sigmarHelp:term.ruler",
  move: "sigmarHelp:term.move",
  run: "sigmar:controls.run",
  retreat: "sigmar:controls.retreat",
  coherency: "sigmarHelp:term.coherency",
  combatRange: "sigmar:ruler.combatRange",
  fly: "sigmar:keyword.fly",
  ruin: "sigmarHelp:term.ruin",
  stone: "sigmarHelp:term.stone",
  token: "sigmarHelp:term.token",
  weapon: "sigmarHelp:term.weapon",
  random: "sigmarHelp:term.random",
  hit: "sigmarHelp:term.hit",
  crit: "sigmarHelp:term.crit",
  wound: "sigmarHelp:term.wound",
  save: "sigmarHelp:term.save",
  ward: "sigmarHelp:term.ward",
  damage: "sigmar:attack.stage.damage",
  mortal: "sigmarHelp:term.mortal",
  health: "sigmarHelp:term.health",
  anti: "sigmarHelp:term.anti",
  charge: "sigmar:weaponAbility.charge",
  companion: "sigmar:weaponAbility.companion",
  shootInCombat: "sigmar:weaponAbility.shoot_in_combat",
  crit2hits: "sigmar:weaponAbility.crit:2hits",
  critAutowound: "sigmar:weaponAbility.crit:autowound",
  critMortal: "sigmar:weaponAbility.crit:mortal",
  pileIn: "sigmarHelp:term.pileIn",
  strikeFirst: "sigmar:unit.strikeFirst",
  strikeLast: "sigmar:unit.strikeLast",
  fightAtOnce: "sigmarHelp:term.fightAtOnce",
  guarded: "sigmarHelp:term.guarded",
  abilities: "sigmar:unit.abilities",
  modifiers: "sigmarHelp:term.modifiers",
  order: "sigmarHelp:term.order",
  returning: "sigmarHelp:term.returning",
  replacement: "sigmarHelp:term.replacement",
} as const;

/** A term with an explanation. */
export type SigmarTip = keyof typeof SIGMAR_TERMS;

/** The tip for a weapon ability id of the data (`charge`, `crit:mortal`, `anti:hero`, ...). */
export function weaponAbilityTip(ability: string): SigmarTip | null {
  if (ability.startsWith("anti:")) return "anti";
  const tips: Record<string, SigmarTip> = { charge: "charge", companion: "companion", shoot_in_combat: "shootInCombat", "crit:2hits": "crit2hits", "crit:autowound": "critAutowound", "crit:mortal": "critMortal" };
  return tips[ability] ?? null;
}

/**
 * A term's name and explanation in the reader's language (`t` of any namespace: the keys name
 * theirs; a key may hold a colon, as the weapon abilities' `crit:2hits` do, so the namespace is
 * split off here rather than by i18next).
 */
export function tipText(t: TFunction, tip: SigmarTip): { term: string; help: string } {
  const ref = SIGMAR_TERMS[tip];
  const at = ref.indexOf(":");
  return { term: t(ref.slice(at + 1), { ns: ref.slice(0, at), nsSeparator: false }), help: t(tip, { ns: "sigmarHelp", ...SIGMAR_NUMBERS }) };
}

/**
 * What the reader sees (`children`, else the term's name) with the term's explanation on hover
 * and behind a "?" on tap.
 */
export function Tip({ t, tip, children }: { t: TFunction; tip: SigmarTip; children?: ReactNode }) {
  const { term, help } = tipText(t, tip);
  return (
    <RuleTip term={term} help={help}>
      {children ?? term}
    </RuleTip>
  );
}
