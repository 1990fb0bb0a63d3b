/**
 * The attack process of seed 000 1.2.1 (with shooting 1.3, melee 1.4): hit part, pools and rolls,
 * link rerolls, damage calculation, hit effects, then penetration (1.2.2, damage.ts) and chain
 * damage (1.2.4, chain.ts). The process runs as a small state machine in `state.attack`: it
 * advances until it needs a seat's decision (a pending decision), then resumes when the answer
 * arrives. Attacks are declared in attack-declare.ts, their dice built and rolled in pools.ts.
 */
import type { Square } from "@fogwar/engine";
import { attackAction, attackKeywords } from "./attack-declare";
import { combatantById, intactSlots, isMech, mechPart, stanceOf } from "./query";
import { applyCancellation, cancelCounts, cancelOptions, type Stakes } from "./cancellation";
import { beginChain, chainOptions } from "./chain";
import { isLowObservable, LOW_OBSERVABLE_REPLACEMENT } from "./concealment";
import type { Ctx } from "./context";
import { penetrate, penetrationDestroys } from "./damage";
import type { AttackEffect, PartSlot, Stance } from "./data/schema";
import { applyReplacements, countResult } from "./dice";
import { droneParry, parryParts } from "./melee";
import { buildPools, defencePool, parryWhite, partDiceAbilities, plainFace, rollPartDie, rollPool } from "./pools";
import { canSpendLink, loseLink } from "./resources";
import { attackEffect } from "./targeting";
import type { AttackState, Cancellation, CancelOption, ChainOption, Combatant, DesignationAbility, EmberState, MechState } from "./types";

/** Whether the defender has a part-designation ability ("방패 들기" shield) available. */
function defenderDesignates(defender: MechState): boolean {
  return intactSlots(defender).some((slot) => mechPart(defender, slot).abilities.includes("shield"));
}

/** Settles the hit part from the part die (seed 000 1.2.1): `choice` lets the attacker pick; a missing part is the torso. */
function settlePartRoll(ctx: Ctx, attack: AttackState, defender: MechState, attackerSeat: string): void {
  const roll = attack.partRoll;
  if (roll === "choice") {
    ctx.state.pending = {
      seat: attackerSeat,
      kind: "choose_hit_part",
      rule: "000_200ff4b7b5d3d570.txt 1.2.1",
      options: { defender: defender.id, parts: intactSlots(defender), by: "attacker" },
    };
    return;
  }
  const slot = roll as PartSlot;
  if (defender.parts[slot].destroyed) {
    attack.hitPart = "torso";
    ctx.emit({ type: "hit_part", defender: defender.id, part: "torso", how: "torso_fallback", roll: slot });
  } else {
    attack.hitPart = slot;
    ctx.emit({ type: "hit_part", defender: defender.id, part: slot, how: "roll", roll: slot });
    // A parry declared while both sides could designate applies when the die shows its part
    // (seed 000 1.4.2 note).
    if (!attack.chain && attack.parryDeclared === slot) attack.parry = slot;
  }
  attack.stage = "roll";
}

/**
 * Advances the attack in `state.attack` until it ends or a decision is needed.
 * @returns `"waiting"` with `state.pending` set, or `"done"` with `state.attack` cleared.
 */
export function continueAttack(ctx: Ctx): "waiting" | "done" {
  const state = ctx.state;
  for (;;) {
    const attack = state.attack;
    if (!attack) return "done";
    if (state.pending) return "waiting";
    const attacker = combatantById(state, attack.attacker) as Combatant;
    const defender = combatantById(state, attack.defender) as Combatant;
    const action = attackAction(state, attack);
    const effect = attackEffect(action) as AttackEffect;
    switch (attack.stage) {
      case "hit_part": {
        if (!isMech(defender)) {
          // A drone's parry value applies by itself in melee, unless parry is clearly impossible
          // (a rear attack) (seed 000 1.4.2 note).
          if (!attack.chain && attack.mode === "melee" && !attack.rear && droneParry(defender) > 0) attack.parry = "drone";
          attack.stage = "roll";
          break;
        }
        const shutdown = defender.stance === "SHUTDOWN";
        let chooser: "attacker" | "defender" | null = null;
        if (shutdown || (!attack.chain && attack.rear)) chooser = "attacker";
        else if (!attack.chain) {
          const keywords = attackKeywords(attack, effect);
          // The attacker's designation ability: snipe, or kick in melee (seed 000 1.2.1, 1.3, 1.4).
          const ability: DesignationAbility | null = keywords.includes("snipe") ? "snipe" : attack.mode === "melee" && keywords.includes("kick") ? "kick" : null;
          // Parry is a designation of the defender in melee (seed 000 1.4, 1.4.2); never in
          // shutdown or against a rear attack (both settled above).
          const parries = attack.mode === "melee" ? parryParts(defender) : [];
          const shield = defenderDesignates(defender);
          // Each side chooses whether to use its ability ("활성화할 수 있습니다"), the attacker first
          // (seed 000 1.2.1 note); only abilities in use count.
          const used = attack.designation ?? {};
          if (ability && used.attacker === undefined) {
            state.pending = {
              seat: attacker.owner,
              kind: "use_designation",
              rule: "000_200ff4b7b5d3d570.txt 1.2.1",
              options: { defender: defender.id, by: "attacker", ability, other: shield || parries.length > 0 ? "may" : "none" },
            };
            return "waiting";
          }
          const byAttacker = ability !== null && used.attacker === true;
          if (shield && used.defender === undefined) {
            state.pending = {
              seat: defender.owner,
              kind: "use_designation",
              rule: "000_200ff4b7b5d3d570.txt 1.2.1",
              options: { defender: defender.id, by: "defender", ability: "shield", other: byAttacker ? "uses" : "none" },
            };
            return "waiting";
          }
          const shieldUsed = shield && used.defender === true;
          if (parries.length > 0 && attack.parryDeclared === undefined && (byAttacker || !shieldUsed)) {
            // Unless the raised shield already lets the defender designate (naming a parry part
            // then parries), the defender may declare a parry (seed 000 1.4.2 and its note, when
            // the attacker designates too), or decline with null.
            state.pending = {
              seat: defender.owner,
              kind: "declare_parry",
              rule: "000_200ff4b7b5d3d570.txt 1.4.2",
              options: { defender: defender.id, parts: parries, contested: byAttacker },
            };
            return "waiting";
          }
          // Only one side designating designates; both cancel out and, as neither, the part die
          // is rolled (seed 000 1.2.1). An uncontested parry has named the part already.
          const byDefender = shieldUsed || (attack.parryDeclared ?? null) !== null;
          if (byAttacker !== byDefender) chooser = byAttacker ? "attacker" : "defender";
        }
        if (chooser) {
          state.pending = {
            seat: chooser === "attacker" ? attacker.owner : defender.owner,
            kind: "choose_hit_part",
            rule: "000_200ff4b7b5d3d570.txt 1.2.1",
            options: { defender: defender.id, parts: intactSlots(defender), by: chooser },
          };
          return "waiting";
        }
        attack.partRoll = rollPartDie(ctx);
        ctx.emit({ type: "part_rolled", defender: defender.id, roll: attack.partRoll as NonNullable<AttackState["partRoll"]>, reroll: false });
        attack.stage = "part_reroll";
        // The attacker's mech may link-reroll the part die whenever it rolls it, chain damage
        // included (seed 000 4 "공격 시 부품 주사위도 다시 굴릴 수 있습니다"; 1.2.4.1 B has the
        // attacker roll it). Only the attack dice are not rerolled there: none are rolled (1.2.4.1 C).
        if (canSpendLink(attacker)) {
          state.pending = {
            seat: attacker.owner,
            kind: "part_reroll",
            rule: "000_200ff4b7b5d3d570.txt 4",
            options: { defender: defender.id, roll: attack.partRoll as NonNullable<AttackState["partRoll"]> },
          };
          return "waiting";
        }
        break;
      }
      case "part_reroll":
        settlePartRoll(ctx, attack, defender as MechState, attacker.owner);
        if (state.pending) return "waiting";
        break;
      case "roll": {
        const attackerAbilities = attack.chain ? [] : [...(effect.diceAbilities ? [effect.diceAbilities] : []), ...partDiceAbilities(attacker)];
        const defenderAbilities = partDiceAbilities(defender);
        const dice = attack.dice ?? effect.dice;
        const pool = defencePool(attack, defender);
        if (attack.parry) ctx.emit({ type: "parry", unit: defender.id, part: attack.parry === "drone" ? null : attack.parry, white: parryWhite(attack, defender) });
        const built = buildPools(
          { yellow: attack.chain ? 0 : dice.yellow, red: attack.chain ? 0 : dice.red, white: pool.white, blue: pool.blue },
          attackerAbilities,
          defenderAbilities,
          attack.chain,
        );
        for (const c of built.changes) {
          ctx.emit({ type: "dice_changed", side: c.die === "yellow" || c.die === "red" ? "attack" : "defence", by: c.by, die: c.die, change: c.change });
        }
        // Set dice: the attacker's (when attacking) first, then the defender's (when defending).
        const sets = [
          ...attackerAbilities.flatMap((a) => a.setAttack.map((set) => ({ by: "attacker" as const, set }))),
          ...defenderAbilities.flatMap((a) => a.setDefence.map((set) => ({ by: "defender" as const, set }))),
        ];
        if (!attack.chain) {
          attack.attackDice = rollPool(ctx, "attack", built.pools, sets);
          ctx.emit({ type: "dice_rolled", side: "attack", dice: attack.attackDice });
        }
        attack.defenceDice = rollPool(ctx, "defence", built.pools, sets);
        ctx.emit({ type: "dice_rolled", side: "defence", dice: attack.defenceDice });
        attack.stage = "attack_reroll";
        break;
      }
      case "attack_reroll":
        attack.stage = "defence_reroll";
        if (!attack.chain && canSpendLink(attacker) && attack.attackDice.length > 0) {
          state.pending = { seat: attacker.owner, kind: "attack_reroll", rule: "000_200ff4b7b5d3d570.txt 1.2.1, 4", options: { dice: attack.attackDice.length } };
          return "waiting";
        }
        break;
      case "defence_reroll":
        attack.stage = "resolve";
        if (canSpendLink(defender) && attack.defenceDice.length > 0) {
          state.pending = { seat: defender.owner, kind: "defence_reroll", rule: "000_200ff4b7b5d3d570.txt 1.2.1, 4", options: { dice: attack.defenceDice.length } };
          return "waiting";
        }
        break;
      case "resolve": {
        // Replacements: the attacker's first, then the defender's (seed 000 1.2.1 note).
        if (!attack.chain) {
          for (const change of applyReplacements(attack.attackDice, effect.replace)) {
            ctx.emit({ type: "dice_replaced", side: "attack", ...change });
          }
        }
        const defenderReplace = partDiceAbilities(defender).flatMap((a) => a.replaceDefence);
        for (const change of applyReplacements(attack.defenceDice, defenderReplace)) {
          ctx.emit({ type: "dice_replaced", side: "defence", ...change });
        }
        // Low-observable (seed 000 6.1): the defender's white/blue [eye] results become [evade].
        if (isLowObservable(defender)) {
          for (const change of applyReplacements(attack.defenceDice, LOW_OBSERVABLE_REPLACEMENT)) {
            ctx.emit({ type: "dice_replaced", side: "defence", ...change });
          }
        }
        // The defender's cancellation (seed 000 1.2.1): asked only when the ways to cancel lead to
        // outcomes neither of which is better for it in every respect; else taken at once.
        const stakes = cancelStakes(state, attack, defender, effect);
        const options = cancelOptions(cancelCountsOf(attack, attacker, defender, effect, stakes), stakes);
        attack.stage = "damage";
        if (options.length > 1) {
          attack.stage = "cancel";
          state.pending = { seat: defender.owner, kind: "choose_cancellation", rule: "000_200ff4b7b5d3d570.txt 1.2.1", options: { defender: defender.id, options } };
          return "waiting";
        }
        const only = options[0] as CancelOption;
        attack.cancel = { evade: { ...only.evade }, defend: only.defend };
        break;
      }
      case "cancel":
        // Only left through the choose_cancellation answer, which records the cancellation.
        return "waiting";
      case "damage": {
        const attackerStance = attack.chain ? null : stanceOf(attacker);
        const outcome = applyCancellation(cancelCountsOf(attack, attacker, defender, effect, cancelStakes(state, attack, defender, effect)), attack.cancel as Cancellation);
        ctx.emit({
          type: "attack_resolved",
          damage: outcome.damage,
          penetrated: outcome.penetrated,
          hit: outcome.hit,
          cancelledByEvade: outcome.cancelledByEvade,
          cancelledByDefend: outcome.cancelledByDefend,
        });
        if (!attack.chain && outcome.hit && attackKeywords(attack, effect).includes("impact") && isMech(defender) && !defender.destroyed) {
          loseLink(ctx, defender, "impact");
        }
        if (!attack.chain) fireResultTriggers(ctx, attack, effect, defender, attackerStance);
        if (attack.parry && !attack.chain && !outcome.penetrated) {
          ctx.emit({ type: "parry_succeeded", unit: defender.id, part: attack.parry === "drone" ? null : attack.parry });
        }
        const defenderSquare = defender.at as Square;
        if (outcome.penetrated) penetrate(ctx, defender, attack.hitPart);
        // Interceptions and blasts have no chain damage (project decision, docs/rules/ember.md).
        if (!attack.chain && outcome.penetrated && attack.mode !== "blast" && !attack.intercept) {
          const options = chainOptions(state, attack, attackKeywords(attack, effect), defenderSquare);
          if (options.length === 1) {
            beginChain(ctx, options[0] as ChainOption, outcome.uncancelled);
            break;
          }
          if (options.length > 1) {
            attack.stage = "chain_choice";
            attack.attackDice = outcome.uncancelled.map((r) => ({ die: "chain" as const, face: plainFace(r) }));
            state.pending = { seat: attacker.owner, kind: "choose_chain", rule: "000_200ff4b7b5d3d570.txt 1.2.4", options: { options } };
            return "waiting";
          }
        }
        state.attack = null;
        return "done";
      }
      case "chain_choice":
        // Only reached through the choose_chain answer, which starts the chain.
        return "waiting";
    }
  }
}

/**
 * The results the defender cancels, counted (seed 000 1.2.1): [eye]/[lightning] results only when
 * a trigger of theirs would change something (`stakes`); chain damage has no abilities (1.2.4.1).
 */
export function cancelCountsOf(attack: AttackState, attacker: Combatant, defender: Combatant, effect: AttackEffect, stakes: Stakes) {
  if (attack.chain) return cancelCounts(attack.attackDice, attack.defenceDice, null, stanceOf(defender));
  const triggering = stakes.triggers.map((t) => t.on);
  return cancelCounts(attack.attackDice, attack.defenceDice, stanceOf(attacker), stanceOf(defender), effect.damageResults, triggering);
}

/**
 * What the cancellation can change for this defender (seed 000 1.2.1, 1.2.4): link lost to impact
 * (a mech with link left), a stance forced by suppress (a mech in MOB or OFF), and the chain damage
 * a penetration would pass on (an attack with a chain effect that has a target: rupture only while
 * the penetration leaves the defender standing). Nothing in chain damage (1.2.4.1: no effects, no
 * further chain).
 */
export function cancelStakes(state: EmberState, attack: AttackState, defender: Combatant, effect: AttackEffect): Stakes {
  if (attack.chain) return { impactOnHit: false, triggers: [], chain: false };
  const losesLink = isMech(defender) && defender.link > 0;
  const suppressible = isMech(defender) && defender.stance !== "SHUTDOWN" && defender.stance !== "DEF";
  const keywords = attackKeywords(attack, effect);
  const triggers = effect.triggers.filter((t) => !effect.damageResults.includes(t.on) && (t.effect === "impact" ? losesLink : suppressible));
  let chain = false;
  if (attack.mode !== "blast" && !attack.intercept && defender.at && defender.kind !== "projectile") {
    const options = chainOptions(state, attack, keywords, defender.at);
    chain = options.some((o) => o.keyword !== "rupture") || (options.length > 0 && !penetrationDestroys(defender, attack.hitPart));
  }
  return { impactOnHit: keywords.includes("impact") && losesLink, triggers, chain };
}

/**
 * Effects triggered by [eye]/[lightning] results that no [evade] cancelled (seed 000 1.2.1): the
 * defender's cancellation says how many of each its [evade]s took; each remaining triggering
 * result of a trigger fires its effect once per attack. `impact` costs the target mech 1 link;
 * `suppress` switches it to DEF (not in shutdown).
 */
function fireResultTriggers(ctx: Ctx, attack: AttackState, effect: AttackEffect, defender: Combatant, attackerStance: Stance | null): void {
  if (effect.triggers.length === 0) return;
  const evaded = (attack.cancel as Cancellation).evade;
  const left = (on: "eye" | "lightning") =>
    // Results already counted as damage were dealt with by the damage calculation.
    effect.damageResults.includes(on) ? 0 : countResult(attack.attackDice, on, attackerStance) - evaded[on];
  for (const trigger of effect.triggers) {
    if (left(trigger.on) <= 0 || defender.destroyed || !isMech(defender)) continue;
    ctx.emit({ type: "result_triggered", unit: defender.id, on: trigger.on, effect: trigger.effect });
    if (trigger.effect === "impact") loseLink(ctx, defender, "impact");
    else if (defender.stance !== "SHUTDOWN" && defender.stance !== "DEF") {
      defender.stance = "DEF";
      ctx.emit({ type: "stance_changed", unit: defender.id, stance: "DEF", reason: "suppress" });
    }
  }
}
