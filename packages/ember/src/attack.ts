/**
 * The attack process of seed 000 1.2.1 (with shooting 1.3, melee 1.4), penetration (1.2.2), part
 * damage and destruction (1.2.3) and chain damage (1.2.4). The process runs as a small state
 * machine in `state.attack`: it advances until it needs a seat's decision (a pending decision), then
 * resumes when the answer arrives.
 */
import { chebyshev, type Square } from "@fogwar/engine";
import type { Ctx } from "./context";
import { catalog } from "./data";
import type { Action, AttackEffect, AttackKeyword, DiceAbilities, Face, FaceResult, PartSlot, PoolChange, PoolDie, SetDice, Stance } from "./data/schema";
import { applyReplacements, countResult, resolveDamage } from "./dice";
import { droneParry, isLockedOn, parryOf, parryParts } from "./melee";
import {
  allied,
  combatantById,
  coverFor,
  droneCard,
  inFrontArc,
  intactSlots,
  isHighAltitude,
  isMech,
  isRearAttack,
  lineOfSight,
  mechAction,
  mechPart,
  projectileCard,
  shootingLineOfSight,
  totalEvasion,
  unitById,
  unitsInPlay,
} from "./board";
import type { AttackState, ChainOption, Combatant, DieResult, DroneState, EmberState, LinkChangeReason, MechState, ProjectileState, UnitState } from "./types";
import type { EmberErrorCode } from "./types";
import { LOW_OBSERVABLE_REPLACEMENT, decloak, forgetConcealed, isLowObservable, mayTargetCamouflaged } from "./concealment";

/** The stance a unit rolls with: a mech's current stance, a drone's fixed card stance. */
export const stanceOf = (unit: Combatant): Stance =>
  unit.kind === "mech" ? unit.stance : unit.kind === "drone" ? droneCard(unit.droneId).stance : projectileCard(unit.projectileId).stance;

/** The attack effect of an action, or null for non-attack actions. */
export const attackEffect = (action: Action): AttackEffect | null => (action.effect.kind === "attack" ? action.effect : null);

/**
 * Why `target` cannot be attacked by `attacker` with `effect`, or null when it can
 * (seed 000 1.3 and 1.4 "대상 선언": range, line of sight, front arc; melee never targets
 * high-altitude units; only enemy units in play are targets; a unit under lock-on cannot shoot,
 * 1.3). Interception ignores lock-on (seed 000 3): it passes `{ ignoreLockOn: true }`.
 */
export function targetProblem(
  state: EmberState,
  attacker: UnitState,
  effect: AttackEffect,
  target: UnitState | undefined,
  options: { readonly ignoreLockOn?: boolean } = {},
): EmberErrorCode | null {
  if (effect.attack === "shoot" && !options.ignoreLockOn && attacker.at && isLockedOn(state, attacker)) return "locked_on";
  if (!target || !target.deployed || target.destroyed || !target.at || !attacker.at) return "invalid_target";
  // Only enemies: a seat's own units and, in 2 v 2, its teammate's are not targets (seed 001 6.1).
  if (allied(state, target.owner, attacker.owner)) return "invalid_target";
  if (effect.attack === "melee" && isHighAltitude(target)) return "invalid_target";
  // Only a unit with EW 1+ may target a camouflaged unit; range and sight are to its marker (seed 000 6.2).
  if (target.camouflage && !mayTargetCamouflaged(attacker)) return "no_ew";
  if (chebyshev(attacker.at, target.at) > effect.range) return "out_of_range";
  // Smoke blocks shooting only (seed 000 10); melee keeps plain line of sight.
  const sight = effect.attack === "shoot" ? shootingLineOfSight : lineOfSight;
  if (!sight(state, attacker.at, target.at)) return "no_line_of_sight";
  if (!inFrontArc(attacker, target.at)) return "not_in_front_arc";
  return null;
}

/**
 * Every unit `attacker` may attack with `effect` now (none when it would shoot under lock-on,
 * seed 000 1.3; the lock-on is checked once, not per target).
 */
export function validTargets(
  state: EmberState,
  attacker: UnitState,
  effect: AttackEffect,
  options: { readonly ignoreLockOn?: boolean } = {},
): UnitState[] {
  if (effect.attack === "shoot" && !options.ignoreLockOn && attacker.at && isLockedOn(state, attacker)) return [];
  return unitsInPlay(state).filter((u) => targetProblem(state, attacker, effect, u, { ignoreLockOn: true }) === null);
}

/**
 * The target an automatic attack takes (seed 000 1.2.1 "자동으로 실행되는 경우 ... 표적 논리"):
 * the drone's automaton action, aimed by its card's targeting logic. Among the units the action
 * may attack (the same range, sight, arc and lock-on checks as a chosen target, so with none the
 * action cannot be taken), units of the `prefer` type come first when there are any, then the
 * nearest in squares; a tie goes to the unit listed first in the match (seat order, then
 * army-list order, then launch order: a project decision, docs/rules/ember.md).
 * @returns the target, or null when the drone has no automaton action or no valid target.
 */
export function automatonTarget(state: EmberState, drone: DroneState): UnitState | null {
  const automaton = droneCard(drone.droneId).automaton;
  const effect = automaton ? attackEffect(automaton.action) : null;
  if (!automaton || !effect || !drone.at) return null;
  let found = validTargets(state, drone, effect);
  const prefer = automaton.targeting.prefer;
  if (prefer && found.some((u) => u.kind === prefer)) found = found.filter((u) => u.kind === prefer);
  const from = drone.at;
  const distance = (u: UnitState) => chebyshev(from, u.at as Square);
  // `validTargets` keeps the match's unit order, so the first of the nearest wins a tie.
  const nearest = Math.min(...found.map(distance));
  return found.find((u) => distance(u) === nearest) ?? null;
}

/**
 * The action an attack uses (a mech part's action, or a drone's command or automaton action); for
 * a blast, the projectile's detonation as an attack action (seed 000 1.5.3).
 */
export function attackAction(state: EmberState, attack: AttackState): Action {
  const attacker = combatantById(state, attack.attacker) as Combatant;
  if (attacker.kind === "drone") {
    const card = droneCard(attacker.droneId);
    return card.automaton?.action.id === attack.action ? card.automaton.action : card.commandAction;
  }
  if (attacker.kind === "projectile") return blastAction(attacker);
  const action = mechAction(attacker, attack.part as PartSlot, attack.action);
  if (!action) throw new Error(`unknown action ${attack.action}`);
  return action;
}

const face = (result: Face["result"]): Face => ({ result, count: 1, hollow: false });

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

/** Removes a destroyed unit from the board (seed 000 1.2.3). */
export function destroyUnit(ctx: Ctx, unit: UnitState, reason: "torso_destroyed" | "penetrated" | "integrity"): void {
  unit.destroyed = true;
  unit.at = null;
  if (unit.camouflage) unit.camouflage = null;
  forgetConcealed(ctx.state, unit.id);
  if (unit.kind === "mech") unit.commandTokens = 0;
  ctx.emit({ type: "unit_destroyed", unit: unit.id, reason });
}

/**
 * Penetration of a unit or part (seed 000 1.2.2): with no structure it is destroyed; with
 * structure, an undamaged one takes a damage token and a damaged one is destroyed. A destroyed
 * torso destroys the mech; another part flips, costs 1 link, and link 0 shuts the mech down (1.2.3).
 */
export function penetrate(ctx: Ctx, defender: Combatant, slot: PartSlot | null): void {
  if (defender.kind === "projectile") {
    // Destroyed projectiles and installations are removed at once (seed 000 1.2.3).
    const card = projectileCard(defender.projectileId);
    if (card.structure !== undefined && !defender.damaged) {
      defender.damaged = true;
      ctx.emit({ type: "part_damaged", unit: defender.id, part: null });
    } else removeProjectile(ctx, defender, "destroyed");
    return;
  }
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
  // Losing the part that provides optical camouflage decloaks the unit in place (seed 000 6.2).
  if (defender.camouflage?.part === hit) decloak(ctx, defender, "part_destroyed");
  loseLink(ctx, defender, "part_destroyed");
}

/** Takes a projectile or installation off the board (seed 000 1.2.3, 1.5.2). */
export function removeProjectile(ctx: Ctx, projectile: ProjectileState, reason: "detonated" | "destroyed" | "no_target"): void {
  if (projectile.destroyed) return;
  projectile.destroyed = true;
  projectile.at = null;
  ctx.emit({ type: "projectile_removed", projectile: projectile.id, reason });
}

/** White dice for a defender: armour, or structure once damaged (seed 000 1.2.1). */
function baseWhite(defender: Combatant, slot: PartSlot | null): number {
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
 * Rolls the dice of one side with its set dice first (seed 000 1.2.1 "X 개의 주사위를 지정"):
 * set dice take their result without rolling, the attacker's sets before the defender's; the
 * remaining dice are rolled.
 */
function rollPool(
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
    const f = face(set.face);
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

/**
 * The chain damage options after a penetration (seed 000 1.2.4; each keyword's target is a
 * project decision, docs/rules/ember.md): `rupture` hits the defender again (if it still stands),
 * `shotgun` an enemy unit within 1 square of the defender's square, `cleave` an enemy unit adjacent
 * to the attacker other than the defender and not high-altitude. A camouflaged unit is never a
 * chain target (seed 000 6.2; project decision): declaring it would be targeting it without
 * the detection an attack needs. Camouflage is public and squares are markers, so the options
 * never depend on a real square.
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
      (u) => !allied(state, u.owner, attacker.owner) && u.id !== defender.id && !u.camouflage && u.at && centre && chebyshev(centre, u.at) <= 1,
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
  delete attack.parry;
  delete attack.parryDeclared;
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
          // Kick designates in melee, snipe in shooting (seed 000 1.2.1, 1.3, 1.4).
          const byAttacker = keywords.includes("snipe") || (attack.mode === "melee" && keywords.includes("kick"));
          // Parry is a designation of the defender in melee (seed 000 1.4, 1.4.2); never in
          // shutdown or against a rear attack (both settled above).
          const parries = attack.mode === "melee" ? parryParts(defender) : [];
          const shield = defenderDesignates(defender);
          const byDefender = shield || parries.length > 0;
          if (parries.length > 0 && attack.parryDeclared === undefined && (byAttacker || !shield)) {
            // Only parry on the defender's side, or both sides able to designate: the defender
            // may declare a parry (seed 000 1.4.2 and its note), or decline with null.
            state.pending = {
              seat: defender.owner,
              kind: "declare_parry",
              rule: "000_200ff4b7b5d3d570.txt 1.4.2",
              options: { defender: defender.id, parts: parries, contested: byAttacker },
            };
            return "waiting";
          }
          if (byAttacker !== byDefender) chooser = byAttacker ? "attacker" : "defender";
          if (!byAttacker && !shield) chooser = null; // a declined parry: neither side designates
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
        const attackerStance = attack.chain ? null : stanceOf(attacker);
        const damageResults = attack.chain ? [] : effect.damageResults;
        const outcome = resolveDamage(attack.attackDice, attack.defenceDice, attackerStance, stanceOf(defender), damageResults);
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
        if (!attack.chain) fireResultTriggers(ctx, attack, effect, defender, outcome.cancelledByEvade, attackerStance);
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

/**
 * Effects triggered by [eye]/[lightning] results that no [evade] cancelled (seed 000 1.2.1): the
 * evades left after cancelling damage cancel triggering results (the defender's best use, one
 * each); each remaining triggering result of a trigger fires its effect once per attack.
 * `impact` costs the target mech 1 link; `suppress` switches it to DEF (not in shutdown).
 */
function fireResultTriggers(
  ctx: Ctx,
  attack: AttackState,
  effect: AttackEffect,
  defender: Combatant,
  evadesUsed: number,
  attackerStance: Stance | null,
): void {
  if (effect.triggers.length === 0) return;
  let evadesLeft = countResult(attack.defenceDice, "evade", stanceOf(defender)) - evadesUsed;
  const results = new Map<FaceResult, number>();
  for (const on of new Set(effect.triggers.map((t) => t.on))) {
    // Results already counted as damage were dealt with by the damage calculation.
    if (effect.damageResults.includes(on)) continue;
    let n = countResult(attack.attackDice, on, attackerStance);
    const cancelled = Math.min(n, Math.max(0, evadesLeft));
    evadesLeft -= cancelled;
    n -= cancelled;
    results.set(on, n);
  }
  for (const trigger of effect.triggers) {
    if ((results.get(trigger.on) ?? 0) === 0 || defender.destroyed || !isMech(defender)) continue;
    ctx.emit({ type: "result_triggered", unit: defender.id, on: trigger.on, effect: trigger.effect });
    if (trigger.effect === "impact") loseLink(ctx, defender, "impact");
    else if (defender.stance !== "SHUTDOWN" && defender.stance !== "DEF") {
      defender.stance = "DEF";
      ctx.emit({ type: "stance_changed", unit: defender.id, stance: "DEF", reason: "suppress" });
    }
  }
}
