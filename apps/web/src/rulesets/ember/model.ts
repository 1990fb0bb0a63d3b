/**
 * Plain helpers the EMBER table components share: unit and card look-ups from the sample catalog,
 * square names, line of sight on the scenario's board, and matching commands against the legal
 * list (the table only ever sends a command taken from that list).
 */
import { board, catalog, type Drone, type DroneState, type EmberCommand, type EmberView, type MechState, type Name, type Part, type PartSlot, type Pilot, type Scenario, type UnitState } from "@fogwar/ember";
import { chebyshev, hasLineOfSight, type Square } from "@fogwar/engine";
import i18next from "i18next";
import { SEAT_COLOURS, TEAM_COLOURS, type SeatNamer } from "../../table/names";
import { sampleName } from "../../lobby/sample-names";

export { SEAT_COLOURS, TEAM_COLOURS, sampleName };

export type Seat = string;

/** A square's name: column letter a-l and row 1-12 (row 1 is black's edge, at the top). */
export const squareName = (s: Square): string => `${"abcdefghijkl"[s.x] ?? "?"}${s.y + 1}`;
export const keyOf = (s: Square): string => `${s.x},${s.y}`;

/** A bilingual data name in the current language. */
export const localName = (name: Name, language: string): string => (language.startsWith("ko") ? name.ko : name.en);

export function scenarioOf(view: EmberView): Scenario {
  const scenario = catalog.scenarios.get(view.scenario);
  if (!scenario) throw new Error(`unknown scenario ${view.scenario}`);
  return scenario;
}

export const unitOf = (view: EmberView, id: string): UnitState | undefined => view.units.find((u) => u.id === id);
export const inPlay = (view: EmberView): UnitState[] => view.units.filter((u) => u.deployed && !u.destroyed && u.at !== null);

/** A mech part's card as it stands: the discarded card once an armed part is discarded (seed 000 11). */
export const partOf = (mech: MechState, slot: PartSlot): Part | undefined => {
  const card = catalog.parts.get(mech.parts[slot].partId);
  return card && mech.parts[slot].discarded && card.discarded ? board.discardedCard(card) : card;
};
export const pilotOf = (mech: MechState): Pilot | undefined => catalog.pilots.get(mech.pilotId);
export const droneCardOf = (drone: DroneState): Drone | undefined => catalog.drones.get(drone.droneId);


/** A unit's own name in the reader's language (a drone by its card's name). */
export function unitName(unit: UnitState, language: string = i18next.language): string {
  if (unit.kind === "drone") {
    const card = catalog.drones.get(unit.droneId);
    if (card) return localName(card.name, language);
  }
  return sampleName("unit", unit.name, language);
}

/** "Bulwark One (Ada)" in the reader's language (the current one unless given); `name` names the owner's seat. */
export function unitLabel(view: EmberView, id: string, name: SeatNamer, language: string = i18next.language): string {
  const unit = unitOf(view, id);
  if (unit) return `${unitName(unit, language)} (${name(unit.owner)})`;
  // Projectiles and installations (seed 000 1.5): their card's name.
  const projectile = (view.projectiles ?? []).find((p) => p.id === id);
  const card = projectile ? catalog.projectiles.get(projectile.projectileId) : undefined;
  return projectile && card ? `${localName(card.name, language)} (${name(projectile.owner)})` : id;
}

/**
 * A unit's short label for its token (two or three characters): the initials of its name ("Bulwark
 * One" BO; a one-word or Korean name its first two letters). When two units of the same seat would
 * show the same letters, one more letter of the name tells them apart ("Smelter Two" STW, "Scrap
 * Tortoise" STO); only units whose names read alike even so (two drones of one card) are numbered
 * (S1, S2). So a player tells their units apart without hovering.
 */
export function unitShort(view: EmberView, id: string, language: string = i18next.language): string {
  const unit = unitOf(view, id);
  if (!unit) return "?";
  const words = (u: UnitState): string[][] => unitName(u, language).split(/[\s\-·]+/).filter(Boolean).map((w) => [...w]);
  // `extra` more letters of the name's last initialled word (its second, or its only one).
  const letters = (u: UnitState, extra = 0): string => {
    const w = words(u);
    const initials = w.length > 1 ? (w[0]![0] ?? "") + w[1]!.slice(0, 1 + extra).join("") : (w[0] ?? ["?"]).slice(0, 2 + extra).join("");
    return initials.toLocaleUpperCase(language);
  };
  const own = view.units.filter((u) => u.owner === unit.owner);
  const same = own.filter((u) => letters(u) === letters(unit));
  if (same.length === 1) return letters(unit);
  const longer = letters(unit, 1);
  const alike = same.filter((u) => letters(u, 1) === longer);
  return alike.length === 1 ? longer : `${[...longer][0] ?? ""}${alike.indexOf(unit) + 1}`;
}

/** An objective marker's number ("obj-2" is objective 2, seed 001 3.3), for its label. */
export const objectiveNumber = (id: string): string => /(\d+)$/.exec(id)?.[1] ?? "?";

/** A secondary mission's name in the reader's language (its id when the scenario has no such mission). */
export function secondaryName(view: EmberView, id: string, language: string): string {
  const mission = scenarioOf(view).mission.secondaries?.find((m) => m.id === id);
  return mission ? localName(mission.name, language) : id;
}

/** The index of a seat in the match (0 to 3), which decides its unit shape on the board. */
export const seatIndex = (view: EmberView, seat: Seat): number => Math.max(0, view.seats.indexOf(seat));

/** Each seat's mark (shape) in text: p1 ●, p2 ◆, p3 ▲, p4 ■. */
export const SEAT_MARKS = ["●", "◆", "▲", "■"] as const;
export const seatMark = (view: EmberView, seat: Seat): string => SEAT_MARKS[seatIndex(view, seat)] ?? "●";


/** The colour a seat's units and badge use: its team's in a 2 v 2, else its own. */
export function seatColour(view: EmberView, seat: Seat): string {
  const team = view.teams?.[seat];
  if (team) return TEAM_COLOURS[team] ?? SEAT_COLOURS[Object.values(view.teams ?? {}).indexOf(team) % 4] ?? "#777";
  return SEAT_COLOURS[seatIndex(view, seat)] ?? "#777";
}

/** Line of sight for shooting: blocking terrain and smoke (seed 000 10), as the rules check it. */
export const shootingSight = (view: EmberView, from: Square, to: Square): boolean =>
  board.shootingLineOfSight(view as unknown as Parameters<typeof board.shootingLineOfSight>[0], from, to);

/**
 * Line of sight between two squares against the scenario's blocking terrain as it stands
 * (destroyed vulnerable terrain is rubble, seed 000 1.5.2; units never block).
 */
export function lineOfSight(view: EmberView, from: Square, to: Square): boolean {
  const state = view as unknown as Parameters<typeof board.standingTerrainAt>[0];
  return hasLineOfSight(from, to, (s) => board.standingTerrainAt(state, s)?.blocking === true);
}
export const distance = chebyshev;

/** A stable key for a command (object keys sorted), to compare and to key React lists. */
export function commandKey(command: unknown): string {
  const norm = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(norm);
    if (v && typeof v === "object") {
      return Object.fromEntries(
        Object.keys(v as Record<string, unknown>)
          .sort()
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .map((k) => [k, norm((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(norm(command));
}

/** The unit whose activation it is, if any. */
export const activeUnitId = (view: EmberView): string | null => view.activation?.unit ?? null;

/** Every command of a type from the legal list, narrowed. */
export function ofType<T extends EmberCommand["type"]>(legal: readonly EmberCommand[], type: T): Extract<EmberCommand, { type: T }>[] {
  return legal.filter((c): c is Extract<EmberCommand, { type: T }> => c.type === type);
}

/** Unique squares, in first-seen order. */
export function uniqueSquares(squares: readonly Square[]): Square[] {
  const seen = new Map<string, Square>();
  for (const s of squares) if (!seen.has(keyOf(s))) seen.set(keyOf(s), s);
  return [...seen.values()];
}

