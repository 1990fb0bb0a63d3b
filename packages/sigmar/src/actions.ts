/**
 * The commands of a battle turn: deploying, moving and running, setting up from reserve, shooting,
 * charging, fighting, abilities, cards and commands, and the answers to pending decisions. Each
 * returns null when done (the context holds the changes) or the error code (the caller drops the
 * context). Rules: project core rules C3-C10; seed 003 19-30 where cited.
 */
import type { SeatId } from "@fogwar/engine";
import { catalog } from "./data";
import { inches } from "./geometry";
import { abilityOf, abilityProblem, placeTokens, queueDelayed, runAbility, spent, targetsProblem, triggered, markUsed, untilOf } from "./abilities";
import { canShootAt, critOptions, resolveAttacks, weaponsFor } from "./attack";
import { mayFightNow, offerRiposte, picker, recordPick } from "./combat";
import { discInBox, discInsideBox, overlaps, within, type Pt } from "./geometry";
import { checkPlacement } from "./moves";
import { placeRetreat } from "./retreat";
import { moveOf, permitted, rollMod, modsFor } from "./modifiers";
import { BATTLEFIELD, TERRAIN, abilitiesOf, combatRange, discs, inCombat, onField, otherSeat, radiusOf, unitsWithin, ws } from "./query";
import { chooseFirst, endPhase, enterPhase, nextDeployer, passWindow, reserveSalt, settle } from "./flow";
import type { Ctx } from "./context";
import type { CommandId, CritKind, SigmarCommand, SigmarErrorCode, SigmarState, UnitState } from "./types";

type Cmd<T extends SigmarCommand["type"]> = Extract<SigmarCommand, { type: T }>;

/** A unit of `seat`'s, on the battlefield. */
function own(s: SigmarState, seat: SeatId, id: string): UnitState | SigmarErrorCode {
  const unit = s.units[id];
  if (!unit || (unit.owner !== seat && unit.where === "reserve")) return "unknown_unit";
  if (unit.owner !== seat) return "not_your_unit";
  if (!onField(unit)) return "not_on_battlefield";
  return unit;
}

/** Puts a unit's models at `to` (same order and ids) and its tokens beside it. */
function place(s: SigmarState, unit: UnitState, to: readonly Pt[]): void {
  unit.models.forEach((m, i) => {
    m.x = to[i]!.x;
    m.y = to[i]!.y;
  });
  placeTokens(s, unit.id);
}

/** New models at `to` (set up or returned), with fresh ids. */
export function addModels(unit: UnitState, to: readonly Pt[]): string[] {
  return to.map((p) => {
    const id = `${unit.id}-m${unit.next++}`;
    unit.models.push({ id, x: p.x, y: p.y });
    return id;
  });
}

export function deploy(ctx: Ctx, seat: SeatId, c: Cmd<"deploy">): SigmarErrorCode | null {
  const s = ctx.state;
  if (s.phase !== "deployment") return "wrong_phase";
  if (s.deploying !== seat) return "not_your_turn";
  const unit = s.units[c.unit];
  if (!unit || unit.owner !== seat || unit.where !== "undeployed") return "unknown_unit";
  const problem = checkPlacement(s, unit, c.models, { kind: "deploy" });
  if (problem) return problem;
  unit.where = "field";
  addModels(unit, c.models);
  ctx.emit({ type: "deployed", seat, unit: unit.id, models: c.models });
  s.deploying = otherSeat(s, seat);
  if (Object.values(s.units).every((u) => u.owner !== s.deploying || u.where !== "undeployed")) s.deploying = seat;
  nextDeployer(ctx);
  return null;
}

/** Movement phase: a normal move (core rule C5; seed 003 24: not in the turn it was set up; seed 003 29). */
export function move(ctx: Ctx, seat: SeatId, c: Cmd<"move">): SigmarErrorCode | null {
  const s = ctx.state;
  if (s.step !== "movement") return "wrong_phase";
  const unit = own(s, seat, c.unit);
  if (typeof unit === "string") return unit;
  const problem = moveProblem(s, unit) ?? checkPlacement(s, unit, c.models, { kind: "move", max: moveOf(s, unit) });
  if (problem) return problem;
  place(s, unit, c.models);
  unit.did.moved = true;
  ctx.emit({ type: "moved", unit: unit.id, models: c.models, kind: "move" });
  return null;
}

/** Why a unit cannot make a move or run now (null: it can). */
export function moveProblem(s: SigmarState, unit: UnitState): SigmarErrorCode | null {
  if (unit.did.moved) return "already_acted";
  if (unit.setUpTurn === s.turn) return "cannot";
  if (inCombat(s, unit)) return "in_combat";
  if (!permitted(s, unit, "move")) return "cannot";
  return null;
}

/** Movement phase: a run: a dice added to Move (core rule C5), then the move (a pending decision). */
export function run(ctx: Ctx, seat: SeatId, c: Cmd<"run">): SigmarErrorCode | null {
  const s = ctx.state;
  if (s.step !== "movement") return "wrong_phase";
  const unit = own(s, seat, c.unit);
  if (typeof unit === "string") return unit;
  const problem = moveProblem(s, unit) ?? (permitted(s, unit, "run") ? null : "cannot");
  if (problem) return problem;
  const roll = ctx.d6();
  unit.did.moved = true;
  unit.did.ran = true;
  ctx.emit({ type: "run_rolled", unit: unit.id, roll });
  s.pending = { kind: "run_move", seat, unit: unit.id, roll };
  return null;
}

/** Movement phase: a reserve unit arrives (seed 003 24, 24.1): every model, wholly within 6" of an edge, more than 9" from enemies. */
export function setUp(ctx: Ctx, seat: SeatId, c: Cmd<"set_up">): SigmarErrorCode | null {
  const s = ctx.state;
  if (s.step !== "movement") return "wrong_phase";
  const unit = s.units[c.unit];
  if (!unit || unit.owner !== seat || unit.where !== "reserve") return "unknown_unit";
  const problem = checkPlacement(s, unit, c.models, { kind: "set_up", edge: "any", depth: inches(catalog.rules.reserveEdge), away: inches(catalog.rules.reserveEnemyDistance) });
  if (problem) return problem;
  unit.where = "field";
  unit.setUpTurn = s.turn;
  addModels(unit, c.models);
  const salt = reserveSalt(s.secret.seed, seat, Number(unit.id.split("-r")[1]));
  ctx.emit({ type: "set_up", unit: unit.id, warscroll: unit.warscroll, models: c.models, salt, ...(unit.enhancement ? {} : {}) });
  return null;
}

/** Checks a crit choice (seed 003 20): one for each weapon with several crit abilities, from its options. */
function critProblem(s: SigmarState, unit: UnitState, kind: "shoot" | "fight", engaged: boolean, crits: Readonly<Record<string, CritKind>> | undefined): SigmarErrorCode | null {
  const weapons = weaponsFor(unit, kind, engaged);
  for (const [w, k] of Object.entries(crits ?? {})) {
    const weapon = weapons.find((x) => x.id === w);
    if (!weapon || !critOptions(s, unit, weapon).includes(k) || critOptions(s, unit, weapon).length < 2) return "invalid_choice";
  }
  for (const weapon of weapons) if (critOptions(s, unit, weapon).length > 1 && !crits?.[weapon.id]) return "invalid_choice";
  return null;
}

/** Shooting phase (core rule C6; seed 003 20 Shoot in Combat; 25 guarded heroes; 29: a unit that ran cannot shoot unless overridden). */
export function shoot(ctx: Ctx, seat: SeatId, c: Cmd<"shoot">): SigmarErrorCode | null {
  const s = ctx.state;
  if (s.step !== "shooting") return "wrong_phase";
  const unit = own(s, seat, c.unit);
  if (typeof unit === "string") return unit;
  if (unit.did.shot) return "already_acted";
  // Core C5: a unit that retreated cannot shoot this turn.
  if (unit.did.retreated || !permitted(s, unit, "shoot")) return "cannot";
  const engaged = inCombat(s, unit);
  if (weaponsFor(unit, "shoot", engaged).length === 0) return engaged ? "in_combat" : "out_of_range";
  const target = s.units[c.target];
  if (!target || (target.owner !== seat && target.where === "reserve")) return "unknown_unit";
  if (target.owner === seat) return "invalid_target";
  if (!onField(target)) return "not_on_battlefield";
  const reach = canShootAt(s, unit, target, engaged);
  if (reach !== "ok") return reach;
  const crit = critProblem(s, unit, "shoot", engaged, c.crits);
  if (crit) return crit;
  unit.did.shot = true;
  resolveAttacks(ctx, unit, target, "shoot", engaged, c.crits ?? {});
  queueDelayed(ctx, triggered(s, unit, "after_shoots"));
  return null;
}

/** Charge phase: declare a charge at an enemy unit within 12" and roll 2D6 (core rule C6; seed 003 29). */
export function charge(ctx: Ctx, seat: SeatId, c: Cmd<"charge">): SigmarErrorCode | null {
  const s = ctx.state;
  if (s.step !== "charge") return "wrong_phase";
  const unit = own(s, seat, c.unit);
  if (typeof unit === "string") return unit;
  if (unit.did.charged || unit.did.triedCharge) return "already_acted";
  if (inCombat(s, unit)) return "in_combat";
  // Core C5: a unit that retreated cannot charge this turn.
  if (unit.did.retreated || !permitted(s, unit, "charge")) return "cannot";
  const target = s.units[c.target];
  if (!target || (target.owner !== seat && target.where === "reserve")) return "unknown_unit";
  if (target.owner === seat) return "invalid_target";
  if (!onField(target)) return "not_on_battlefield";
  if (!unitsWithin(unit, target, inches(catalog.rules.chargeReach))) return "out_of_range";
  const dice = [ctx.d6(), ctx.d6()];
  const roll = Math.max(1, dice[0]! + dice[1]! + rollMod(modsFor(s, unit, "charge_roll"), 6, 6));
  unit.did.triedCharge = true;
  ctx.emit({ type: "charge_rolled", unit: unit.id, target: target.id, dice, roll });
  s.pending = { kind: "charge_move", seat, unit: unit.id, target: target.id, roll };
  return null;
}

/** Combat phase: the picked unit piles in (up to 3", optional) and fights a unit in combat range (seed 003 19, 20). */
export function fight(ctx: Ctx, seat: SeatId, c: Cmd<"fight">): SigmarErrorCode | null {
  const s = ctx.state;
  if (s.step !== "combat" || !s.combat) return "wrong_phase";
  const riposte = s.pending?.kind === "riposte" ? s.pending : null;
  if (riposte && riposte.unit !== c.unit) return "invalid_choice";
  if (!riposte && picker(s) !== seat) return "not_your_turn";
  const unit = own(s, seat, c.unit);
  if (typeof unit === "string") return unit;
  if (!mayFightNow(s, unit)) return "fight_order";
  if (c.models) {
    const problem = checkPlacement(s, unit, c.models, { kind: "pile_in", max: inches(catalog.rules.pileIn) });
    if (problem) return problem;
  }
  const target = s.units[c.target];
  if (!target || (target.owner !== seat && target.where === "reserve")) return "unknown_unit";
  if (target.owner === seat) return "invalid_target";
  if (!onField(target)) return "not_on_battlefield";
  const after = c.models ? c.models.map((p) => ({ x: p.x, y: p.y, r: radiusOf(unit) })) : discs(unit);
  if (!after.some((d) => discs(target).some((t) => within(d, t, combatRange())))) return "out_of_range";
  const crit = critProblem(s, unit, "fight", true, c.crits);
  if (crit) return crit;
  if (riposte) {
    s.pending = null;
    const ability = abilitiesOf(unit).find((a) => a.trigger === "fought_against" && a.effects.some((e) => e.kind === "fight_now"))!;
    markUsed(s, ability, seat, unit);
    ctx.emit({ type: "ability_used", unit: unit.id, seat, ability: ability.id, targets: [unit.id] });
    s.combat.fought.push(unit.id);
  } else recordPick(s, seat, unit.id);
  ctx.emit({ type: "fight_picked", unit: unit.id, seat });
  if (c.models) {
    place(s, unit, c.models);
    ctx.emit({ type: "moved", unit: unit.id, models: c.models, kind: "pile_in" });
  }
  resolveAttacks(ctx, unit, target, "fight", true, c.crits ?? {});
  // Seed 003 30: the reactions this fight triggers are delayed effects, the active player's first;
  // then the target may riposte (seed 003 19), unless this fight was itself a riposte.
  s.combat.answer = riposte ? null : { fighter: unit.id, target: target.id };
  queueDelayed(ctx, [...triggered(s, unit, "after_fights", target), ...triggered(s, target, "fought_against", unit)]);
  offerRiposte(ctx);
  return null;
}

/** Combat phase: the picked unit does not fight this phase. */
export function passFight(ctx: Ctx, seat: SeatId, c: Cmd<"pass_fight">): SigmarErrorCode | null {
  const s = ctx.state;
  if (s.step !== "combat" || !s.combat) return "wrong_phase";
  if (picker(s) !== seat) return "not_your_turn";
  const unit = own(s, seat, c.unit);
  if (typeof unit === "string") return unit;
  if (!mayFightNow(s, unit)) return "fight_order";
  recordPick(s, seat, unit.id);
  ctx.emit({ type: "fight_declined", unit: unit.id });
  return null;
}

/** The answer that places models for a pending run, charge, return of models or replacement. */
export function placeAnswer(ctx: Ctx, seat: SeatId, c: Cmd<"place">): SigmarErrorCode | null {
  const s = ctx.state;
  const p = s.pending;
  if (!p || p.seat !== seat) return "no_decision_pending";
  if (p.kind === "run_move" || p.kind === "charge_move") {
    const unit = s.units[p.unit]!;
    const how = p.kind === "run_move" ? { kind: "run" as const, max: moveOf(s, unit) + inches(p.roll) } : { kind: "charge" as const, max: inches(p.roll), target: p.target };
    const problem = checkPlacement(s, unit, c.models, how);
    if (problem) return problem;
    s.pending = null;
    place(s, unit, c.models);
    if (p.kind === "charge_move") unit.did.charged = true;
    ctx.emit({ type: "moved", unit: unit.id, models: c.models, kind: p.kind === "run_move" ? "run" : "charge" });
    return null;
  }
  if (p.kind === "retreat_move") return placeRetreat(ctx, s.units[p.unit]!, c.models);
  if (p.kind === "place_models") return returnModels(ctx, seat, p.unit, p.count, c.models);
  if (p.kind === "replacement") return replacement(ctx, seat, p.unit, p.count, c.models);
  return "no_decision_pending";
}

/**
 * Seed 003 22: returned models are set up one at a time, each in coherency with models of the unit
 * that were not returned or added this turn (with two of them when the unit, counting the returned
 * models, has 7 or more), and in combat range of an enemy only if the unit already is in combat.
 */
export function returnProblem(s: SigmarState, unit: UnitState, to: readonly Pt[], count: number): SigmarErrorCode | null {
  if (to.length > count || !to.every((p) => Number.isSafeInteger(p.x) && Number.isSafeInteger(p.y))) return "bad_positions";
  const r = radiusOf(unit);
  const earlier = unit.returned?.turn === s.turn ? unit.returned.models : [];
  const old = discs(unit).filter((_, i) => !earlier.includes(unit.models[i]!.id));
  const engaged = inCombat(s, unit);
  const link = inches(catalog.rules.coherency);
  const need = unit.models.length + to.length >= catalog.rules.coherencyLarge ? 2 : 1;
  const bases = Object.values(s.units).filter(onField).flatMap(discs);
  const enemies = Object.values(s.units).filter((e) => onField(e) && e.owner !== unit.owner).flatMap(discs);
  for (const p of to) {
    const d = { x: p.x, y: p.y, r };
    if (!discInsideBox(d, BATTLEFIELD) || TERRAIN.some((t) => discInBox(d, t)) || bases.some((b) => overlaps(d, b))) return "overlapping";
    if (old.filter((o) => within(d, o, link)).length < need) return "not_coherent";
    if (!engaged && enemies.some((e) => within(d, e, combatRange()))) return "enters_combat_range";
    bases.push(d);
  }
  return null;
}

function returnModels(ctx: Ctx, seat: SeatId, id: string, count: number, to: readonly Pt[]): SigmarErrorCode | null {
  const s = ctx.state;
  const unit = s.units[id]!;
  const problem = returnProblem(s, unit, to, count);
  if (problem) return problem;
  s.pending = null;
  const ids = addModels(unit, to);
  unit.returned = { turn: s.turn, models: [...(unit.returned?.turn === s.turn ? unit.returned.models : []), ...ids] };
  ctx.emit({ type: "models_returned", unit: id, rolled: count, models: [...to] });
  return null;
}

/**
 * Seed 003 24.2: a replacement unit is a new unit: the same warscroll, half the models (the
 * ability's fraction, rounding down), none of the old unit's gained abilities, effects or uses,
 * set up wholly within 6" of its owner's edge and more than 9" from enemies, and never replaced itself.
 */
function replacement(ctx: Ctx, seat: SeatId, id: string, count: number, to: readonly Pt[]): SigmarErrorCode | null {
  const s = ctx.state;
  const old = s.units[id]!;
  const fresh: UnitState = { id: `${id}x`, owner: seat, warscroll: old.warscroll, size: count, models: [], damage: 0, where: "reserve", did: {}, next: 1, replacementOf: id };
  const ability = ws(old).abilities.find((a) => a.trigger === "destroyed")!;
  const effect = ability.effects.find((e) => e.kind === "replacement");
  const problem = checkPlacement(s, fresh, to, { kind: "set_up", edge: "own", depth: inches(effect?.kind === "replacement" ? effect.edge : 6), away: inches(catalog.rules.reserveEnemyDistance) });
  if (problem) return problem;
  s.pending = null;
  markUsed(s, ability, seat, old);
  old.replaced = true;
  fresh.where = "field";
  fresh.setUpTurn = s.turn;
  addModels(fresh, to);
  s.units[fresh.id] = fresh;
  ctx.emit({ type: "ability_used", unit: null, seat, ability: ability.id, targets: [fresh.id] });
  ctx.emit({ type: "set_up", unit: fresh.id, warscroll: fresh.warscroll, models: [...to], replacementOf: id });
  endPhase(ctx);
  return null;
}

/**
 * Declines a pending decision: no run move (the unit stays; it has still run), no charge move (the
 * charge fails), no models returned, no replacement, no riposte, or (core C13) nothing more in
 * this start- or end-of-phase window (the other seat's go, or the window closes).
 */
export function decline(ctx: Ctx, seat: SeatId): SigmarErrorCode | null {
  const s = ctx.state;
  const p = s.pending;
  if (!p || p.seat !== seat) return "no_decision_pending";
  if (p.kind === "charge_move") ctx.emit({ type: "charge_failed", unit: p.unit });
  else if (p.kind === "place_models" || p.kind === "replacement" || p.kind === "riposte" || p.kind === "run_move" || p.kind === "phase_window" || p.kind === "retreat_move") ctx.emit({ type: "declined", seat, what: p.kind });
  else return "invalid_choice";
  s.pending = null;
  if (p.kind === "replacement") endPhase(ctx);
  if (p.kind === "phase_window") passWindow(ctx);
  return null;
}

/**
 * Orders the neutral passives (seed 003 30, the active player), the player's simultaneous delayed
 * effects, or (core C4) the two seats' turns this round: the priority roll's winner puts first
 * the seat that takes the first turn.
 */
export function order(ctx: Ctx, seat: SeatId, c: Cmd<"order">): SigmarErrorCode | null {
  const s = ctx.state;
  const p = s.pending;
  if (!p || p.seat !== seat || (p.kind !== "order_neutral" && p.kind !== "order_effects" && p.kind !== "priority")) return "no_decision_pending";
  const n = p.items.length;
  if (c.order.length !== n || new Set(c.order).size !== n || c.order.some((i) => !Number.isInteger(i) || i < 0 || i >= n)) return "invalid_choice";
  s.pending = null;
  if (p.kind === "priority") {
    chooseFirst(ctx, seat, p.items[c.order[0]!]!, p.rolls);
    return null;
  }
  if (p.kind === "order_neutral") {
    s.neutralOrder = c.order.map((i) => p.items[i]!);
    ctx.emit({ type: "neutral_order", seat, order: s.neutralOrder });
    enterPhase(ctx, "hero");
    return null;
  }
  const items = c.order.map((i) => ({ ...p.items[i]!, ordered: true }));
  s.delayed.splice(0, n, ...items);
  ctx.emit({ type: "effects_ordered", seat, order: items.map((e) => `${e.unit}:${e.ability}`) });
  return null;
}

/** A unit uses an activated ability (seed 003 28), or answers a must-ability's pick. */
export function useAbility(ctx: Ctx, seat: SeatId, c: Cmd<"use_ability">): SigmarErrorCode | null {
  const s = ctx.state;
  const forced = s.pending?.kind === "must_target" ? s.pending : null;
  if (forced && (forced.unit !== c.unit || forced.ability !== c.ability || c.targets.length !== 1 || !forced.options.includes(c.targets[0]!))) return "invalid_choice";
  const problem = abilityProblem(s, seat, c.unit, c.ability, c.targets, forced !== null);
  if (problem) return problem;
  const unit = s.units[c.unit]!;
  s.pending = null;
  runAbility(ctx, seat, abilityOf(unit, c.ability)!, unit, c.targets);
  return null;
}

/** The player plays a battle-tactic card from their hand, revealing it (project core rule C10; seed 003 28 'who is using'). */
export function playCard(ctx: Ctx, seat: SeatId, c: Cmd<"play_card">): SigmarErrorCode | null {
  const s = ctx.state;
  if (s.active !== seat) return "not_your_turn";
  const card = catalog.tactics.get(c.card);
  const once = { id: "tactic", once: { per: "turn" as const } };
  if (!card || !s.hands[seat]!.includes(c.card) || spent(s, once, seat, null)) return "card_not_in_hand";
  const problem = targetsProblem(s, seat, null, card.targets, c.targets);
  if (problem) return problem;
  markUsed(s, once, seat, null);
  s.hands[seat] = s.hands[seat]!.filter((x, i, all) => x !== c.card || all.indexOf(x) !== i);
  s.played[seat]!.push(c.card);
  ctx.emit({ type: "card_played", seat, card: c.card, targets: [...c.targets] });
  runAbility(ctx, seat, { id: card.id, targets: card.targets, effects: card.effects }, null, c.targets);
  return null;
}

/** Core commands (project core rule C9): 1 command point, once per phase for the army (seed 003 28.2 'Army'). */
export const COMMANDS: Readonly<Partial<Record<CommandId, { stat: "hit_roll" | "save_roll" }>>> = { press_forward: { stat: "hit_roll" }, hold_firm: { stat: "save_roll" } };

export function useCommand(ctx: Ctx, seat: SeatId, c: Cmd<"command">): SigmarErrorCode | null {
  const s = ctx.state;
  const def = COMMANDS[c.command];
  if (!def || c.target !== undefined) return "invalid_choice";
  // Core C13: in a start- or end-of-phase window only its abilities and (core C14) reactions are used.
  if (s.window && s.window.seat !== null) return "ability_unavailable";
  const unit = own(s, seat, c.unit);
  if (typeof unit === "string") return unit;
  const ability = { id: c.command, once: { per: "phase" as const, army: true } };
  if (spent(s, ability, seat, null)) return "ability_used";
  if ((s.cp[seat] ?? 0) < 1) return "not_enough_cp";
  s.cp[seat]! -= 1;
  markUsed(s, ability, seat, null);
  const seq = ++s.seq;
  s.persisting.push({ seq, owner: seat, source: c.command, unit: unit.id, effect: { kind: "modify", stat: def.stat, op: "add", value: 1 }, until: untilOf(s, "phase") });
  ctx.emit({ type: "command_used", seat, command: c.command, unit: unit.id });
  return null;
}

/** The active player ends the current phase (the combat phase ends by itself when nobody can fight). */
export function endPhaseCommand(ctx: Ctx, seat: SeatId): SigmarErrorCode | null {
  const s = ctx.state;
  if (s.phase !== "battle") return "wrong_phase";
  if (s.active !== seat) return "not_your_turn";
  if (s.step === "combat") return "wrong_phase";
  endPhase(ctx);
  return null;
}

export { settle };
