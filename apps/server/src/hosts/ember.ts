/**
 * EMBER (seed 001; packages/ember) as the server hosts it: a lobby request is two to four players
 * on a scenario of the catalog, seats `p1`..`p4`, each bringing an army list (the host builds every
 * list) or none (each player musters a secret list in the match); teams for 2 v 2; an optional
 * clock chosen in the lobby.
 */
import type { EventEnvelope } from "@fogwar/engine";
import { TeamName } from "@fogwar/protocol";
import { ArmyList, EMBER_SEARCH_BUDGET, casterRedact, casterViewFor, catalog, ember, emberBotPolicy, emberSearchBot, legalCommandsInView, validateArmy, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState, type EmberView } from "@fogwar/ember";
import type { HostedRuleset } from "./contract.js";
import { lobbyClock } from "./lobby-clock.js";
import { searchBrain } from "./search-brain.js";

/** EMBER (seed 001) as the server hosts it. */
export const emberHost: HostedRuleset = {
  ruleset: ember,
  // docs/rules/ember.md 6.1 (project decision): a seat concedes for its side at any time.
  concedeCommand: { type: "concede" },
  makeSetup(request) {
    const scenario = catalog.scenarios.get(request.scenario);
    if (!scenario) {
      return { ok: false, problem: { code: "bad_request", message: `Unknown scenario "${request.scenario}".`, details: { scenarios: [...catalog.scenarios.keys()] } } };
    }
    // Two to four players (seed 001 6.1: 1 v 1, 2 v 2, 1 v 1 v 1, 1 v 1 v 1 v 1), seats p1..p4.
    const count = request.players.length;
    if (count < 2 || count > 4) return { ok: false, problem: { code: "bad_request", message: "EMBER matches have two to four players." } };
    const seats = request.players.map((_, i) => `p${i + 1}`);
    const withTeam = request.players.filter((p) => p.team !== undefined).length;
    if (withTeam !== 0 && withTeam !== count) return { ok: false, problem: { code: "bad_request", message: "Either every player has a team or none has." } };
    if (request.players.some((p) => p.team !== undefined && !TeamName.safeParse(p.team).success)) {
      return { ok: false, problem: { code: "bad_request", message: "A team is 1 to 16 lowercase letters, digits or -, starting with a letter." } };
    }
    // Players without lists muster their own in the match (seed 001 2): every player or none brings one.
    const withArmy = request.players.filter((p) => p.army !== undefined).length;
    if (withArmy !== 0 && withArmy !== count) {
      return { ok: false, problem: { code: "bad_request", message: "Either the host builds every player's army list or each player builds their own in the match." } };
    }
    const armies: Record<string, ArmyList> = {};
    for (const [i, player] of withArmy ? request.players.entries() : []) {
      const parsed = ArmyList.safeParse(player.army);
      const seat = seats[i] as string;
      if (!parsed.success) {
        return { ok: false, problem: { code: "invalid_army", message: `${player.name}'s army list is malformed.`, details: { seat, name: player.name, issues: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })) } } };
      }
      const problems = validateArmy(parsed.data, scenario.battleSize);
      if (problems.length > 0) {
        return { ok: false, problem: { code: "invalid_army", message: `${player.name}'s army is not valid for a ${scenario.battleSize} battle: ${problems[0]?.message}`, details: { seat, name: player.name, problems } } };
      }
      armies[seat] = parsed.data;
    }
    const teams = withTeam ? Object.fromEntries(request.players.map((p, i) => [seats[i] as string, p.team as string])) : undefined;
    const setup: EmberSetup = { scenario: scenario.id, seats, ...(teams ? { teams } : {}), ...(withArmy ? { armies } : {}), options: { progressiveReveal: request.options.progressiveReveal } };
    // The ruleset's own checks (teams are for 2 v 2; three or four sides need a scenario with
    // four deployment zones), run once on a throwaway seed: its message names the problem.
    try {
      ember.setup(setup, "setup-check");
    } catch (error) {
      return { ok: false, problem: { code: "bad_request", message: `This match cannot be set up: ${error instanceof Error ? error.message : String(error)}.` } };
    }
    return { ok: true, setup, seats };
  },
  roundOf: (state) => (state as EmberState).round,
  // A locked army list stays with its seat until the reveal (its events are not public either).
  publicCommand: (command) => (command as EmberCommand | null)?.type !== "lock_army",
  // EMBER's clock is optional, chosen in the lobby: one per seat, a total plus an increment per round.
  optionalClock: true,
  clockIdle: (state) => (state as EmberState).phase === "muster",
  clockSetup: lobbyClock,
  casterView: (delayed, live) => casterViewFor(delayed as EmberState, live as EmberState),
  casterEvent: (envelope, live) => casterRedact(envelope as EventEnvelope<EmberEvent>, live as EmberState),
  scenarioOf: (setup) => (setup as EmberSetup).scenario,
  teamsOf: (setup) => (setup as EmberSetup).teams,
  listing: () => ({
    // `sides`: how many sides the scenario's deployment zones host: 2 (1 v 1 and 2 v 2), or 4
    // (also 1 v 1 v 1 and 1 v 1 v 1 v 1); `secondaries`: its mission's secondary missions.
    scenarios: [...catalog.scenarios.values()].map((s) => ({
      id: s.id,
      name: s.name,
      battleSize: s.battleSize,
      rounds: s.mission.rounds,
      sides: s.deployment.red && s.deployment.blue ? 4 : 2,
      ...(s.mission.secondaries ? { secondaries: s.mission.secondaries.map((m) => ({ id: m.id, name: m.name, summary: m.summary })) } : {}),
    })),
    sampleArmies: catalog.data.armies,
  }),
  // The search bot (determinized Monte Carlo over the seat's information set).
  bot: {
    // "hard": three times the simulations over a few more candidates.
    budgets: { easy: { simulations: 8, maxCandidates: 6, depth: 4 }, normal: EMBER_SEARCH_BUDGET, hard: { simulations: 96, maxCandidates: 16, depth: 8 } },
    brain(level, seat, seed) {
      return searchBrain<EmberView, EmberCommand>(seat, seed, { legal: legalCommandsInView, search: emberSearchBot(seed, this.budgets[level]), policy: emberBotPolicy });
    },
  },
};
