/**
 * EMBER's error codes, each with a player-facing message and the seed section of its rule.
 * Messages are fixed sentences: they never carry hidden information (an opponent's dial, the RNG).
 */
import { ruleError, type RuleError } from "@fogwar/engine";
import type { EmberErrorCode } from "./types";

const S000 = "000_200ff4b7b5d3d570.txt";
const S001 = "001_f556d9be58b12b7c.txt";

/** The message and rule of every code. */
export const ERRORS: Readonly<Record<EmberErrorCode, { message: string; rule: string }>> = {
  malformed_command: { message: "The command is not a well-formed EMBER command.", rule: "fogwar protocol" },
  unknown_command: { message: "There is no such command.", rule: "fogwar protocol" },
  not_a_player: { message: "Only the match's players may send commands.", rule: `${S001} 2` },
  not_your_turn: { message: "It is not your turn to act.", rule: `${S001} 3.4, 4.2, 6.1` },
  decision_pending: { message: "A decision must be answered first.", rule: `${S000} 1.2.1` },
  no_decision_pending: { message: "No decision of that kind is waiting for you.", rule: `${S000} 1.2.1` },
  match_over: { message: "The match is over.", rule: `${S001} 3.5` },
  wrong_phase: { message: "That command does not belong to the current phase.", rule: `${S001} 3-6` },
  unknown_unit: { message: "There is no such unit in this match.", rule: `${S001} 2` },
  not_your_unit: { message: "That unit is not yours.", rule: `${S001} 2` },
  unit_destroyed: { message: "That unit has been destroyed.", rule: `${S000} 1.2.3` },
  already_deployed: { message: "That unit is already deployed.", rule: `${S001} 3.4` },
  outside_deployment_zone: { message: "Units deploy inside their own deployment zone.", rule: `${S001} 3.4` },
  square_unavailable: { message: "That square cannot hold the unit (off the board, impassable or occupied).", rule: `${S001} 3.4, 6.3` },
  no_command_tokens: { message: "That mech has no command token left to give.", rule: `${S000} 9.1-9.2` },
  drone_already_commanded: { message: "That drone already received a command this phase.", rule: `${S001} 4.2` },
  unit_shutdown: { message: "A mech in shutdown stance can only reboot.", rule: `${S000} 1.1, 1.1.1` },
  unit_not_shutdown: { message: "Only a mech in shutdown stance reboots.", rule: `${S000} 1.1.1` },
  incomplete_plan: { message: "Set exactly one timing dial for each of your mechs in play.", rule: `${S001} 5` },
  plan_already_locked: { message: "Your plan for this round is already locked.", rule: `${S001} 5` },
  not_active_unit: { message: "That mech does not have the action opportunity now.", rule: `${S001} 6.1` },
  stance_step_over: { message: "The stance can only be changed at the start of the activation.", rule: `${S001} 6.2` },
  already_manoeuvred: { message: "The manoeuvre comes once, before any action.", rule: `${S001} 6.3` },
  out_of_reach: { message: "The unit cannot move there with its movement.", rule: `${S001} 6.3` },
  not_enough_ticks: { message: "Not enough tick points left for that.", rule: `${S001} 6.3` },
  timing_mismatch: { message: "The starting action must match the timing set on the dial.", rule: `${S001} 6.3` },
  action_already_used: { message: "Each part action can be taken once per activation.", rule: `${S001} 6.3 note 1` },
  part_destroyed: { message: "A destroyed part provides no actions.", rule: `${S001} 6.3 note 2` },
  unknown_action: { message: "That part has no such action.", rule: `${S001} 6.3 note 2` },
  out_of_range: { message: "The target is out of range.", rule: `${S000} 1.3, 1.4` },
  no_line_of_sight: { message: "The attacker has no line of sight to the target.", rule: `${S000} 1.3, 1.4` },
  not_in_front_arc: { message: "The target must be in the attacker's front arc.", rule: `${S000} 1.3, 1.4` },
  invalid_target: { message: "That is not a valid target for this action.", rule: `${S000} 1.2.1` },
  link_full: { message: "The pilot's link is already at its maximum.", rule: `${S000} 4` },
  invalid_choice: { message: "That answer is not one of the options.", rule: `${S000} 1.2.1` },
  objective_too_close: {
    message: "An objective marker goes on a free square outside every deployment zone, far enough from the other markers.",
    rule: `${S001} 3.3`,
  },
  invalid_reroll: { message: "Reroll dice by their positions in the pool, each once, with link to spare.", rule: `${S000} 4` },
  locked_on: { message: "A unit under lock-on cannot shoot, and a crawl cannot leave a lock-on.", rule: `${S000} 1.3, 2.2.1` },
  not_enough_link: { message: "Link can never be spent down to 0: not enough link for that action.", rule: `${S000} 4` },
  no_ammo: { message: "That action has no ammo left.", rule: `${S000} 7` },
  nothing_to_resupply: { message: "Only a part that has spent ammo of that kind can be resupplied.", rule: `${S000} 7` },
  already_charged: { message: "A charged action cannot be charged again.", rule: `${S000} 8` },
  not_chargeable: { message: "That part has no action to charge, or that action is not charged.", rule: `${S000} 2.6, 8` },
  not_armed: { message: "Only an armed part that still holds its weapon can be discarded.", rule: `${S000} 2.1, 11` },
  unarmed_needed: { message: "That needs an unarmed part of this mech, other than the acting part, designated to assist.", rule: `${S000} 11` },
  not_enough_command_tokens: { message: "Not enough face-up command tokens, or no coordinated command left.", rule: `${S000} 9.3, 9.4` },
  smoke_placement: {
    message: "Smoke cards go on whole squares within range, each touching another of the placement, never on your own smoke.",
    rule: `${S000} 10`,
  },
  intercept_only: { message: "That action is used only to intercept, never as an active action.", rule: `${S000} 3` },
  drop_unavailable: {
    message: "That square cannot take the launch: off the board, impassable, or already holding a projectile or installation.",
    rule: `${S000} 1.5.1, 1.5.4-1.5.5`,
  },
  no_ew: { message: "A unit with EW value 0 or '-' cannot cast an EW roll or target a camouflaged unit.", rule: `${S000} 5.2, 6.2` },
  not_concealed: { message: "Detection needs a camouflaged unit or one with a low-observable token; decloaking needs camouflage.", rule: `${S000} 2.4, 2.5, 6.4` },
  invalid_hidden_square: { message: "A camouflaged unit's real square lies within its concealment value of the marker, on a square that can hold it.", rule: `${S000} 6.2` },
  invalid_army: { message: "That army list breaks the army rules for this battle (faction, parts, pilots or points).", rule: `${S001} 2` },
  army_locked: { message: "Your army list is already locked; unlock it first to change it.", rule: `${S001} 2` },
  army_not_locked: { message: "Your army list is not locked.", rule: `${S001} 2` },
  too_many_locks: { message: "You have locked an army list too many times in this muster; lock the one you will play.", rule: "docs/rules/ember.md Muster" },
};

/** The {@link RuleError} for a code. */
export function emberError(code: EmberErrorCode): RuleError<EmberErrorCode> {
  const { message, rule } = ERRORS[code];
  return ruleError(code, message, rule);
}

/** Seed file names, for rule references in code. */
export const SEED = { combat: S000, flow: S001 } as const;
