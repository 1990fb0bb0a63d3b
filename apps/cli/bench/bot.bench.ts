/**
 * Bot strength benchmark: prints figures, asserts nothing. Run with `pnpm bench` at the top level,
 * or alone with `pnpm --filter @fogwar/cli exec tsx bench/bot.bench.ts [matches]`.
 *
 * Seeded matches of each ruleset's search bot (deciding from its seat's projection only) against
 * the random bot (`RandomBot` with the ruleset's policy): EMBER 1 v 1 on each seat, Siege as the
 * attack and as the defence, the TRPG as the enemies (the solo opponent) and as the party, versus
 * on its three sample scenarios in turn (each scenario's share printed under the line). For each:
 * wins, draws and losses, and the search bot's think time per move (wall milliseconds, mean and
 * 95th percentile, moves with a single legal command included) with the work per decision (the
 * budget is counted in simulated commands, or for the TRPG in work units, never in time).
 * One more TRPG line plays the enemies' bot against the same bot on the party (not the random
 * bot): how hard solo play is for a party that plays well.
 * The server's bot seats play at two levels (each host's bot, apps/server/src/hosts): "normal" is the
 * default budget measured above; the "easy" lines measure the smaller budget the same way.
 * `BOT_BENCH_MATCHES` (or the first argument) sets the matches per line (default 20; the TRPG's
 * lines play that many on each of their three scenarios, 42 at least); `BOT_BENCH_ONLY` plays only the lines whose label
 * holds it (e.g. `TRPG`).
 */
import { duel, RandomBot, type BotPolicy, type Ruleset, type SearchBot, type SeatId } from "@fogwar/engine";
import { catalog, ember, emberBotPolicy, emberSearchBot, type EmberSetup } from "@fogwar/ember";
import { siege, siegeBotPolicy, siegeSearchBot, type SiegeSetup } from "@fogwar/siege";
import { trpg, trpgBotPolicy, trpgSearchBot, type TrpgSetup } from "@fogwar/trpg";
import { encounter } from "@fogwar/trpg/encounters";
import { emberHost, siegeHost, trpgHost } from "@fogwar/server/hosts";

const MATCHES = Number(process.argv[2] ?? process.env.BOT_BENCH_MATCHES ?? 20);
/**
 * The TRPG's lines: at least 42 matches on each of its three scenarios (14 a scenario left a
 * scenario's figure at the mercy of a few seeds: Proving Ground read 0 of 14 where 42 seeds give 8).
 */
const TRPG_MATCHES = 3 * Math.max(MATCHES, 42);
const TRPG_SCENARIOS = ["proving_ground", "quarry", "pumphouse"] as const;

const armies = catalog.data.armies;
/** EMBER skirmish and standard battles with the sample armies, alternating. */
const emberSetup = (i: number): EmberSetup => {
  const standard = i % 2 === 1;
  const pick = (k: number) => armies[((i + k) % 3) * 2 + (standard ? 1 : 0)]!;
  return { scenario: standard ? "foundry" : "crossroads", seats: ["p1", "p2"], armies: { p1: pick(0), p2: pick(1) } };
};
const siegeSetup: SiegeSetup = { mission: "ledger", teams: { attack: ["a1"], defence: ["d1"] } };
/** TRPG versus on the three sample scenarios in turn: one party seat, the enemies' seat e1. */
const trpgSetup = (i: number): TrpgSetup => {
  const scenario = TRPG_SCENARIOS[i % 3]!;
  return { scenario, mode: "versus", enemies: encounter(scenario), seats: { party: ["p1"], enemies: ["e1"] } };
};

/** What `measure` needs of a bot: its choice in a seat's projection, and its search counts. */
interface MeasuredBot<View, Command> {
  choose(view: View, seat: SeatId): Command | null;
  readonly stats: { readonly nodes: number; readonly decisions: number };
}

interface Line {
  label: string;
  matches: number;
  wins: number;
  draws: number;
  losses: number;
  think: number[];
  nodes: number;
  decisions: number;
  /** What a decision's work is counted in. */
  unit: string;
  /** Per part (a TRPG scenario): wins, draws, losses. */
  parts: Map<string, [number, number, number]>;
}

/** How a line is played: its matches, what a decision's work is counted in, and the part of the line a match belongs to. */
interface LineOptions {
  readonly matches?: number;
  readonly unit?: string;
  readonly partOf?: (i: number) => string;
  /** The other seats' player, when not the random bot (e.g. the same search bot, for a fair fight). */
  readonly opponentFor?: (seed: string) => { choose(view: unknown, seat: SeatId): unknown };
}

/** Plays `MATCHES` (or `options.matches`) seeded matches of the search bot on `seat` against the random bot. */
function measure<Setup, State, Command extends { type: string }, Event, View>(
  label: string,
  ruleset: Ruleset<Setup, State, Command, Event, View>,
  setupFor: (i: number) => Setup,
  seat: SeatId,
  botFor: (seed: string) => SearchBot<Setup, State, Command, Event, View> | MeasuredBot<View, Command>,
  policy: BotPolicy<Command>,
  options: LineOptions = {},
): Line {
  const matches = options.matches ?? MATCHES;
  const line: Line = { label, matches, wins: 0, draws: 0, losses: 0, think: [], nodes: 0, decisions: 0, unit: options.unit ?? "simulated commands", parts: new Map() };
  for (let i = 0; i < matches; i++) {
    const bot = botFor(`bench-${label}-${i}`);
    const random = new RandomBot<Command>(`bench-random-${i}`, policy);
    const opponent = options.opponentFor?.(`bench-opponent-${label}-${i}`);
    const other = (view: View, s: SeatId, legal: readonly Command[]) => (opponent ? (opponent.choose(view, s) as Command | null) : random.choose(legal));
    const players: Record<SeatId, (view: View, s: SeatId, legal: readonly Command[]) => Command | null> = {};
    for (const s of ruleset.seatsOf(setupFor(i))) players[s] = s === seat ? (view, me) => bot.choose(view, me) : other;
    const { match, thinkMs } = duel(ruleset, setupFor(i), `bench-bot-${i}`, players, { clock: () => performance.now() });
    const result = ruleset.result(match.state)!;
    const winners = result.winners ?? (result.winner ? [result.winner] : []);
    const outcome = result.winner === null ? 1 : winners.includes(seat) ? 0 : 2;
    if (outcome === 1) line.draws++;
    else if (outcome === 0) line.wins++;
    else line.losses++;
    if (options.partOf) {
      const part = line.parts.get(options.partOf(i)) ?? [0, 0, 0];
      part[outcome]++;
      line.parts.set(options.partOf(i), part);
    }
    line.think.push(...(thinkMs[seat] ?? []));
    line.nodes += bot.stats.nodes;
    line.decisions += bot.stats.decisions;
  }
  return line;
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(0)}%`.padStart(5);
function print(line: Line): void {
  const sorted = [...line.think].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
  const of = line.matches;
  console.log(
    `  ${line.label.padEnd(22)} won ${pct(line.wins, of)} drawn ${pct(line.draws, of)} lost ${pct(line.losses, of)}` +
      `   think ${mean.toFixed(1).padStart(6)} ms mean ${p95.toFixed(1).padStart(7)} ms p95 per move (${sorted.length} moves)` +
      `   ${(line.nodes / Math.max(1, line.decisions)).toFixed(0)} ${line.unit} per decision` +
      (of === MATCHES ? "" : `   (${of} matches)`),
  );
  for (const [part, [won, drawn, lost]] of line.parts) {
    const n = won + drawn + lost;
    console.log(`    ${part.padEnd(20)} won ${pct(won, n)} drawn ${pct(drawn, n)} lost ${pct(lost, n)}   (${n} matches)`);
  }
}
/** Plays and prints a line, unless `BOT_BENCH_ONLY` names lines (a part of their label) and not this one. */
function line(label: string, play: (label: string) => Line): void {
  const only = process.env.BOT_BENCH_ONLY;
  if (!only || label.includes(only)) print(play(label));
}
/** The TRPG lines' options: 14 matches per scenario at least, work in units, each scenario's share. */
const trpgLine: LineOptions = { matches: TRPG_MATCHES, unit: "work units", partOf: (i) => TRPG_SCENARIOS[i % 3]! };

console.log(`\nSearch bot against the random bot (node ${process.version}, ${MATCHES} seeded matches per line)\n`);
line("EMBER 1 v 1, seat p1", (label) => measure(label, ember, emberSetup, "p1", (seed) => emberSearchBot(seed), emberBotPolicy));
line("EMBER 1 v 1, seat p2", (label) => measure(label, ember, emberSetup, "p2", (seed) => emberSearchBot(seed), emberBotPolicy));
line("Siege, as the attack", (label) => measure(label, siege, () => siegeSetup, "a1", (seed) => siegeSearchBot(seed), siegeBotPolicy));
line("Siege, as the defence", (label) => measure(label, siege, () => siegeSetup, "d1", (seed) => siegeSearchBot(seed), siegeBotPolicy));
line("TRPG, as the enemies", (label) => measure(label, trpg, trpgSetup, "e1", (seed) => trpgSearchBot(seed), trpgBotPolicy, trpgLine));
line("TRPG, as the party", (label) => measure(label, trpg, trpgSetup, "p1", (seed) => trpgSearchBot(seed), trpgBotPolicy, trpgLine));
// How hard solo play is for a party that plays well: the enemies' bot against the same bot on the party.
line("TRPG, enemies v bot", (label) => measure(label, trpg, trpgSetup, "e1", (seed) => trpgSearchBot(seed), trpgBotPolicy, { ...trpgLine, opponentFor: (seed) => trpgSearchBot(seed) }));
line("EMBER easy, seat p1", (label) => measure(label, ember, emberSetup, "p1", (seed) => emberSearchBot(seed, emberHost.bot!.budgets.easy), emberBotPolicy));
line("Siege easy, attack", (label) => measure(label, siege, () => siegeSetup, "a1", (seed) => siegeSearchBot(seed, siegeHost.bot!.budgets.easy), siegeBotPolicy));
line("Siege easy, defence", (label) => measure(label, siege, () => siegeSetup, "d1", (seed) => siegeSearchBot(seed, siegeHost.bot!.budgets.easy), siegeBotPolicy));
line("TRPG easy, enemies", (label) => measure(label, trpg, trpgSetup, "e1", (seed) => trpgSearchBot(seed, trpgHost.bot!.budgets.easy), trpgBotPolicy, trpgLine));
