/**
 * Army lists (project core rule C2): one faction's warscrolls, at most the points limit, at most
 * two units in reserve (seed 003 24.1) and at least one on the battlefield, at most one
 * enhancement, given to a hero of the list.
 */
import { catalog, type ArmyList } from "./data";

/** The problems of a list (empty when it is valid). */
export function armyProblems(list: ArmyList): string[] {
  const out: string[] = [];
  if (!catalog.factions.has(list.faction)) return [`unknown faction "${list.faction}"`];
  let points = 0;
  for (const u of list.units) {
    const w = catalog.warscrolls.get(u.warscroll);
    if (!w || w.faction !== list.faction) {
      out.push(`"${u.warscroll}" is not a warscroll of ${list.faction}`);
      continue;
    }
    points += w.points;
    if (u.enhancement) {
      const e = catalog.enhancements.get(u.enhancement);
      if (!e || e.faction !== list.faction) out.push(`"${u.enhancement}" is not an enhancement of ${list.faction}`);
      if (!w.keywords.includes("hero")) out.push(`only a hero can be given an enhancement`);
    }
  }
  if (points > catalog.rules.pointsLimit) out.push(`${points} points is over the ${catalog.rules.pointsLimit} limit`);
  const reserves = list.units.filter((u) => u.reserve).length;
  if (reserves > catalog.rules.maxReserves) out.push(`at most ${catalog.rules.maxReserves} units in reserve`);
  if (reserves === list.units.length) out.push(`at least one unit must start on the battlefield`);
  if (list.units.filter((u) => u.enhancement).length > 1) out.push(`at most one enhancement`);
  return out;
}

/** The points of a list. */
export const armyPoints = (list: ArmyList): number => list.units.reduce((n, u) => n + (catalog.warscrolls.get(u.warscroll)?.points ?? 0), 0);
