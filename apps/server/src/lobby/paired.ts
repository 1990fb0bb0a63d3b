/**
 * A duel between two accounts made from the lobby (a table taken, a seek paired): the match is
 * created with both seats claimed for their accounts at once (../create.ts `paired`), players
 * named after their accounts. Seats follow each ruleset's naming: the first player (the table's
 * owner, the older seek) takes the first seat. EMBER and Age of Sigmar players bring no army:
 * each builds a secret list in the match's muster; Siege and the TRPG need teams (attack against
 * defence; the party against the enemies).
 */
import type { CreateMatchOptions } from "@fogwar/protocol";
import { ApiError } from "../api-error.js";
import { createMatch, type CreateServices } from "../create.js";
import { RULESETS } from "../hosts/index.js";
import type { AccountRecord } from "../store/index.js";
import { owePlayerJoined } from "../notify/joined.js";

/** The format whose rating the lobby reads for ranges: one player against one. */
export const DUEL = "duel";
/** The rating of a player without one in a ruleset. */
export const DEFAULT_RATING = 1500;

/** The teams of a duel's two players, per ruleset that needs them. */
const DUEL_TEAMS: Readonly<Record<string, readonly [string, string]>> = { siege: ["attack", "defence"], trpg: ["party", "enemies"] };

/** A duel's settings: ruleset, scenario (or mission) and match options. */
export interface DuelSettings {
  readonly ruleset: string;
  readonly scenario: string;
  readonly options?: CreateMatchOptions;
}

/** The players of a duel's create request, in seat order (`first`, then `second`). */
function duelPlayers(ruleset: string, first: string, second: string): { name: string; team?: string }[] {
  const teams = DUEL_TEAMS[ruleset];
  return [
    { name: first, ...(teams ? { team: teams[0] } : {}) },
    { name: second, ...(teams ? { team: teams[1] } : {}) },
  ];
}

/**
 * The seats a duel of these settings gives its two players (in order), or the setup's problem.
 * @throws ApiError 400 when the ruleset is unknown or the settings make no duel.
 */
export function duelSeats(settings: DuelSettings): [string, string] {
  const host = RULESETS.get(settings.ruleset);
  if (!host) throw new ApiError(400, "bad_request", `Unknown ruleset "${settings.ruleset}".`);
  const made = host.makeSetup({
    scenario: settings.scenario,
    players: duelPlayers(settings.ruleset, "first", "second"),
    options: { progressiveReveal: settings.options?.progressiveReveal ?? false },
  });
  if (!made.ok) throw new ApiError(400, made.problem.code, made.problem.message, made.problem.details);
  if (made.seats.length !== 2) throw new ApiError(400, "bad_request", "A lobby match has two players.");
  return [made.seats[0] as string, made.seats[1] as string];
}

/** The default scenario (or mission, battleplan) of a ruleset: the first its listing offers. */
export function defaultScenario(ruleset: string): string {
  const listing = RULESETS.get(ruleset)?.listing() as { scenarios?: { id: string }[]; missions?: { id: string }[]; battleplans?: { id: string }[] } | undefined;
  const first = listing?.scenarios?.[0] ?? listing?.missions?.[0] ?? listing?.battleplans?.[0];
  if (!first) throw new ApiError(400, "bad_request", `Unknown ruleset "${ruleset}".`);
  return first.id;
}

/**
 * Creates the duel with `first` in the first seat and `second` in the other, both claimed for their accounts.
 * @returns the match id and each account's seat.
 * @throws ApiError 400 for settings that make no duel; store errors pass through.
 */
export async function createDuel(services: CreateServices, settings: DuelSettings, first: AccountRecord, second: AccountRecord): Promise<{ matchId: string; seats: [string, string] }> {
  const seats = duelSeats(settings);
  const request = { ruleset: settings.ruleset, scenario: settings.scenario, players: duelPlayers(settings.ruleset, first.name, second.name), ...(settings.options ? { options: settings.options } : {}) };
  const created = await createMatch(services, request, undefined, "", null, { [seats[0]]: first, [seats[1]]: second });
  // The first player (the table's owner, the older seek) was waiting: told its opponent joined.
  await owePlayerJoined(services.store, created.body.matchId, seats[1], 0, (error) => services.log.warn({ err: error, matchId: created.body.matchId }, "could not owe opponent_joined"));
  return { matchId: created.body.matchId, seats };
}
