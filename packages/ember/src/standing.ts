/**
 * How an attack's rolled dice stand before the next reroll decision, for the table's reroll
 * prompts: the damage calculation of seed 000 1.2.1 run on the dice as they lie now (the
 * replacements, then the defender's cancellation as the engine would take it by default), on a
 * copy of the viewer's own projection; and how an EW roll's dice stand (`ewStanding`, seed 000
 * 5.2). Pure; accepts and produces no command (no rules version).
 */
import { attackAction } from "./attack-declare";
import { cancelCountsOf, cancelStakes } from "./attack";
import { applyCancellation, cancelOptions } from "./cancellation";
import { isLowObservable, LOW_OBSERVABLE_REPLACEMENT } from "./concealment";
import type { AttackEffect } from "./data/schema";
import { applyReplacements } from "./dice";
import { ewCount, ewWinner, type EwCount } from "./ew";
import { stateFromView } from "./legal";
import { partDiceAbilities } from "./pools";
import { combatantById, stanceOf } from "./query";
import { attackEffect } from "./targeting";
import type { Combatant } from "./types";
import type { EmberView } from "./view";

/** The attack's result if nobody rerolled any more (seed 000 1.2.1 "데미지 계산"). */
export interface AttackStanding {
  /** Damage results the attack dice show ([light] and [heavy], a double face counting 2, with results that deal damage under the action). */
  readonly hits: number;
  /** Of those, the ones the defence dice cancel ([evade]s and [defend]s), as the defender's default cancellation takes them. */
  readonly blocked: number;
  /** The damage that gets through: any is a penetration (seed 000 1.2.2). */
  readonly through: number;
}

/**
 * The attack in `view` as it would resolve with the dice as they lie (both pools rolled): the
 * attacker's then the defender's replacements and low-observable (seed 000 1.2.1 note, 6.1), the
 * counts with hollow faces per stance (1.1), and the defender's default cancellation (the first
 * of `cancelOptions`, the one a run-out clock takes; the defender may still choose another way
 * with the same damage where the choice is offered). Null without an attack whose dice are rolled,
 * or for a view these rules cannot read.
 */
export function attackStanding(view: EmberView): AttackStanding | null {
  const state = stateFromView(view);
  const attack = state.attack;
  if (!attack || attack.defenceDice.length === 0) return null;
  const attacker = combatantById(state, attack.attacker) as Combatant | undefined;
  const defender = combatantById(state, attack.defender) as Combatant | undefined;
  if (!attacker || !defender) return null;
  const effect = attackEffect(attackAction(state, attack)) as AttackEffect | null;
  if (!effect) return null;
  // A copy of the dice: the resolve stage of attack.ts `continueAttack`, without its events.
  const dice = { ...attack, attackDice: attack.attackDice.map((d) => ({ ...d })), defenceDice: attack.defenceDice.map((d) => ({ ...d })) };
  if (!attack.chain) applyReplacements(dice.attackDice, effect.replace);
  applyReplacements(dice.defenceDice, partDiceAbilities(defender).flatMap((a) => a.replaceDefence));
  if (isLowObservable(defender)) applyReplacements(dice.defenceDice, LOW_OBSERVABLE_REPLACEMENT);
  const stakes = cancelStakes(state, dice, defender, effect);
  const counts = cancelCountsOf(dice, attacker, defender, effect, stakes);
  const best = cancelOptions(counts, stakes)[0];
  if (!best) return null;
  const outcome = applyCancellation(counts, { evade: best.evade, defend: best.defend });
  return { hits: counts.lights + counts.heavies, blocked: outcome.cancelledByEvade + outcome.cancelledByDefend, through: outcome.damage };
}

/** An EW roll's result if nobody rerolled any more (seed 000 5.2 "전자전 주사위 굴림"). */
export interface EwStanding {
  /** The caster's counted results: [lightning] and [light], hollow faces only in OFF (5.2 note). */
  readonly caster: EwCount;
  /** The responder's counted results, the same way. */
  readonly responder: EwCount;
  /** Who would win: more [lightning]; on a tie more [light]; on a tie of both the caster. */
  readonly winner: "caster" | "responder";
}

/**
 * The EW roll in `view` as it would settle with the dice as they lie: each side's dice counted in
 * its unit's stance and the winner decided by the same `ewCount` and `ewWinner` the rules settle
 * the roll with (ew.ts `settleEwRoll`, seed 000 5.2). Null without an EW roll in progress, or for
 * a view these rules cannot read. Pure; accepts and produces no command (no rules version).
 */
export function ewStanding(view: EmberView): EwStanding | null {
  const state = stateFromView(view);
  const roll = state.ewRoll;
  if (!roll) return null;
  const caster = combatantById(state, roll.caster) as Combatant | undefined;
  const responder = combatantById(state, roll.responder) as Combatant | undefined;
  if (!caster || !responder) return null;
  const c = ewCount(roll.casterDice, stanceOf(caster));
  const r = ewCount(roll.responderDice, stanceOf(responder));
  return { caster: c, responder: r, winner: ewWinner(c, r) };
}
