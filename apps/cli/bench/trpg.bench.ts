/**
 * Tactical TRPG benchmarks (seed 002): prints figures. Run with `pnpm bench` at the top level, or
 * alone with `pnpm --filter @fogwar/cli exec tsx bench/trpg.bench.ts [presence-matches]`.
 *
 * - full bot matches per second (random bots with the rules' policy), GM mode and versus on the
 *   three sample scenarios;
 * - inside seeded bot matches: mean milliseconds per `legalCommands` and per `apply` call;
 * - commands applied per second (re-applying recorded logs: `trpg.apply` alone);
 * - legalCommands, viewFor (p1 + the enemies' seat + spectator) and stateHash per second on states
 *   taken from real matches, and the largest legal-command list met;
 * - sizes of a state, of a player's projection and of a log;
 * - the bot's think time per move of the enemies' seat (the server's bot seat in solo play, its
 *   brain as the server runs it), split into the round-end step with delayed turns, the round-end
 *   step with none, decisions, and turn commands: wall time (mean, p95, max), CPU time and work
 *   units (max), as the machine is and under more load (two busy processes), and the longest move
 *   against the pace with a verdict: every command must go out at the pace whatever the bot's own
 *   view holds (docs/rules/trpg.md "Presence", Time; the process exits 1 when the bot's own work,
 *   its CPU time, takes half the pace);
 * - the no-presence-leak property over 200 seeded side-by-side matches (`comparePresence`, GM mode
 *   and versus on the three scenarios, the hidden enemies with random loadouts, wounds and squares
 *   from `presenceSetup`; the jest suite runs 24): the commands compared, why each
 *   comparison stopped, and every problem found (the process exits 1 if there is one).
 */
import { Match, RandomBot, seatViewer, spectator, stateHash, autoplay, type MatchLog } from "@fogwar/engine";
import { comparePresence, presenceSetup, trpg, trpgBotPolicy, trpgSearchBot, TRPG_SEARCH_OVERSHOOT as OVERSHOOT, type TrpgCommand, type TrpgEvent, type TrpgSetup, type TrpgState } from "@fogwar/trpg";
import { encounter } from "@fogwar/trpg/encounters";
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { trpgHost } from "@fogwar/server/hosts";
import { DEFAULT_BOT_DELAY_MS, brainFor } from "@fogwar/server/testing";
import { ms, printRows, time, timedRuleset, type InMatchTimes, type Row } from "./measure";

const PRESENCE_MATCHES = Number(process.argv[2] ?? process.env.TRPG_PRESENCE_MATCHES ?? 200);

const setupOf = (scenario: string, mode: "gm" | "versus", party: number): TrpgSetup => ({
  scenario,
  mode,
  enemies: encounter(scenario),
  seats: { party: Array.from({ length: party }, (_, i) => `p${i + 1}`), enemies: [mode === "gm" ? "gm" : "e1"] },
});
const setups: TrpgSetup[] = [setupOf("proving_ground", "gm", 2), setupOf("quarry", "versus", 2), setupOf("pumphouse", "gm", 3), setupOf("proving_ground", "versus", 1), setupOf("quarry", "gm", 3), setupOf("pumphouse", "versus", 2)];
const setupFor = (i: number) => setups[i % setups.length]!;
type TrpgMatch = Match<TrpgSetup, TrpgState, TrpgCommand, TrpgEvent, unknown>;
const play = (i: number, onCommand?: (match: TrpgMatch) => void) => autoplay(trpg, setupFor(i), `trpg-bench-${i}`, `trpg-bot-${i}`, { policy: trpgBotPolicy, maxCommands: 20_000, onCommand });

const rows: Row[] = [];
let matchIndex = 0;
rows.push(time("bot matches (GM mode and versus)", "matches/s", () => 1, () => void play(matchIndex++)));

const IN_MATCH = 18;
const inMatch: InMatchTimes = { legalMs: 0, legalCalls: 0, applyMs: 0, applyCalls: 0 };
const timed = timedRuleset(trpg, inMatch);
for (let i = 0; i < 4; i++) play(100 + i);
for (let i = 0; i < IN_MATCH; i++) autoplay(timed, setupFor(i), `trpg-in-match-${i}`, `trpg-bot-${i}`, { policy: trpgBotPolicy, maxCommands: 20_000 });

const logs: MatchLog<TrpgSetup, TrpgCommand, TrpgEvent>[] = [];
const states: TrpgState[] = [];
for (let i = 0; i < 12; i++) {
  const match = play(i, (m) => {
    if (states.length < 1500 && m.toLog().entries.length % 3 === 0) states.push(m.state);
  });
  logs.push(match.toLog());
}
const totalCommands = logs.reduce((n, l) => n + l.entries.length, 0);
rows.push(
  time("apply (re-applying logs)", "commands/s", () => totalCommands, () => {
    for (const log of logs) {
      let state = trpg.setup(log.setup, log.seed).state;
      for (const entry of log.entries) {
        const r = trpg.apply(state, entry.command, entry.seat);
        if (!r.ok) throw new Error(r.error.code);
        state = r.state;
      }
    }
  }),
);
let largestList = 0;
rows.push(
  time("legalCommands", "calls/s", () => states.length, () => {
    for (const s of states) for (const seat of trpg.awaiting(s)) largestList = Math.max(largestList, trpg.legalCommands(s, seat).length);
  }),
);
rows.push(
  time("viewFor (p1 + enemies' seat + spectator)", "calls/s", () => states.length * 3, () => {
    for (const s of states) {
      trpg.viewFor(s, seatViewer("p1"));
      trpg.viewFor(s, seatViewer(s.seats.enemies[0]!));
      trpg.viewFor(s, spectator);
    }
  }),
);
rows.push(time("stateHash", "hashes/s", () => states.length, () => states.forEach((s) => stateHash(s))));

const average = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(12);
const hashRow = rows.find((r) => r.label === "stateHash")!;
console.log(`\nTactical TRPG benchmarks (node ${process.version}, ${logs.length} recorded matches)\n`);
printRows(rows, [
  ["legalCommands in bot matches", `${ms(inMatch.legalMs / inMatch.legalCalls)} ms per call (mean of ${inMatch.legalCalls} calls, ${IN_MATCH} seeded matches)`],
  ["apply in bot matches", `${ms(inMatch.applyMs / inMatch.applyCalls)} ms per call (mean of ${inMatch.applyCalls} calls)`],
  ["stateHash", `${ms(1000 / hashRow.rate)} ms per call`],
  ["commands per match", `${(totalCommands / logs.length).toFixed(1).padStart(12)} (average)`],
  ["largest legal-command list", `${String(largestList).padStart(12)} commands`],
  ["state size", `${kib(average(states.map((s) => JSON.stringify(s).length)))} KiB of JSON (average)`],
  ["p1 projection size", `${kib(average(states.map((s) => JSON.stringify(trpg.viewFor(s, seatViewer("p1"))).length)))} KiB of JSON (average)`],
  ["match log size", `${kib(average(logs.map((l) => JSON.stringify(l).length)))} KiB of JSON (average)`],
]);

// The enemies' bot seat as the server runs it (its brain: the legal-command check and the choice,
// from the seat's own projection): think time per move by kind of move, idle and under load.
type Kind = "round-end step, delayed turns" | "round-end step, none" | "decision" | "turn command (search)";
interface Think {
  wall: number[];
  cpu: number[];
  units: number[];
}
const BOT_MATCHES = Number(process.env.TRPG_THINK_MATCHES ?? 24);
const LOAD_PROCESSES = 2;
/** Plays BOT_MATCHES seeded matches of the enemies' brain against random players and times every move of it. */
function botThink(level: "easy" | "normal"): Map<Kind, Think> {
  const think = new Map<Kind, Think>();
  for (let i = 0; i < BOT_MATCHES; i++) {
    const setup = setupFor(i);
    const enemies = setup.seats.enemies[0]!;
    const brain = brainFor("trpg", level, enemies, `think-${level}-${i}`);
    const bot = trpgSearchBot(`think-${level}-${i}`, trpgHost.bot!.budgets[level]);
    const match: TrpgMatch = new Match(trpg, setup, `think-${i}`);
    const random = new RandomBot<TrpgCommand>(`think-random-${i}`, trpgBotPolicy);
    for (let n = 0; trpg.result(match.state) === null && n < 20_000; n++) {
      const seat = trpg.awaiting(match.state)[0]!;
      let command: TrpgCommand | null;
      if (seat === enemies) {
        const view = trpg.viewFor(match.state, seatViewer(seat));
        const kind: Kind = view.pending ? "decision" : view.phase === "round_end" ? (view.deferred.some((id) => view.characters[id]?.side === "enemies") ? "round-end step, delayed turns" : "round-end step, none") : "turn command (search)";
        const before = bot.stats.nodes;
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        // As the server's bot seat does (apps/server/src/bots/player.ts): is it its move, then the choice.
        if (!(brain.awaits?.(view) ?? brain.legal(view).length > 0)) throw new Error("the bot's seat is awaited but the brain does not know it");
        command = bot.choose(view, seat);
        const wall = performance.now() - t0;
        const cpu = process.cpuUsage(cpu0);
        const entry = think.get(kind) ?? { wall: [], cpu: [], units: [] };
        entry.wall.push(wall);
        entry.cpu.push((cpu.user + cpu.system) / 1000);
        entry.units.push(bot.stats.nodes - before);
        think.set(kind, entry);
        if (JSON.stringify(command) !== JSON.stringify(brain.choose(view))) throw new Error("the server's brain and the bot disagree");
      } else command = random.choose(trpg.legalCommands(match.state, seat));
      const outcome = match.submit(seat, command!);
      if (!outcome.ok) throw new Error(`${seat}: ${outcome.error.code} ${JSON.stringify(command)}`);
    }
  }
  return think;
}
/**
 * Starts `n` processes that keep a CPU core busy each (a loaded machine), and a function that stops
 * them; each also stops by itself after `LOAD_MAX_MS`, should this process end without stopping them.
 */
const LOAD_MAX_MS = 300_000;
function load(n: number): () => void {
  const busy = `const end = Date.now() + ${LOAD_MAX_MS}; while (Date.now() < end) {}`;
  const children = Array.from({ length: n }, () => spawn(process.execPath, ["-e", busy], { stdio: "ignore" }));
  return () => children.forEach((child) => child.kill());
}
const pace = DEFAULT_BOT_DELAY_MS;
const limit = trpgHost.bot!.budgets.normal.simulations! + OVERSHOOT;
let worstWall = 0;
let worstCpu = 0;
let late = 0;
let moves = 0;
for (const [level, loaded] of [["normal", false], ["normal", true], ["easy", false]] as const) {
  const stop = loaded ? load(LOAD_PROCESSES) : () => undefined;
  let think: Map<Kind, Think>;
  try {
    think = botThink(level);
  } finally {
    stop();
  }
  const where = loaded ? `under load (${LOAD_PROCESSES} more busy processes on ${availableParallelism()} cores)` : "as the machine is";
  console.log(`\nThe enemies' bot seat at level ${level} against random players, ${BOT_MATCHES} seeded matches, ${where}: think time per move (the server's brain: its legal check and choice)\n`);
  for (const [kind, t] of [...think].sort(([x], [y]) => (x < y ? -1 : 1))) {
    const sorted = [...t.wall].sort((x, y) => x - y);
    const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
    console.log(
      `  ${kind.padEnd(30)} ${average(sorted).toFixed(2).padStart(7)} ms mean ${p95.toFixed(2).padStart(7)} ms p95 ${sorted.at(-1)!.toFixed(2).padStart(7)} ms max` +
        `  (CPU max ${Math.max(...t.cpu).toFixed(1)} ms; work max ${Math.max(...t.units)} units; ${sorted.length} moves)`,
    );
    if (level !== "normal") continue;
    worstWall = Math.max(worstWall, sorted.at(-1)!);
    worstCpu = Math.max(worstCpu, ...t.cpu);
    late += sorted.filter((ms) => ms >= pace).length;
    moves += sorted.length;
  }
}
// The bot's own work is what its view can lengthen; the rest of the wall time is the machine's load.
const verdict =
  late === 0 && worstWall < pace / 2
    ? "every command goes out exactly at the pace, with more than half of it to spare"
    : late === 0
      ? "every command goes out exactly at the pace"
      : worstCpu < pace / 2
        ? `${late} of ${moves} moves took longer than the pace on this machine's load (their own work at most ${worstCpu.toFixed(1)} ms of CPU): those go out at the next multiple of the pace`
        : "THE BOT'S OWN WORK TAKES LONGER THAN HALF THE PACE";
console.log(`\n  pace (FOGWAR_BOT_DELAY_MS, default) ${pace} ms; level normal, over both runs: longest move ${worstWall.toFixed(1)} ms of wall time, ${worstCpu.toFixed(1)} ms of CPU: ${verdict}`);
console.log(`  (a decision's work is bounded by its budget, ${trpgHost.bot!.budgets.normal.simulations} units, and what it finishes past it, at most ${OVERSHOOT}: ${limit} units in all)`);
if (worstCpu >= pace / 2) process.exitCode = 1;

// The no-presence-leak property over PRESENCE_MATCHES seeded side-by-side matches.
const PRESENCE: readonly [TrpgSetup, string][] = [
  [setupOf("proving_ground", "gm", 2), "lookout"],
  [setupOf("proving_ground", "versus", 1), "lookout"],
  [setupOf("quarry", "gm", 3), "lookout"],
  [setupOf("quarry", "gm", 2), "sharpshooter"],
  [setupOf("quarry", "versus", 2), "sharpshooter"],
  [setupOf("pumphouse", "versus", 2), "lookout"],
  [setupOf("pumphouse", "gm", 2), "lookout"],
];
const started = performance.now();
const stops = { found: 0, acted: 0, over: 0, limit: 0 };
let compared = 0;
const problems: string[] = [];
for (let i = 0; i < PRESENCE_MATCHES; i++) {
  const [setup, hidden] = PRESENCE[i % PRESENCE.length]!;
  const report = comparePresence(presenceSetup(setup, `bench-presence-setup-${i}`), `bench-presence-${i}`, `bench-presence-bot-${i}`, hidden);
  compared += report.compared;
  stops[report.stop]++;
  for (const p of report.problems) problems.push(`match ${i} (${setup.scenario}, ${setup.mode}, without ${hidden}): ${p}`);
}
console.log(`\nNo-presence-leak property: ${PRESENCE_MATCHES} seeded side-by-side matches (GM mode and versus, three scenarios) in ${((performance.now() - started) / 1000).toFixed(1)} s;`);
console.log(`after each command, every player's, the party's and a spectator's view, events, awaited seats, decisions and legal commands compared\n`);
const line = (label: string, n: number) => console.log(`  ${label.padEnd(36)} ${String(n).padStart(8)}`);
line("commands compared", compared);
line("stopped: the enemy found", stops.found);
line("stopped: its spotting found someone", stops.acted);
line("stopped: the match over", stops.over);
line("stopped: the command limit", stops.limit);
line("problems", problems.length);
for (const p of problems.slice(0, 20)) console.log(`    ${p}`);
if (problems.length > 0) process.exitCode = 1;
