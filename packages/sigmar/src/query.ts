/**
 * Questions about units and the battlefield that every rule asks, on a state or on a viewer's
 * projection (the same shape): who is where, within, wholly within, in combat, visible.
 */
import type { SeatId } from "@fogwar/engine";
import { catalog, type Ability, type Warscroll } from "./data";
import { baseRadius, boxOf, clearSight, inches, whollyWithin, within, type Box, type Disc } from "./geometry";
import type { SigmarState, UnitState } from "./types";

/** A unit's warscroll. @throws Error for an unknown warscroll (data and state out of step). */
export function ws(unit: Pick<UnitState, "warscroll">): Warscroll & { faction: string } {
  const w = catalog.warscrolls.get(unit.warscroll);
  if (!w) throw new Error(`unknown warscroll ${unit.warscroll}`);
  return w;
}

/** The base radius of a unit's models, in fine units. */
export const radiusOf = (unit: Pick<UnitState, "warscroll">): number => baseRadius(ws(unit).baseMm);

/** A unit's models as discs. */
export const discs = (unit: UnitState): Disc[] => {
  const r = radiusOf(unit);
  return unit.models.map((m) => ({ x: m.x, y: m.y, r }));
};

export const hasKeyword = (unit: Pick<UnitState, "warscroll">, keyword: string): boolean => ws(unit).keywords.includes(keyword);

/** Whether a unit is on the battlefield (seed 003 28: abilities and their targets must be). */
export const onField = (unit: UnitState | undefined): unit is UnitState => unit !== undefined && unit.where === "field" && unit.models.length > 0;

/** The other seat. */
export const otherSeat = (state: Pick<SigmarState, "seats">, seat: SeatId): SeatId => state.seats.find((s) => s !== seat)!;

/** Units of `seat` on the battlefield, in id order. */
export const fieldUnits = (state: Pick<SigmarState, "units">, seat?: SeatId): UnitState[] =>
  Object.values(state.units)
    .filter((u) => onField(u) && (seat === undefined || u.owner === seat))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** Whether any model of `a` is within `d` (fine units) of any model of `b` (closest points). */
export function unitsWithin(a: UnitState, b: UnitState, d: number): boolean {
  const da = discs(a);
  const db = discs(b);
  return da.some((x) => db.some((y) => within(x, y, d)));
}

/** Whether every model of `a` is wholly within `d` of some model of `b` (project reading of 'wholly within' a unit). */
export function unitWhollyWithin(a: UnitState, b: UnitState, d: number): boolean {
  const db = discs(b);
  return discs(a).every((x) => db.some((y) => whollyWithin(x, y, d)));
}

/** Combat range in fine units (project core rule C3). */
export const combatRange = (): number => inches(catalog.rules.combatRange);

/** Enemy units on the battlefield within combat range of `unit` (it is in combat with them). */
export const combatants = (state: Pick<SigmarState, "units" | "seats">, unit: UnitState): UnitState[] =>
  fieldUnits(state, otherSeat(state, unit.owner)).filter((e) => unitsWithin(unit, e, combatRange()));

/** Whether a unit is in combat (within combat range of an enemy unit). */
export const inCombat = (state: Pick<SigmarState, "units" | "seats">, unit: UnitState): boolean => onField(unit) && combatants(state, unit).length > 0;

/** The terrain boxes, and those that block sight. */
export const TERRAIN: readonly (Box & { id: string; blocksSight: boolean })[] = catalog.battleplan.terrain.map((t) => ({ ...boxOf(t), id: t.id, blocksSight: t.blocksSight }));
const BLOCKS = TERRAIN.filter((t) => t.blocksSight);

/** The battlefield box. */
export const BATTLEFIELD: Box = { x0: 0, y0: 0, x1: inches(catalog.rules.battlefield.width), y1: inches(catalog.rules.battlefield.height) };

/** Whether some model of `a` can see some model of `b` (centre to centre, clear of blocking terrain; models never block). */
export function visible(a: UnitState, b: UnitState): boolean {
  return a.models.some((m) => b.models.some((n) => clearSight(m, n, BLOCKS)));
}

/** The abilities of a unit: its warscroll's, and its enhancement's (seed 003 28.2 "who is using the ability"). */
export function abilitiesOf(unit: UnitState): Ability[] {
  const own = ws(unit).abilities;
  const e = unit.enhancement ? catalog.enhancements.get(unit.enhancement) : undefined;
  return e ? [...own, e] : own;
}

/** A seat's battlefield edge as a box `depth` fine units deep. */
export function edgeBox(seat: SeatId, depth: number): Box {
  const edge = catalog.battleplan.edges[seat];
  return edge === "south" ? { ...BATTLEFIELD, y1: depth } : { ...BATTLEFIELD, y0: BATTLEFIELD.y1 - depth };
}

/** A seat's territory. */
export const territory = (seat: SeatId): Box => boxOf(catalog.battleplan.territories[seat]!);
