/**
 * What the rules of every command share: the rules data, the error code type, the shape of a
 * command's rules (`check`, then `execute`, which rules.ts dispatches to), and the first checks of
 * most actions (seed 004 "오퍼레이터 활성화": the active operator, two different actions besides
 * moving; "상층부와 진입로": who may use an access point).
 */
import { catalog, type Team } from "./data";
import { isUpper, terrainAdjacent } from "./board";
import type { Ctx } from "./context";
import { geoOf, turnTeam, type Board } from "./query";
import type { ActionKind, OperatorId, OperatorState, Place, SiegeCommand, SiegeErrorCode } from "./types";

/** The rules data (data/rules.json). */
export const RULES = catalog.data.rules;
/** The error code of a refused command. */
export type Code = SiegeErrorCode;

/** The command of type `T`. */
export type CommandOf<T extends SiegeCommand["type"]> = Extract<SiegeCommand, { type: T }>;

/** The rules of one command type, for the team of the seat that sends it. */
export interface CommandRule<T extends SiegeCommand["type"]> {
  /** Null when `execute` may carry the command out, else the error code. Pure: reads the board only. */
  check(b: Board, team: Team, cmd: CommandOf<T>): Code | null;
  /** Carries out a command `check` accepted, on the working copy. */
  execute(ctx: Ctx, team: Team, cmd: CommandOf<T>): void;
}

/** The rules of several command types, by type. */
export type CommandRules<T extends SiegeCommand["type"]> = { readonly [K in T]: CommandRule<K> };

/** The operator of a command, if it exists in the match. */
export const opOf = (b: Board, id: OperatorId): OperatorState | undefined => b.operators[id];

/** The active operator of the seat's team, or an error. */
export function activeOp(b: Board, team: Team, id: OperatorId): OperatorState | Code {
  if (b.phase !== "action") return "wrong_phase";
  if (turnTeam(b) !== team) return "not_your_turn";
  const op = opOf(b, id);
  if (!op) return "unknown_operator";
  if (op.team !== team) return "not_your_operator";
  if (b.activation?.operator !== id) return "not_active";
  if (op.dead) return "operator_dead";
  return op;
}

/** Seed 004 "오퍼레이터 활성화": two different actions besides moving. */
export function actionProblem(b: Board, kind: ActionKind): Code | null {
  const a = b.activation!;
  if (a.actions.includes(kind)) return "action_used";
  if (a.actions.length >= RULES.actionsPerActivation) return "no_actions_left";
  return null;
}

/**
 * The active operator of `team` about to take the action `kind`, or an error: it must be revealed
 * (seed 004 "비밀 오퍼레이터 활성화": a hidden operator only moves, runs and watches) and may not have
 * taken that action nor two actions already (seed 004 "오퍼레이터 활성화").
 */
export function revealedActor(b: Board, team: Team, id: OperatorId, kind: ActionKind): OperatorState | Code {
  const op = activeOp(b, team, id);
  if (typeof op === "string") return op;
  if (op.hidden) return "hidden_operator";
  return actionProblem(b, kind) ?? op;
}

/**
 * Seed 004 "인접판정": whether the lower-floor space `q` is adjacent to `p`: one of the eight
 * surrounding spaces (diagonals included) whose sight from `p` no wall or barricade blocks
 * ("하지만 어떤 칸으로 향하는 시야가 막히면 해당 칸은 인접하지 않은 것으로 취급한다"; "벽" says walls
 * "시야를 막고 그에따라 인접판정을 방해한다"). A diagonal is cut when any of the four edges around
 * the corner blocks sight (a protruding wall corner). Never `p` itself. Terrain only (the
 * adjacency of explosions, `terrainAdjacent`): operators, tokens and smoke do not cut it.
 */
export const adjacentTo = (b: Pick<Board, "map" | "partitions">, p: Place, q: Place): boolean =>
  !isUpper(p) && !isUpper(q) && p !== q && terrainAdjacent(b, p, q);

/** Seed 004 "상층부와 진입로": grey access points serve everyone, blue ones the attack only. */
export function accessOk(b: Board, ap: Place, team: Team, area?: string): boolean {
  const info = geoOf(b).accessPoints.get(ap);
  if (!info || (area !== undefined && info.area !== area)) return false;
  return info.colour === "grey" || team === "attack";
}
