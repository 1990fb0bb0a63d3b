/**
 * The EW roll as it is played (seed 000 5.2, with the link rerolls of seed 000 4): both sides roll
 * their yellow dice; the caster, then the responder, may spend 1 link to reroll any of their own
 * dice ("메카 유닛이 주사위를 굴리는 경우, 링크 수치 1 을 소모하여 아군 주사위를 다시 굴리는"; a
 * mech keeps at least 1 link, as in an attack's link rerolls, 1.2.1); then the roll is settled and
 * decides what it was rolled for: an electronic attack's effects (5.1: link loss, detection 2.4,
 * 6.4), or whether an attack on a camouflaged unit goes on (detection before the attack, 6.2).
 * While a reroll is asked (a pending decision, answered with `reroll` like an attack's) the roll
 * waits in `state.ewRoll`.
 *
 * The caster of a detection roll may be a projectile with an EW value (its targeted blast, 6.2 with
 * 1.5.3): it has no link, so it is never asked for a reroll.
 *
 * Hidden information (6.2): detection before an attack is rolled against a camouflaged unit whose
 * real square is its owner's secret. Nothing here reads the real square before the roll is
 * settled: who is asked (a mech with link to spend and dice to reroll), the question (how many
 * dice) and its default (no reroll) are public facts. The real square is read at decloak, when
 * the roll has revealed it.
 */
import { beginAttack, beginBlast, unitAttackAction } from "./attack-declare";
import { combatantById, mechAction, projectileCard, unitById } from "./query";
import { decloak, detected } from "./concealment";
import type { Ctx } from "./context";
import type { AttackEffect, ElectronicAttackEffect, PartSlot } from "./data/schema";
import { electronicLinkLoss, ewDiceCounts, rollEwDice, settleEwRoll } from "./ew";
import { canSpendLink } from "./resources";
import { attackEffect, targetProblem } from "./targeting";
import type { Combatant, EwFollowUp, EwRollState, MechState, ProjectileState, UnitState } from "./types";

const RULE = "000_200ff4b7b5d3d570.txt 4, 5.2";

/** Rolls both sides' dice and opens the roll at the caster's reroll (seed 000 5.2). */
function startEwRoll(ctx: Ctx, caster: Combatant, responder: UnitState, strength: number, purpose: EwRollState["purpose"], then: EwFollowUp): void {
  const counts = ewDiceCounts(caster, responder, strength);
  ctx.state.ewRoll = {
    purpose,
    caster: caster.id,
    responder: responder.id,
    casterDice: rollEwDice(ctx, counts.caster),
    responderDice: rollEwDice(ctx, counts.responder),
    stage: "caster_reroll",
    then,
  };
}

/**
 * An electronic attack action (seed 000 5.1): the EW roll against the target, whose success
 * applies the action's effects (link loss, seed 000 4; detection, 2.4). The caller has checked
 * the action with `electronicAttackProblem` and drives the roll on (`afterAttack`).
 */
export function startElectronicAttack(ctx: Ctx, caster: MechState, target: UnitState, part: PartSlot, action: string, effect: ElectronicAttackEffect): void {
  startEwRoll(ctx, caster, target, effect.strength, "electronic_attack", { kind: "electronic_attack", part, action });
}

/**
 * An attack on a unit (seed 000 1.2.1): declared at once, or, on a camouflaged unit, after the
 * detection roll the attacker makes first (seed 000 6.2 "공격자는 먼저 탐지를 시도합니다"). The
 * caller has checked the target with `targetProblem` and drives the attack or the roll on
 * (`afterAttack`).
 * @param extra the attack's own keywords and dice when they differ from the card's.
 */
export function attackOrDetect(
  ctx: Ctx,
  attacker: UnitState,
  defender: UnitState,
  part: PartSlot | null,
  action: string,
  extra: { readonly keywords?: AttackEffect["keywords"]; readonly dice?: { yellow: number; red: number } } = {},
): void {
  if (defender.camouflage) {
    startEwRoll(ctx, attacker, defender, 0, "detect_before_attack", {
      kind: "attack",
      part,
      action,
      ...(extra.keywords ? { keywords: [...extra.keywords] } : {}),
      ...(extra.dice ? { dice: { ...extra.dice } } : {}),
    });
    return;
  }
  beginAttack(ctx, attacker, defender, unitAttackAction(attacker, part, action), part, extra);
}

/**
 * A blast attack on one unit (seed 000 1.5.3): declared at once, or, when a targeted blast
 * ("대상 유닛에게 피해") is aimed at a camouflaged unit, after the detection roll the projectile
 * makes first (seed 000 6.2 "광학 위장 유닛이 사격/근접/폭발 데미지에 의해 대상으로 지정되면
 * 공격자는 먼저 탐지를 시도합니다"; only a projectile with EW 1 or more selects one, `seekCandidates`).
 * An area blast ("사거리 내 모든 유닛") hits a camouflaged unit without detection ("광역 공격은
 * 탐지하지 않고 광학 위장 유닛에 직접 데미지를 줄 수 있습니다"). The caller drives the roll on.
 */
export function blastOrDetect(ctx: Ctx, projectile: ProjectileState, victim: Combatant): void {
  const targeted = projectileCard(projectile.projectileId).detonation.blast === "target";
  if (targeted && victim.kind !== "projectile" && victim.camouflage) {
    startEwRoll(ctx, projectile, victim, 0, "detect_before_attack", { kind: "blast" });
    return;
  }
  beginBlast(ctx, projectile, victim);
}

/**
 * Carries an EW roll on from wherever it stopped: the caster's link reroll, then the responder's
 * (each asked only of a mech that can spend link and has dice), then the result and what it
 * decides.
 * @returns `"waiting"` with `state.pending` set, or `"done"` with no roll left (an attack it let
 *   go on is then in `state.attack`).
 */
export function continueEwRoll(ctx: Ctx): "waiting" | "done" {
  const state = ctx.state;
  for (;;) {
    const roll = state.ewRoll;
    if (!roll) return "done";
    if (state.pending) return "waiting";
    const side = roll.stage === "caster_reroll" ? "caster" : "responder";
    if (roll.stage === "settle") {
      settle(ctx, roll);
      return "done";
    }
    roll.stage = roll.stage === "caster_reroll" ? "responder_reroll" : "settle";
    const unit = combatantById(state, roll[side]);
    const dice = side === "caster" ? roll.casterDice : roll.responderDice;
    if (canSpendLink(unit) && dice.length > 0) {
      state.pending = { seat: unit.owner, kind: "ew_reroll", rule: RULE, options: { side, unit: unit.id, dice: dice.length, purpose: roll.purpose } };
      return "waiting";
    }
  }
}

/** Settles the roll (seed 000 5.2) and carries out what it decides. */
function settle(ctx: Ctx, roll: EwRollState): void {
  const state = ctx.state;
  delete state.ewRoll;
  const caster = combatantById(state, roll.caster) as Combatant;
  const responder = unitById(state, roll.responder) as UnitState;
  const winner = settleEwRoll(ctx, caster, responder, roll.casterDice, roll.responderDice, roll.purpose);
  const then = roll.then;
  if (then.kind === "electronic_attack") {
    if (winner !== "caster") return;
    const effect = mechAction(caster as MechState, then.part, then.action)?.effect as ElectronicAttackEffect;
    if (effect.linkLoss > 0) electronicLinkLoss(ctx, responder, effect.linkLoss);
    if (effect.detect) detected(ctx, responder);
    return;
  }
  // Detection before an attack (seed 000 6.2): a failure fails the attack entirely (the
  // attacker's own costs stay paid); a success decloaks the target, and the attack goes on only
  // if the target, where it appeared, is still a valid target.
  if (winner !== "caster") {
    ctx.emit({ type: "attack_failed", attacker: caster.id, defender: responder.id, reason: "not_detected" });
    return;
  }
  decloak(ctx, responder, "detected");
  if (then.kind === "blast") {
    // The blast's target is the one the projectile selected, whatever its range (seed 000 1.5.3
    // "폭발 데미지의 대상은 사거리나 방향에 관계없이 액션 문구에 명시"): where it appeared, it is hit.
    if (!responder.destroyed && responder.at) beginBlast(ctx, caster as ProjectileState, responder);
    return;
  }
  if (caster.kind === "projectile") return;
  const action = unitAttackAction(caster, then.part, then.action);
  if (targetProblem(state, caster, attackEffect(action) as AttackEffect, responder) !== null) {
    ctx.emit({ type: "attack_failed", attacker: caster.id, defender: responder.id, reason: "cannot_reach" });
    return;
  }
  beginAttack(ctx, caster, responder, action, then.part, {
    ...(then.keywords ? { keywords: then.keywords } : {}),
    ...(then.dice ? { dice: then.dice } : {}),
  });
}
