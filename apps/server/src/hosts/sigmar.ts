/**
 * Age of Sigmar (seed 003 sections 19-30 on the project's core, packages/sigmar) as the server
 * hosts it: a lobby request is two players on the sample battleplan, each bringing an army list
 * (the host builds both) or none (each musters a secret list in the match); seats `p1` (south
 * edge) and `p2` (north edge).
 *
 * A battle of an older rules version is hosted by `frozenHost` over this hosting (./index.ts):
 * what it reads of setups, states and commands (the round, the muster phase, `lock_army`) is
 * shared by every version, and its caster feed, a spectator's view of the delayed battle, comes
 * from that version's own rules (no version has caster functions of its own).
 */
import { RandomBot, spectator, type EventEnvelope } from "@fogwar/engine";
import { ArmyList, armyProblems, catalog, heuristicChoice, legalCommandsInView, POSITION_BUDGET, sigmar, sigmarBotPolicy, type SigmarCommand, type SigmarEvent, type SigmarSetup, type SigmarState, type SigmarView } from "@fogwar/sigmar";
import type { HostedRuleset } from "./contract.js";
import { lobbyClock } from "./lobby-clock.js";

export const sigmarHost: HostedRuleset = {
  ruleset: sigmar,
  // docs/rules/sigmar.md C12: a seat concedes for its side at any time.
  concedeCommand: { type: "concede" },
  makeSetup(request) {
    if (request.scenario !== catalog.battleplan.id) {
      return { ok: false, problem: { code: "bad_request", message: `Unknown battleplan "${request.scenario}".`, details: { battleplans: [catalog.battleplan.id] } } };
    }
    if (request.players.length !== 2) return { ok: false, problem: { code: "bad_request", message: "Age of Sigmar battles have two players." } };
    if (request.players.some((p) => p.team !== undefined)) return { ok: false, problem: { code: "bad_request", message: "Age of Sigmar battles have no teams." } };
    const seats = ["p1", "p2"] as const;
    const withArmy = request.players.filter((p) => p.army !== undefined).length;
    if (withArmy === 1) return { ok: false, problem: { code: "bad_request", message: "Either the host builds both army lists or each player musters their own in the match." } };
    const armies: Record<string, ArmyList> = {};
    for (const [i, player] of withArmy ? request.players.entries() : []) {
      const parsed = ArmyList.safeParse(player.army);
      const seat = seats[i]!;
      if (!parsed.success) return { ok: false, problem: { code: "invalid_army", message: `${player.name}'s army list is malformed.`, details: { seat, name: player.name } } };
      const problems = armyProblems(parsed.data);
      if (problems.length > 0) return { ok: false, problem: { code: "invalid_army", message: `${player.name}'s army list is not valid: ${problems[0]}`, details: { seat, name: player.name, problems } } };
      armies[seat] = parsed.data;
    }
    const setup: SigmarSetup = { seats: ["p1", "p2"], ...(withArmy ? { armies } : {}) };
    return { ok: true, setup, seats: [...seats] };
  },
  roundOf: (state) => (state as SigmarState).round,
  scenarioOf: () => catalog.battleplan.id,
  // A locked list stays with its seat (its events are not public either).
  publicCommand: (command) => (command as SigmarCommand | null)?.type !== "lock_army",
  // No clock runs while the players muster their secret lists.
  clockIdle: (state) => (state as SigmarState).phase === "muster",
  optionalClock: true,
  clockSetup: lobbyClock,
  // The caster feed shows the delayed battle as a spectator sees it: hands, reserves still off the
  // table and lists are secrets of the live match too, so the delay never opens them.
  casterView: (delayed) => sigmar.viewFor(delayed as SigmarState, spectator),
  casterEvent: (envelope) => sigmar.redact(envelope as EventEnvelope<SigmarEvent>, spectator),
  listing: () => ({
    battleplans: [{ id: catalog.battleplan.id, name: catalog.battleplan.name, rounds: catalog.rules.rounds }],
    factions: [...catalog.factions.values()].map((f) => ({ id: f.id, name: f.name, warscrolls: f.warscrolls.map((w) => ({ id: w.id, name: w.name, points: w.points, models: w.models, keywords: w.keywords })) })),
    pointsLimit: catalog.rules.pointsLimit,
    sampleArmies: catalog.armies,
    armyLabels: Object.fromEntries(catalog.armyLabels),
  }),
  // A heuristic bot (no search: its budget is a count of positions judged per decision,
  // POSITION_BUDGET in @fogwar/sigmar, here `simulations`): "normal" plays its best-judged command
  // within that budget, "hard" judges four times as many positions (more places and formations
  // weighed) and musters the sample list measured strongest on its own seat's edge (`listFor`;
  // figures in docs/rules/sigmar.md, "The bot and its levels"), "easy" picks at random among the
  // legal commands. Every level draws its list's reserve with the seat's secret brain
  // seed (bot-muster.ts in @fogwar/sigmar), so the units fielded never tell the reserve.
  bot: {
    budgets: { easy: { simulations: 0 }, normal: { simulations: POSITION_BUDGET }, hard: { simulations: 4 * POSITION_BUDGET } },
    brain(level, seat, seed) {
      const random = new RandomBot<SigmarCommand>(`${seed}:fallback`, sigmarBotPolicy);
      return {
        legal: (view) => legalCommandsInView(view as SigmarView, seat),
        // Easy plays at random, but musters as the others do: a sample list picked at random would
        // give its reserve away with the units it fields.
        choose: (view) => (level === "easy" && (view as SigmarView).phase !== "muster" ? random.choose(legalCommandsInView(view as SigmarView, seat)) : heuristicChoice(view as SigmarView, seat, this.budgets[level].simulations, seed)),
        fallback: (view) => random.choose(legalCommandsInView(view as SigmarView, seat)),
      };
    },
  },
};
