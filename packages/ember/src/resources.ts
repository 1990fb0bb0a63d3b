/**
 * A mech's spendable resources and card states: link spent by actions and rerolls, and lost to
 * damage and effects (seed 000 4, 1.2.3), ammo and salvo X (7), charge tokens (8), command
 * generation and command tokens (9.1, 9.4), and armed parts with their discarded cards and
 * unarmed designation (11). Pure functions over the state; the ones that change it take the
 * context and report events.
 */
import type { Ctx } from "./context";
import { mechPart, partCard } from "./query";
import { PART_SLOTS } from "./data/terms";
import type { Action, Part, PartSlot } from "./data/schema";
import type { Combatant, LinkChangeReason, MechState } from "./types";

// ---------------------------------------------------------------------------------------------
// Link (seed 000 4)

/**
 * Whether a mech can spend `cost` link on an action: link is never spent down to 0, so it needs
 * at least `cost + 1` (seed 000 4).
 */
export const canAffordLink = (mech: MechState, cost: number): boolean => mech.link - cost >= 1;

/** A mech may spend link only while it keeps at least 1 (seed 000 4). */
export const canSpendLink = (unit: Combatant | undefined): unit is MechState => unit?.kind === "mech" && unit.link >= 2;

/**
 * Lowers a mech's link by `amount` (never below 0) through part destruction or an effect (impact,
 * electronic attack, ...); unlike spending, this may reach 0, and at 0 the mech shuts down at once
 * (seed 000 1.2.3, 4).
 */
export function loseLink(ctx: Ctx, mech: MechState, reason: LinkChangeReason, amount = 1): void {
  if (mech.link === 0 || amount <= 0) return;
  mech.link = Math.max(0, mech.link - amount);
  ctx.emit({ type: "link_changed", unit: mech.id, link: mech.link, reason });
  if (mech.link === 0 && mech.stance !== "SHUTDOWN") {
    mech.stance = "SHUTDOWN";
    ctx.emit({ type: "stance_changed", unit: mech.id, stance: "SHUTDOWN", reason: "link_zero" });
  }
}

/** Spends link on an action; the caller has checked {@link canAffordLink} (seed 000 4). */
export function spendLink(ctx: Ctx, mech: MechState, cost: number): void {
  mech.link -= cost;
  ctx.emit({ type: "link_changed", unit: mech.id, link: mech.link, reason: "spend" });
}

// ---------------------------------------------------------------------------------------------
// Ammo (seed 000 7)

/** The starting ammo of a part card: one token per ammo icon of each action (seed 000 7). */
export function startingAmmo(part: Part): Record<string, number> | undefined {
  const entries = part.actions.filter((a) => a.ammo).map((a) => [a.id, a.ammo?.uses ?? 0] as const);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Ammo tokens left for an action of a part, or null when the action uses no ammo (seed 000 7). */
export function ammoLeft(mech: MechState, slot: PartSlot, action: Action): number | null {
  if (!action.ammo) return null;
  return mech.parts[slot].ammo?.[action.id] ?? action.ammo.uses;
}

/**
 * How many tokens one use of an action spends (seed 000 7): 1, or with salvo X the number of
 * projectiles fired, at most X (the launch of several projectiles is carried out by launch actions).
 * @returns the tokens to spend, or null when `count` is not allowed for this action.
 */
export function ammoCost(action: Action, count = 1): number | null {
  if (!Number.isInteger(count) || count < 1) return null;
  if (count > 1 && (action.salvo === undefined || count > action.salvo)) return null;
  return count;
}

/** Spends ammo tokens of an action; the caller has checked there are enough (seed 000 7). */
export function spendAmmo(ctx: Ctx, mech: MechState, slot: PartSlot, action: Action, count = 1): void {
  const left = ammoLeft(mech, slot, action);
  if (left === null) return;
  const part = mech.parts[slot];
  part.ammo = { ...(part.ammo ?? {}), [action.id]: left - count };
  ctx.emit({ type: "ammo_spent", unit: mech.id, part: slot, action: action.id, spent: count, left: left - count });
}

/** The actions of a part that use ammo of `kind` and have spent some (seed 000 7). */
export function resuppliable(mech: MechState, slot: PartSlot, kind: string): Action[] {
  if (mech.parts[slot].destroyed) return [];
  return mechPart(mech, slot).actions.filter((a) => a.ammo?.kind === kind && (ammoLeft(mech, slot, a) ?? 0) < a.ammo.uses);
}

/**
 * Resupplies a part (seed 000 7): flips up to `amount` spent tokens of `kind` back, action by
 * action in card order, never above each action's ammo icons.
 */
export function resupply(ctx: Ctx, mech: MechState, slot: PartSlot, kind: string, amount: number): void {
  let left = amount;
  for (const action of resuppliable(mech, slot, kind)) {
    if (left === 0) break;
    const now = ammoLeft(mech, slot, action) ?? 0;
    const restored = Math.min(left, (action.ammo?.uses ?? 0) - now);
    left -= restored;
    const part = mech.parts[slot];
    part.ammo = { ...(part.ammo ?? {}), [action.id]: now + restored };
    ctx.emit({ type: "ammo_resupplied", unit: mech.id, part: slot, action: action.id, restored, left: now + restored });
  }
}

// ---------------------------------------------------------------------------------------------
// Charge (seed 000 2.6, 8)

/** The part's action that can be charged (a charge icon), if any. */
export const chargeableAction = (mech: MechState, slot: PartSlot): Action | undefined =>
  mech.parts[slot].destroyed ? undefined : mechPart(mech, slot).actions.find((a) => a.charge);

/** Whether an action of a part is charged (its charge token face up, seed 000 8). */
export const isCharged = (mech: MechState, slot: PartSlot, actionId: string): boolean =>
  mech.parts[slot].charged?.includes(actionId) ?? false;

/** Charges the part's chargeable action (seed 000 2.6); the caller checked it is not charged. */
export function chargePart(ctx: Ctx, mech: MechState, slot: PartSlot): void {
  const action = chargeableAction(mech, slot) as Action;
  const part = mech.parts[slot];
  part.charged = [...(part.charged ?? []), action.id];
  ctx.emit({ type: "part_charged", unit: mech.id, part: slot, action: action.id });
}

/** Spends an action's charge (token flipped back) for its charged effect (seed 000 8). */
export function spendCharge(ctx: Ctx, mech: MechState, slot: PartSlot, actionId: string): void {
  const part = mech.parts[slot];
  const rest = (part.charged ?? []).filter((id) => id !== actionId);
  if (rest.length > 0) part.charged = rest;
  else delete part.charged;
  ctx.emit({ type: "charge_spent", unit: mech.id, part: slot, action: actionId });
}

// ---------------------------------------------------------------------------------------------
// Armed and unarmed (seed 000 2.1, 11)

/** Whether a part still holds a weapon that can be discarded (armed, not yet discarded, intact). */
export function canDiscard(mech: MechState, slot: PartSlot): boolean {
  const part = mech.parts[slot];
  return !part.destroyed && !part.discarded && partCard(part.partId).discarded !== undefined;
}

/**
 * Discards an armed part (seed 000 2.1, 11): the part switches to its discarded card. Triangle
 * tokens (the damage token) stay; round tokens (ammo, charge) stay only when the discarded card has
 * the action that uses them (same action id, same token), else they are removed.
 */
export function discardPart(ctx: Ctx, mech: MechState, slot: PartSlot): void {
  const part = mech.parts[slot];
  part.discarded = true;
  const card = mechPart(mech, slot);
  const kept: string[] = [];
  const removed: string[] = [];
  if (part.ammo) {
    const ammo: Record<string, number> = {};
    for (const [id, n] of Object.entries(part.ammo)) {
      if (card.actions.some((a) => a.id === id && a.ammo)) {
        ammo[id] = n;
        kept.push(`ammo:${id}`);
      } else removed.push(`ammo:${id}`);
    }
    if (Object.keys(ammo).length > 0) part.ammo = ammo;
    else delete part.ammo;
  }
  if (part.charged) {
    const charged = part.charged.filter((id) => card.actions.some((a) => a.id === id && a.charge));
    for (const id of part.charged) (charged.includes(id) ? kept : removed).push(`charge:${id}`);
    if (charged.length > 0) part.charged = charged;
    else delete part.charged;
  }
  ctx.emit({ type: "part_discarded", unit: mech.id, part: slot, kept, removed });
}

/** The mech's intact unarmed parts other than `acting`, which can assist it (seed 000 11). */
export function unarmedSlots(mech: MechState, acting: PartSlot): PartSlot[] {
  return PART_SLOTS.filter((slot) => slot !== acting && !mech.parts[slot].destroyed && mechPart(mech, slot).unarmed);
}

// ---------------------------------------------------------------------------------------------
// Commands (seed 000 9.1, 9.4)

/**
 * The commands a mech generates in the command phase (seed 000 9.1): 1 per torso, or with
 * command generation X the sum of X over its intact parts that have it; none in shutdown.
 */
export function commandGeneration(mech: MechState): number {
  if (mech.stance === "SHUTDOWN") return 0;
  const xs = PART_SLOTS.filter((slot) => !mech.parts[slot].destroyed)
    .map((slot) => mechPart(mech, slot).commandGeneration)
    .filter((x): x is number => x !== undefined);
  return xs.length > 0 ? xs.reduce((a, b) => a + b, 0) : 1;
}

/** Spends (flips) face-up command tokens of a mech (seed 000 9.4); the caller checked it has them. */
export function spendCommandTokens(ctx: Ctx, mech: MechState, count: number): void {
  mech.commandTokens -= count;
  ctx.emit({ type: "command_tokens_spent", unit: mech.id, spent: count, left: mech.commandTokens });
}
