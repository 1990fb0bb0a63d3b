/**
 * Projector benchmark: prints figures, asserts nothing. Run with `pnpm bench` at the top level.
 *
 * The server's projector (apps/server/src/sync/projector.ts) brings the room state's projections
 * (the public view, each seat's overlay) up to date after each accepted command. This replays
 * recorded bot matches' states through a fresh projector per match and prints the mean time per
 * update at 2, 3 and 4 seats (EMBER 1 v 1 on crossroads, 1 v 1 v 1 on relay-field, 2 v 2 on
 * crossroads; Siege 1 v 1 and 2 v 2; the TRPG with a game master and two or four players), and
 * with a spectator delay (the caster feed follows 10
 * commands behind, projected by the hosted ruleset's caster view).
 */
import { autoplay } from "@fogwar/engine";
import { catalog, ember, emberBotPolicy, type EmberSetup } from "@fogwar/ember";
import { siege, siegeBotPolicy, type SiegeSetup } from "@fogwar/siege";
import { trpg, trpgBotPolicy, type TrpgSetup } from "@fogwar/trpg";
import { encounter } from "@fogwar/trpg/encounters";
import { MatchRoomState, Projector } from "@fogwar/server/testing";
import { RULESETS, type AnyRuleset } from "@fogwar/server/hosts";

const MATCHES = Number(process.env.BENCH_PROJECTOR_MATCHES ?? 6);
const MIN_MS = 1500;

interface Case {
  readonly label: string;
  readonly ruleset: AnyRuleset;
  readonly seats: readonly string[];
  /** Every match's states, after setup and after each command. */
  readonly matches: unknown[][];
  /** Commands the caster feed trails by, for a match with a spectator delay. */
  readonly lag?: number;
}

const army = (n: number) => catalog.data.armies[(n % 3) * 2]!;
function emberCase(label: string, scenario: string, seats: string[], teams?: Record<string, string>): Case {
  const matches: unknown[][] = [];
  for (let i = 0; i < MATCHES; i++) {
    const setup: EmberSetup = { scenario, seats, ...(teams ? { teams } : {}), armies: Object.fromEntries(seats.map((s, k) => [s, army(i + k)])) };
    const states: unknown[] = [ember.setup(setup, `projector-${i}`).state];
    autoplay(ember, setup, `projector-${i}`, `projector-bot-${i}`, { policy: emberBotPolicy, onCommand: (m) => void states.push(m.state) });
    matches.push(states);
  }
  return { label, ruleset: ember, seats, matches };
}
function siegeCase(label: string, teams: SiegeSetup["teams"]): Case {
  const matches: unknown[][] = [];
  const setup: SiegeSetup = { mission: "ledger", teams };
  for (let i = 0; i < MATCHES; i++) {
    const states: unknown[] = [siege.setup(setup, `projector-${i}`).state];
    autoplay(siege, setup, `projector-${i}`, `projector-bot-${i}`, { policy: siegeBotPolicy, maxCommands: 20_000, onCommand: (m) => void states.push(m.state) });
    matches.push(states);
  }
  return { label, ruleset: siege, seats: [...teams.attack, ...teams.defence], matches };
}

function trpgCase(label: string, scenario: string, party: string[]): Case {
  const matches: unknown[][] = [];
  const setup: TrpgSetup = { scenario, mode: "gm", enemies: encounter(scenario), seats: { party, enemies: ["gm"] } };
  for (let i = 0; i < MATCHES; i++) {
    const states: unknown[] = [trpg.setup(setup, `projector-${i}`).state];
    autoplay(trpg, setup, `projector-${i}`, `projector-bot-${i}`, { policy: trpgBotPolicy, maxCommands: 20_000, onCommand: (m) => void states.push(m.state) });
    matches.push(states);
  }
  return { label, ruleset: trpg, seats: [...party, "gm"], matches };
}

/** Replays every match through a fresh projector; returns the number of updates. */
function replay(c: Case): number {
  let updates = 0;
  for (const states of c.matches) {
    const host = RULESETS.get(c.ruleset.id);
    const caster = host?.casterView ? (d: unknown, live: unknown) => host.casterView!(d, live) : undefined;
    const projector = new Projector(new MatchRoomState(), c.ruleset, c.seats, c.lag !== undefined, caster);
    states.forEach((state, seq) => {
      const delayed = c.lag === undefined ? undefined : { seq: Math.max(0, seq - c.lag), state: states[Math.max(0, seq - c.lag)] };
      projector.update(state, seq, delayed);
    });
    updates += states.length;
  }
  return updates;
}

const cases = [
  emberCase("EMBER 1 v 1 (2 seats)", "crossroads", ["p1", "p2"]),
  emberCase("EMBER 1 v 1 v 1 (3 seats)", "relay-field", ["p1", "p2", "p3"]),
  emberCase("EMBER 2 v 2 (4 seats)", "crossroads", ["p1", "p2", "p3", "p4"], { p1: "alpha", p2: "bravo", p3: "alpha", p4: "bravo" }),
  siegeCase("Siege 1 v 1 (2 seats)", { attack: ["a1"], defence: ["d1"] }),
  siegeCase("Siege 2 v 2 (4 seats)", { attack: ["a1", "a2"], defence: ["d1", "d2"] }),
  trpgCase("TRPG GM + 2 players (3 seats)", "proving_ground", ["p1", "p2"]),
  trpgCase("TRPG GM + 4 players (5 seats)", "quarry", ["p1", "p2", "p3", "p4"]),
];
cases.push(
  { ...cases[0]!, label: "EMBER 1 v 1, spectator delay", lag: 10 },
  { ...cases[3]!, label: "Siege 1 v 1, spectator delay", lag: 10 },
  { ...cases[5]!, label: "TRPG GM + 2, spectator delay", lag: 10 },
);

console.log(`\nProjector benchmark (node ${process.version}, ${MATCHES} recorded bot matches per case)\n`);
const width = Math.max(...cases.map((c) => c.label.length));
for (const c of cases) {
  replay(c); // warm-up
  let updates = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < MIN_MS) {
    updates += replay(c);
    elapsed = performance.now() - start;
  }
  const perMatch = c.matches.reduce((n, m) => n + m.length, 0) / c.matches.length;
  console.log(`  ${c.label.padEnd(width)}  ${(elapsed / updates).toFixed(3).padStart(8)} ms per update (${perMatch.toFixed(0)} updates per match)`);
}
