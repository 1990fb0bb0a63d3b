/**
 * The commands that use abilities: a unit's activated ability (seed 003 28), a battle-tactic card
 * (project core rule C10) and the core commands (C9). Each returns null when done (the context
 * holds the changes) or the error code (the caller drops the context).
 */
import type { SeatId } from "@fogwar/engine";
import { catalog } from "./data";
import { abilityOf, abilityProblem, markUsed, runAbility, spent, targetsProblem, untilOf } from "./abilities";
import { own, type Cmd } from "./actions";
import type { Ctx } from "./context";
import type { CommandId, SigmarErrorCode } from "./types";

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

/** Uses a core command (C9) on one of `seat`'s units on the battlefield: +1 to its hit or save rolls this phase. */
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
