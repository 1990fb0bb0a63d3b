/**
 * Siege's error codes, each with a player-facing message and the seed section of its rule.
 * Messages are fixed sentences: they never carry hidden information (which secret token is real,
 * the other team's picks, the RNG). A command is never refused for a reason that depends on
 * which token is real unless only the defence (who knows it) can send it.
 */
import { ruleError, type RuleError } from "@fogwar/engine";
import type { SiegeErrorCode } from "./types";

/** The seed file of Siege. */
export const SEED = "004_cb264102299fbb71.txt";
const S = SEED;

/** The message and rule of every code. */
export const ERRORS: Readonly<Record<SiegeErrorCode, { message: string; rule: string }>> = {
  malformed_command: { message: "The command is not a well-formed Siege command.", rule: "fogwar protocol" },
  unknown_command: { message: "There is no such command.", rule: "fogwar protocol" },
  not_a_player: { message: "Only the match's players may send commands.", rule: `${S} 세팅 팀 준비` },
  not_your_turn: { message: "It is not your team's turn to act.", rule: `${S} 게임 진행 요약` },
  decision_pending: { message: "A decision must be answered first.", rule: `${S} 반응 액션` },
  no_decision_pending: { message: "No decision of that kind is waiting for your team.", rule: `${S} 반응 액션` },
  match_over: { message: "The match is over.", rule: `${S} 라운드 종료 및 유지 페이즈` },
  wrong_phase: { message: "That command does not belong to the current phase.", rule: `${S} 게임 진행 요약` },
  invalid_pick: { message: "Pick five different operators of your team (in id order) and spend exactly the inventory cubes.", rule: `${S} 세팅 팀 준비` },
  already_picked: { message: "Your team has already picked.", rule: `${S} 세팅 팀 준비` },
  unknown_operator: { message: "There is no such operator in this match.", rule: `${S} 세팅 팀 준비` },
  not_your_operator: { message: "That operator is not on your team.", rule: `${S} 세팅 팀 준비` },
  operator_dead: { message: "That operator is dead.", rule: `${S} 상태이상 사망` },
  invalid_place: { message: "That place is not allowed for this.", rule: `${S} 요원 배치, 지형` },
  space_occupied: { message: "That space is occupied.", rule: `${S} 층` },
  too_many_edits: { message: "The defence relocates or removes at most five components.", rule: `${S} 요원 배치 1` },
  unknown_component: { message: "There is no such component to relocate or remove.", rule: `${S} 요원 배치 1` },
  no_gadget_left: { message: "No cube of that gadget is left in the inventory.", rule: `${S} 전술 도구 사용` },
  tokens_placed: { message: "That operator's two secret tokens are already placed, or the token is not allowed.", rule: `${S} 요원 배치 4` },
  setup_incomplete: { message: "Setup is not complete yet.", rule: `${S} 요원 배치` },
  already_activated: { message: "Each operator activates once a round.", rule: `${S} 행동 페이즈` },
  activation_running: { message: "Finish the current activation first.", rule: `${S} 행동 페이즈` },
  not_active: { message: "That operator is not the one activated now.", rule: `${S} 오퍼레이터 활성화` },
  phase_limit: { message: "A phase activates at most three operators.", rule: `${S} 행동 페이즈` },
  phase_needs_activation: { message: "A phase activates at least one operator when one can.", rule: `${S} 행동 페이즈` },
  no_movement: { message: "Not enough movement points for that.", rule: `${S} 이동` },
  blocked: { message: "That move is blocked.", rule: `${S} 이동, 벽, 장애물` },
  leaning: { message: "A leaning operator cannot move.", rule: `${S} 기울이기` },
  not_leaning: { message: "The operator is not leaning.", rule: `${S} 기울이기` },
  action_used: { message: "An operator takes each action once per activation.", rule: `${S} 오퍼레이터 활성화` },
  no_actions_left: { message: "The operator has used both of its actions.", rule: `${S} 오퍼레이터 활성화` },
  hidden_operator: { message: "A hidden operator may only move, run and watch: reveal it first.", rule: `${S} 비밀 오퍼레이터 활성화` },
  not_hidden: { message: "That operator is not hidden.", rule: `${S} 비밀 오퍼레이터 공개` },
  cannot_run: { message: "This operator cannot run here.", rule: `${S} 달리기` },
  invalid_watch: { message: "That watch is not allowed.", rule: `${S} 경계` },
  invalid_target: { message: "That is not a valid target.", rule: `${S} 사격, 파괴, 전술 도구 사용` },
  no_line_of_sight: { message: "The target is not in sight.", rule: `${S} 사격, 파괴` },
  too_strong: { message: "The breach is not strong enough for that.", rule: `${S} 파괴` },
  not_adjacent: { message: "The target must be adjacent.", rule: `${S} 파괴, 전술 도구` },
  no_special: { message: "The special gadget cannot be used that way now.", rule: `${S} 특수 도구 사용` },
  invalid_choice: { message: "That answer is not one of the options.", rule: `${S} 반응 액션` },
};

/** The {@link RuleError} for a code. */
export function siegeError(code: SiegeErrorCode): RuleError<SiegeErrorCode> {
  const { message, rule } = ERRORS[code];
  return ruleError(code, message, rule);
}
