/**
 * The ruleset's error codes, each a fixed sentence with the rule that refuses the command. The
 * sentences never carry hidden information (a reserve unit, a card in hand, the deck).
 */
import { ruleError, type RuleError } from "@fogwar/engine";
import type { SigmarErrorCode } from "./types";

/** The seed file. */
export const SEED = "003_3dcb36e83a2444ba.txt";
/** Project core rules (docs/rules/sigmar.md). */
export const CORE = "docs/rules/sigmar.md core";

export const ERRORS: Readonly<Record<SigmarErrorCode, { message: string; rule: string }>> = {
  malformed_command: { message: "The command is not a well-formed command of this game.", rule: "fogwar protocol" },
  unknown_command: { message: "There is no such command.", rule: "fogwar protocol" },
  not_a_player: { message: "Only the match's players may send commands.", rule: `${CORE} C1` },
  not_your_turn: { message: "It is not your turn to act.", rule: `${CORE} C4` },
  decision_pending: { message: "A decision must be answered first.", rule: `${CORE} C4` },
  no_decision_pending: { message: "No decision of that kind is waiting for you.", rule: `${CORE} C4` },
  match_over: { message: "The match is over.", rule: `${CORE} C12` },
  wrong_phase: { message: "That command does not belong to the current phase.", rule: `${CORE} C4` },
  invalid_army: { message: "That army list breaks the army rules (faction, points, reserves or enhancements).", rule: `${CORE} C2` },
  army_locked: { message: "Your army list is already locked; unlock it first to change it.", rule: `${CORE} C2` },
  army_not_locked: { message: "Your army list is not locked.", rule: `${CORE} C2` },
  too_many_locks: { message: "You have locked an army list too many times in this muster; lock the one you will play.", rule: `${CORE} C2` },
  unknown_unit: { message: "There is no such unit on the battlefield.", rule: `${SEED} 28` },
  not_your_unit: { message: "That unit is not yours.", rule: `${SEED} 28` },
  not_on_battlefield: { message: "Units using abilities, and units picked by them, must be on the battlefield.", rule: `${SEED} 28` },
  already_acted: { message: "That unit has already done that this turn or phase.", rule: `${CORE} C5` },
  bad_positions: { message: "Give one position for each model, as whole hundredths of an inch.", rule: `${CORE} C3` },
  too_far: { message: "A model cannot move that far.", rule: `${CORE} C5` },
  not_coherent: { message: "The unit must end in coherency.", rule: `${CORE} C3` },
  overlapping: { message: "Bases cannot overlap other bases or terrain, or leave the battlefield.", rule: `${CORE} C3` },
  blocked_path: { message: "A model cannot move through terrain or enemy models.", rule: `${CORE} C5` },
  enters_combat_range: { message: "That move cannot end in, or pass through, an enemy unit's combat range.", rule: `${SEED} 29` },
  outside_area: { message: "Models must be set up wholly within the allowed area.", rule: `${SEED} 24` },
  in_combat: { message: "A unit in combat cannot do that.", rule: `${CORE} C5` },
  cannot: { message: "A rule says that unit cannot do that, and nothing overrides it.", rule: `${SEED} 29` },
  out_of_range: { message: "The target is out of range.", rule: `${CORE} C6` },
  not_visible: { message: "The target is not visible, or is shielded from attacks at that distance.", rule: `${SEED} 25` },
  invalid_target: { message: "That is not a valid target.", rule: `${SEED} 28` },
  invalid_choice: { message: "That answer is not one of the options.", rule: `${SEED} 20, 30` },
  fight_order: { message: "That unit cannot fight now: strike-first units fight first and strike-last units last.", rule: `${SEED} 19` },
  ability_unavailable: { message: "That ability cannot be used now.", rule: `${SEED} 28` },
  ability_used: { message: "That ability has been used as often as its 'once per' allows.", rule: `${SEED} 28.2` },
  not_enough_cp: { message: "Not enough command points.", rule: `${CORE} C9` },
  card_not_in_hand: { message: "You can play only a card from your hand, one per turn.", rule: `${CORE} C10` },
};

/** The {@link RuleError} of a code. */
export const sigmarError = (code: SigmarErrorCode): RuleError<SigmarErrorCode> => ruleError(code, ERRORS[code].message, ERRORS[code].rule);
