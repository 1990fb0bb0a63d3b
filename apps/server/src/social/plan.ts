/**
 * From a challenge's settings and its two accounts to the match request that makes its match:
 * the players in seat order (the accounts' public names) and the seats paired to the accounts.
 */
import type { ChallengeSeat, ChallengeSettings, CreateMatchRequest } from "@fogwar/protocol";
import { ApiError } from "../api-error.js";
import { RULESETS } from "../hosts/index.js";
import type { AccountRecord } from "../store/index.js";

/** The settings stored with a challenge: a rematch's carry the seats of its match in order. */
export type StoredSettings = ChallengeSettings & { seats?: ChallengeSeat[] };

/** A challenge's match: the create request and each seat's account. */
export interface MatchPlan {
  readonly request: CreateMatchRequest;
  readonly paired: Record<string, AccountRecord>;
}

/**
 * The match a challenge from `from` to `to` with `settings` makes.
 * @throws ApiError 400 `bad_request` (or the ruleset's own code) when the ruleset, the scenario,
 *   the teams or the options do not make a two-player match.
 */
export function planMatch(settings: StoredSettings, from: AccountRecord, to: AccountRecord): MatchPlan {
  const host = RULESETS.get(settings.ruleset);
  if (!host) throw new ApiError(400, "bad_request", `Unknown ruleset "${settings.ruleset}".`);
  const sides: { player: "from" | "to"; team?: string }[] = settings.seats
    ? settings.seats.map((s) => ({ player: s.player, ...(s.team !== undefined ? { team: s.team } : {}) }))
    : [
        { player: "from", ...(settings.teams ? { team: settings.teams.from } : {}) },
        { player: "to", ...(settings.teams ? { team: settings.teams.to } : {}) },
      ];
  const accountOf = (side: "from" | "to"): AccountRecord => (side === "from" ? from : to);
  const players = sides.map((s) => ({ name: accountOf(s.player).name, ...(s.team !== undefined ? { team: s.team } : {}) }));
  if (settings.options?.clock && !host.optionalClock) {
    throw new ApiError(400, "bad_request", `${host.ruleset.id} runs its own clock (its time bank): the clock option is for rulesets whose clock is optional.`);
  }
  const made = host.makeSetup({ scenario: settings.scenario, players, options: { progressiveReveal: settings.options?.progressiveReveal ?? false } });
  if (!made.ok) throw new ApiError(400, made.problem.code, made.problem.message, made.problem.details);
  if (made.seats.length !== 2 || new Set(sides.map((s) => s.player)).size !== 2) throw new ApiError(400, "bad_request", "A challenge is for a match of two players.");
  const paired = Object.fromEntries(made.seats.map((seat, i) => [seat, accountOf(sides[i]!.player)]));
  const request: CreateMatchRequest = { ruleset: settings.ruleset, scenario: settings.scenario, players, ...(settings.options ? { options: settings.options } : {}) };
  return { request, paired };
}
