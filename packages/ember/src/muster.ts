/**
 * The muster (seed 001 2 "아미 리스트 준비": the army is decided before the battle begins, 3.2
 * onwards): a match created without army lists starts in the `muster` phase, where each seat
 * locks its own list as a commitment (design.md principle 8, the engine's `muster` module), may
 * unlock it to change it while some seat has not locked, and once every seat has locked the lists
 * are revealed with their salts and the match is set up from them exactly as a match created with
 * those lists (seed 001 3.2: the first-player roll follows). Project decisions: docs/rules/ember.md
 * "Muster".
 */
import {
  allLocked,
  clonePlain,
  commit,
  diceSeed,
  everyone,
  lockList,
  musterSalt,
  revealMuster,
  seedCommitment,
  startMuster,
  unlockList,
  type EventEnvelope,
  type MusterState,
  type MusterView,
  type SeatId,
} from "@fogwar/engine";
import { validateArmy } from "./army";
import { sideAudience } from "./context";
import { catalog } from "./data";
import type { ArmyList } from "./data/schema";
import { checkSetup, setupMatch, startingState } from "./match-setup";
import type { EmberCommand, EmberErrorCode, EmberEvent, EmberSetup, EmberState } from "./types";

/**
 * A match without lists, waiting for the muster: the scenario, seats, teams and options checked as
 * for any match, no units yet, every seat awaited. The state keeps the match's dice seed
 * (`diceSeed(seed)`, what the match reveals at its end) and the muster its key (`musterKey(seed)`,
 * never revealed), never `seed` itself, so nothing revealed opens a list that stayed secret. Uses
 * no random number (the RNG is untouched until the reveal, so the battle rolls exactly as in a
 * match created with the same lists and the dice seed). The seed commitment is `seed`'s (it opens
 * with the dice seed).
 * @throws Error when the scenario, seats or teams are invalid (as `setupMatch`).
 */
export function setupMuster(setup: EmberSetup, seed: string): { state: EmberState; events: EventEnvelope<EmberEvent>[] } {
  const checked = checkSetup(setup);
  const state = startingState(setup, checked, diceSeed(seed), { phase: "muster", factions: {}, armyNames: {}, units: [], muster: startMuster<ArmyList>(checked.seats, seed) });
  return { state: { ...state, seedCommitment: seedCommitment(seed) }, events: [] };
}

/** The scenario's battle size (seed 001 2 point limits). */
const battleSizeOf = (state: EmberState) => catalog.scenarios.get(state.scenario)!.battleSize;

/**
 * The sample lists valid for the match's battle size: what `legalCommands` offers a seat that has
 * not locked (bots muster with them; a person builds any valid list).
 */
export function presetArmies(state: EmberState): ArmyList[] {
  const size = battleSizeOf(state);
  return catalog.data.armies.filter((army) => validateArmy(army, size).length === 0);
}

/**
 * The commitment `seat`'s `lock`-th lock of `army` carries (for tests and verification pages):
 * salted from the muster key while the muster holds it (until the reveal).
 */
export function armyCommitment(state: EmberState, seat: SeatId, army: ArmyList, lock: number): string {
  return commit(army, musterSalt(state.muster?.key ?? state.secret.seed, seat, lock));
}

/** Whether a command belongs to the muster. */
export const isMusterCommand = (command: EmberCommand): command is Extract<EmberCommand, { type: "lock_army" | "unlock_army" }> =>
  command.type === "lock_army" || command.type === "unlock_army";

/**
 * Applies a muster command (the caller has checked its shape and seat). The last lock reveals every
 * list and sets the battle up from them: the events then are `army_locked`, `armies_revealed`,
 * then those of the setup (the first-player roll, seed 001 3.2).
 * @returns the new state and events, or an error code (the state unchanged): `wrong_phase` outside
 *   the muster, `invalid_army` for a list the army rules refuse at this battle size (seed 001 2),
 *   `army_locked` / `army_not_locked`, `too_many_locks` for an unlock after the engine's
 *   `MAX_LOCKS` locks of one seat (undoing and redoing a list cannot grow the log without bound).
 */
export function applyMuster(
  state: EmberState,
  seat: SeatId,
  command: Extract<EmberCommand, { type: "lock_army" | "unlock_army" }>,
): { state: EmberState; events: EventEnvelope<EmberEvent>[] } | EmberErrorCode {
  if (state.phase !== "muster" || !state.muster || state.muster.revealed) return "wrong_phase";
  const next = clonePlain(state);
  const muster = next.muster!;
  if (command.type === "unlock_army") {
    const problem = unlockList(muster, seat);
    if (problem) return problem === "list_not_locked" ? "army_not_locked" : problem === "too_many_locks" ? "too_many_locks" : "wrong_phase";
    return { state: next, events: [{ audience: everyone, event: { type: "army_unlocked", seat } }] };
  }
  if (muster.seats[seat]?.commitment) return "army_locked";
  if (validateArmy(command.army, battleSizeOf(state)).length > 0) return "invalid_army";
  const locked = lockList(muster, next.secret.seed, seat, command.army);
  if ("problem" in locked) return locked.problem === "list_locked" ? "army_locked" : "wrong_phase";
  const events: EventEnvelope<EmberEvent>[] = [
    {
      audience: sideAudience(next, seat),
      event: { type: "army_locked", seat, commitment: locked.commitment, army: command.army },
      shadow: { type: "army_locked", seat, commitment: locked.commitment },
    },
  ];
  if (!allLocked(muster)) return { state: next, events };
  const { lists, salts } = revealMuster(muster, next.secret.seed);
  events.push({ audience: everyone, event: { type: "armies_revealed", armies: lists, salts } });
  const setup: EmberSetup = {
    scenario: next.scenario,
    seats: next.seats,
    ...(next.teams ? { teams: next.teams } : {}),
    armies: lists,
    options: next.options,
  };
  // The battle starts from the dice seed and the untouched RNG, as a match created with these lists
  // and that seed; the seed commitment stays the one published at creation.
  const started = setupMatch(setup, next.secret.seed);
  return { state: { ...started.state, seedCommitment: next.seedCommitment, muster }, events: [...events, ...started.events] };
}

/** A muster state rebuilt from a viewer's projection (lists the viewer cannot see are null; lock counts as shown). */
export function musterFromView(view: MusterView<ArmyList>): MusterState<ArmyList> {
  return {
    revealed: view.revealed,
    seats: Object.fromEntries(Object.entries(view.seats).map(([s, m]) => [s, { commitment: m.commitment, list: m.list ?? null, locks: m.locks ?? 0 }])),
  };
}

/** Whether `seat` is awaited in the muster (it has not locked). */
export const musterAwaits = (state: EmberState, seat: SeatId): boolean => state.muster?.seats[seat]?.commitment === null;
