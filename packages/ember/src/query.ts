/**
 * Lookups the rules read (seed 000 1.2.1-1.3.2, 1.5; seed 001 6.1-6.3): units, projectiles and
 * installations by id or square, the cards and actions of mechs and drones, the unit stats the
 * rules read (evasion, manoeuvre, altitude, size, stance), and seats, forces and the initiative
 * order of battles of more than two seats.
 */
import { inBounds, sameSquare, type Square } from "@fogwar/engine";
import { catalog } from "./data";
import type { Action, CommonAction, Drone, Part, PartSlot, ProjectileCard, Stance } from "./data/schema";
import { PART_SLOTS } from "./data/terms";
import { scenarioOf, standingTerrainAt } from "./map";
import type { Combatant, DroneState, EmberState, MechState, ProjectileState, SeatId, UnitId, UnitState } from "./types";

/** A unit by id (undefined when unknown). */
export const unitById = (state: EmberState, id: UnitId): UnitState | undefined => state.units.find((u) => u.id === id);

/** Units on the board (deployed, not destroyed). */
export const unitsInPlay = (state: EmberState): UnitState[] => state.units.filter((u) => u.deployed && !u.destroyed);

/** The unit standing on a square, if any. */
export const unitAt = (state: EmberState, s: Square): UnitState | undefined =>
  unitsInPlay(state).find((u) => u.at !== null && sameSquare(u.at, s));

/** Mechs of a seat still in play. */
export const mechsInPlay = (state: EmberState, seat: SeatId): MechState[] =>
  unitsInPlay(state).filter((u): u is MechState => u.kind === "mech" && u.owner === seat);

/** The other seat of a two-seat match (see {@link nextSeat} and {@link allied} for more seats). */
export const opponentOf = (state: EmberState, seat: SeatId): SeatId =>
  (state.seats[0] === seat ? state.seats[1] : state.seats[0]) as SeatId;

/** A part card by id. @throws Error when missing (data is validated at load). */
export function partCard(id: string): Part {
  const part = catalog.parts.get(id);
  if (!part) throw new Error(`unknown part ${id}`);
  return part;
}

/** A drone card by id. @throws Error when missing. */
export function droneCard(id: string): Drone {
  const drone = catalog.drones.get(id);
  if (!drone) throw new Error(`unknown drone ${id}`);
  return drone;
}

/** The parts of a mech that are not destroyed, in slot order. */
export const intactSlots = (mech: MechState): PartSlot[] => PART_SLOTS.filter((slot) => !mech.parts[slot].destroyed);

const discardedCards = new Map<string, Part>();

/**
 * The discarded card of an armed part (seed 000 11): the part's id, faction, slot and points with
 * the discarded card's stats, abilities and actions. @throws Error when the part is not armed.
 */
export function discardedCard(part: Part): Part {
  const cached = discardedCards.get(part.id);
  if (cached) return cached;
  const card = part.discarded;
  if (!card) throw new Error(`part ${part.id} is not armed`);
  const merged: Part = {
    id: part.id,
    faction: part.faction,
    slot: part.slot,
    points: part.points,
    ...(part.mobility !== undefined ? { mobility: part.mobility } : {}),
    // A discarded card prints no passives in the sample data (seed 000 5.2 note).
    passives: [],
    ...card,
  };
  discardedCards.set(part.id, merged);
  return merged;
}

/**
 * The card of one of a mech's parts as it stands: the discarded card once an armed part has been
 * discarded (seed 000 11), else the part card.
 */
export function mechPart(mech: MechState, slot: PartSlot): Part {
  const state = mech.parts[slot];
  const card = partCard(state.partId);
  return state.discarded ? discardedCard(card) : card;
}

/** A common action by id (seed 000 2), or undefined. */
export const commonAction = (id: string): CommonAction | undefined => catalog.commonActions.get(id);

/**
 * The action `id` as mech `mech` can take it with `slot` (seed 001 6.3 note): one of the part's
 * own actions, or a common action that this slot can take; none with a destroyed part.
 */
export function mechAction(mech: MechState, slot: PartSlot, id: string): Action | undefined {
  if (mech.parts[slot].destroyed) return undefined;
  const own = mechPart(mech, slot).actions.find((a) => a.id === id);
  if (own) return own;
  const common = commonAction(id);
  return common && common.slots.includes(slot) ? common.action : undefined;
}

/** A unit's total evasion: for a mech, the sum over parts not destroyed (seed 000 1.2.1). */
export function totalEvasion(unit: Combatant): number {
  if (unit.kind === "drone") return droneCard(unit.droneId).evasion;
  if (unit.kind === "projectile") return projectileCard(unit.projectileId).evasion;
  return intactSlots(unit).reduce((sum, slot) => sum + mechPart(unit, slot).evasion, 0);
}

/** A mech's manoeuvre in squares: the chassis mobility, doubled in MOB, 0 with the chassis destroyed (seed 001 6.3). */
export function manoeuvreRange(mech: MechState): number {
  if (mech.parts.chassis.destroyed) return 0;
  const mobility = mechPart(mech, "chassis").mobility ?? 0;
  return mech.stance === "MOB" ? mobility * 2 : mobility;
}

/**
 * High-altitude units: drones whose movement icon is the projectile (seed 001 4.2), and
 * projectiles whose card says so (seed 000 1.5.1).
 */
export const isHighAltitude = (unit: Combatant): boolean =>
  unit.kind === "projectile"
    ? projectileCard(unit.projectileId).highAltitude
    : unit.kind === "drone" && droneCard(unit.droneId).movement.mode === "high_altitude";

/** Large units give unit cover (seed 000 1.3.2): every mech, and drones whose card says so. */
export const isLarge = (unit: UnitState): boolean => unit.kind === "mech" || droneCard(unit.droneId).large;

/** The actions a mech part provides; none when the part is destroyed (seed 001 6.3 note 2). */
export function partActions(mech: MechState, slot: PartSlot): readonly Action[] {
  return mech.parts[slot].destroyed ? [] : mechPart(mech, slot).actions;
}

/** Whether a square is on the board and holds neither impassable terrain nor a unit. */
export function isFree(state: EmberState, s: Square, ignore?: UnitId): boolean {
  const scenario = scenarioOf(state);
  if (!inBounds(scenario.board, s)) return false;
  if (standingTerrainAt(state, s)?.impassable) return false;
  const occupant = unitAt(state, s);
  return !occupant || occupant.id === ignore;
}

/** Narrowing helpers. */
export const isMech = (u: Combatant | undefined): u is MechState => u?.kind === "mech";
export const isDrone = (u: Combatant | undefined): u is DroneState => u?.kind === "drone";

/** The stance a unit rolls with: a mech's current stance, a drone's fixed card stance. */
export const stanceOf = (unit: Combatant): Stance =>
  unit.kind === "mech" ? unit.stance : unit.kind === "drone" ? droneCard(unit.droneId).stance : projectileCard(unit.projectileId).stance;

// ---------------------------------------------------------------------------------------------
// Seats, teams and the initiative order of battles of more than two seats (seed 001 6.1)

/**
 * The force a seat fights for: its team in a 2 v 2 battle, else the seat itself (seed 001 6.1
 * "2 대 2 또는 1 대 1 대 1"). Seats of one force are allies: they never attack each other, share
 * their knowledge and score together.
 */
export const forceOf = (state: Pick<EmberState, "teams">, seat: SeatId): string => state.teams?.[seat] ?? seat;

/** Whether two seats fight on the same side (the same seat, or teammates). */
export const allied = (state: Pick<EmberState, "teams">, a: SeatId, b: SeatId): boolean => forceOf(state, a) === forceOf(state, b);

/**
 * The initiative order fixed before the battle (seed 001 6.1): `state.initiative` in a battle of
 * more than two seats, else the first player, then the other seat.
 */
export function initiativeOrder(state: Pick<EmberState, "initiative" | "seats" | "firstPlayer">): SeatId[] {
  if (state.initiative) return [...state.initiative];
  return [state.firstPlayer, ...state.seats.filter((s) => s !== state.firstPlayer)];
}

/** The forces of a match, in seat order (the order of each force's first seat in `state.seats`). */
export function forcesOf(state: EmberState): string[] {
  return [...new Set(state.seats.map((s) => forceOf(state, s)))];
}

/** The seats of a force, in initiative order. */
export const seatsOfForce = (state: EmberState, force: string): SeatId[] =>
  initiativeOrder(state).filter((s) => forceOf(state, s) === force);

/**
 * The next seat after `seat` in the initiative order, going round, that passes `ok`; `seat`
 * itself comes last. Null when no seat passes (seed 001 3.4, 4.2: turns go round in order).
 */
export function nextSeat(state: EmberState, seat: SeatId, ok: (s: SeatId) => boolean): SeatId | null {
  const order = initiativeOrder(state);
  const from = order.indexOf(seat);
  for (let i = 1; i <= order.length; i++) {
    const candidate = order[(from + i) % order.length] as SeatId;
    if (ok(candidate)) return candidate;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Projectiles and installations (seed 000 1.5)

/** A projectile or installation card by id. @throws Error when missing (data is validated at load). */
export function projectileCard(id: string): ProjectileCard {
  const card = catalog.projectiles.get(id);
  if (!card) throw new Error(`unknown projectile ${id}`);
  return card;
}

/** A projectile or installation by id (undefined when unknown). */
export const projectileById = (state: EmberState, id: string): ProjectileState | undefined =>
  state.projectiles.find((p) => p.id === id);

/** Projectiles and installations on the board (not destroyed). */
export const projectilesInPlay = (state: EmberState): ProjectileState[] =>
  state.projectiles.filter((p) => !p.destroyed && p.at !== null);

/** A mech, drone, projectile or installation by id. */
export const combatantById = (state: EmberState, id: string): Combatant | undefined =>
  unitById(state, id) ?? projectileById(state, id);
