/**
 * Age of Sigmar benchmarks: prints figures; the secrecy run fails the process on a problem. Run
 * with `pnpm bench` at the top level, or alone with `pnpm --filter @fogwar/cli exec tsx
 * bench/sigmar.bench.ts`.
 *
 * - bot battles per second (random bots, lists mustered in the match, continuous moves filled from
 *   the rules' templates);
 * - inside seeded battles: mean milliseconds per `legalCommands`, `templates` and `apply` call;
 * - commands applied per second (re-applying recorded logs), viewFor and stateHash per second;
 * - sizes of a state, a seat's projection and a log;
 * - the heuristic bot (its seat's projection only) against the random bot on each seat over
 *   SIGMAR_BOT_MATCHES (default 40) seeded battles: wins, draws, losses, think time per decision
 *   (mean, 95th percentile, max, and how many reached the server's bot pace, FOGWAR_BOT_DELAY_MS,
 *   700 ms by default) and the positions judged per decision (its budget is that count, not time);
 * - the engine kit over SIGMAR_KIT_MATCHES (default 200) seeded bot matches: termination, replay,
 *   legal = apply on listed commands and sampled template fillings, and the non-interference of
 *   every secret (dice, lists, reserves, hands, decks) for every viewer at every step; it prints
 *   the problems (none expected) and counters, and exits 1 on any problem (SIGMAR_KIT_MATCHES=0
 *   skips it).
 */
import { autoplay, duel, RandomBot, seatViewer, spectator, stateHash, chooseWithTemplates, Random, rngStateFromSeed, type Match, type MatchLog, type SeatId } from "@fogwar/engine";
import { runKit } from "@fogwar/engine/testing";
import { heuristicDecision, POSITION_BUDGET, sigmar, sigmarBotPolicy, type SigmarCommand, type SigmarEvent, type SigmarSetup, type SigmarState, type SigmarView } from "@fogwar/sigmar";
import { kitSpec } from "@fogwar/sigmar/testing";
import { ms, printRows, time, timedRuleset, type InMatchTimes, type Row } from "./measure";

const setup: SigmarSetup = { seats: ["p1", "p2"] };
type SigmarMatch = Match<SigmarSetup, SigmarState, SigmarCommand, SigmarEvent, SigmarView>;
const play = (i: number, onCommand?: (match: SigmarMatch) => void) => autoplay(sigmar, setup, `sigmar-bench-${i}`, `sigmar-bot-${i}`, { policy: sigmarBotPolicy, maxCommands: 5000, onCommand });

const rows: Row[] = [];
let matchIndex = 0;
rows.push(time("bot battles (random bots)", "battles/s", () => 1, () => void play(matchIndex++), 3000));

const IN_MATCH = 8;
const inMatch: InMatchTimes = { legalMs: 0, legalCalls: 0, applyMs: 0, applyCalls: 0 };
const timed = timedRuleset(sigmar, inMatch);
let templateMs = 0;
let templateCalls = 0;
const withTimedTemplates = {
  ...timed,
  templates: (s: SigmarState, seat: SeatId) => {
    const start = performance.now();
    const out = sigmar.templates!(s, seat);
    templateMs += performance.now() - start;
    templateCalls++;
    return out;
  },
};
for (let i = 0; i < IN_MATCH; i++) autoplay(withTimedTemplates, setup, `sigmar-in-match-${i}`, `sigmar-bot-${i}`, { policy: sigmarBotPolicy, maxCommands: 5000 });

const logs: MatchLog<SigmarSetup, SigmarCommand, SigmarEvent>[] = [];
const states: SigmarState[] = [];
for (let i = 0; i < 6; i++) {
  const m = play(100 + i, (x) => {
    if (states.length < 600 && x.toLog().entries.length % 3 === 0) states.push(x.state);
  });
  logs.push(m.toLog());
}
const totalCommands = logs.reduce((n, l) => n + l.entries.length, 0);
rows.push(
  time("apply (re-applying logs)", "commands/s", () => totalCommands, () => {
    for (const log of logs) {
      let state = sigmar.setup(log.setup, log.seed).state;
      for (const entry of log.entries) {
        const r = sigmar.apply(state, entry.command, entry.seat);
        if (!r.ok) throw new Error(r.error.code);
        state = r.state;
      }
    }
  }),
);
rows.push(time("viewFor (p1 + p2 + spectator)", "calls/s", () => states.length * 3, () => states.forEach((s) => [seatViewer("p1"), seatViewer("p2"), spectator].forEach((v) => sigmar.viewFor(s, v)))));
rows.push(time("stateHash", "hashes/s", () => states.length, () => states.forEach((s) => stateHash(s))));

const average = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(12);
console.log(`\nAge of Sigmar benchmarks (node ${process.version})\n`);
printRows(rows, [
  ["legalCommands in bot battles", `${ms(inMatch.legalMs / inMatch.legalCalls)} ms per call (mean of ${inMatch.legalCalls} calls, ${IN_MATCH} battles)`],
  ["templates in bot battles", `${ms(templateMs / templateCalls)} ms per call (mean of ${templateCalls} calls)`],
  ["apply in bot battles", `${ms(inMatch.applyMs / inMatch.applyCalls)} ms per call (mean of ${inMatch.applyCalls} calls)`],
  ["commands per battle", `${(totalCommands / logs.length).toFixed(1).padStart(12)} (average)`],
  ["state size", `${kib(average(states.map((s) => JSON.stringify(s).length)))} KiB of JSON (average)`],
  ["p1 projection size", `${kib(average(states.map((s) => JSON.stringify(sigmar.viewFor(s, seatViewer("p1"))).length)))} KiB of JSON (average)`],
  ["battle log size", `${kib(average(logs.map((l) => JSON.stringify(l).length)))} KiB of JSON (average)`],
]);

// The heuristic bot against the random bot.
const BOT_MATCHES = Number(process.env.SIGMAR_BOT_MATCHES ?? 40);
/** The server's bot seats' pace (FOGWAR_BOT_DELAY_MS, 700 ms by default): a decision must take less. */
const PACE_MS = Number(process.env.FOGWAR_BOT_DELAY_MS ?? 700);
if (BOT_MATCHES > 0) console.log(`\nHeuristic bot (its projection only, at most ${POSITION_BUDGET} positions judged per decision) against the random bot, ${BOT_MATCHES} seeded battles per seat:`);
// SIGMAR_BOT_MATCHES=0 skips the bot's lines (no figures to print from no battles).
for (const seat of BOT_MATCHES > 0 ? (["p1", "p2"] as const) : []) {
  let wins = 0;
  let draws = 0;
  const think: number[] = [];
  const judged: number[] = [];
  for (let i = 0; i < BOT_MATCHES; i++) {
    const random = new RandomBot<SigmarCommand>(`h-random-${i}`, sigmarBotPolicy);
    const fills = new Random(rngStateFromSeed(`h-${i}`, "fill"));
    let current: SigmarState | null = null;
    const players = {
      [seat]: (view: SigmarView, me: SeatId) => {
        const decision = heuristicDecision(view, me);
        judged.push(decision.judged);
        return decision.command;
      },
      [seat === "p1" ? "p2" : "p1"]: (_v: SigmarView, me: SeatId, legal: readonly SigmarCommand[]) => chooseWithTemplates(random, fills, legal, sigmar.templates!(current!, me), (c) => sigmar.apply(current!, c, me).ok),
    };
    const { match, thinkMs } = duel({ ...sigmar, viewFor: (s, v) => ((current = s), sigmar.viewFor(s, v)) }, setup, `h-bench-${seat}-${i}`, players, { clock: () => performance.now(), maxCommands: 5000 });
    const result = sigmar.result(match.state)!;
    if (result.winner === seat) wins++;
    else if (result.winner === null) draws++;
    think.push(...(thinkMs[seat] ?? []));
  }
  think.sort((a, b) => a - b);
  const max = think[think.length - 1] ?? 0;
  const over = think.filter((t) => t >= PACE_MS).length;
  console.log(
    `  heuristic as ${seat}: ${wins} won, ${draws} drawn, ${BOT_MATCHES - wins - draws} lost (${((100 * wins) / BOT_MATCHES).toFixed(0)}% won); ` +
      `think ${average(think).toFixed(2)} ms mean, ${(think[Math.floor(think.length * 0.95)] ?? 0).toFixed(2)} ms p95, ${max.toFixed(2)} ms max per decision ` +
      `(${think.length} decisions, ${over} at or over the ${PACE_MS} ms pace); positions judged ${average(judged).toFixed(0)} mean, ${Math.max(...judged)} max per decision`,
  );
}

// The secrecy and contract kit over many seeded matches.
const KIT = Number(process.env.SIGMAR_KIT_MATCHES ?? 200);
if (KIT === 0) process.exit(0);
const started = performance.now();
const report = runKit(kitSpec(KIT, { prefix: "bench-kit" }));
const seconds = (performance.now() - started) / 1000;
const kinds = report.problems.kinds();
console.log(`\nRuleset kit over ${KIT} seeded bot battles (every secret, every viewer, every step): ${kinds.length === 0 ? "no problem" : `PROBLEMS in ${kinds.join(", ")}`} in ${seconds.toFixed(0)} s`);
const c = report.counters;
console.log(`  ${c.get("matches")} battles, ${c.get("steps")} steps; ${c.get("listed")} listed commands and ${c.get("templates")} templates applied (${c.get("template fillings accepted")} of ${c.get("template fillings")} random fillings accepted); in-view checks ${c.get("in-view")}`);
console.log(`  secrets varied (states): dice ${c.get("dice:varied")}, deck ${c.get("deck:varied")}, lists ${c.get("list:varied")}, reserves ${c.get("reserves:varied")}, hands ${c.get("hand:varied")}; probes ${c.get("reserves:probes") + c.get("hand:probes") + c.get("list:probes")}; next ${c.get("deck:next")}; mentions ${c.get("reserves:mentions")}`);
for (const kind of kinds) for (const line of report.problems.shown(kind)) console.log(`  ${kind}: ${line}`);
if (kinds.length > 0) process.exit(1);
