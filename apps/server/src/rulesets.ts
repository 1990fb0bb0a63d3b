/**
 * The rulesets the server hosts, and what the server needs to know of each beyond the engine's
 * `Ruleset` contract: how to build a setup from a lobby request, and the round a state is in
 * (for the spectator delay).
 */
import type { Ruleset } from "@fogwar/engine";
import { ArmyList, catalog, ember, validateArmy, type EmberSetup, type EmberState } from "@fogwar/ember";

/** A lobby request's players and options, after the protocol's validation. */
export interface SetupRequest {
  readonly scenario: string;
  readonly players: readonly { readonly name: string; readonly army: unknown }[];
  readonly options: { readonly progressiveReveal: boolean };
}

/** A problem with a lobby request, for a 400 answer. */
export interface SetupProblem {
  readonly code: "bad_request" | "invalid_army";
  readonly message: string;
  readonly details?: unknown;
}

// The server treats every ruleset through the engine contract; the type parameters are erased here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRuleset = Ruleset<any, any, any, any, any>;

/** What the server knows of a hosted ruleset. */
export interface HostedRuleset {
  readonly ruleset: AnyRuleset;
  /** Builds the engine setup for a request, with seat ids `p1`, `p2`, ... in player order. */
  makeSetup(request: SetupRequest): { ok: true; setup: unknown; seats: string[] } | { ok: false; problem: SetupProblem };
  /** The round a state is in (0 before the first round): the unit of the spectator delay. */
  roundOf(state: unknown): number;
  /** The scenario id of a setup, for listings. */
  scenarioOf(setup: unknown): string;
}

const emberHost: HostedRuleset = {
  ruleset: ember,
  makeSetup(request) {
    const scenario = catalog.scenarios.get(request.scenario);
    if (!scenario) {
      return { ok: false, problem: { code: "bad_request", message: `Unknown scenario "${request.scenario}".`, details: { scenarios: [...catalog.scenarios.keys()] } } };
    }
    if (request.players.length !== 2) return { ok: false, problem: { code: "bad_request", message: "EMBER matches have exactly two players." } };
    const seats = ["p1", "p2"];
    const armies: Record<string, ArmyList> = {};
    for (const [i, player] of request.players.entries()) {
      const parsed = ArmyList.safeParse(player.army);
      const seat = seats[i] as string;
      if (!parsed.success) {
        return { ok: false, problem: { code: "invalid_army", message: `${player.name}'s army list is malformed.`, details: { seat, issues: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })) } } };
      }
      const problems = validateArmy(parsed.data, scenario.battleSize);
      if (problems.length > 0) {
        return { ok: false, problem: { code: "invalid_army", message: `${player.name}'s army is not valid for a ${scenario.battleSize} battle: ${problems[0]?.message}`, details: { seat, problems } } };
      }
      armies[seat] = parsed.data;
    }
    const setup: EmberSetup = { scenario: scenario.id, seats: ["p1", "p2"], armies, options: { progressiveReveal: request.options.progressiveReveal } };
    return { ok: true, setup, seats };
  },
  roundOf: (state) => (state as EmberState).round,
  scenarioOf: (setup) => (setup as EmberSetup).scenario,
};

/** Hosted rulesets by id. */
export const RULESETS: ReadonlyMap<string, HostedRuleset> = new Map([["ember", emberHost]]);
