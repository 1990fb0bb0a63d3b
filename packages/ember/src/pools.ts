/**
 * The attack and defence dice of an attack (seed 000 1.2.1 "공격 주사위", "방어 주사위"): the
 * pools' base counts (the action's dice; armour or structure, cover 1.3.1-1.3.2, parry 1.4.2,
 * blue dice in MOB 1.1), the dice abilities that add, remove and set dice, attacker first, and the
 * rolls of the attack, defence and part dice.
 */
import { droneCard, intactSlots, isMech, mechPart, projectileCard, stanceOf, totalEvasion } from "./query";
import type { Ctx } from "./context";
import { catalog } from "./data";
import type { DiceAbilities, Face, PartSlot, PoolChange, PoolDie, SetDice } from "./data/schema";
import { droneParry, parryOf } from "./melee";
import type { AttackState, Combatant, DieResult } from "./types";

/** A face with one plain (not hollow) result, as set dice and chain damage dice show it. */
export const plainFace = (result: Face["result"]): Face => ({ result, count: 1, hollow: false });

/** White dice for a defender: armour, or structure once damaged (seed 000 1.2.1). */
export function baseWhite(defender: Combatant, slot: PartSlot | null): number {
  if (defender.kind === "projectile") {
    const card = projectileCard(defender.projectileId);
    return defender.damaged && card.structure !== undefined ? card.structure : card.armour;
  }
  if (defender.kind === "drone") {
    const card = droneCard(defender.droneId);
    return defender.damaged && card.structure !== undefined ? card.structure : card.armour;
  }
  const part = mechPart(defender, slot as PartSlot);
  return defender.parts[slot as PartSlot].damaged && part.structure !== undefined ? part.structure : part.armour;
}

/**
 * The defence pool (seed 000 1.2.1 "방어 주사위", 1.3): white for armour or structure, +2 white for
 * terrain cover and +2 for unit cover when shooting (not in chain damage, 1.2.4.1), blue equal to
 * the total evasion in MOB. White is never reduced to 0 when it started above 0.
 */
export function defencePool(attack: AttackState, defender: Combatant): { white: number; blue: number } {
  const cover = catalog.data.rules.coverDice;
  const base = baseWhite(defender, attack.hitPart);
  let white = base;
  if (!attack.chain && attack.mode === "shoot") {
    if (attack.cover.terrain) white += cover;
    if (attack.cover.unit) white += cover;
  }
  // Parry adds the parrying part's (or drone's) parry value in white dice (seed 000 1.4.2).
  if (!attack.chain && attack.mode === "melee") white += parryWhite(attack, defender);
  if (base > 0) white = Math.max(1, white);
  const blue = stanceOf(defender) === "MOB" ? totalEvasion(defender) : 0;
  return { white, blue };
}

/** The white dice an active parry adds (seed 000 1.4.2), 0 without one. */
export function parryWhite(attack: AttackState, defender: Combatant): number {
  if (!attack.parry) return 0;
  if (attack.parry === "drone") return droneParry(defender);
  return isMech(defender) ? parryOf(defender, attack.parry) : 0;
}

/**
 * The passive dice abilities of the intact parts of a mech (seed 000 1.2.1); none for a drone,
 * none for a mech in shutdown (seed 000 1.1: no passive effects).
 */
export function partDiceAbilities(unit: Combatant): DiceAbilities[] {
  if (!isMech(unit) || unit.stance === "SHUTDOWN") return [];
  return intactSlots(unit)
    .map((slot) => mechPart(unit, slot).diceAbilities)
    .filter((d): d is DiceAbilities => d !== undefined);
}

/**
 * Builds the attack and defence pools after the base counts (seed 000 1.2.1 "주사위 풀을 구성"):
 * the attacker's abilities for attacking (`attack`), then the defender's for defending
 * (`defence`), add or remove dice of either pool (note at the end of 1.2.1: attacker first); white
 * dice are never reduced to 0 when the pool had any ("하양 주사위의 개수는 0 으로 줄일 수
 * 없습니다"); no colour goes below 0. In chain damage there is no attack pool (1.2.4.1 C).
 * @returns the final counts and the changes made, in order.
 */
export function buildPools(
  base: { yellow: number; red: number; white: number; blue: number },
  attackerAbilities: readonly DiceAbilities[],
  defenderAbilities: readonly DiceAbilities[],
  chain = false,
): { pools: Record<PoolDie, number>; changes: { by: "attacker" | "defender"; die: PoolDie; change: number }[] } {
  const pools: Record<PoolDie, number> = { ...base };
  const whiteAtStart = base.white;
  const changes: { by: "attacker" | "defender"; die: PoolDie; change: number }[] = [];
  const steps: ["attacker" | "defender", readonly PoolChange[]][] = [
    ["attacker", attackerAbilities.flatMap((a) => a.attack)],
    ["defender", defenderAbilities.flatMap((a) => a.defence)],
  ];
  for (const [by, list] of steps) {
    for (const change of list) {
      if (chain && (change.die === "yellow" || change.die === "red")) continue;
      const before = pools[change.die];
      let after = Math.max(0, before + change.change);
      if (change.die === "white" && whiteAtStart > 0) after = Math.max(1, after);
      if (after === before) continue;
      pools[change.die] = after;
      changes.push({ by, die: change.die, change: after - before });
    }
  }
  return { pools, changes };
}

/** Rolls one face of a yellow, red, white or blue die. */
export function rollFace(ctx: Ctx, die: "yellow" | "red" | "white" | "blue"): Face {
  const faces = catalog.data.dice[die];
  return { ...(faces[ctx.dice.int(0, faces.length - 1)] as Face) };
}

function rollDice(ctx: Ctx, die: "yellow" | "red" | "white" | "blue", count: number): DieResult[] {
  return Array.from({ length: count }, () => ({ die, face: rollFace(ctx, die) }));
}

/** Rolls the part die (seed 000 1.2.1 "부품 지정"). */
export function rollPartDie(ctx: Ctx): NonNullable<AttackState["partRoll"]> {
  const faces = catalog.data.dice.part;
  return faces[ctx.dice.int(0, faces.length - 1)] ?? "torso";
}


/**
 * Rolls the dice of one side with its set dice first (seed 000 1.2.1 "X 개의 주사위를 지정"):
 * set dice take their result without rolling, the attacker's sets before the defender's; the
 * remaining dice are rolled.
 */
export function rollPool(
  ctx: Ctx,
  side: "attack" | "defence",
  counts: Record<PoolDie, number>,
  sets: readonly { by: "attacker" | "defender"; set: SetDice }[],
): DieResult[] {
  const order: PoolDie[] = side === "attack" ? ["yellow", "red"] : ["white", "blue"];
  const fixed: Record<PoolDie, Face[]> = { yellow: [], red: [], white: [], blue: [] };
  for (const { by, set } of sets) {
    if (!order.includes(set.die)) continue;
    const room = counts[set.die] - fixed[set.die].length;
    const count = Math.min(room, set.count);
    if (count <= 0) continue;
    const f = plainFace(set.face);
    for (let i = 0; i < count; i++) fixed[set.die].push({ ...f });
    ctx.emit({ type: "dice_set", side, by, die: set.die, count, face: f });
  }
  const dice: DieResult[] = [];
  for (const die of order) {
    for (const f of fixed[die]) dice.push({ die, face: f });
    dice.push(...rollDice(ctx, die, counts[die] - fixed[die].length));
  }
  return dice;
}
