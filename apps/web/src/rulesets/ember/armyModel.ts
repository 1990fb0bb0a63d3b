/**
 * Army building helpers over EMBER's catalog (the project's public sample data): the choices per
 * faction and slot, new units, points. Validation itself is the rules' own `validateArmy`, whose
 * messages the create form and the muster show unchanged.
 */
import { PART_SLOTS, armyPoints, catalog, pointLimit, unitPoints, validateArmy, type ArmyList, type ArmyProblem, type ArmyUnit, type BattleSize, type Faction, type PartSlot } from "@fogwar/ember";

export const FACTIONS: readonly Faction[] = ["RDL", "UN", "GOF"];
export { PART_SLOTS };

export function partsFor(faction: Faction, slot: PartSlot) {
  return catalog.data.parts.filter((p) => p.faction === faction && p.slot === slot);
}

export function pilotsFor(faction: Faction) {
  return catalog.data.pilots.filter((p) => p.faction === faction);
}

export function dronesFor(faction: Faction) {
  return catalog.data.drones.filter((d) => d.faction === faction);
}

export function loadoutsFor(faction: Faction) {
  return catalog.data.loadouts.filter((l) => l.faction === faction);
}

/** A new mech for the army: the faction's next loadout (or first parts) and a pilot not yet used. */
export function newMech(army: ArmyList): ArmyUnit {
  const mechs = army.units.filter((u) => u.kind === "mech").length;
  const loadouts = loadoutsFor(army.faction);
  const loadout = loadouts[mechs % Math.max(1, loadouts.length)];
  const parts = loadout
    ? { ...loadout.parts }
    : (Object.fromEntries(PART_SLOTS.map((slot) => [slot, partsFor(army.faction, slot)[0]?.id ?? ""])) as Record<PartSlot, string>);
  // A pilot not yet flying (the builder offers no new mech when none is left).
  const pilot = freePilots(army)[0] ?? pilotsFor(army.faction)[0];
  return { kind: "mech", name: `Mech ${mechs + 1}`, parts: parts as { torso: string; chassis: string; left_arm: string; right_arm: string }, pilot: pilot?.id ?? "" };
}

/** The faction's pilots not yet flying a mech of the army (seed 001 2: a pilot flies one mech). */
export function freePilots(army: ArmyList) {
  const used = new Set(army.units.flatMap((u) => (u.kind === "mech" ? [u.pilot] : [])));
  return pilotsFor(army.faction).filter((p) => !used.has(p.id));
}

/** A new drone: the faction's first drone card. */
export function newDrone(faction: Faction): ArmyUnit {
  return { kind: "drone", drone: dronesFor(faction)[0]?.id ?? "" };
}

/** An empty army of a faction. */
export function emptyArmy(faction: Faction, name = "New army"): ArmyList {
  return { name, faction, units: [] };
}

/** Points, limit and the rules' problems for an army and battle size. */
export function assess(army: ArmyList, size: BattleSize): { points: number; limit: number; problems: ArmyProblem[]; unitPoints: number[] } {
  return {
    points: armyPoints(army),
    limit: pointLimit(size),
    problems: validateArmy(army, size),
    unitPoints: army.units.map((u) => unitPoints(u)),
  };
}

/** A deep copy of an army (samples are never edited in place). */
export function cloneArmy(army: ArmyList): ArmyList {
  return JSON.parse(JSON.stringify(army)) as ArmyList;
}
