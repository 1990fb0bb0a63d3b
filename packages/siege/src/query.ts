/**
 * Read-only questions about a match (who is where, who sees whom, what an operator may do).
 * They take a {@link Board}: the state without its server secrets, which is also the shape of a
 * viewer's projection, so `legalCommandsInView` runs the same code on a view. Nothing here reads
 * `hidden.real` except where the defence alone is asking.
 */
import type { SeatId } from "@fogwar/engine";
import { catalog, type Colour, type Operator, type Team } from "./data";
import {
  accessWatchAt,
  areaOf,
  distance,
  gadgetAt,
  geometry,
  isOutside,
  isUpper,
  lineOfSight,
  memo,
  protection,
  up,
  type Geometry,
} from "./board";
import type { OperatorId, OperatorState, Place, SecretToken, SiegeState, TokenId } from "./types";

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

/** Whether the access point `ap` carries a reinforced access point token (seed 004 "강화된 진입로"). */
export const reinforcedAt = (b: Board, ap: Place): boolean => b.gadgets.some((g) => g.at === ap && g.kind === "reinforced_access");

/**
 * Seed 004 "인접판정" 상층부: an operator of `team` in an upper area is adjacent to (and sees) each
 * access point of the area, except one with an enemy watch token or a reinforced access point.
 */
export function upperReaches(b: Board, area: string, team: Team, ap: Place): boolean {
  const info = geoOf(b).accessPoints.get(ap);
  if (!info || info.area !== area) return false;
  if (reinforcedAt(b, ap)) return false;
  const w = accessWatchAt(b, ap);
  return !(w && w.team !== team);
}

/**
 * Whether something of `team` at `from` sees the place `to` (held by the other team), and the
 * distance counted for a shot (seed 004 "사격": the shortest distance, the shooter's space
 * excluded; upper-floor adjacency counts as 1). `null` when there is no sight.
 */
export function sight(b: Board, from: Place, fromTeam: Team, to: Place, toTeam: Team): number | null {
  const fu = isUpper(from);
  const tu = isUpper(to);
  if (fu && tu) return from === to ? 1 : null;
  if (fu) return upperReaches(b, areaOf(from), fromTeam, to) ? 1 : null;
  if (tu) return upperReaches(b, areaOf(to), toTeam, from) ? 1 : null;
  return lineOfSight(b, from, to) ? distance(from, to) : null;
}

/** The places an operator's body can be targeted at: its model and its leaning stand. */
export const bodyPlaces = (o: OperatorState): Place[] => [o.at, o.stand].filter((p): p is Place => p !== null);

/**
 * Seed 004 "사격": whether `shooter` may shoot `target`, and at what distance and protection.
 * The target must be a revealed living enemy in sight (its model or its stand; a red-pinged
 * target counts as seen, seed 004 "레드핑"). Protection is measured to the stand (seed 004 "보호").
 */
export function shotAt(b: Board, shooter: OperatorState, target: OperatorState): { distance: number; protection: number } | null {
  if (!shooter.at || !target.at || target.dead || target.hidden || shooter.team === target.team) return null;
  let best: number | null = null;
  for (const p of bodyPlaces(target)) {
    const d = sight(b, shooter.at, shooter.team, p, target.team);
    if (d !== null && (best === null || d < best)) best = d;
  }
  if (best === null && target.redPing) {
    for (const p of bodyPlaces(target)) {
      const d = isUpper(shooter.at) || isUpper(p) ? (isUpper(shooter.at) && isUpper(p) && shooter.at === p ? 1 : null) : distance(shooter.at, p);
      if (d !== null && (best === null || d < best)) best = d;
    }
  }
  if (best === null) return null;
  const body = target.stand ?? target.at;
  const prot = isUpper(shooter.at) || isUpper(body) ? (profile(target.id).shield ? catalog.data.rules.protection.weak : 0) : protection(b, shooter.at, body, target.id);
  return { distance: Math.max(1, best), protection: prot };
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
