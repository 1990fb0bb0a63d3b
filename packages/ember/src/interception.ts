/**
 * Interception (seed 000 3): the tokens of interception X actions, which interceptions a
 * high-altitude movement triggers (start or end square in range, in sight for shooting), each
 * interception attack, and the intercepting seat's choice of order.
 */
import { chebyshev, type SeatId, type Square } from "@fogwar/engine";
import { beginInterception } from "./attack-declare";
import { allied, mechPart, partActions, unitById, unitsInPlay } from "./query";
import { shootingLineOfSight } from "./sight";
import type { Ctx } from "./context";
import { PART_SLOTS } from "./data/terms";
import type { Action, AttackEffect, PartSlot } from "./data/schema";
import { attackEffect } from "./targeting";
import type { Combatant, EmberCommand, EmberErrorCode, EmberState, InterceptorOption, MechState, UnitState } from "./types";

type Problem = EmberErrorCode | null;

/** The key of one interception action: `unit:slot:action`. */
export const interceptionKey = (unit: string, slot: PartSlot, action: string): string => `${unit}:${slot}:${action}`;

/** The interception actions of a mech's parts, intact or not. */
function interceptionActions(mech: MechState): { slot: PartSlot; action: Action; effect: AttackEffect }[] {
  const out: { slot: PartSlot; action: Action; effect: AttackEffect }[] = [];
  for (const slot of PART_SLOTS) {
    for (const action of mechPart(mech, slot).actions) {
      const effect = attackEffect(action);
      if (effect?.interception !== undefined) out.push({ slot, action, effect });
    }
  }
  return out;
}

/**
 * The interception tokens every mech starts with: X per action with interception X, placed with
 * the cards at deployment (seed 000 3). Tokens are spent, never restored.
 */
export function initialInterceptionTokens(units: readonly UnitState[]): Record<string, number> {
  const tokens: Record<string, number> = {};
  for (const unit of units) {
    if (unit.kind !== "mech") continue;
    for (const { slot, action, effect } of interceptionActions(unit)) {
      tokens[interceptionKey(unit.id, slot, action.id)] = effect.interception as number;
    }
  }
  return tokens;
}

/** Splits an interception key back into its mech, part and action. */
export function parseKey(key: string): InterceptorOption {
  const [unit, slot, action] = key.split(":") as [string, PartSlot, string];
  return { unit, part: slot, action };
}

/**
 * Whether an interception can still fire: a mech in play, not in shutdown (no passive or
 * ongoing effects, seed 000 1.1), the part intact, a token left.
 */
export function canStillIntercept(state: EmberState, key: string): boolean {
  const { unit, part } = parseKey(key);
  const mech = unitById(state, unit);
  if (!mech || mech.kind !== "mech" || mech.destroyed || !mech.at || mech.stance === "SHUTDOWN") return false;
  if (mech.parts[part].destroyed) return false;
  return (state.interception[key] ?? 0) > 0;
}

/**
 * The interceptions a high-altitude movement triggers (seed 000 3): enemy mechs whose
 * interception action has tokens and has the movement's start or end square within its range,
 * with line of sight for shooting to that square (interception is resolved like shooting, so
 * smoke blocks it; it is always all-round, so no arc).
 */
export function triggeredInterceptions(state: EmberState, mover: Combatant, from: Square | null, to: Square | null): string[] {
  const keys: string[] = [];
  for (const unit of unitsInPlay(state)) {
    if (unit.kind !== "mech" || allied(state, unit.owner, mover.owner) || !unit.at) continue;
    for (const { slot, action, effect } of interceptionActions(unit)) {
      const key = interceptionKey(unit.id, slot, action.id);
      if (!canStillIntercept(state, key)) continue;
      const covers = (s: Square | null) =>
        s !== null && chebyshev(unit.at as Square, s) <= effect.range && shootingLineOfSight(state, unit.at as Square, s);
      if (covers(from) || covers(to)) keys.push(key);
    }
  }
  return keys;
}

/** One interception attack: spend a token and shoot (seed 000 3). */
export function fireInterception(ctx: Ctx, key: string, subject: Combatant): void {
  const state = ctx.state;
  const { unit, part, action: actionId } = parseKey(key);
  const mech = unitById(state, unit) as MechState;
  const action = partActions(mech, part).find((a) => a.id === actionId) as Action;
  state.interception[key] = (state.interception[key] ?? 0) - 1;
  ctx.emit({ type: "interception", interceptor: mech.id, part, action: action.id, target: subject.id, tokens: state.interception[key] ?? 0 });
  beginInterception(ctx, mech, part, action, subject);
}

/** The intercepting seat picks which interception fires next (seed 000 3). */
export function chooseInterceptor(ctx: Ctx, seat: SeatId, command: Extract<EmberCommand, { type: "choose_interceptor" }>): Problem {
  const state = ctx.state;
  const pending = state.pending;
  if (!pending || pending.kind !== "choose_interceptor" || pending.seat !== seat) return "no_decision_pending";
  const key = interceptionKey(command.unit, command.part, command.action);
  const sequence = state.sequences[0];
  const offered = pending.options.options.some((o) => interceptionKey(o.unit, o.part, o.action) === key);
  if (!sequence || !offered || !sequence.interceptors.includes(key)) return "invalid_choice";
  sequence.interceptors = sequence.interceptors.filter((k) => k !== key);
  sequence.current = key;
  state.pending = null;
  return null;
}
