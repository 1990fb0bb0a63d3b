/**
 * What is wrong with an army list, in sentences that name the units (the checks of
 * @fogwar/sigmar `armyProblems`, project core rule C2 and seed 003 24.1: one faction, the points
 * limit, at most two units in reserve and one on the battlefield, one enhancement given to a hero;
 * and the list's size that the lock command accepts, at most 8 units).
 */
import { armyPoints, catalog, type ArmyList } from "@fogwar/sigmar";
import { local, warscrollName, type SigmarWords } from "./words";

/** The most units a locked list may hold (the lock command's schema). */
export const MAX_UNITS = 8;

/** Names joined for reading: "A", "A and B", "A, B and C". */
function joined(w: SigmarWords, names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return w.t("muster2.and", { first: names.slice(0, -1).join(", "), last: names.at(-1) });
}

/** The list's problems in words (none when it can be locked). */
export function listProblems(w: SigmarWords, list: ArmyList): string[] {
  const t = w.t;
  const out: string[] = [];
  const faction = catalog.factions.get(list.faction);
  if (!faction) return [t("muster2.problem.faction")];
  for (const u of list.units) {
    const ws = catalog.warscrolls.get(u.warscroll);
    if (!ws || ws.faction !== list.faction) out.push(t("muster2.problem.otherFaction", { unit: warscrollName(w, u.warscroll) || t("unit.reserveUnit"), faction: local(w, faction.name) }));
    else if (u.enhancement && !ws.keywords.includes("hero")) out.push(t("muster2.problem.notHero", { unit: warscrollName(w, u.warscroll) }));
  }
  const points = armyPoints(list);
  const limit = catalog.rules.pointsLimit;
  if (points > limit) out.push(t("muster2.problem.points", { points, limit, over: points - limit }));
  const reserves = list.units.filter((u) => u.reserve);
  if (reserves.length > catalog.rules.maxReserves) out.push(t("muster2.problem.reserves", { max: catalog.rules.maxReserves, count: reserves.length }));
  if (list.units.length > 0 && reserves.length === list.units.length) out.push(t("muster2.problem.allReserve"));
  if (list.units.length === 0) out.push(t("muster2.problem.empty"));
  const enhanced = list.units.filter((u) => u.enhancement);
  if (enhanced.length > 1) out.push(t("muster2.problem.enhancements", { units: joined(w, enhanced.map((u) => warscrollName(w, u.warscroll))) }));
  if (list.units.length > MAX_UNITS) out.push(t("muster2.problem.tooMany", { max: MAX_UNITS, count: list.units.length }));
  return out;
}
