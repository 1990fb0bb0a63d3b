/**
 * How the server hosts the tactical TRPG (seed 002; docs/rules/trpg.md): a lobby request names a
 * scenario and, for every player, a `team`: `"gm"` (the game master: GM mode), `"party"` (one to
 * four player seats) or `"enemies"` (versus: the other squad's one seat; solo when it is a bot).
 * Seats are `p1`..`p4` for the party in player order, `gm` or `e1` for the enemies. The scenario's
 * enemies (its encounter, with the ambush) come from `@fogwar/trpg/encounters`, read here only:
 * they go into the match's setup, never to a browser before the match is over.
 *
 * Optional choices travel in the players' `army` field (the protocol leaves it to the ruleset):
 * a party player's `{ "characters": [...] }` (the party characters that seat plays; every party
 * player or none gives it), and the enemies' player's table settings `{ "field", "night",
 * "commander" }` (seed 002 3-7 weather and light, 3-2 commander).
 */
import type { EventEnvelope } from "@fogwar/engine";
import { TRPG_HARD_BUDGET, TRPG_SEARCH_BUDGET, awaiting, casterRedact, casterViewFor, catalog, legalCommandsInView, trpg, trpgBotPolicy, trpgSearchBot, type TrpgCommand, type TrpgEvent, type TrpgSetup, type TrpgState, type TrpgView } from "@fogwar/trpg";
import { encounter } from "@fogwar/trpg/encounters";
import { z } from "zod";
import type { HostedRuleset } from "./contract.js";
import { searchBrain } from "./search-brain.js";

const PartyArmy = z.strictObject({ characters: z.array(z.string().min(1).max(40)).min(1).max(6) });
const TableArmy = z.strictObject({
  field: z.string().min(1).max(40).optional(),
  night: z.int().min(0).max(100).optional(),
  commander: z.string().min(1).max(40).nullable().optional(),
});

type Problem = { ok: false; problem: { code: "bad_request"; message: string } };
const refuse = (message: string): Problem => ({ ok: false, problem: { code: "bad_request", message } });

/** The TRPG as the server hosts it. */
export const trpgHost: HostedRuleset = {
  ruleset: trpg,
  // docs/rules/trpg.md "Concession" (project decision): a seat concedes for its side at any time.
  concedeCommand: { type: "concede" },
  makeSetup(request) {
    const scenario = catalog.scenarios.get(request.scenario);
    if (!scenario) return refuse(`Unknown scenario "${request.scenario}".`);
    const teams = request.players.map((p) => p.team);
    if (teams.some((t) => t !== "gm" && t !== "party" && t !== "enemies")) return refuse('Every player needs a team: "gm", "party" or "enemies".');
    const party = teams.filter((t) => t === "party").length;
    const gm = teams.filter((t) => t === "gm").length;
    const enemies = teams.filter((t) => t === "enemies").length;
    if (party < 1 || party > 4 || party > scenario.party.length) return refuse(`A match has one to ${Math.min(4, scenario.party.length)} party players.`);
    if (gm + enemies !== 1) return refuse('A match has one game master ("gm") or one enemies\' player ("enemies"), not both.');
    const seats: string[] = [];
    let n = 0;
    for (const t of teams) seats.push(t === "party" ? `p${++n}` : t === "gm" ? "gm" : "e1");
    const partySeats = seats.filter((s) => s.startsWith("p"));
    const other = request.players.find((p) => p.team !== "party")!;
    const table = TableArmy.safeParse(other.army ?? {});
    if (!table.success) return refuse("The table settings are malformed: field, night (0-100) and commander.");
    if (table.data.field !== undefined && !catalog.fields.has(table.data.field)) return refuse(`Unknown field "${table.data.field}".`);
    const armies = request.players.flatMap((p, i) => (p.team === "party" && p.army !== undefined ? [[seats[i]!, p.army] as const] : []));
    if (armies.length !== 0 && armies.length !== party) return refuse("Either every party player names its characters or none does.");
    let control: Record<string, string> | undefined;
    if (armies.length > 0) {
      control = {};
      for (const [seat, army] of armies) {
        const parsed = PartyArmy.safeParse(army);
        if (!parsed.success) return refuse(`The characters of ${seat} are malformed.`);
        for (const id of parsed.data.characters) {
          if (!scenario.party.some((p) => p.id === id)) return refuse(`"${id}" is not a party character of ${scenario.id}.`);
          if (control[id]) return refuse(`"${id}" is given to two players.`);
          control[id] = seat;
        }
      }
      if (Object.keys(control).length !== scenario.party.length) return refuse("Every party character needs a player.");
    }
    const setup: TrpgSetup = {
      scenario: scenario.id,
      mode: gm === 1 ? "gm" : "versus",
      enemies: encounter(scenario.id),
      seats: { party: partySeats, enemies: [gm === 1 ? "gm" : "e1"] },
      ...(control ? { control } : {}),
      ...(table.data.field !== undefined ? { field: table.data.field } : {}),
      ...(table.data.night !== undefined ? { night: table.data.night } : {}),
      ...(table.data.commander !== undefined ? { commander: table.data.commander } : {}),
    };
    try {
      trpg.setup(setup, "setup-check");
    } catch (error) {
      return refuse(`This match cannot be set up: ${error instanceof Error ? error.message : String(error)}.`);
    }
    return { ok: true, setup, seats };
  },
  roundOf: (state) => (state as TrpgState).round,
  scenarioOf: (setup) => (setup as TrpgSetup).scenario,
  teamsOf: (setup) => {
    const s = setup as TrpgSetup;
    return { ...Object.fromEntries(s.seats.party.map((seat) => [seat, "party"])), [s.seats.enemies[0]!]: s.mode === "gm" ? "gm" : "enemies" };
  },
  // Never while live (docs/rules/trpg.md "Presence", history): a concealed character's command names its square.
  publicCommand: () => false,
  casterView: (delayed, live) => casterViewFor(delayed as TrpgState, live as TrpgState),
  casterEvent: (envelope, live) => casterRedact(envelope as EventEnvelope<TrpgEvent>, live as TrpgState),
  listing: () => ({
    modes: ["gm", "versus"],
    partyPlayers: [1, 4],
    scenarios: [...catalog.scenarios.values()].map((s) => ({
      id: s.id,
      name: s.name,
      summary: s.summary,
      field: s.field,
      night: s.night,
      rounds: s.rounds,
      width: s.map.width,
      height: s.map.height,
      commander: s.commander,
      party: s.party.map((p) => ({ id: p.id, name: p.name ?? catalog.archetypes.get(p.archetype)!.name, archetype: p.archetype })),
    })),
    fields: [...catalog.fields.values()].map((f) => ({ id: f.id, name: f.name })),
  }),
  // Decisions and the round-end step by the bot's quick rules; a turn's commands by search. The
  // search counts its work in units (packages/trpg/src/search-bot.ts), not simulations; "easy" is
  // a smaller budget: it weighs fewer places to go; "hard" a larger one (TRPG_HARD_BUDGET).
  bot: {
    budgets: { easy: { simulations: 700 }, normal: TRPG_SEARCH_BUDGET, hard: TRPG_HARD_BUDGET },
    brain(level, seat, seed) {
      return searchBrain<TrpgView, TrpgCommand>(seat, seed, {
        legal: legalCommandsInView,
        awaits: (view, seat) => awaiting(view).includes(seat),
        search: trpgSearchBot(seed, this.budgets[level]),
        policy: trpgBotPolicy,
      });
    },
  },
};
