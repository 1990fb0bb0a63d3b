/**
 * The commands of a battle turn: deploying, moving and running, setting up from reserve, shooting,
 * charging, fighting and ending a phase (abilities, cards and core commands: ./command-actions.ts;
 * the answers to pending decisions: ./answers.ts). Each
 * returns null when done (the context holds the changes) or the error code (the caller drops the
 * context). Rules: project core rules C3-C10; seed 003 19-30 where cited.
 */
import type { SeatId } from "@fogwar/engine";
import { catalog } from "./data";
import { inches } from "./geometry";
import { placeTokens, queueDelayed, triggered, markUsed } from "./abilities";
import { canShootAt, critOptions, resolveAttacks, weaponsFor } from "./attack";
import { mayFightNow, offerRiposte, picker, recordPick } from "./combat";
import { within, type Pt } from "./geometry";
import { checkPlacement, reservePlacement } from "./moves";
import { moveOf, permitted, rollMod, modsFor } from "./modifiers";
import { abilitiesOf, combatRange, discs, inCombat, onField, otherSeat, radiusOf, unitsWithin } from "./query";
import { endPhase, nextDeployer, reserveSalt, settle } from "./flow";
import type { Ctx } from "./context";
import type { CritKind, SigmarCommand, SigmarErrorCode, SigmarState, UnitState } from "./types";

/** The command of type `T`. */
export type Cmd<T extends SigmarCommand["type"]> = Extract<SigmarCommand, { type: T }>;

/** A unit of `seat`'s, on the battlefield, or why not (`unknown_unit`, `not_your_unit`, `not_on_battlefield`). */
export function own(s: SigmarState, seat: SeatId, id: string): UnitState | SigmarErrorCode {
  const unit = s.units[id];
  if (!unit || (unit.owner !== seat && unit.where === "reserve")) return "unknown_unit";
  if (unit.owner !== seat) return "not_your_unit";
  if (!onField(unit)) return "not_on_battlefield";
  return unit;
}

/** Puts a unit's models at `to` (same order and ids) and its tokens beside it. */
export function place(s: SigmarState, unit: UnitState, to: readonly Pt[]): void {
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
  const problem = checkPlacement(s, unit, c.models, reservePlacement());
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
  rollCharge(ctx, seat, unit, target);
  return null;
}

/**
 * Core C6's charge roll (seed 003 29; also a counter-charge, core C14): 2D6 from the dice stream
 * plus the unit's charge-roll modifiers (at least 1), the unit marked as having tried to charge,
 * and a `charge_move` decision for `seat` to move it up to that many inches towards `target`.
 */
export function rollCharge(ctx: Ctx, seat: SeatId, unit: UnitState, target: UnitState): void {
  const s = ctx.state;
  const dice = [ctx.d6(), ctx.d6()];
  const roll = Math.max(1, dice[0]! + dice[1]! + rollMod(modsFor(s, unit, "charge_roll"), 6, 6));
  unit.did.triedCharge = true;
  ctx.emit({ type: "charge_rolled", unit: unit.id, target: target.id, dice, roll });
  s.pending = { kind: "charge_move", seat, unit: unit.id, target: target.id, roll };
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
