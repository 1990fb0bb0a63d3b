/**
 * Read-only questions about a match (who is where, who sees whom, what an operator may do).
 * They take a {@link Board}: the state without its server secrets, which is also the shape of a
 * viewer's projection, so `legalCommandsInView` runs the same code on a view. Nothing here reads
 * `hidden.real` except where the defence alone is asking.
 */
import type { SeatId } from "@fogwar/engine";
import { catalog, type Colour, type Operator, type Team } from "./data";
import { bodyPlaces, gadgetAt, geometry, isOutside, isUpper, memo, protection, sightings, up, type Geometry } from "./board";
import type { OperatorId, OperatorState, Place, SecretToken, SiegeState, TokenId } from "./types";

// Sight between places and of operators lives in sight.ts; these are asked here too.
export { bodyPlaces, reinforcedAt, sees, sight, sightings, upperReaches } from "./board";

/** The state as every check sees it: no server secrets (a view has the same shape). */
export type Board = Omit<SiegeState, "server">;

/** The other team. */
export const enemyOf = (team: Team): Team => (team === "attack" ? "defence" : "attack");

/** The team of a seat, or undefined for a non-player. */
export function teamOfSeat(b: Pick<Board, "teams">, seat: SeatId): Team | undefined {
  if (b.teams.attack.includes(seat)) return "attack";
  if (b.teams.defence.includes(seat)) return "defence";
  return undefined;
}

/** The catalog profile of an operator. */
export const profile = (id: OperatorId): Operator => catalog.operators.get(id)!;

/** The geometry of the match's map. */
export const geoOf = (b: Pick<Board, "map">): Geometry => geometry(b.map);

/** The team whose action phase it is (seed 004 "요약": attack, defence, attack, defence). */
export const turnTeam = (b: Pick<Board, "step">): Team => (b.step % 2 === 0 ? "attack" : "defence");

/** The living operators of a team. */
export const living = (b: Board, team: Team): OperatorState[] => Object.values(b.operators).filter((o) => o.team === team && !o.dead);

/** The living operators of a team with a body in a room. */
export function inRoom(s: Board, team: Team, room: string): OperatorState[] {
  return living(s, team).filter((o) => bodyPlaces(o).some((p) => roomOf(s, p) === room));
}

/** The tokens of an operator, in id order. */
export const tokensOf = (b: Pick<Board, "tokens">, op: OperatorId): SecretToken[] => b.tokens.filter((t) => t.operator === op);

/** Whether an operator is on the board (a model, or its tokens). */
export function deployed(b: Board, op: OperatorState): boolean {
  return op.at !== null || (op.hidden && tokensOf(b, op.id).length > 0);
}

/** What holds a lower-floor space: an operator model, a leaning stand or a secret token. */
export function occupant(b: Board, p: Place): { kind: "model" | "stand"; operator: OperatorId } | { kind: "token"; token: TokenId; operator: OperatorId } | null {
  for (const o of Object.values(b.operators)) {
    if (o.dead) continue;
    if (o.at === p) return { kind: "model", operator: o.id };
    if (o.stand === p) return { kind: "stand", operator: o.id };
  }
  const t = b.tokens.find((t) => t.at === p);
  return t ? { kind: "token", token: t.id, operator: t.operator } : null;
}

/** Whether a space holds an obstacle or a deployable shield (treated as an obstacle, seed 004 "이동식 방패"). */
export function obstacleAt(b: Board, p: Place): boolean {
  if (geoOf(b).obstacles.has(p)) return true;
  const g = gadgetAt(b, p);
  return g !== undefined && catalog.gadgets.get(g.kind)?.kind === "shield";
}

/** Seed 004 "층": a space is empty when it holds no operator (model, stand, token) and no obstacle. */
export const emptySpace = (b: Board, p: Place): boolean => memo(b, `empty:${p}`, () => !isUpper(p) && occupant(b, p) === null && !obstacleAt(b, p));

/** The operator model or token of `team` in the upper area `area` (each area has one space per team, seed 004 "상층부와 진입로"). */
export function upperHolder(b: Board, area: string, team: Team): OperatorId | TokenId | null {
  const place = up(area);
  const op = Object.values(b.operators).find((o) => !o.dead && o.team === team && o.at === place);
  if (op) return op.id;
  if (team === "defence") return b.tokens.find((t) => t.at === place)?.id ?? null;
  return null;
}

/**
 * Seed 004 "사격": whether `shooter` may shoot `target`, and at what distance and protection.
 * The target must be a revealed living enemy that the shooter {@link sees} (its model or its
 * stand, the nearer; a red-pinged target counts as seen, seed 004 "레드핑"). Protection is
 * measured to the stand (seed 004 "보호").
 */
export function shotAt(b: Board, shooter: OperatorState, target: OperatorState): { distance: number; protection: number } | null {
  if (!shooter.at || !target.at || target.dead || target.hidden || shooter.team === target.team) return null;
  const seen = sightings(b, shooter, target);
  if (seen.length === 0) return null;
  const nearest = Math.min(...seen.map((x) => x.distance));
  const body = target.stand ?? target.at;
  const prot = isUpper(shooter.at) || isUpper(body) ? (profile(target.id).shield ? catalog.data.rules.protection.weak : 0) : protection(b, shooter.at, body, target.id);
  return { distance: Math.max(1, nearest), protection: prot };
}

/** The dice of a weapon at a distance (seed 004 "능력" 무기), or of a stunned shooter (two yellow, seed 004 "스턴"). */
export function shotDice(op: OperatorState, dist: number, prot: number): Colour[] {
  if (op.stunned) return [...catalog.data.rules.stunnedDice];
  const bands = profile(op.id).weapon.bands;
  const band = bands.find((x) => dist <= x.upTo) ?? bands[bands.length - 1]!;
  return band.dice.filter((d) => !(prot > 0 && d.lightning)).map((d) => d.colour);
}

/** The room of a lower-floor place, or undefined (outside, upper floor). */
export const roomOf = (b: Pick<Board, "map">, p: Place | null): string | undefined => (p && !isUpper(p) ? geoOf(b).roomOf.get(p) : undefined);

/** Whether a place is inside the building's lower floor (not outside, not upstairs). */
export const inside = (b: Pick<Board, "map">, p: Place): boolean => !isUpper(p) && !isOutside(geoOf(b), p);
