/**
 * Siege's determinization for the search bot: a full state consistent with what one seat's
 * projection (`viewFor(state, seat)`) shows, the hidden parts sampled (seed 004 "비밀 오퍼레이터",
 * "팀 준비"). Reads nothing but its arguments.
 */
import { Random, rngStateFromSeed, type SeatId } from "@fogwar/engine";
import type { Team } from "./data";
import { legalCommands } from "./legal";
import { enemyOf, teamOfSeat, tokensOf } from "./query";
import type { PickChoice, SiegeState } from "./types";
import type { SiegeView } from "./view";

/**
 * A pick the other team could have locked: one of its legal picks, uniformly. Picks are checked
 * against public data only, so listing them on a board where that team has not yet locked is
 * exact.
 */
function samplePick(view: SiegeView, team: Team, random: Random): PickChoice | null {
  const open = { ...view, picks: { ...view.picks, [team]: { commitment: null, choice: null, salt: null } } };
  const seat = view.teams[team][0];
  if (seat === undefined) return null;
  const picks = legalCommands(open, seat).filter((c) => c.type === "pick");
  if (picks.length === 0) return null;
  const pick = random.pick(picks);
  return pick.type === "pick" ? { operators: pick.operators, inventory: pick.inventory } : null;
}

/**
 * A full Siege state consistent with `view` as `seat` sees it:
 * - which token of each hidden defence operator is real, when the seat's team does not know it:
 *   uniform between the operator's two tokens;
 * - the other team's secret pick, while the picks are being made and it has locked its own: a
 *   uniform legal pick;
 * - a fresh dice generator and a stand-in seed (the real ones are nobody's to know).
 */
export function determinize(view: SiegeView, seat: SeatId, random: Random): SiegeState {
  const { seed: _seed, ...open } = structuredClone(view);
  const team = teamOfSeat(open, seat);
  const real = { ...open.hidden.real };
  if (team !== "defence") {
    for (const op of Object.values(open.operators)) {
      if (!op.hidden || op.dead || real[op.id]) continue;
      const tokens = tokensOf(open, op.id);
      if (tokens.length > 0) real[op.id] = random.pick(tokens).id;
    }
  }
  const picks = { ...open.hidden.picks };
  // The secret picks matter only until both are revealed (the state then keeps them public).
  const enemy = team ? enemyOf(team) : null;
  if (open.phase === "picks" && enemy && !picks[enemy] && open.picks[enemy].commitment !== null) picks[enemy] = samplePick(view, enemy, random);
  const worldSeed = `determinized:${random.int(0, 2 ** 31)}`;
  return { ...open, hidden: { real, picks }, server: { seed: worldSeed, rng: { dice: rngStateFromSeed(worldSeed, "dice"), tokens: rngStateFromSeed(worldSeed, "tokens") } } };
}
