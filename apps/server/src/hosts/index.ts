/**
 * The rulesets the server hosts, and what the server needs to know of each beyond the engine's
 * `Ruleset` contract: how to build a setup from a lobby request, and the round a state is in
 * (for the spectator delay). New matches use each ruleset's current rules version; a stored match
 * is hosted under the rules version it was created with (`hostFor`): the current one, or an older
 * version's frozen build (@fogwar/rules-archive).
 */
import { spectator, type ClockSetup, type EventEnvelope, type Ruleset } from "@fogwar/engine";
import { rulesetFor as archivedRuleset, type VersionedRuleset } from "@fogwar/rules-archive";
import { TeamName } from "@fogwar/protocol";
import { ArmyList, casterRedact as emberCasterRedact, casterViewFor as emberCasterView, catalog, ember, validateArmy, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState } from "@fogwar/ember";
import { casterRedact, casterViewFor, catalog as siegeCatalog, siege, type SiegeCommand, type SiegeEvent, type SiegeSetup, type SiegeState } from "@fogwar/siege";
import { sigmarHost } from "./sigmar-host.js";
import { trpgHost } from "./trpg-host.js";

/** A lobby request's players and options, after the protocol's validation. */
export interface SetupRequest {
  readonly scenario: string;
  /** `army`: EMBER's army list; `team`: a Siege team ("attack" or "defence"). */
  readonly players: readonly { readonly name: string; readonly army?: unknown; readonly team?: string }[];
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
  /**
   * Builds the engine setup for a request; `seats` are the seat ids in player order (EMBER: `p1`,
   * `p2`, ...; Siege: `a1`, `a2` for the attack and `d1`, `d2` for the defence).
   */
  makeSetup(request: SetupRequest): { ok: true; setup: unknown; seats: string[] } | { ok: false; problem: SetupProblem };
  /** The round a state is in (0 before the first round): the unit of the spectator delay. */
  roundOf(state: unknown): number;
  /** The scenario id of a setup, for listings (Siege: the mission). */
  scenarioOf(setup: unknown): string;
  /** What `GET /api/rulesets` says of the ruleset beyond its id and rules version. */
  listing(): Record<string, unknown>;
  /**
   * Whether a stored command may be shown to spectators while the match is live, given that
   * every event it produced is public (default: yes). Siege's secret picks are not (seed 004
   * "팀 준비": a team's pick stays secret until both teams have picked).
   */
  publicCommand?(command: unknown): boolean;
  /** Each seat's team in a team game (undefined otherwise), for listings. */
  teamsOf?(setup: unknown): Readonly<Record<string, string>> | undefined;
  /**
   * The match's clocks (./clocks.ts), from its setup, seats and the lobby's `clock` option
   * (`{ minutes, incrementSeconds }` or undefined); null: no clock. `optionalClock`: whether the
   * lobby chooses it (else the ruleset's own clock always runs and the option is refused).
   */
  clockSetup?(setup: unknown, seats: readonly string[], clock: { minutes: number; incrementSeconds: number } | undefined): ClockSetup | null;
  readonly optionalClock?: boolean;
  /**
   * Whether no clock runs in `state` although seats are awaited (default: never). EMBER's muster:
   * the players build their secret lists at their own pace; the clocks start with the battle.
   */
  clockIdle?(state: unknown): boolean;
  /** The current activation's key for bank clocks (`ClockPoint.turn`); default: one key. */
  clockTurn?(state: unknown): string;
  /**
   * The caster feed's projection of the delayed state, given the live one (default: the
   * omniscient view of the delayed state). Siege keeps back what is still secret live: a real
   * token of an operator still hidden (its token keeps its id across rounds).
   */
  casterView?(delayed: unknown, live: unknown): unknown;
  /** A delayed entry's event on the caster feed, given the live state (default: as an omniscient viewer sees it). */
  casterEvent?(envelope: EventEnvelope<unknown>, live: unknown): unknown;
}

const emberHost: HostedRuleset = {
  ruleset: ember,
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
        return { ok: false, problem: { code: "invalid_army", message: `${player.name}'s army list is malformed.`, details: { seat, issues: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })) } } };
      }
      const problems = validateArmy(parsed.data, scenario.battleSize);
      if (problems.length > 0) {
        return { ok: false, problem: { code: "invalid_army", message: `${player.name}'s army is not valid for a ${scenario.battleSize} battle: ${problems[0]?.message}`, details: { seat, problems } } };
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
  clockSetup: (_setup, seats, clock) =>
    clock ? { spec: { kind: "total", initialMs: clock.minutes * 60_000, incrementMs: clock.incrementSeconds * 1000 }, owners: Object.fromEntries(seats.map((s) => [s, s])) } : null,
  casterView: (delayed, live) => emberCasterView(delayed as EmberState, live as EmberState),
  casterEvent: (envelope, live) => emberCasterRedact(envelope as EventEnvelope<EmberEvent>, live as EmberState),
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
};

/** Siege's teams, in the order seat ids are given. */
const SIEGE_TEAMS = ["attack", "defence"] as const;

/**
 * Siege (seed 004 "팀 준비"): the `scenario` is a mission id; every player names a `team`
 * ("attack" or "defence"); the teams are 1 v 1 or 2 v 2 (teammates share control and
 * knowledge). Seat ids are `a1`, `a2` (attack) and `d1`, `d2` (defence), numbered in player
 * order within each team. Operators are not chosen here: each team picks them in secret in the
 * match (the ruleset's committed picks).
 */
const siegeHost: HostedRuleset = {
  ruleset: siege,
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
};

/** Hosted rulesets by id. */
export const RULESETS: ReadonlyMap<string, HostedRuleset> = new Map([
  ["ember", emberHost],
  ["siege", siegeHost],
  ["sigmar", sigmarHost],
  ["trpg", trpgHost],
]);

/** How the server finds a ruleset at a rules version (tests give another one to act out a version bump). */
export type RulesLoader = (id: string, version: string) => Promise<VersionedRuleset>;

/**
 * The hosting of an older rules version: the current hosting of its ruleset with the frozen
 * build's `Ruleset` in its place. What the server adds around the rules (rounds, clocks, teams,
 * which commands are public) reads the setup and the state in the fields every version shares;
 * the caster feed uses the version's own caster functions, and a version that had none feeds the
 * public (spectator) view of the delayed state, which hides what is still secret live. It never
 * creates a match: new matches use the current rules.
 */
export function frozenHost(current: HostedRuleset, rules: VersionedRuleset): HostedRuleset {
  const { casterViewFor, casterRedact } = rules;
  return {
    ...current,
    ruleset: rules.ruleset,
    makeSetup: () => ({ ok: false, problem: { code: "bad_request", message: `New matches use the current rules, ${current.ruleset.rulesVersion}.` } }),
    casterView: casterViewFor ? (delayed, live) => casterViewFor(delayed, live) : (delayed) => rules.ruleset.viewFor(delayed, spectator),
    casterEvent: casterRedact ? (envelope, live) => casterRedact(envelope, live) : (envelope) => rules.ruleset.redact(envelope, spectator),
  };
}

/**
 * The hosting of a stored match's ruleset `id` at its `version`: the current hosting for the
 * current version, else the frozen build's (`frozenHost`; the archive loads each build once).
 * @throws Error (rejects) for a ruleset not hosted here or a version with no build
 *   (@fogwar/rules-archive's `UnknownRulesVersionError`).
 */
export async function hostFor(id: string, version: string, load: RulesLoader = archivedRuleset): Promise<HostedRuleset> {
  const current = RULESETS.get(id);
  if (!current) throw new Error(`unknown ruleset ${id}`);
  if (version === current.ruleset.rulesVersion) return current;
  return frozenHost(current, await load(id, version));
}
