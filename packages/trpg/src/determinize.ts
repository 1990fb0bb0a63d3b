/**
 * The TRPG's determinization for the search bot: a full state consistent with what one seat's
 * projection (`viewFor(state, seat)`) shows, the hidden parts sampled (seed 002 3-3 concealment,
 * 3-4 stat blocks). Reads nothing but its arguments: a character the seat has never seen is not
 * in the world it imagines.
 */
import { Random, type SeatId } from "@fogwar/engine";
import { catalog } from "./data";
import { DIRECTIONS, passable } from "./geometry";
import { mapOf } from "./board";
import type { CharacterState, TrpgState } from "./types";
import type { TrpgView } from "./view";

/** The stat block the bot assumes for an enemy whose block it has not seen (the commonest sample one). */
const STAND_IN = "raider";

/** A free square for an unseen character: where it was last seen if free, else a free square near it. */
function placeUnseen(view: TrpgView, c: CharacterState, taken: Set<string>, random: Random): { x: number; y: number } | null {
  const map = mapOf(view);
  const start = c.lastSeen;
  if (!start) return null;
  const candidates = [start, ...DIRECTIONS.map((d) => ({ x: start.x + d.x, y: start.y + d.y }))].filter((p) => passable(map, p) && !taken.has(`${p.x},${p.y}`));
  if (candidates.length === 0) return null;
  return candidates.includes(start) && random.int(0, 2) > 0 ? start : random.pick(candidates);
}

/**
 * A full TRPG state consistent with `view` as `seat` sees it:
 * - a concealed character of the other side is put where it was last seen or next to it, with a
 *   concealment value of 5 to 8;
 * - a stat block the seat may not see is taken to be a sample one's, unhurt;
 * - no pending work (a decision is answered by the bot's own rule, not searched), fresh dice.
 */
export function determinize(view: TrpgView, _seat: SeatId, random: Random): TrpgState {
  const { seed: _seed, ...open } = structuredClone(view);
  const taken = new Set(Object.values(open.characters).flatMap((c) => (c.at && c.status !== "dead" ? [`${c.at.x},${c.at.y}`] : [])));
  for (const c of Object.values(open.characters)) {
    if (c.archetype === null) {
      const arch = catalog.archetypes.get(STAND_IN)!;
      c.archetype = arch.id;
      c.weapon = arch.weapons[0]!;
      c.wounds = c.wounds < 0 ? arch.stats.W : c.wounds;
    }
    if (c.at === null && c.status !== "dead") {
      const at = placeUnseen(view, c, taken, random);
      if (at) {
        c.at = at;
        taken.add(`${at.x},${at.y}`);
        c.concealment = { value: random.int(5, 8), shots: 0 };
      } else c.status = "dead";
    }
  }
  const worldSeed = `determinized:${random.int(0, 2 ** 31)}`;
  return { ...open, tasks: [], server: { seed: worldSeed, rng: {}, seenAs: {} } } as TrpgState;
}
