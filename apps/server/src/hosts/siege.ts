/**
 * Siege (seed 004; packages/siege) as the server hosts it: team matches on a mission, operators
 * picked in secret in the match, a time bank per team.
 */
import type { EventEnvelope } from "@fogwar/engine";
import { SIEGE_SEARCH_BUDGET, casterRedact, casterViewFor, catalog as siegeCatalog, legalCommandsInView, siege, siegeBotPolicy, siegeSearchBot, type SiegeCommand, type SiegeEvent, type SiegeSetup, type SiegeState, type SiegeView } from "@fogwar/siege";
import type { HostedRuleset } from "./contract.js";
import { searchBrain } from "./search-brain.js";

/** Siege's teams, in the order seat ids are given. */
const SIEGE_TEAMS = ["attack", "defence"] as const;

/**
 * Siege (seed 004 "팀 준비"): the `scenario` is a mission id; every player names a `team`
 * ("attack" or "defence"); the teams are 1 v 1 or 2 v 2 (teammates share control and
 * knowledge). Seat ids are `a1`, `a2` (attack) and `d1`, `d2` (defence), numbered in player
 * order within each team. Operators are not chosen here: each team picks them in secret in the
 * match (the ruleset's committed picks).
 */
export const siegeHost: HostedRuleset = {
  ruleset: siege,
  // docs/rules/siege.md "Concession" (project decision): a seat concedes for its side at any time.
  concedeCommand: { type: "concede" },
  makeSetup(request) {
    const mission = siegeCatalog.missions.get(request.scenario);
    if (!mission) {
      return { ok: false, problem: { code: "bad_request", message: `Unknown mission "${request.scenario}".`, details: { missions: [...siegeCatalog.missions.keys()] } } };
    }
    const teams: Record<(typeof SIEGE_TEAMS)[number], string[]> = { attack: [], defence: [] };
    const seats: string[] = [];
    for (const [i, player] of request.players.entries()) {
      const team = SIEGE_TEAMS.find((t) => t === player.team);
      if (!team) {
        return { ok: false, problem: { code: "bad_request", message: `${player.name} needs a team: "attack" or "defence".`, details: { player: i } } };
      }
      if (player.army !== undefined) return { ok: false, problem: { code: "bad_request", message: "Siege players bring no army list: operators are picked in the match." } };
      const seat = `${team[0]}${teams[team].length + 1}`;
      teams[team].push(seat);
      seats.push(seat);
    }
    const size = teams.attack.length;
    if ((size !== 1 && size !== 2) || teams.defence.length !== size) {
      return { ok: false, problem: { code: "bad_request", message: "Siege matches are 1 v 1 or 2 v 2: as many attackers as defenders, one or two a team." } };
    }
    const setup: SiegeSetup = { mission: mission.id, teams };
    return { ok: true, setup, seats };
  },
  roundOf: (state) => (state as SiegeState).round,
  // Siege's time bank is always on (docs/rules/siege.md "Time bank"): one bank per team.
  clockSetup: (setup) => {
    const bank = siegeCatalog.data.rules.timeBank;
    const teams = (setup as SiegeSetup).teams;
    const owners = Object.fromEntries(Object.entries(teams).flatMap(([team, seats]) => seats.map((seat) => [seat, team])));
    return { spec: { kind: "bank", bankMs: bank.perTeamSeconds * 1000, perActivationMs: bank.perActivationSeconds * 1000 }, owners };
  },
  // Rules versions before siege-0.2.0 (their frozen builds have no clockTurn of their own): an
  // activation is one operator's activation, a phase between activations, a pending decision, or
  // the whole setup. Newer versions key their activations themselves (the ruleset's clockTurn).
  clockTurn: (state) => {
    const s = state as SiegeState;
    return [s.phase, s.round, s.step, s.activations, s.activation?.operator ?? "", s.pending ? `${s.pending.kind}:${s.pending.team}` : ""].join("|");
  },
  scenarioOf: (setup) => (setup as SiegeSetup).mission,
  teamsOf: (setup) => Object.fromEntries(Object.entries((setup as SiegeSetup).teams).flatMap(([team, seats]) => seats.map((seat) => [seat, team]))),
  listing: () => ({
    missions: [...siegeCatalog.missions.values()].map((m) => ({ id: m.id, name: m.name, map: m.map, objectiveRoom: m.objectiveRoom, rounds: m.rounds, overtime: m.overtime })),
    maps: [...siegeCatalog.maps.values()].map((m) => ({ id: m.id, name: m.name, width: m.width, height: m.height })),
    teamSizes: [1, 2],
  }),
  publicCommand: (command) => (command as SiegeCommand | null)?.type !== "pick",
  casterView: (delayed, live) => casterViewFor(delayed as SiegeState, live as SiegeState),
  casterEvent: (envelope, live) => casterRedact(envelope as EventEnvelope<SiegeEvent>, live as SiegeState),
  // The search bot (determinized Monte Carlo over the team's information set).
  bot: {
    // "hard": three times the simulations over more candidates.
    budgets: { easy: { simulations: 24, maxCandidates: 12, depth: 0 }, normal: SIEGE_SEARCH_BUDGET, hard: { simulations: 720, maxCandidates: 64, depth: 0 } },
    brain(level, seat, seed) {
      return searchBrain<SiegeView, SiegeCommand>(seat, seed, { legal: legalCommandsInView, search: siegeSearchBot(seed, this.budgets[level]), policy: siegeBotPolicy });
    },
  },
};
