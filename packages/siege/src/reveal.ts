/**
 * Seed 004 "비밀 오퍼레이터 공개" and "레드핑": revealing a hidden operator (the `reveal` command, at
 * will, and the triggers: sight, damage, scans, reactions, contests), spotting secret tokens in the
 * attack's sight, red pings (seed 004 "카메라", "드론", "사격" 5) and room scans.
 */
import { catalog, type Team } from "./data";
import { activeOp, type CommandRules } from "./common";
import type { Ctx } from "./context";
import { bodyPlaces, enemyOf, inRoom, living, roomOf, sees, tokensOf } from "./query";
import type { OperatorId, RevealCause } from "./types";

/**
 * Seed 004 "비밀 오퍼레이터 공개": reveals a hidden operator: its model takes the real token's
 * place (and watch, and stun marker: seed 004 "섬광탄"), the decoy token leaves the board.
 */
export function reveal(ctx: Ctx, id: OperatorId, cause: RevealCause): void {
  const s = ctx.s;
  const op = s.operators[id]!;
  if (!op.hidden) return;
  const realId = s.hidden.real[id]!;
  const real = s.tokens.find((t) => t.id === realId)!;
  const decoy = s.tokens.find((t) => t.operator === id && t.id !== realId)!;
  op.hidden = false;
  op.at = real.at;
  op.watch = real.watch;
  s.tokens = s.tokens.filter((t) => t.operator !== id);
  delete s.hidden.real[id];
  ctx.emit({ type: "revealed", operator: id, token: real.id, decoy: decoy.id, at: real.at, cause });
  // Seed 004 "섬광탄": the real token's stun marker takes effect on the model (the decoy's left with it).
  if (real.stunned && !op.stunned) {
    op.stunned = true;
    ctx.emit({ type: "stunned", operator: id });
  }
}

/**
 * Seed 004 "비밀 오퍼레이터 공개" (비밀 오퍼레이터 토큰이 공격팀의 시야에 들어왔을때): every hidden
 * operator with a token that a living attacker {@link sees} is revealed (a seen decoy too).
 */
export function spot(ctx: Ctx): void {
  const s = ctx.s;
  const attackers = living(s, "attack").filter((o) => o.at !== null);
  for (const op of Object.values(s.operators)) {
    if (!op.hidden || op.dead) continue;
    const seen = tokensOf(s, op.id).some((t) => attackers.some((a) => sees(s, a, t)));
    if (seen) reveal(ctx, op.id, "sighted");
  }
}

/** Seed 004 "레드핑". */
export function ping(ctx: Ctx, id: OperatorId, source: string): void {
  const op = ctx.s.operators[id]!;
  if (op.dead || op.hidden || op.redPing) return;
  op.redPing = true;
  ctx.emit({ type: "pinged", operator: id, source });
}

/** Seed 004 "카메라": an attacker in a room covered by a defence camera gets a red ping. */
export function cameraPing(ctx: Ctx, id: OperatorId): void {
  const s = ctx.s;
  const op = s.operators[id]!;
  if (op.team !== "attack" || op.dead) return;
  const rooms = new Set(bodyPlaces(op).map((p) => roomOf(s, p)).filter((r) => r !== undefined));
  const cam = s.gadgets.find((g) => catalog.gadgets.get(g.kind)?.kind === "camera" && rooms.has(roomOf(s, g.at)!));
  if (cam) ping(ctx, id, cam.id);
}

/** Seed 004 "드론": every hidden operator with a token in the room is revealed; enemies in the room get a red ping. */
export function scanRoom(ctx: Ctx, team: Team, room: string): void {
  const s = ctx.s;
  for (const op of Object.values(s.operators)) {
    if (op.team !== team && op.hidden && tokensOf(s, op.id).some((t) => roomOf(s, t.at) === room)) reveal(ctx, op.id, "scanned");
  }
  for (const op of inRoom(s, enemyOf(team), room)) ping(ctx, op.id, "scan");
}

/** Seed 004 "비밀 오퍼레이터 공개": the defence reveals a hidden operator at will while activating it. */
export const revealRules: CommandRules<"reveal"> = {
  reveal: {
    check(b, team, cmd) {
      const op = activeOp(b, team, cmd.operator);
      if (typeof op === "string") return op;
      return op.hidden ? null : "not_hidden";
    },
    execute(ctx, _team, cmd) {
      reveal(ctx, cmd.operator, "at_will");
      spot(ctx);
    },
  },
};
