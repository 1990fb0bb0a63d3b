/**
 * Core reactions (project core rule C14, docs/rules/sigmar.md): commands a player uses in a start-
 * or end-of-phase window (core C13), in the opponent's turn too, for 1 command point, once per phase
 * for the army (seed 003 28.2 'Army'). The counter-charge: at the end of the opponent's charge
 * phase, one unit not in combat charges an enemy within 12" (core C6). The rally: at the start of
 * either player's hero phase, a unit not in combat rolls six dice, each 4+ a rally point, spent on
 * healing (seed 003 21) or returning slain models (seed 003 22).
 *
 * This module only reads the state (what is open to whom); `reaction-actions.ts` carries them out.
 * Everything it reads is public (units on the battlefield, their damage and models, command points,
 * uses this phase), never a hand of cards or a reserve unit, so whether a seat is asked in a window
 * and what it is offered tells nothing secret.
 */
import type { SeatId } from "@fogwar/engine";
import { catalog, type Phase } from "./data";
import { inches } from "./geometry";
import { spent } from "./abilities";
import { permitted } from "./modifiers";
import { fieldUnits, inCombat, onField, otherSeat, unitsWithin, ws } from "./query";
import type { CommandId, SigmarCommand, SigmarErrorCode, SigmarState, UnitState } from "./types";

/** A reaction's moment: the window (`at`) of `phase`, and whose turn (`enemy`: only the player whose turn it is not). */
export interface ReactionDef {
  readonly phase: Phase;
  readonly at: "start" | "end";
  readonly turn: "enemy" | "any";
}

/** The core reactions (core C14): when each may be used. */
export const REACTIONS: Readonly<Partial<Record<CommandId, ReactionDef>>> = {
  counter_charge: { phase: "charge", at: "end", turn: "enemy" },
  rally: { phase: "hero", at: "start", turn: "any" },
};

/** Dice a rally rolls, and the roll (or more) that makes a rally point (core C14). */
export const RALLY_DICE = 6;
export const RALLY_POINT = 4;

/** Whether `command` is a core reaction (core C14) rather than a core command (C9). */
export const isReaction = (command: CommandId): boolean => REACTIONS[command] !== undefined;

/** The once-per-phase, army-wide use record of a reaction (seed 003 28.2). */
export const reactionUse = (command: CommandId) => ({ id: command, once: { per: "phase" as const, army: true } });

/** Slain models of a unit (its starting size less the models on the battlefield). */
export const slainOf = (unit: UnitState): number => Math.max(0, unit.size - unit.models.length);

/**
 * Why `seat` may not use `command` (a reaction) with `unit` (and `target`, a counter-charge's enemy)
 * now, or null. Open only while a window of its phase is open for `seat` and nothing else is
 * pending but that window's question.
 */
export function reactionProblem(s: SigmarState, seat: SeatId, command: CommandId, unitId: string, target?: string): SigmarErrorCode | null {
  const def = REACTIONS[command];
  if (!def) return "invalid_choice";
  const w = s.window;
  const asked = s.pending === null || (s.pending.kind === "phase_window" && s.pending.seat === seat);
  if (s.phase !== "battle" || !w || w.seat !== seat || w.at !== def.at || s.step !== def.phase || !asked) return "wrong_phase";
  if (def.turn === "enemy" && s.active === seat) return "not_your_turn";
  const unit = s.units[unitId];
  if (!unit || (unit.owner !== seat && unit.where === "reserve")) return "unknown_unit";
  if (unit.owner !== seat) return "not_your_unit";
  if (!onField(unit)) return "not_on_battlefield";
  if (spent(s, reactionUse(command), seat, null)) return "ability_used";
  if ((s.cp[seat] ?? 0) < 1) return "not_enough_cp";
  if (inCombat(s, unit)) return "in_combat";
  if (command === "rally") {
    if (target !== undefined) return "invalid_target";
    return unit.damage > 0 || slainOf(unit) > 0 ? null : "cannot";
  }
  if (unit.did.charged || unit.did.triedCharge) return "already_acted";
  if (!permitted(s, unit, "charge")) return "cannot";
  const foe = target === undefined ? undefined : s.units[target];
  if (!foe || (foe.owner !== seat && foe.where === "reserve")) return "unknown_unit";
  if (foe.owner === seat) return "invalid_target";
  if (!onField(foe)) return "not_on_battlefield";
  if (!unitsWithin(unit, foe, inches(catalog.rules.chargeReach))) return "out_of_range";
  return null;
}

/** Every reaction `seat` may use now (core C14): the counter-charges at each enemy in reach, and the rallies that would do something. */
export function reactionUses(s: SigmarState, seat: SeatId): SigmarCommand[] {
  const out: SigmarCommand[] = [];
  if (!s.window || s.window.seat !== seat || (s.cp[seat] ?? 0) < 1) return out;
  const enemies = fieldUnits(s, otherSeat(s, seat));
  for (const unit of fieldUnits(s, seat)) {
    if (reactionProblem(s, seat, "rally", unit.id) === null) out.push({ type: "command", command: "rally", unit: unit.id });
    for (const foe of enemies) if (reactionProblem(s, seat, "counter_charge", unit.id, foe.id) === null) out.push({ type: "command", command: "counter_charge", unit: unit.id, target: foe.id });
  }
  return out;
}

/** How many slain models `points` rally points could return to `unit` (each costs its Health: seed 003 22). */
export const returnableFor = (unit: UnitState, points: number): number => Math.min(slainOf(unit), Math.floor(points / ws(unit).health));
