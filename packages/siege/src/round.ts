/**
 * Seed 004 "게임 진행": "요약" (five rounds of four action phases), "행동 페이즈" (one to three
 * activations a phase, each operator once a round), "오퍼레이터 활성화" (the activation), "라운드
 * 종료 및 유지 페이즈" (the end of the round and upkeep); and the project's concession.
 */
import type { Team } from "./data";
import { activeOp, opOf, RULES, type CommandRules } from "./common";
import type { Ctx } from "./context";
import { spot } from "./reveal";
import { finishMatch, victoryCheck } from "./victory";
import { deployed, enemyOf, living, turnTeam, type Board } from "./query";
import type { OperatorState } from "./types";

/** Operators of `team` that may still activate this round. */
export function availableOps(b: Board, team: Team): OperatorState[] {
  return living(b, team).filter((o) => !o.activated && deployed(b, o));
}

/** Seed 004 "행동 페이즈": the action phase of the team whose turn it is begins, with no activation yet. */
export function startPhase(ctx: Ctx): void {
  ctx.s.activations = 0;
  ctx.emit({ type: "phase_started", team: turnTeam(ctx.s), step: ctx.s.step });
}

/** Seed 004 "요약": the next round begins with attack phase 1. */
export function startRound(ctx: Ctx): void {
  const s = ctx.s;
  s.round++;
  s.step = 0;
  ctx.emit({ type: "round_started", round: s.round });
  startPhase(ctx);
}

/** Seed 004 "유지 페이즈": red pings, stuns (the tokens' stun markers too) and overlays go; activation tokens turn back. */
export function upkeep(ctx: Ctx): void {
  const s = ctx.s;
  for (const op of Object.values(s.operators)) {
    op.redPing = false;
    op.stunned = false;
    op.activated = false;
  }
  for (const t of s.tokens) delete t.stunned;
  s.overlays = [];
  ctx.emit({ type: "upkeep", round: s.round });
  spot(ctx);
}

/** Seed 004 "오퍼레이터 활성화": the activation ends (ended by the team, by barbed wire, by death, or used up). */
export function endActivation(ctx: Ctx, reason: "ended" | "barbed_wire" | "dead" | "exhausted"): void {
  const s = ctx.s;
  const a = s.activation!;
  s.activation = null;
  ctx.emit({ type: "activation_ended", operator: a.operator, reason });
}

/**
 * Seed 004 "요약", "라운드 종료 및 유지 페이즈": the action phase ends; after defence phase 2 the
 * victory check, then upkeep and the next round.
 */
export function endPhase(ctx: Ctx): void {
  const s = ctx.s;
  ctx.emit({ type: "phase_ended", team: turnTeam(s), step: s.step });
  if (s.step < 3) {
    s.step++;
    startPhase(ctx);
    return;
  }
  if (victoryCheck(ctx)) return;
  upkeep(ctx);
  startRound(ctx);
}

/**
 * Moves the match on while no one has a choice: ends a finished activation (dead, stopped by
 * barbed wire, or out of movement and actions), ends a phase that reached three activations or
 * has no operator left to activate, and runs the end of the round.
 */
export function advance(ctx: Ctx): void {
  const s = ctx.s;
  for (let guard = 0; guard < 64; guard++) {
    if (s.result || s.pending || s.phase !== "action") return;
    if (s.activation) {
      const op = s.operators[s.activation.operator]!;
      if (op.dead) endActivation(ctx, "dead");
      else if (s.activation.stopped) endActivation(ctx, "barbed_wire");
      else if ((s.activation.mp === 0 || s.activation.climbed) && s.activation.actions.length >= RULES.actionsPerActivation) endActivation(ctx, "exhausted");
      else return;
      continue;
    }
    const team = turnTeam(s);
    if (s.activations >= RULES.activationsPerPhase.max || availableOps(s, team).length === 0) {
      endPhase(ctx);
      continue;
    }
    return;
  }
}

/** Seed 004 "행동 페이즈", "오퍼레이터 활성화"; the concession (project decision, docs/rules/siege.md). */
export const roundRules: CommandRules<"activate" | "end_activation" | "end_phase" | "concede"> = {
  activate: {
    check(b, team, cmd) {
      if (b.phase !== "action") return "wrong_phase";
      if (turnTeam(b) !== team) return "not_your_turn";
      if (b.activation) return "activation_running";
      const op = opOf(b, cmd.operator);
      if (!op) return "unknown_operator";
      if (op.team !== team) return "not_your_operator";
      if (op.dead) return "operator_dead";
      if (op.activated) return "already_activated";
      if (b.activations >= RULES.activationsPerPhase.max) return "phase_limit";
      return deployed(b, op) ? null : "invalid_place";
    },
    execute(ctx, _team, cmd) {
      const s = ctx.s;
      const op = s.operators[cmd.operator]!;
      op.activated = true;
      s.activations++;
      s.activation = { operator: op.id, mp: RULES.movementPoints, actions: [], climbed: false, descended: false, stopped: false };
      ctx.emit({ type: "activated", operator: op.id });
    },
  },
  end_activation: {
    check(b, team, cmd) {
      const op = activeOp(b, team, cmd.operator);
      return typeof op === "string" ? op : null;
    },
    execute(ctx) {
      endActivation(ctx, "ended");
    },
  },
  end_phase: {
    check(b, team) {
      if (b.phase !== "action") return "wrong_phase";
      if (turnTeam(b) !== team) return "not_your_turn";
      if (b.activation) return "activation_running";
      if (b.activations < RULES.activationsPerPhase.min && availableOps(b, team).length > 0) return "phase_needs_activation";
      return null;
    },
    execute(ctx) {
      endPhase(ctx);
    },
  },
  concede: {
    // Checked before any other rule (rules.ts `check`): allowed at any time.
    check: () => null,
    execute(ctx, team) {
      finishMatch(ctx, enemyOf(team), "conceded");
    },
  },
};
