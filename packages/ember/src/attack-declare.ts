/**
 * Declaring attacks (seed 000 1.2.1 "대상 지정"): a shooting or melee attack of a mech or a drone
 * (1.3, 1.4), a projectile's blast on one unit (1.5.3) and an interception (3). Each records the
 * attack in `state.attack` at its hit part stage and reports it; the attack process (attack.ts)
 * runs it from there.
 */
import { combatantById, commonAction, droneCard, isMech, mechAction, projectileCard } from "./query";
import { coverFor, isRearAttack } from "./sight";
import type { Ctx } from "./context";
import type { Action, AttackEffect, AttackKeyword, ChargedBonus, PartSlot } from "./data/schema";
import { attackEffect } from "./targeting";
import type { AttackState, Combatant, EmberState, MechState, ProjectileState, UnitState } from "./types";

/**
 * The action an attack uses (a mech part's action, or a drone's command or automaton action); for
 * a blast, the projectile's detonation as an attack action (seed 000 1.5.3).
 */
export function attackAction(state: EmberState, attack: AttackState): Action {
  const attacker = combatantById(state, attack.attacker) as Combatant;
  if (attacker.kind === "projectile") return blastAction(attacker);
  return unitAttackAction(attacker, attack.part, attack.action);
}

/**
 * A mech part's attack action, or a drone's command or automaton action, by id.
 * @throws Error when the mech's part has no such action (callers name actions they found).
 */
export function unitAttackAction(attacker: UnitState, part: PartSlot | null, id: string): Action {
  if (attacker.kind === "drone") {
    const card = droneCard(attacker.droneId);
    return card.automaton?.action.id === id ? card.automaton.action : card.commandAction;
  }
  const action = mechAction(attacker, part as PartSlot, id);
  if (!action) throw new Error(`unknown action ${id}`);
  return action;
}

/** Attack dice of the two attack colours. */
export interface AttackDice {
  yellow: number;
  red: number;
}

/** How an attack is taken beyond its card: spending the action's charge, an unarmed part assisting. */
export interface AttackUse {
  readonly useCharge?: boolean;
  readonly unarmed?: PartSlot;
}

/**
 * The dice and keywords an attack of `action` by `part` rolls with (seed 000 1.4 and 2.2: a kick's
 * keywords for the part that kicks; 8: a spent charge adds its dice and keywords; 11: an unarmed part
 * assisting a two-handed action adds the action's two-handed dice; a thrown action's assist adds
 * none). `keywords` may repeat one the card has; `charge` and `assist` are what each added, or null.
 * The caller has checked the action is an attack and that the charge and assist are legal.
 */
export function attackTerms(
  action: Action,
  part: PartSlot | null,
  use: AttackUse,
): { readonly dice: AttackDice; readonly keywords: readonly AttackKeyword[]; readonly charge: ChargedBonus | null; readonly assist: AttackDice | null } {
  const effect = action.effect as AttackEffect;
  const slotKeywords = part === null ? [] : (commonAction(action.id)?.slotKeywords[part] ?? []);
  const charge = use.useCharge && action.charge ? action.charge : null;
  const assist = use.unarmed !== undefined && effect.twoHanded ? effect.twoHanded : null;
  return {
    dice: {
      yellow: effect.dice.yellow + (charge?.yellow ?? 0) + (assist?.yellow ?? 0),
      red: effect.dice.red + (charge?.red ?? 0) + (assist?.red ?? 0),
    },
    keywords: [...effect.keywords, ...slotKeywords, ...(charge?.keywords ?? [])],
    charge,
    assist,
  };
}

/** The keywords an attack uses: the card's, or the attack's own (a kick, a spent charge). */
export const attackKeywords = (attack: AttackState, effect: AttackEffect): readonly AttackKeyword[] => attack.keywords ?? effect.keywords;

/** A projectile's detonation as an attack action, so the attack process can run it (seed 000 1.5.3). */
export function blastAction(projectile: ProjectileState): Action {
  const card = projectileCard(projectile.projectileId);
  const d = card.detonation;
  return {
    id: card.id,
    name: card.name,
    timing: "launch",
    length: "S",
    silent: false,
    effect: {
      kind: "attack",
      attack: "shoot",
      range: 1,
      dice: d.dice,
      keywords: [...d.keywords],
      replace: [],
      damageResults: [],
      triggers: [],
      thrown: false,
      interceptOnly: false,
    },
  };
}

/**
 * Declares a blast attack of a projectile or installation on one unit (seed 000 1.5.3): the
 * target is named by the detonation (no range, sight or arc), no cover, no rear attack; the hit
 * part follows 1.5.3 (shutdown: the attacker's seat; a shield: the defender; else the part die);
 * only the defender may reroll. The projectile's owner makes the attacker's decisions, which for
 * its own units makes both sides' (seed 000 1.2.1 note).
 */
export function beginBlast(ctx: Ctx, projectile: ProjectileState, defender: Combatant): void {
  const card = projectileCard(projectile.projectileId);
  ctx.state.attack = {
    attacker: projectile.id,
    defender: defender.id,
    part: null,
    action: card.id,
    mode: "blast",
    chain: false,
    chainKeyword: null,
    rear: false,
    cover: { terrain: false, unit: false },
    stage: "hit_part",
    hitPart: null,
    partRoll: null,
    attackDice: [],
    defenceDice: [],
  };
  ctx.emit({ type: "attack_declared", attacker: projectile.id, defender: defender.id, mode: "blast", rear: false, cover: { terrain: false, unit: false }, chain: false });
  if (card.detonation.keywords.includes("suppress") && isMech(defender) && defender.stance !== "SHUTDOWN" && defender.stance !== "DEF") {
    defender.stance = "DEF";
    ctx.emit({ type: "stance_changed", unit: defender.id, stance: "DEF", reason: "suppress" });
  }
}

/**
 * Declares an interception attack (seed 000 3): the interceptor's shooting action against a
 * high-altitude unit in flight, always all-round, unaffected by lock-on, with no cover (the
 * target is in the air) and no chain damage. The caller spends the interception token.
 */
export function beginInterception(ctx: Ctx, interceptor: MechState, slot: PartSlot, action: Action, target: Combatant): void {
  ctx.state.attack = {
    attacker: interceptor.id,
    defender: target.id,
    part: slot,
    action: action.id,
    mode: "shoot",
    intercept: true,
    chain: false,
    chainKeyword: null,
    rear: false,
    cover: { terrain: false, unit: false },
    stage: "hit_part",
    hitPart: null,
    partRoll: null,
    attackDice: [],
    defenceDice: [],
  };
  ctx.emit({ type: "attack_declared", attacker: interceptor.id, defender: target.id, mode: "shoot", rear: false, cover: { terrain: false, unit: false }, chain: false });
}

/**
 * Declares an attack (seed 000 1.2.1 "대상 지정"): records it, applies effects that act before
 * the roll (suppress, seed 000 1.1 note 1-2), and runs the process as far as it goes.
 * The caller has checked the target with {@link targetProblem}.
 * @param extra keywords and dice that replace the card's for this attack (a kick with the
 *   chassis, seed 000 1.4; a spent charge, 8; a two-handed assist, 11).
 */
export function beginAttack(
  ctx: Ctx,
  attacker: UnitState,
  defender: UnitState,
  action: Action,
  part: PartSlot | null,
  extra: { readonly keywords?: readonly AttackKeyword[]; readonly dice?: { yellow: number; red: number } } = {},
): void {
  const effect = attackEffect(action) as AttackEffect;
  const state = ctx.state;
  const cover = effect.attack === "shoot" ? coverFor(state, attacker, defender) : { terrain: false, unit: false };
  const rear = isRearAttack(attacker, defender);
  state.attack = {
    attacker: attacker.id,
    defender: defender.id,
    part,
    action: action.id,
    mode: effect.attack,
    chain: false,
    chainKeyword: null,
    rear,
    cover,
    stage: "hit_part",
    hitPart: null,
    partRoll: null,
    attackDice: [],
    defenceDice: [],
    ...(extra.keywords ? { keywords: [...extra.keywords] } : {}),
    ...(extra.dice ? { dice: { ...extra.dice } } : {}),
  };
  ctx.emit({ type: "attack_declared", attacker: attacker.id, defender: defender.id, mode: effect.attack, rear, cover, chain: false });
  if ((extra.keywords ?? effect.keywords).includes("suppress") && isMech(defender) && defender.stance !== "SHUTDOWN" && defender.stance !== "DEF") {
    defender.stance = "DEF";
    ctx.emit({ type: "stance_changed", unit: defender.id, stance: "DEF", reason: "suppress" });
  }
}
