/**
 * Army lists (seed 001 2): single faction, mechs of same-faction parts with one pilot each, pilot
 * ids unique within the army, total points within the battle size's limit.
 */
import { catalog, type EmberCatalog } from "./data";
import type { ArmyList, ArmyUnit, BattleSize, PartSlot } from "./data/schema";
import { PART_SLOTS } from "./data/terms";

/** One reason an army list is invalid, with the unit it concerns (index into `units`, or null). */
export interface ArmyProblem {
  readonly unit: number | null;
  readonly code:
    | "unknown_part"
    | "wrong_slot"
    | "wrong_faction"
    | "unknown_pilot"
    | "duplicate_pilot"
    | "unknown_drone"
    | "over_points"
    | "no_mech";
  readonly message: string;
  readonly rule: string;
}

const RULE = "001_f556d9be58b12b7c.txt 2";

/** Points of one army unit: a mech's four parts plus its pilot, or a drone's card (seed 001 2). Unknown ids count 0. */
export function unitPoints(unit: ArmyUnit, cat: EmberCatalog = catalog): number {
  if (unit.kind === "drone") return cat.drones.get(unit.drone)?.points ?? 0;
  const parts = PART_SLOTS.reduce((sum, slot) => sum + (cat.parts.get(unit.parts[slot])?.points ?? 0), 0);
  return parts + (cat.pilots.get(unit.pilot)?.points ?? 0);
}

/** Total points of an army list. */
export function armyPoints(army: ArmyList, cat: EmberCatalog = catalog): number {
  return army.units.reduce((sum, unit) => sum + unitPoints(unit, cat), 0);
}

/** The point limit of a battle size: skirmish 600, standard 900, large 1200 (seed 001 2). */
export function pointLimit(size: BattleSize, cat: EmberCatalog = catalog): number {
  return cat.data.rules.pointLimits[size];
}

/**
 * Every problem with an army list for a battle size; an empty list means the army is valid.
 * Checks: known ids, parts in their slots, one faction throughout (seed 001 2: "같은 파벌의
 * 유닛으로만", "같은 파벌의 부품으로만"), unique pilots ("같은 ID 를 가진 파일럿"), the point
 * limit, and at least one mech.
 */
export function validateArmy(army: ArmyList, size: BattleSize, cat: EmberCatalog = catalog): ArmyProblem[] {
  const problems: ArmyProblem[] = [];
  const add = (unit: number | null, code: ArmyProblem["code"], message: string) =>
    problems.push({ unit, code, message, rule: RULE });
  const pilots = new Set<string>();
  army.units.forEach((unit, i) => {
    if (unit.kind === "drone") {
      const drone = cat.drones.get(unit.drone);
      if (!drone) add(i, "unknown_drone", `Unit ${i + 1}: there is no drone "${unit.drone}".`);
      else if (drone.faction !== army.faction) {
        add(i, "wrong_faction", `Unit ${i + 1}: ${drone.name.en} is ${drone.faction}, the army is ${army.faction}.`);
      }
      return;
    }
    for (const slot of PART_SLOTS as readonly PartSlot[]) {
      const part = cat.parts.get(unit.parts[slot]);
      if (!part) {
        add(i, "unknown_part", `Unit ${i + 1}: there is no part "${unit.parts[slot]}".`);
        continue;
      }
      if (part.slot !== slot) add(i, "wrong_slot", `Unit ${i + 1}: ${part.name.en} is a ${part.slot} part, not a ${slot}.`);
      if (part.faction !== army.faction) {
        add(i, "wrong_faction", `Unit ${i + 1}: ${part.name.en} is ${part.faction}, the army is ${army.faction}.`);
      }
    }
    const pilot = cat.pilots.get(unit.pilot);
    if (!pilot) add(i, "unknown_pilot", `Unit ${i + 1}: there is no pilot "${unit.pilot}".`);
    else {
      if (pilot.faction !== army.faction) {
        add(i, "wrong_faction", `Unit ${i + 1}: pilot ${pilot.name.en} is ${pilot.faction}, the army is ${army.faction}.`);
      }
      if (pilots.has(pilot.id)) add(i, "duplicate_pilot", `Unit ${i + 1}: pilot ${pilot.name.en} already flies another mech.`);
      pilots.add(pilot.id);
    }
  });
  if (!army.units.some((u) => u.kind === "mech")) add(null, "no_mech", "An army needs at least one mech.");
  const points = armyPoints(army, cat);
  const limit = pointLimit(size, cat);
  if (points > limit) add(null, "over_points", `The army costs ${points} points; a ${size} battle allows ${limit}.`);
  return problems;
}
