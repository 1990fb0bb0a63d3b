/**
 * The TRPG's error codes, each with a player-facing message and the seed section of its rule.
 * Messages are fixed sentences and every refusal is decided from what the sending seat may know
 * (./check.ts reads the seat's own projection), so an error never tells that an unseen character
 * is there (docs/rules/trpg.md "Presence").
 */
import { ruleError, type RuleError } from "@fogwar/engine";
import { MAX_GM_CHECKS, type TrpgErrorCode } from "./types";

/** The seed file of the tactical TRPG. */
export const SEED = "002_867c0cd57d46adf1.txt";
const S = SEED;

/** The message and rule of every code. */
export const ERRORS: Readonly<Record<TrpgErrorCode, { message: string; rule: string }>> = {
  malformed_command: { message: "The command is not a well-formed TRPG command.", rule: "fogwar protocol" },
  unknown_command: { message: "There is no such command.", rule: "fogwar protocol" },
  not_a_player: { message: "Only the match's players may send commands.", rule: `${S} 3-1` },
  not_your_turn: { message: "It is not your character's turn.", rule: `${S} 3-1` },
  decision_pending: { message: "A decision must be answered first.", rule: `${S} 3-1` },
  no_decision_pending: { message: "No decision is waiting for you.", rule: `${S} 3-1` },
  invalid_choice: { message: "That answer is not one of the options.", rule: `${S} 3-1` },
  match_over: { message: "The match is over.", rule: `${S} 3-6` },
  not_now: { message: "That cannot be done at this point of the round.", rule: `${S} 3-1, 3-2` },
  no_action_points: { message: "Not enough action points for that.", rule: `${S} 3-1` },
  once_per_turn: { message: "That can be done once a turn only.", rule: `${S} 3-1` },
  move_used: { message: "The move action has been used this turn.", rule: `${S} 3-1` },
  unreachable: { message: "That square cannot be reached.", rule: `${S} 3-1` },
  not_adjacent: { message: "The target must be next to the character.", rule: `${S} 3-1` },
  invalid_target: { message: "That is not a target the character can choose.", rule: `${S} 3-1, 3-3` },
  out_of_range: { message: "The target is out of range.", rule: `${S} 3-1` },
  no_line: { message: "A wall blocks the line.", rule: `${S} 3-3` },
  wrong_weapon: { message: "The weapon in hand cannot do that.", rule: `${S} 3-1` },
  prone: { message: "A prone character cannot do that.", rule: `${S} 3-1` },
  not_prone: { message: "The character is not prone.", rule: `${S} 3-1` },
  engaged: { message: "The character is engaged in melee.", rule: `${S} 3-1` },
  cannot_conceal: { message: "Concealing needs three-quarter cover or better from every enemy in view.", rule: `${S} 3-3` },
  already_concealed: { message: "The character is already concealed.", rule: `${S} 3-3` },
  no_cover: { message: "There is no cover next to the character to peek from.", rule: `${S} 3-3` },
  no_item: { message: "The character has no use of that item left.", rule: `${S} 3-1, 3-6` },
  already_acted: { message: "A character delays only before it acts.", rule: `${S} 3-2` },
  not_game_master: { message: "Only the game master may do that.", rule: `${S} 3-4, 3-5` },
  invalid_check: { message: "That check is not one the rules allow.", rule: `${S} 3-4, 3-5` },
  too_many_checks: { message: `The game master has called ${MAX_GM_CHECKS} checks this turn, the most one turn allows.`, rule: `${S} 3-4, 3-5` },
  bad_delayed_turn: { message: "Only a delayed character of yours may act in the round-end step.", rule: `${S} 3-2` },
  delayed_out_of_order: { message: "Delayed turns are played in initiative order: the higher initiative first.", rule: `${S} 3-1, 3-2` },
};

/** The {@link RuleError} for a code. */
export function trpgError(code: TrpgErrorCode): RuleError<TrpgErrorCode> {
  const { message, rule } = ERRORS[code];
  return ruleError(code, message, rule);
}
