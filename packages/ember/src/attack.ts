/**
 * The attack process of seed 000 1.2.1 (with shooting 1.3, melee 1.4), penetration (1.2.2), part
 * damage and destruction (1.2.3) and chain damage (1.2.4). The process runs as a small state
 * machine in `state.attack`: it advances until it needs a seat's decision (a pending decision), then
 * resumes when the answer arrives.
 */
import { chebyshev, type Square } from "@fogwar/engine";
import type { Ctx } from "./context";
import { catalog } from "./data";
import type { Action, AttackEffect, Face, PartSlot, Stance } from "./data/schema";
import { applyReplacements, resolveDamage } from "./dice";
import {
  allied,
  coverFor,
  droneCard,
  inFrontArc,
  intactSlots,
  isHighAltitude,
  isMech,
  isRearAttack,
  lineOfSight,
  mechPart,
  totalEvasion,
  unitById,
  unitsInPlay,
} from "./board";
import type { AttackState, ChainOption, DieResult, EmberState, MechState, UnitState } from "./types";
import type { EmberErrorCode } from "./types";

/** The stance a unit rolls with: a mech's current stance, a drone's fixed card stance. */
export const stanceOf = (unit: UnitState): Stance => (unit.kind === "mech" ? unit.stance : droneCard(unit.droneId).stance);

/** The attack effect of an action, or null for non-attack actions. */
export const attackEffect = (action: Action): AttackEffect | null => (action.effect.kind === "attack" ? action.effect : null);

/**
 * Why `target` cannot be attacked by `attacker` with `effect`, or null when it can
 * (seed 000 1.3 and 1.4 "대상 선언": range, line of sight, front arc; melee never targets
 * high-altitude units; only enemy units in play are targets).
 */
export function targetProblem(
  state: EmberState,
  attacker: UnitState,
  effect: AttackEffect,
  target: UnitState | undefined,
): EmberErrorCode | null {
  if (!target || !target.deployed || target.destroyed || !target.at || !attacker.at) return "invalid_target";
  // Only enemies: a seat's own units and, in 2 v 2, its teammate's are not targets (seed 001 6.1).
  if (allied(state, target.owner, attacker.owner)) return "invalid_target";
  if (effect.attack === "melee" && isHighAltitude(target)) return "invalid_target";
  if (chebyshev(attacker.at, target.at) > effect.range) return "out_of_range";
  if (!lineOfSight(state, attacker.at, target.at)) return "no_line_of_sight";
  if (!inFrontArc(attacker, target.at)) return "not_in_front_arc";
  return null;
}

/** Every unit `attacker` may attack with `effect` now. */
export function validTargets(state: EmberState, attacker: UnitState, effect: AttackEffect): UnitState[] {
  return unitsInPlay(state).filter((u) => targetProblem(state, attacker, effect, u) === null);
}

/** The action an attack uses (a mech part's action, or a drone's command action). */
export function attackAction(state: EmberState, attack: AttackState): Action {
  const attacker = unitById(state, attack.attacker) as UnitState;
  if (attacker.kind === "drone") return droneCard(attacker.droneId).commandAction;
  const action = mechPart(attacker, attack.part as PartSlot).actions.find((a) => a.id === attack.action);
  if (!action) throw new Error(`unknown action ${attack.action}`);
  return action;
}

const face = (result: Face["result"]): Face => ({ result, count: 1, hollow: false });

/**
 * Declares an attack (seed 000 1.2.1 "대상 지정"): records it, applies effects that act before
 * the roll (suppress, seed 000 1.1 note 1-2), and runs the process as far as it goes.
 * The caller has checked the target with {@link targetProblem}.
 */
export function beginAttack(ctx: Ctx, attacker: UnitState, defender: UnitState, action: Action, part: PartSlot | null): void {
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
  };
  ctx.emit({ type: "attack_declared", attacker: attacker.id, defender: defender.id, mode: effect.attack, rear, cover, chain: false });
  if (effect.keywords.includes("suppress") && isMech(defender) && defender.stance !== "SHUTDOWN" && defender.stance !== "DEF") {
    defender.stance = "DEF";
    ctx.emit({ type: "stance_changed", unit: defender.id, stance: "DEF", reason: "suppress" });
  }
}

/** A mech may spend link only while it keeps at least 1 (seed 000 4). */
export const canSpendLink = (unit: UnitState | undefined): unit is MechState => isMech(unit) && unit.link >= 2;

/** Lowers a mech's link (never below 0); at 0 the mech shuts down (seed 000 1.2.3, 4). */
export function loseLink(ctx: Ctx, mech: MechState, reason: "part_destroyed" | "impact"): void {
  if (mech.link === 0) return;
  mech.link -= 1;
  ctx.emit({ type: "link_changed", unit: mech.id, link: mech.link, reason });
  if (mech.link === 0 && mech.stance !== "SHUTDOWN") {
    mech.stance = "SHUTDOWN";
    ctx.emit({ type: "stance_changed", unit: mech.id, stance: "SHUTDOWN", reason: "link_zero" });
  }
}

/** Removes a destroyed unit from the board (seed 000 1.2.3). */
export function destroyUnit(ctx: Ctx, unit: UnitState, reason: "torso_destroyed" | "penetrated" | "integrity"): void {
  unit.destroyed = true;
  unit.at = null;
  if (unit.kind === "mech") unit.commandTokens = 0;
  ctx.emit({ type: "unit_destroyed", unit: unit.id, reason });
}

/**
 * Penetration of a unit or part (seed 000 1.2.2): with no structure it is destroyed; with
 * structure, an undamaged one takes a damage token and a damaged one is destroyed. A destroyed
 * torso destroys the mech; another part flips, costs 1 link, and link 0 shuts the mech down (1.2.3).
 */
export function penetrate(ctx: Ctx, defender: UnitState, slot: PartSlot | null): void {
  if (defender.kind === "drone") {
    const card = droneCard(defender.droneId);
    if (card.structure !== undefined && !defender.damaged) {
      defender.damaged = true;
      ctx.emit({ type: "part_damaged", unit: defender.id, part: null });
    } else destroyUnit(ctx, defender, "penetrated");
    return;
  }
  const hit = slot as PartSlot;
  const part = defender.parts[hit];
  if (mechPart(defender, hit).structure !== undefined && !part.damaged) {
    part.damaged = true;
    ctx.emit({ type: "part_damaged", unit: defender.id, part: hit });
    return;
  }
  part.destroyed = true;
  ctx.emit({ type: "part_destroyed", unit: defender.id, part: hit });
  if (hit === "torso") {
    destroyUnit(ctx, defender, "torso_destroyed");
    return;
  }
  loseLink(ctx, defender, "part_destroyed");
}

/** White dice for a defender: armour, or structure once damaged (seed 000 1.2.1). */
function baseWhite(defender: UnitState, slot: PartSlot | null): number {
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
export function defencePool(attack: AttackState, defender: UnitState): { white: number; blue: number } {
  const cover = catalog.data.rules.coverDice;
  const base = baseWhite(defender, attack.hitPart);
  let white = base;
  if (!attack.chain && attack.mode === "shoot") {
    if (attack.cover.terrain) white += cover;
    if (attack.cover.unit) white += cover;
  }
  if (base > 0) white = Math.max(1, white);
  const blue = stanceOf(defender) === "MOB" ? totalEvasion(defender) : 0;
  return { white, blue };
}

/** Rolls one face of a yellow, red, white or blue die. */
export function rollFace(ctx: Ctx, die: "yellow" | "red" | "white" | "blue"): Face {
  const faces = catalog.data.dice[die];
  return { ...(faces[ctx.rng.int(0, faces.length - 1)] as Face) };
}

function rollDice(ctx: Ctx, die: "yellow" | "red" | "white" | "blue", count: number): DieResult[] {
  return Array.from({ length: count }, () => ({ die, face: rollFace(ctx, die) }));
}

/** Rolls the part die (seed 000 1.2.1 "부품 지정"). */
export function rollPartDie(ctx: Ctx): NonNullable<AttackState["partRoll"]> {
  const faces = catalog.data.dice.part;
  return faces[ctx.rng.int(0, faces.length - 1)] ?? "torso";
}

/** Whether the defender has a part-designation ability ("방패 들기" shield) available. */
function defenderDesignates(defender: MechState): boolean {
  return intactSlots(defender).some((slot) => mechPart(defender, slot).abilities.includes("shield"));
}

/**
 * The chain damage options after a penetration (seed 000 1.2.4; each keyword's target is a
 * project decision, docs/rules/ember.md): `rupture` hits the defender again (if it still stands),
 * `shotgun` an enemy unit within 1 square of the defender's square, `cleave` an enemy unit adjacent
 * to the attacker other than the defender and not high-altitude.
 * @param defenderSquare where the defender stood when it was hit (it may since be destroyed).
 */
export function chainOptions(
  state: EmberState,
  attack: AttackState,
  keywords: readonly string[],
  defenderSquare: Square,
): ChainOption[] {
  const attacker = unitById(state, attack.attacker) as UnitState;
  const defender = unitById(state, attack.defender) as UnitState;
  const options: ChainOption[] = [];
  const enemiesNear = (centre: Square | null) =>
    unitsInPlay(state).filter(
      (u) => !allied(state, u.owner, attacker.owner) && u.id !== defender.id && u.at && centre && chebyshev(centre, u.at) <= 1,
    );
  if (keywords.includes("rupture") && !defender.destroyed) options.push({ keyword: "rupture", target: defender.id });
  if (keywords.includes("shotgun")) {
    for (const u of enemiesNear(defenderSquare)) options.push({ keyword: "shotgun", target: u.id });
  }
  if (keywords.includes("cleave")) {
    // Cleave is melee: it never reaches a high-altitude unit (seed 000 1.4).
    for (const u of enemiesNear(attacker.at)) if (!isHighAltitude(u)) options.push({ keyword: "cleave", target: u.id });
  }
  return options;
}

/** Starts chain damage with the uncancelled damage results as its dice (seed 000 1.2.4.1). */
export function beginChain(ctx: Ctx, option: ChainOption, damage: readonly ("light" | "heavy")[]): void {
  const attack = ctx.state.attack as AttackState;
  attack.chain = true;
  attack.chainKeyword = option.keyword;
  attack.defender = option.target;
  attack.hitPart = null;
  attack.partRoll = null;
  attack.rear = false;
  attack.attackDice = damage.map((r) => ({ die: "chain" as const, face: face(r) }));
  attack.defenceDice = [];
  attack.stage = "hit_part";
  ctx.emit({ type: "chain_damage", keyword: option.keyword, target: option.target, damage: damage.length });
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
    const attacker = unitById(state, attack.attacker) as UnitState;
    const defender = unitById(state, attack.defender) as UnitState;
    const action = attackAction(state, attack);
    const effect = attackEffect(action) as AttackEffect;
    switch (attack.stage) {
      case "hit_part": {
        if (!isMech(defender)) {
          attack.stage = "roll";
          break;
        }
        const shutdown = defender.stance === "SHUTDOWN";
        let chooser: "attacker" | "defender" | null = null;
        if (shutdown || (!attack.chain && attack.rear)) chooser = "attacker";
        else if (!attack.chain) {
          const byAttacker = effect.keywords.includes("snipe");
          const byDefender = defenderDesignates(defender);
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
        // Chain damage offers the defender's reroll only (seed 000 1.2.4.1), so no part reroll there.
        if (!attack.chain && canSpendLink(attacker)) {
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
        if (!attack.chain) {
          attack.attackDice = [...rollDice(ctx, "yellow", effect.dice.yellow), ...rollDice(ctx, "red", effect.dice.red)];
          ctx.emit({ type: "dice_rolled", side: "attack", dice: attack.attackDice });
        }
        const pool = defencePool(attack, defender);
        attack.defenceDice = [...rollDice(ctx, "white", pool.white), ...rollDice(ctx, "blue", pool.blue)];
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
        if (!attack.chain) {
          for (const change of applyReplacements(attack.attackDice, effect.replace)) {
            ctx.emit({ type: "dice_replaced", side: "attack", ...change });
          }
        }
        const outcome = resolveDamage(attack.attackDice, attack.defenceDice, attack.chain ? null : stanceOf(attacker), stanceOf(defender));
        ctx.emit({
          type: "attack_resolved",
          damage: outcome.damage,
          penetrated: outcome.penetrated,
          hit: outcome.hit,
          cancelledByEvade: outcome.cancelledByEvade,
          cancelledByDefend: outcome.cancelledByDefend,
        });
        if (!attack.chain && outcome.hit && effect.keywords.includes("impact") && isMech(defender) && !defender.destroyed) {
          loseLink(ctx, defender, "impact");
        }
        const defenderSquare = defender.at as Square;
        if (outcome.penetrated) penetrate(ctx, defender, attack.hitPart);
        if (!attack.chain && outcome.penetrated) {
          const options = chainOptions(state, attack, effect.keywords, defenderSquare);
          if (options.length === 1) {
            beginChain(ctx, options[0] as ChainOption, outcome.uncancelled);
            break;
          }
          if (options.length > 1) {
            attack.stage = "chain_choice";
            attack.attackDice = outcome.uncancelled.map((r) => ({ die: "chain" as const, face: face(r) }));
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
