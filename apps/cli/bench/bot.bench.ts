/**
 * Bot strength benchmark: prints figures, asserts nothing. Run with `pnpm bench` at the top level,
 * or alone with `pnpm --filter @fogwar/cli exec tsx bench/bot.bench.ts [matches]`.
 *
 * Seeded matches of each ruleset's search bot (deciding from its seat's projection only) against
 * the random bot (`RandomBot` with the ruleset's policy): EMBER 1 v 1 on each seat, Siege as the
 * attack and as the defence, the TRPG as the enemies (the solo opponent) and as the party. For each: wins, draws and losses, and the search bot's think time per
 * move (wall milliseconds, mean and 95th percentile, moves with a single legal command included)
 * with the simulated commands per decision (the budget is counted in simulations, not time).
 * The server's bot seats play at two levels (apps/server/src/bots/brain.ts): "normal" is the
 * default budget measured above; the "easy" lines measure the smaller budget the same way.
 * `BOT_BENCH_MATCHES` (or the first argument) sets the matches per line (default 20).
 */
import { duel, RandomBot, type BotPolicy, type Ruleset, type SearchBot, type SeatId } from "@fogwar/engine";
import { catalog, ember, emberBotPolicy, emberSearchBot, type EmberSetup } from "@fogwar/ember";
import { siege, siegeBotPolicy, siegeSearchBot, type SiegeSetup } from "@fogwar/siege";
import { trpg, trpgBotPolicy, trpgSearchBot, type TrpgSetup } from "@fogwar/trpg";
import { encounter } from "@fogwar/trpg/encounters";
import { BOT_BUDGETS } from "@fogwar/server/src/bots/brain";

const MATCHES = Number(process.argv[2] ?? process.env.BOT_BENCH_MATCHES ?? 20);

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
  const scenario = ["proving_ground", "quarry", "pumphouse"][i % 3]!;
  return { scenario, mode: "versus", enemies: encounter(scenario), seats: { party: ["p1"], enemies: ["e1"] } };
};

/** What `measure` needs of a bot: its choice in a seat's projection, and its search counts. */
interface MeasuredBot<View, Command> {
  choose(view: View, seat: SeatId): Command | null;
  readonly stats: { readonly nodes: number; readonly decisions: number };
}

interface Line {
  label: string;
  wins: number;
  draws: number;
  losses: number;
  think: number[];
  nodes: number;
  decisions: number;
}

/** Plays `MATCHES` seeded matches of the search bot on `seat` against the random bot. */
function measure<Setup, State, Command extends { type: string }, Event, View>(
  label: string,
  ruleset: Ruleset<Setup, State, Command, Event, View>,
  setupFor: (i: number) => Setup,
  seat: SeatId,
  botFor: (seed: string) => SearchBot<Setup, State, Command, Event, View> | MeasuredBot<View, Command>,
  policy: BotPolicy<Command>,
): Line {
  const line: Line = { label, wins: 0, draws: 0, losses: 0, think: [], nodes: 0, decisions: 0 };
  for (let i = 0; i < MATCHES; i++) {
    const bot = botFor(`bench-${label}-${i}`);
    const random = new RandomBot<Command>(`bench-random-${i}`, policy);
    const players: Record<SeatId, (view: View, s: SeatId, legal: readonly Command[]) => Command | null> = {};
    for (const s of ruleset.seatsOf(setupFor(i))) players[s] = s === seat ? (view, me) => bot.choose(view, me) : (_v, _s, legal) => random.choose(legal);
    const { match, thinkMs } = duel(ruleset, setupFor(i), `bench-bot-${i}`, players, { clock: () => performance.now() });
    const result = ruleset.result(match.state)!;
    const winners = result.winners ?? (result.winner ? [result.winner] : []);
    if (result.winner === null) line.draws++;
    else if (winners.includes(seat)) line.wins++;
    else line.losses++;
    line.think.push(...(thinkMs[seat] ?? []));
    line.nodes += bot.stats.nodes;
    line.decisions += bot.stats.decisions;
  }
  return line;
}

const pct = (n: number) => `${((100 * n) / MATCHES).toFixed(0)}%`.padStart(5);
function print(line: Line): void {
  const sorted = [...line.think].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
  console.log(
    `  ${line.label.padEnd(22)} won ${pct(line.wins)} drawn ${pct(line.draws)} lost ${pct(line.losses)}` +
      `   think ${mean.toFixed(1).padStart(6)} ms mean ${p95.toFixed(1).padStart(7)} ms p95 per move (${sorted.length} moves)` +
      `   ${(line.nodes / Math.max(1, line.decisions)).toFixed(0)} simulated commands per decision`,
  );
}

console.log(`\nSearch bot against the random bot (node ${process.version}, ${MATCHES} seeded matches per line)\n`);
print(measure("EMBER 1 v 1, seat p1", ember, emberSetup, "p1", (seed) => emberSearchBot(seed), emberBotPolicy));
print(measure("EMBER 1 v 1, seat p2", ember, emberSetup, "p2", (seed) => emberSearchBot(seed), emberBotPolicy));
print(measure("Siege, as the attack", siege, () => siegeSetup, "a1", (seed) => siegeSearchBot(seed), siegeBotPolicy));
print(measure("Siege, as the defence", siege, () => siegeSetup, "d1", (seed) => siegeSearchBot(seed), siegeBotPolicy));
print(measure("TRPG, as the enemies", trpg, trpgSetup, "e1", (seed) => trpgSearchBot(seed), trpgBotPolicy));
print(measure("TRPG, as the party", trpg, trpgSetup, "p1", (seed) => trpgSearchBot(seed), trpgBotPolicy));
print(measure("EMBER easy, seat p1", ember, emberSetup, "p1", (seed) => emberSearchBot(seed, BOT_BUDGETS.ember!.easy), emberBotPolicy));
print(measure("Siege easy, attack", siege, () => siegeSetup, "a1", (seed) => siegeSearchBot(seed, BOT_BUDGETS.siege!.easy), siegeBotPolicy));
print(measure("Siege easy, defence", siege, () => siegeSetup, "d1", (seed) => siegeSearchBot(seed, BOT_BUDGETS.siege!.easy), siegeBotPolicy));
print(measure("TRPG easy, enemies", trpg, trpgSetup, "e1", (seed) => trpgSearchBot(seed, BOT_BUDGETS.trpg!.easy), trpgBotPolicy));
