/**
 * The setups of the no-presence-leak property (docs/rules/trpg.md "Presence"; `presence.ts`): a
 * scenario's encounter with its concealed enemies given random loadouts and conditions within
 * what a setup may hold, so that the side-by-side matches meet every item, condition and hazard:
 * - each enemy that starts hidden gets any archetype of the catalog (so every item: the repair
 *   kit and the medkit that heal and stabilise, the supercharger, the lamp, the bonus items),
 *   a concealment value of 7 to 12, low wounds (mostly 1 W, now and then 0 W or its full W) so it can die unseen, and a square in a
 *   contamination hazard of the map (seed 002 3-7) when the map has one, beside a seen ally
 *   now and then (so that it may heal it), or near where the encounter put it;
 * - the seen enemies start wounded now and then (1 W to their full W), so healing them is legal;
 * - the field effect and how dark it is are any the rules know (seed 002 3-7), or the scenario's.
 * Deterministic in `seed`. Every setup it makes passes the encounter's placement check.
 */
import { Random, rngStateFromSeed } from "@fogwar/engine";
import { catalog, placementProblem, type Placement } from "./data";
import type { TrpgSetup } from "./types";

const OPEN = new Set([".", "h"]);
const NIGHTS = [0, 30, 80] as const;

type Square = readonly [number, number];

/** `setup` with its hidden enemies (and the conditions around them) drawn at random from `seed`. */
export function presenceSetup(setup: TrpgSetup, seed: string): TrpgSetup {
  const random = new Random(rngStateFromSeed(seed, "presence-setup"));
  const scenario = catalog.scenarios.get(setup.scenario)!;
  const { map } = scenario;
  const archetypes = [...catalog.archetypes.keys()].sort();
  const taken = new Set(scenario.party.map((p) => `${p.at[0]},${p.at[1]}`));
  for (const p of setup.enemies) if (p.hidden === undefined) taken.add(`${p.at[0]},${p.at[1]}`);
  const open = (x: number, y: number) => x >= 0 && y >= 0 && x < map.width && y < map.height && OPEN.has(map.rows[y]![x]!) && !taken.has(`${x},${y}`);
  const squaresWhere = (near: (x: number, y: number) => boolean): Square[] => {
    const out: Square[] = [];
    for (let y = 0; y < map.height; y++) for (let x = 0; x < map.width; x++) if (near(x, y) && open(x, y)) out.push([x, y]);
    return out;
  };
  const inHazard = (x: number, y: number) => map.hazards.some((h) => x >= h.from[0] && x <= h.to[0] && y >= h.from[1] && y <= h.to[1]);
  const seen = setup.enemies.filter((p) => p.hidden === undefined);
  const enemies: Placement[] = setup.enemies.map((p) => {
    const arch = catalog.archetypes.get(p.archetype)!;
    if (p.hidden !== undefined) return p;
    return random.int(0, 2) === 0 ? { ...p, wounds: random.int(1, arch.stats.W) } : p;
  });
  enemies.forEach((p, i) => {
    if (p.hidden === undefined) return;
    const archetype = random.pick(archetypes);
    const W = catalog.archetypes.get(archetype)!.stats.W;
    const roll = random.int(0, 5);
    const wounds = roll === 0 ? W : roll === 1 ? 0 : 1;
    const where = random.int(0, 3);
    const beside = (x: number, y: number) => seen.some((o) => Math.max(Math.abs(o.at[0] - x), Math.abs(o.at[1] - y)) === 1);
    const nearHome = (x: number, y: number) => Math.max(Math.abs(p.at[0] - x), Math.abs(p.at[1] - y)) <= 3;
    const choices = (map.hazards.length > 0 && where <= 1 ? squaresWhere(inHazard) : where === 2 ? squaresWhere(beside) : []).concat();
    const list = choices.length > 0 ? choices : squaresWhere(nearHome);
    const at = list.length > 0 ? random.pick(list) : p.at;
    taken.add(`${at[0]},${at[1]}`);
    enemies[i] = { ...p, archetype, wounds, at: [at[0], at[1]], hidden: random.int(7, 12) };
  });
  const fields = [...catalog.fields.keys()].sort();
  const field = random.int(0, 1) === 0 ? random.pick(fields) : undefined;
  const night = random.int(0, 1) === 0 ? random.pick(NIGHTS) : undefined;
  const out: TrpgSetup = { ...setup, enemies, ...(field !== undefined ? { field } : {}), ...(night !== undefined ? { night } : {}) };
  const problem = placementProblem(scenario, "enemies", out.enemies, scenario.party, catalog.archetypes);
  if (problem) throw new Error(`presenceSetup made an encounter that does not fit: ${problem}`);
  return out;
}
