/**
 * Questions about a match that the rules, the checks and the views share. They read a
 * {@link Board}: the state, or a seat's projection of it (the same shape with what the seat may
 * not know left out), so the checks give the same answer on both (./check.ts).
 */
import type { SeatId, Square } from "@fogwar/engine";
import { catalog, type Archetype, type Equipment, type MapData, type Scenario, type Stats, type Weapon } from "./data";
import { distance, key } from "./geometry";
import type { CharacterId, CharacterState, Side, TrpgState } from "./types";

/** The state without the server's parts: what a projection keeps. */
export type Board = Omit<TrpgState, "server" | "tasks">;

export const RULES = catalog.rules;

export const scenarioOf = (b: Pick<Board, "scenario">): Scenario => catalog.scenarios.get(b.scenario)!;
export const mapOf = (b: Pick<Board, "scenario">): MapData => scenarioOf(b).map;
export const other = (side: Side): Side => (side === "party" ? "enemies" : "party");

/** The side a seat plays (the game master plays the enemies), or null for a stranger. */
export function sideOfSeat(b: Pick<Board, "seats">, seat: SeatId): Side | null {
  if (b.seats.party.includes(seat)) return "party";
  if (b.seats.enemies.includes(seat)) return "enemies";
  return null;
}

/** Whether `seat` is the game master (GM mode). */
export const isGameMaster = (b: Pick<Board, "mode" | "seats">, seat: SeatId): boolean => b.mode === "gm" && b.seats.enemies[0] === seat;

/** The seat that controls a character. */
export function seatOf(b: Pick<Board, "control" | "seats" | "characters">, id: CharacterId): SeatId {
  const c = b.characters[id];
  if (c?.side === "party") return b.control[id] ?? b.seats.party[0]!;
  return b.seats.enemies[0]!;
}

/** Whether side `side` can see `c` (its own, or the other side's while not concealed: seed 002 3-3). */
export const seenBy = (c: CharacterState, side: Side): boolean => c.side === side || !c.concealed;

/** Whether a character is still in the fight (not dead). */
/**
 * Whether an event would tell the party a stat it may not know: GM mode, and one of `ids` is an
 * enemy whose stat block no check has revealed (seed 002 3-4).
 */
export const statSecret = (s: Pick<Board, "mode" | "characters" | "revealedStats">, ids: readonly string[]): boolean =>
  s.mode === "gm" && ids.some((id) => s.characters[id]?.side === "enemies" && !s.revealedStats.includes(id));

export const living = (c: CharacterState): boolean => c.status !== "dead";
/** Whether a character can act (seed 002 3-6: incapacitated characters cannot). */
export const standing = (c: CharacterState): boolean => c.status === "active";

/** Every character of the board, in id order (a view holds only those its viewer knows of). */
export const allCharacters = (b: Pick<Board, "characters">): CharacterState[] => Object.values(b.characters).sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));

/** The character on a square that `side` can see there, if any. */
export function seenAt(b: Pick<Board, "characters">, s: Square, side: Side): CharacterState | null {
  for (const c of Object.values(b.characters)) if (living(c) && c.at && c.at.x === s.x && c.at.y === s.y && seenBy(c, side)) return c;
  return null;
}

/**
 * The squares of the people that give cover (seed 002 3-3: people are half cover), but `except`:
 * only characters nobody has to find (not concealed), so a concealed one on the line never shows
 * in a roll's modifiers (docs/rules/trpg.md "Presence").
 */
export function peopleInSight(b: Pick<Board, "characters">, except: readonly CharacterId[]): Set<string> {
  const out = new Set<string>();
  for (const c of Object.values(b.characters)) if (living(c) && c.at && !c.concealed && !except.includes(c.id)) out.add(key(c.at));
  return out;
}

export const archetypeOf = (c: CharacterState): Archetype => catalog.archetypes.get(c.archetype!)!;
export const weaponById = (id: string): Weapon => catalog.weapons.get(id)!;
/** The weapon in hand. */
export const weaponOf = (c: CharacterState): Weapon => weaponById(c.weapon!);
export const equipmentOf = (c: CharacterState): Equipment[] => archetypeOf(c).equipment.map((e) => catalog.equipment.get(e)!);

/** The stats as they are now: extreme cold takes 1 from GRC and PRC (seed 002 3-7). */
export function statsOf(c: CharacterState): Stats {
  const s = archetypeOf(c).stats;
  return c.cold ? { ...s, GRC: Math.max(0, s.GRC - 1), PRC: Math.max(0, s.PRC - 1) } : s;
}

/** The sum of one equipment bonus of a character (seed 002 3-4 "equipment bonus"). */
export const bonusOf = (c: CharacterState, roll: "shoot" | "conceal" | "spot" | "check" | "dodge"): number =>
  equipmentOf(c).reduce((n, e) => n + (e.bonus?.[roll] ?? 0), 0);

/** An item of a kind the character carries with a use left, if any. */
export const itemOfKind = (c: CharacterState, kind: Equipment["kind"]): Equipment | undefined =>
  equipmentOf(c).find((e) => e.kind === kind && (e.slots === undefined || (c.slots[e.id] ?? 0) > 0));

/** Evasion by speed (seed 002 3-4: 2-3 gives 1, 4-5 gives 2, 6-7 gives 3). */
export function evasionOf(speed: number): number {
  let out = 0;
  for (const row of RULES.evasion) if (speed >= row.minSpeed) out = row.evasion;
  return out;
}

/** Light: `day`, `low` or `dark` (seed 002 3-7, night from 25 %). */
export function lightLevel(b: Pick<Board, "night">): "day" | "low" | "dark" {
  const night = b.night;
  if (night >= catalog.light.darknessFrom) return "dark";
  if (night >= catalog.light.lowLightFrom) return "low";
  return "day";
}

/**
 * Whether a square is lit: always by day, else within the radius of a light of the map or of a
 * lamp carried by a character that is not concealed (a concealed carrier's lamp is dark: it would
 * give it away).
 */
export function lit(b: Pick<Board, "scenario" | "night" | "characters">, s: Square): boolean {
  if (lightLevel(b) === "day") return true;
  for (const l of mapOf(b).lights) if (distance({ x: l.at[0], y: l.at[1] }, s) <= l.radius) return true;
  for (const c of Object.values(b.characters)) {
    if (c.at && !c.concealed && living(c) && c.lamp > 0 && distance(c.at, s) <= c.lamp) return true;
  }
  return false;
}

/**
 * M, the squares of the move action (seed 002 3-1: speed x 2), with the field's speed penalty
 * and darkness's outside the light (never below the field's minimum, seed 002 3-7), and a third
 * of it while prone.
 */
export function moveAllowance(b: Pick<Board, "scenario" | "field" | "night" | "characters">, c: CharacterState): number {
  const field = catalog.fields.get(b.field)!;
  let m = statsOf(c).SPD * 2;
  let penalty = field.speed ?? 0;
  if (lightLevel(b) === "dark" && c.at && !lit(b, c.at)) penalty += catalog.light.dark.speed;
  if (penalty < 0) m = Math.max(field.minMove ?? 3, m + penalty);
  return c.prone ? m / RULES.proneMoveDivisor : m;
}

/** The squares of a sprint (seed 002 3-1: speed), a third of it while prone. */
export const sprintAllowance = (c: CharacterState): number => (c.prone ? statsOf(c).SPD / RULES.proneMoveDivisor : statsOf(c).SPD);

/** Whether two characters are engaged (seed 002 3-1: in the 8 squares around, and able to see each other). */
export function engaged(a: CharacterState, b: CharacterState): boolean {
  return a.side !== b.side && living(a) && living(b) && a.status === "active" && b.status === "active" && !a.concealed && !b.concealed && a.at !== null && b.at !== null && Math.max(Math.abs(a.at.x - b.at.x), Math.abs(a.at.y - b.at.y)) === 1;
}

/** The opponents engaged with `c` that `c`'s side can see. */
export const engagedWith = (b: Pick<Board, "characters">, c: CharacterState): CharacterState[] => allCharacters(b).filter((o) => engaged(c, o));

/** The characters of `side` (in id order). */
export const sideOf = (b: Pick<Board, "characters">, side: Side): CharacterState[] => allCharacters(b).filter((c) => c.side === side);
