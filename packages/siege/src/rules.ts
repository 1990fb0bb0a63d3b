/**
 * The rules of a Siege match (seed `004_cb264102299fbb71.txt`): `check` tells whether a seat may
 * send a command now (also used to list legal commands), `execute` carries it out. Both dispatch to
 * the rules of the command's type, kept by seed section:
 * - setup.ts: "세팅" (맵 선택, 팀 준비, 요원 배치);
 * - round.ts: "게임 진행" (요약, 행동 페이즈, 오퍼레이터 활성화, 라운드 종료 및 유지 페이즈), concession;
 * - movement.ts: "이동", "장애물", "기울이기", "달리기", "상층부와 진입로";
 * - shooting.ts: "사격", "대응 사격" (react, hold), reroll tokens;
 * - contest.ts: "경계" (the watch action, 상층부 contests), "사격 교환";
 * - breach.ts: "파괴"; gadgets.ts: "전술 도구 사용", "도구 특성", "오버레이", the gadget lists;
 * - specials.ts: "특수 도구 사용"; reveal.ts: "비밀 오퍼레이터 공개", "레드핑".
 * Shared effects: watch.ts ("경계", "대응 사격": covers, what follows an action), damage.ts
 * ("상태이상 사망", gadget damage), claymore.ts ("클레이모어"), victory.ts ("라운드 종료").
 * `check` reads a {@link Board} (a view has the same shape); `execute` mutates a {@link Ctx} and
 * may only be called on a command `check` accepted.
 */
import type { Facing, SeatId } from "@fogwar/engine";
import { breachRules } from "./breach";
import type { Code, CommandRule, CommandRules } from "./common";
import { contestRules } from "./contest";
import type { Ctx } from "./context";
import { gadgetRules } from "./gadgets";
import { movementRules } from "./movement";
import { revealRules } from "./reveal";
import { roundRules } from "./round";
import { setupRules } from "./setup";
import { shootingRules } from "./shooting";
import { specialRules } from "./specials";
import { teamOfSeat, type Board } from "./query";
import type { SiegeCommand } from "./types";

export { setupMatch, pickSalt } from "./setup";
export { advance, availableOps } from "./round";
export { smokeOverlay, droneReach } from "./gadgets";
export { gadgetDurability } from "./breach";
export { watchCovers } from "./watch";
export { stepProblem } from "./movement";
export { reveal, spot } from "./reveal";

/** The facings, for enumerations. */
export const ALL_FACINGS: readonly Facing[] = ["N", "E", "S", "W"];

/** The rules of every command type. */
const COMMANDS: CommandRules<SiegeCommand["type"]> = {
  ...setupRules,
  ...roundRules,
  ...movementRules,
  ...contestRules,
  ...revealRules,
  ...shootingRules,
  ...breachRules,
  ...gadgetRules,
  ...specialRules,
};

/** The rules of a command's type. */
const rulesOf = (cmd: SiegeCommand): CommandRule<SiegeCommand["type"]> => COMMANDS[cmd.type] as unknown as CommandRule<SiegeCommand["type"]>;

/** The answers to a pending decision, by the decision's kind (seed 004 "반응 액션"). */
const ANSWERS: Partial<Record<SiegeCommand["type"], string>> = {
  react: "reaction",
  hold: "reaction",
  reroll: "reroll",
  keep: "reroll",
  contest: "contest",
  return_fire: "return_fire",
};

/**
 * Checks a command from `seat` against the board: null when `execute` may carry it out, else the
 * error code. Pure; reads no server secret, and `hidden.real` only for commands of the defence.
 */
export function check(b: Board, seat: SeatId, cmd: SiegeCommand): Code | null {
  const team = teamOfSeat(b, seat);
  if (!team) return "not_a_player";
  if (b.phase === "finished" || b.result) return "match_over";
  // A concession is allowed at any time: in any phase, during the other team's activation and
  // while a decision is pending for either team (project decision, docs/rules/siege.md).
  if (cmd.type === "concede") return null;
  const answers = ANSWERS[cmd.type];
  if (b.pending) {
    if (b.pending.team !== team) return "decision_pending";
    if (answers !== b.pending.kind) return "decision_pending";
  } else if (answers) return "no_decision_pending";
  return rulesOf(cmd).check(b, team, cmd);
}

/** Carries out a command `check` accepted. */
export function execute(ctx: Ctx, seat: SeatId, cmd: SiegeCommand): void {
  rulesOf(cmd).execute(ctx, teamOfSeat(ctx.s, seat)!, cmd);
}
