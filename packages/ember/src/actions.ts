/**
 * Actions in an activation (seed 001 6.3): the checks every action shares (the active mech, an
 * intact part, each action once, ticks, the starting action's timing, costs: seed 000 4, 7, 9.4)
 * and each kind's own (attack 1.2.1-1.4, move, launch 1.5, smoke 10, link, discard and charge 2,
 * 8, 11, resupply 7, coordination 9.3, electronic warfare 5, camouflage 6.2), then carrying it out.
 */
import { chebyshev, type SeatId, type Square } from "@fogwar/engine";
import { allied, isMech, unitById } from "./query";
import { attackTerms } from "./attack-declare";
import { actionKey, activeMech, afterAction, afterAttack, coordinationReceivers, findAction, moveUnit, type Problem } from "./commands";
import { camouflageOn, decloak, hiddenSquareProblem } from "./concealment";
import type { Ctx } from "./context";
import { catalog } from "./data";
import type { Action, PartSlot } from "./data/schema";
import { electronicAttackProblem, electronicSupport, electronicSupportProblem } from "./ew";
import { attackOrDetect, startElectronicAttack } from "./ew-roll";
import { launch, launchProblem } from "./launch";
import { lockersOf, locks } from "./melee";
import { canReach } from "./reach";
import {
  ammoLeft,
  canAffordLink,
  canDiscard,
  chargeableAction,
  chargePart,
  discardPart,
  isCharged,
  resuppliable,
  resupply,
  spendAmmo,
  spendCharge,
  spendCommandTokens,
  spendLink,
  unarmedSlots,
} from "./resources";
import { placeSmoke, smokeProblem } from "./smoke";
import { targetProblem } from "./targeting";
import type { EmberCommand, EmberErrorCode, EmberState, MechState, UnitState } from "./types";

/**
 * Why the active mech cannot take an action, or null (seed 001 6.3): the part must be intact and
 * provide it; each part action once; enough ticks; the starting action matches the dial's
 * timing (after a reboot, too: seed 000 1.1.1); the action's conditions hold (targets, link).
 */
export function actProblem(state: EmberState, seat: SeatId, command: Extract<EmberCommand, { type: "act" }>): Problem {
  const gate = actionGate(state, seat, command.unit, command.part, command.action);
  if (typeof gate === "string") return gate;
  const { mech, action } = gate;
  const effect = action.effect;
  const bare = command.to === undefined && command.facing === undefined && command.target === undefined;
  if (effect.kind !== "attack" && (command.unarmed !== undefined || command.useCharge !== undefined)) return "malformed_command";
  if (effect.kind !== "resupply" && command.targetPart !== undefined) return "malformed_command";
  // Only camouflage and movement name the owner's secret real square (seed 000 6.2).
  if (command.hidden !== undefined && effect.kind !== "camouflage" && effect.kind !== "move") return "malformed_command";
  const targetOnly = command.target !== undefined && command.to === undefined && command.facing === undefined;
  switch (effect.kind) {
    case "attack": {
      if (command.target === undefined || command.to !== undefined || command.facing !== undefined) return "malformed_command";
      // Unarmed designation (seed 000 11): thrown actions need it, two-handed ones may use it.
      if (command.unarmed !== undefined) {
        if (!effect.twoHanded && !effect.thrown) return "malformed_command";
        if (!unarmedSlots(mech, command.part).includes(command.unarmed)) return "unarmed_needed";
      } else if (effect.thrown) return "unarmed_needed";
      if (command.useCharge !== undefined && (!command.useCharge || !isCharged(mech, command.part, action.id))) return "not_chargeable";
      return targetProblem(state, mech, effect, unitById(state, command.target));
    }
    case "move": {
      if (command.to === undefined || command.facing === undefined || command.target !== undefined) return "malformed_command";
      if (!canReach(state, mech, effect.range, command.to)) return "out_of_reach";
      // A crawl cannot leave a lock-on (seed 000 2.2.1): every unit locking the mech must still
      // lock it on the square and facing it crawls to.
      if (effect.crawl) {
        const after = { ...mech, at: { ...command.to }, facing: command.facing };
        if (lockersOf(state, mech).some((locker) => !locks(state, locker, after))) return "locked_on";
      }
      if (command.hidden === undefined) return null;
      if (!mech.camouflage) return "not_concealed";
      return hiddenSquareProblem(state, mech, command.to, mech.camouflage.concealment, command.hidden);
    }
    case "recover_link":
      if (!bare) return "malformed_command";
      return mech.link >= mech.linkMax ? "link_full" : null;
    case "stabilise":
      // No sample effect places square or hexagon tokens yet, so the action recovers link only.
      if (!bare) return "malformed_command";
      return mech.link >= mech.linkMax ? "link_full" : null;
    case "discard":
      if (!bare) return "malformed_command";
      return canDiscard(mech, command.part) ? null : "not_armed";
    case "charge": {
      if (!bare) return "malformed_command";
      const chargeable = chargeableAction(mech, command.part);
      if (!chargeable) return "not_chargeable";
      return isCharged(mech, command.part, chargeable.id) ? "already_charged" : null;
    }
    case "resupply": {
      if (command.target === undefined || command.targetPart === undefined || command.to !== undefined || command.facing !== undefined) {
        return "malformed_command";
      }
      const target = unitById(state, command.target);
      if (!isMech(target) || !allied(state, target.owner, seat) || !target.at || target.destroyed || !mech.at) return "invalid_target";
      if (chebyshev(mech.at, target.at) > effect.range) return "out_of_range";
      return resuppliable(target, command.targetPart, effect.ammo).length > 0 ? null : "nothing_to_resupply";
    }
    case "coordinate":
      if (!bare) return "malformed_command";
      return coordinationReceivers(state, mech) ? null : "not_enough_command_tokens";
    case "launch":
      return launchProblem(state, mech, effect, command);
    case "smoke":
      return smokeProblem(state, mech, effect, command);
    case "electronic_attack":
      if (!targetOnly) return "malformed_command";
      return electronicAttackProblem(state, mech, effect, unitById(state, command.target as string));
    case "electronic_support":
      if (!targetOnly) return "malformed_command";
      return electronicSupportProblem(state, mech, effect, unitById(state, command.target as string));
    case "camouflage":
      if (!bare || command.hidden === undefined) return "malformed_command";
      if (mech.camouflage) return "invalid_choice";
      return hiddenSquareProblem(state, mech, mech.at as Square, effect.concealment, command.hidden);
    case "decloak":
      if (!bare) return "malformed_command";
      return mech.camouflage ? null : "not_concealed";
  }
}

/**
 * The checks of an action that do not depend on its target (seed 001 6.3): the active mech,
 * not shut down, an intact part that provides the action, each part action once, enough ticks,
 * the starting action matching the dial, and only a short action after a reboot (seed 000 1.1.1).
 * @returns the mech and the action, or the first problem.
 */
export function actionGate(
  state: EmberState,
  seat: SeatId,
  unit: string,
  slot: PartSlot,
  actionId: string,
): { mech: MechState; action: Action } | EmberErrorCode {
  const mech = activeMech(state, seat, unit);
  if (typeof mech === "string") return mech;
  const activation = state.activation as NonNullable<EmberState["activation"]>;
  if (mech.stance === "SHUTDOWN") return "unit_shutdown";
  if (mech.parts[slot].destroyed) return "part_destroyed";
  const action = findAction(mech, slot, actionId);
  if (!action) return "unknown_action";
  if (activation.actionsTaken.includes(actionKey(slot, action.id))) return "action_already_used";
  if (activation.ticks < catalog.data.rules.lengthCost[action.length]) return "not_enough_ticks";
  if (activation.actionsTaken.length === 0 && action.timing !== activation.timing) return "timing_mismatch";
  if (activation.rebooted && action.length !== "S") return "not_enough_ticks";
  // Costs (seed 000 4, 7, 9.4): link never spent to 0, an ammo token, face-up command tokens.
  if (action.linkCost !== undefined && !canAffordLink(mech, action.linkCost)) return "not_enough_link";
  if ((ammoLeft(mech, slot, action) ?? 1) < 1) return "no_ammo";
  if (action.commandCost !== undefined && mech.commandTokens < action.commandCost) return "not_enough_command_tokens";
  // A passive interception-only action is never taken actively (seed 000 3).
  if (action.effect.kind === "attack" && action.effect.interceptOnly) return "intercept_only";
  return { mech, action };
}

export function act(ctx: Ctx, seat: SeatId, command: Extract<EmberCommand, { type: "act" }>): Problem {
  const state = ctx.state;
  const problem = actProblem(state, seat, command);
  if (problem) return problem;
  const mech = unitById(state, command.unit) as MechState;
  const activation = state.activation as NonNullable<EmberState["activation"]>;
  const action = findAction(mech, command.part, command.action) as Action;
  activation.ticks -= catalog.data.rules.lengthCost[action.length];
  activation.actionsTaken.push(actionKey(command.part, action.id));
  activation.stanceChosen = true;
  activation.manoeuvred = true;
  // An action without the silent keyword ends concealment once it is done (seed 000 6.3).
  if (!action.silent) activation.noisy = true;
  ctx.emit({ type: "action_taken", unit: mech.id, part: command.part, action: action.id, target: command.target });
  if (action.linkCost !== undefined) spendLink(ctx, mech, action.linkCost);
  if (action.ammo) spendAmmo(ctx, mech, command.part, action);
  if (action.commandCost !== undefined) spendCommandTokens(ctx, mech, action.commandCost);
  if (action.coordination !== undefined) {
    activation.coordination = (activation.coordination ?? 0) + action.coordination;
    ctx.emit({ type: "coordination_granted", unit: mech.id, commands: action.coordination });
  }
  const effect = action.effect;
  const target = command.target === undefined ? undefined : (unitById(state, command.target) as UnitState);
  switch (effect.kind) {
    case "attack": {
      // The attack's own keywords and dice: a kick with the chassis (seed 000 1.4, 2.2), a spent
      // charge (8), an unarmed part assisting a two-handed action (11).
      const { dice, keywords, charge } = attackTerms(action, command.part, command);
      if (charge) spendCharge(ctx, mech, command.part, action.id);
      const sameKeywords = keywords.length === effect.keywords.length;
      const sameDice = dice.yellow === effect.dice.yellow && dice.red === effect.dice.red;
      // An attack on a camouflaged unit detects first; a failure fails the attack, its costs paid (seed 000 6.2).
      attackOrDetect(ctx, mech, target as UnitState, command.part, action.id, {
        ...(sameKeywords ? {} : { keywords: [...new Set(keywords)] }),
        ...(sameDice ? {} : { dice }),
      });
      afterAttack(ctx);
      return null;
    }
    case "move":
      // Enemy passive installations may go off when the move ends (seed 000 1.5): afterAttack
      // runs them before the activation goes on.
      moveUnit(ctx, mech, command.to as Square, command.facing as UnitState["facing"], command.hidden);
      afterAttack(ctx);
      return null;
    case "launch":
      launch(ctx, mech, effect, command, (unit, to, facing) => moveUnit(ctx, unit, to, facing));
      afterAttack(ctx);
      return null;
    case "smoke":
      placeSmoke(ctx, seat, command.squares ?? []);
      break;
    case "recover_link":
      mech.link = Math.min(mech.linkMax, mech.link + effect.amount);
      ctx.emit({ type: "link_changed", unit: mech.id, link: mech.link, reason: "recover" });
      break;
    case "stabilise":
      mech.link = Math.min(mech.linkMax, mech.link + 1);
      ctx.emit({ type: "link_changed", unit: mech.id, link: mech.link, reason: "stabilise" });
      break;
    case "discard":
      discardPart(ctx, mech, command.part);
      break;
    case "charge":
      chargePart(ctx, mech, command.part);
      break;
    case "resupply":
      resupply(ctx, unitById(state, command.target as string) as MechState, command.targetPart as PartSlot, effect.ammo, effect.amount);
      break;
    case "coordinate":
      break;
    case "electronic_attack":
      // The EW roll may wait for link rerolls (seed 000 4, 5.2); afterAttack carries it on.
      startElectronicAttack(ctx, mech, target as UnitState, command.part, action.id, effect);
      afterAttack(ctx);
      return null;
    case "electronic_support":
      electronicSupport(ctx, target as UnitState, effect);
      break;
    case "camouflage":
      camouflageOn(ctx, mech, command.part, effect, command.hidden as Square);
      break;
    case "decloak":
      decloak(ctx, mech, "action");
      break;
  }
  afterAction(ctx);
  return null;
}
