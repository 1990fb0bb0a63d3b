/**
 * Odds before an attack is rolled (seed 000 1.2.1 "주사위 풀을 구성", "데미지 계산"; 1.3 shooting
 * cover; 1.1 stances): the attack and defence pools the attack would roll, every change to them
 * with its source, and the exact chance to hit and the expected damage. EMBER rolls dice pools
 * against dice pools, so there is no single target number: the pools are the "target".
 *
 * Computed from the viewer's own projection only (legal.ts `stateFromView`): the attacker, the
 * defender's public parts, stance and square, and public terrain. Nothing hidden is read. Pure;
 * accepts and produces no command (no rules version).
 *
 * Not modelled (the table says so): a parry (the defender declares it after the attack, 1.4.2),
 * designation abilities that name the hit part instead of the part die (snipe, kick, shield,
 * 1.2.1), link rerolls (4), and a camouflaged target's detection roll (6.2).
 */
import { attackTerms, unitAttackAction, type AttackUse } from "./attack-declare";
import { isLowObservable, LOW_OBSERVABLE_REPLACEMENT } from "./concealment";
import { catalog } from "./data";
import type { DiceAbilities, Face, FaceResult, PartSlot, PoolDie, Stance } from "./data/schema";
import { faceCounts } from "./dice";
import { stateFromView } from "./legal";
import { baseWhite, buildPools, partDiceAbilities } from "./pools";
import { intactSlots, isMech, mechPart, stanceOf, totalEvasion, unitById } from "./query";
import { coverFor, isRearAttack } from "./sight";
import { attackEffect } from "./targeting";
import type { Combatant, UnitState } from "./types";
import type { EmberView } from "./view";

/** Where a change to a pool comes from. */
export type OddsSource =
  | { readonly kind: "action" } // the attack action's own dice and abilities (seed 000 1.2.1)
  | { readonly kind: "charge" } // the action's spent charge (seed 000 8)
  | { readonly kind: "assist"; readonly part: PartSlot } // an unarmed part assisting a two-handed action (11)
  | { readonly kind: "armour"; readonly part: PartSlot | null } // white = armour of the hit part (1.2.1)
  | { readonly kind: "structure"; readonly part: PartSlot | null } // white = structure once damaged (1.2.1)
  | { readonly kind: "cover"; readonly cover: "terrain" | "unit" } // +2 white against shooting (1.3.1, 1.3.2)
  | { readonly kind: "mob_evasion" } // blue = total evasion in MOB (1.1)
  | { readonly kind: "suppress" } // the attack's suppress puts the target in DEF before the roll (1.1 note 1)
  | { readonly kind: "part"; readonly unit: string; readonly part: PartSlot }; // a part's passive dice ability (1.2.1)

/** One term of a pool: `count` dice of `die` (positive adds, negative removes) from `source`. */
export interface OddsModifier {
  readonly side: "attack" | "defence";
  readonly die: PoolDie;
  readonly change: number;
  readonly source: OddsSource;
}

/** The odds for one hit part. */
export interface PartOdds {
  /** The hit part (null: the target is a drone or projectile, no part die). */
  readonly part: PartSlot | null;
  /** Chance the part die lands on this part (0-1); with the attacker choosing, 1 for the part chosen. */
  readonly weight: number;
  readonly pools: Record<PoolDie, number>;
  /** Chance of a hit, and of at least 1 damage, against this part (0-1). */
  readonly hit: number;
  readonly damage: number;
  readonly expectedDamage: number;
}

/** The odds of one attack. */
export interface AttackOdds {
  /** Dice pools with their sources (base counts first, then changes). */
  readonly modifiers: readonly OddsModifier[];
  /** Chance the attack hits: some damage result not cancelled by [evade] (seed 000 1.2.1), 0-1. */
  readonly hit: number;
  /** Chance at least 1 damage gets through (a penetration, seed 000 1.2.2), 0-1. */
  readonly damage: number;
  /** Expected damage (uncancelled [light]/[heavy] results). */
  readonly expectedDamage: number;
  /** Who names the hit part: the part die, or the attacker (a rear attack or a target in shutdown, 1.2.1). */
  readonly partBy: "die" | "attacker" | "none";
  readonly byPart: readonly PartOdds[];
  readonly rear: boolean;
}

type Dist = Map<string, number>;
const key = (a: number, b: number) => `${a},${b}`;

/** The distribution of (first, second) totals over independent dice, each a list of equally likely (first, second) contributions. */
function convolve(dice: readonly (readonly [number, number])[][]): Dist {
  let dist: Dist = new Map([[key(0, 0), 1]]);
  for (const faces of dice) {
    const next: Dist = new Map();
    for (const [k, p] of dist) {
      const [a, b] = k.split(",").map(Number) as [number, number];
      for (const [x, y] of faces) {
        const k2 = key(a + x, b + y);
        next.set(k2, (next.get(k2) ?? 0) + p / faces.length);
      }
    }
    dist = next;
  }
  return dist;
}

/** A face after the first matching replacement (seed 000 1.2.1: each die replaced at most once). */
function replaced(face: Face, rules: readonly { from: FaceResult; to: FaceResult }[]): Face {
  const rule = rules.find((r) => r.from === face.result);
  return rule ? { ...face, result: rule.to } : face;
}

/** What one attack die adds: [lights, heavies]; [eye]/[lightning] in `damageResults` count as heavy (1.2.1 note). */
function attackValue(die: "yellow" | "red", face: Face, stance: Stance | null, damageResults: readonly FaceResult[]): [number, number] {
  if (!faceCounts(die, face, stance)) return [0, 0];
  if (face.result === "light") return [face.count, 0];
  if (face.result === "heavy" || damageResults.includes(face.result)) return [0, face.count];
  return [0, 0];
}

/** What one defence die adds: [evades, defends]. */
function defenceValue(die: "white" | "blue", face: Face, stance: Stance | null): [number, number] {
  if (!faceCounts(die, face, stance)) return [0, 0];
  if (face.result === "evade") return [face.count, 0];
  if (face.result === "defend") return [0, face.count];
  return [0, 0];
}

/** Dice of one colour: `set` set to a face (not rolled, 1.2.1 "지정"), the rest rolled. */
function diceOf<D extends PoolDie>(die: D, count: number, set: readonly FaceResult[], value: (face: Face) => [number, number]): [number, number][][] {
  const faces = catalog.data.dice[die] as Face[];
  const fixed = set.slice(0, count).map((result) => [value({ result, count: 1, hollow: false })]);
  return [...fixed, ...Array.from({ length: count - fixed.length }, () => faces.map(value))];
}

/**
 * The odds of `attacker` attacking `target` with the action `action` of part `part` (null for a
 * drone's action), from `view`, the viewer's own projection (seed 000 1.2.1, 1.3, 1.1), taken as
 * `use` says: spending the action's charge (8) or with an unarmed part assisting (11), as the legal
 * command would.
 * @returns null when the units or the action are unknown or the action is not an attack.
 */
export function attackOdds(view: EmberView, attackerId: string, part: PartSlot | null, action: string, targetId: string, use: AttackUse = {}): AttackOdds | null {
  const state = stateFromView(view);
  const attacker = unitById(state, attackerId);
  const target = unitById(state, targetId);
  if (!attacker?.at || !target?.at) return null;
  let card;
  try {
    card = unitAttackAction(attacker, part, action);
  } catch {
    return null;
  }
  const effect = attackEffect(card);
  if (!effect) return null;
  const terms = attackTerms(card, part, use);
  const shoot = effect.attack === "shoot";
  const cover = shoot ? coverFor(state, attacker, target) : { terrain: false, unit: false };
  const rear = isRearAttack(attacker, target);
  const modifiers: OddsModifier[] = [];
  const attackerStance = stanceOf(attacker as Combatant);
  // Suppress switches the target to DEF before the roll (seed 000 1.1 note 1).
  const suppressed = terms.keywords.includes("suppress") && isMech(target) && target.stance !== "SHUTDOWN" && target.stance !== "DEF";
  const defenderStance: Stance = suppressed ? "DEF" : stanceOf(target as Combatant);
  if (effect.dice.yellow) modifiers.push({ side: "attack", die: "yellow", change: effect.dice.yellow, source: { kind: "action" } });
  if (effect.dice.red) modifiers.push({ side: "attack", die: "red", change: effect.dice.red, source: { kind: "action" } });
  const added = (dice: { yellow: number; red: number } | null, source: OddsSource) => {
    if (dice?.yellow) modifiers.push({ side: "attack", die: "yellow", change: dice.yellow, source });
    if (dice?.red) modifiers.push({ side: "attack", die: "red", change: dice.red, source });
  };
  added(terms.charge, { kind: "charge" });
  if (use.unarmed) added(terms.assist, { kind: "assist", part: use.unarmed });
  const abilityTerms = (unit: UnitState, list: (a: DiceAbilities) => readonly { die: PoolDie; change: number }[]) => {
    if (!isMech(unit) || unit.stance === "SHUTDOWN") return;
    for (const slot of intactSlots(unit)) {
      const a = mechPart(unit, slot).diceAbilities;
      for (const c of a ? list(a) : []) modifiers.push({ side: c.die === "yellow" || c.die === "red" ? "attack" : "defence", die: c.die, change: c.change, source: { kind: "part", unit: unit.id, part: slot } });
    }
  };
  for (const c of effect.diceAbilities?.attack ?? []) modifiers.push({ side: c.die === "yellow" || c.die === "red" ? "attack" : "defence", die: c.die, change: c.change, source: { kind: "action" } });
  abilityTerms(attacker, (a) => a.attack);
  const targetTerms: OddsModifier[] = [];
  if (cover.terrain) targetTerms.push({ side: "defence", die: "white", change: catalog.data.rules.coverDice, source: { kind: "cover", cover: "terrain" } });
  if (cover.unit) targetTerms.push({ side: "defence", die: "white", change: catalog.data.rules.coverDice, source: { kind: "cover", cover: "unit" } });
  if (suppressed) targetTerms.push({ side: "defence", die: "blue", change: 0, source: { kind: "suppress" } });
  const blue = defenderStance === "MOB" ? totalEvasion(target as Combatant) : 0;
  if (blue) targetTerms.push({ side: "defence", die: "blue", change: blue, source: { kind: "mob_evasion" } });
  const before = modifiers.length;
  abilityTerms(target, (a) => a.defence);
  targetTerms.push(...modifiers.splice(before));

  const attackerAbilities = [...(effect.diceAbilities ? [effect.diceAbilities] : []), ...partDiceAbilities(attacker as Combatant)];
  const defenderAbilities = partDiceAbilities(target as Combatant);
  const defenderReplace: { from: FaceResult; to: FaceResult }[] = [...defenderAbilities.flatMap((a) => a.replaceDefence), ...(isLowObservable(target as Combatant) ? LOW_OBSERVABLE_REPLACEMENT : [])];

  /** The odds against one hit part (null: no part). */
  const oddsFor = (slot: PartSlot | null, weight: number): PartOdds => {
    const base = baseWhite(target as Combatant, slot);
    let white = base + (cover.terrain ? catalog.data.rules.coverDice : 0) + (cover.unit ? catalog.data.rules.coverDice : 0);
    if (base > 0) white = Math.max(1, white);
    const built = buildPools({ yellow: terms.dice.yellow, red: terms.dice.red, white, blue }, attackerAbilities, defenderAbilities);
    const pools = built.pools;
    const sets = (side: "attack" | "defence", die: PoolDie) => [
      ...attackerAbilities.flatMap((a) => (side === "attack" ? a.setAttack : []).filter((s) => s.die === die).flatMap((s) => Array<FaceResult>(s.count).fill(s.face))),
      ...defenderAbilities.flatMap((a) => (side === "defence" ? a.setDefence : []).filter((s) => s.die === die).flatMap((s) => Array<FaceResult>(s.count).fill(s.face))),
    ];
    const atk = convolve([
      ...diceOf("yellow", pools.yellow, sets("attack", "yellow"), (f) => attackValue("yellow", replaced(f, effect.replace), attackerStance, effect.damageResults)),
      ...diceOf("red", pools.red, sets("attack", "red"), (f) => attackValue("red", replaced(f, effect.replace), attackerStance, effect.damageResults)),
    ]);
    const def = convolve([
      ...diceOf("white", pools.white, sets("defence", "white"), (f) => defenceValue("white", replaced(f, defenderReplace), defenderStance)),
      ...diceOf("blue", pools.blue, sets("defence", "blue"), (f) => defenceValue("blue", replaced(f, defenderReplace), defenderStance)),
    ]);
    let hit = 0;
    let expected = 0;
    let through = 0;
    for (const [ak, ap] of atk) {
      const [lights, heavies] = ak.split(",").map(Number) as [number, number];
      if (lights + heavies === 0) continue;
      for (const [dk, dp] of def) {
        const [evades, defends] = dk.split(",").map(Number) as [number, number];
        if (evades >= lights + heavies) continue;
        // The defender's best cancellation (dice.ts resolveDamage): defends take lights, evades heavies then lights.
        const lightsLeft = lights - Math.min(defends, lights);
        const heavyByEvade = Math.min(evades, heavies);
        const damage = heavies - heavyByEvade + Math.max(0, lightsLeft - (evades - heavyByEvade));
        hit += ap * dp;
        expected += ap * dp * damage;
        if (damage > 0) through += ap * dp;
      }
    }
    return { part: slot, weight, pools, hit, damage: through, expectedDamage: expected };
  };
  let byPart: PartOdds[];
  let partBy: AttackOdds["partBy"] = "none";
  if (!isMech(target)) {
    byPart = [oddsFor(null, 1)];
  } else if (target.stance === "SHUTDOWN" || rear) {
    // The attacker names the part (seed 000 1.2.1): the odds of each, the best for the attacker counted.
    partBy = "attacker";
    const all = intactSlots(target).map((slot) => oddsFor(slot, 0));
    const best = all.reduce((a, b) => (b.expectedDamage > a.expectedDamage ? b : a));
    byPart = all.map((o) => (o === best ? { ...o, weight: 1 } : o));
  } else {
    partBy = "die";
    const weights = new Map<PartSlot, number>();
    const faces = catalog.data.dice.part;
    const options = intactSlots(target).map((slot) => oddsFor(slot, 0));
    const best = options.reduce((a, b) => (b.expectedDamage > a.expectedDamage ? b : a));
    for (const face of faces) {
      // "choice": the attacker picks (its best); a destroyed part falls to the torso (1.2.1).
      const slot: PartSlot = face === "choice" ? (best.part as PartSlot) : target.parts[face].destroyed ? "torso" : face;
      weights.set(slot, (weights.get(slot) ?? 0) + 1 / faces.length);
    }
    byPart = options.map((o) => ({ ...o, weight: weights.get(o.part as PartSlot) ?? 0 }));
  }
  const hit = byPart.reduce((n, o) => n + o.weight * o.hit, 0);
  const expectedDamage = byPart.reduce((n, o) => n + o.weight * o.expectedDamage, 0);
  const damage = byPart.reduce((n, o) => n + o.weight * o.damage, 0);
  // The armour (or structure) term shown is the likeliest hit part's; `byPart` has each part's pools.
  const shown = byPart.reduce((a, b) => (b.weight > a.weight ? b : a));
  const part0 = shown.part;
  const base = baseWhite(target as Combatant, part0);
  const damagedPart = part0 === null ? target.kind !== "mech" && target.damaged : isMech(target) && target.parts[part0].damaged;
  const white: OddsModifier = { side: "defence", die: "white", change: base, source: { kind: damagedPart && base !== armourOf(target, part0) ? "structure" : "armour", part: part0 } };
  return { modifiers: [...modifiers, white, ...targetTerms], hit, damage, expectedDamage, partBy, byPart, rear };

}

/** A unit's armour on a part (a drone's or projectile's card armour for null). */
function armourOf(unit: UnitState, slot: PartSlot | null): number {
  if (isMech(unit) && slot) return mechPart(unit, slot).armour;
  return baseWhite({ ...unit, damaged: false } as Combatant, slot);
}
