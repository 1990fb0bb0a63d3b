/**
 * Siege benchmarks: prints figures, asserts nothing. Run with `pnpm bench` at the top level.
 *
 * - full bot matches per second (picks to result, random bots choosing among the legal commands),
 *   1 v 1 and 2 v 2 on the sample mission;
 * - inside seeded bot matches: mean milliseconds per `legalCommands` call and per `apply` call;
 * - commands applied per second (re-applying recorded logs: `siege.apply` alone);
 * - legalCommands, viewFor (attack + defence + spectator) and stateHash per second on states
 *   taken from real matches (and milliseconds per stateHash), and the largest legal-command list met;
 * - size of a match state, of its projections and of its log.
 */
import { autoplay, seatViewer, spectator, stateHash, type Match, type MatchLog } from "@fogwar/engine";
import { siege, siegeBotPolicy, type SiegeCommand, type SiegeEvent, type SiegeSetup, type SiegeState } from "@fogwar/siege";
import { ms, printRows, time, timedRuleset, type InMatchTimes, type Row } from "./measure";

const setups: SiegeSetup[] = [
  { mission: "ledger", teams: { attack: ["a1"], defence: ["d1"] } },
  { mission: "ledger", teams: { attack: ["a1", "a2"], defence: ["d1", "d2"] } },
];
const setupFor = (i: number) => setups[i % setups.length]!;
type SiegeMatch = Match<SiegeSetup, SiegeState, SiegeCommand, SiegeEvent, unknown>;
const play = (i: number, onCommand?: (match: SiegeMatch) => void) =>
  autoplay(siege, setupFor(i), `siege-bench-${i}`, `siege-bot-${i}`, { policy: siegeBotPolicy, maxCommands: 20_000, onCommand });


const rows: Row[] = [];

let matchIndex = 0;
rows.push(time("bot matches (1 v 1 and 2 v 2)", "matches/s", () => 1, () => void play(matchIndex++)));

// legalCommands and apply timed call by call inside seeded bot matches (after a warm-up set).
const IN_MATCH = 16;
const inMatch: InMatchTimes = { legalMs: 0, legalCalls: 0, applyMs: 0, applyCalls: 0 };
const timedSiege = timedRuleset(siege, inMatch);
for (let i = 0; i < 4; i++) play(100 + i);
for (let i = 0; i < IN_MATCH; i++) {
  autoplay(timedSiege, setupFor(i), `siege-in-match-${i}`, `siege-bot-${i}`, { policy: siegeBotPolicy, maxCommands: 20_000 });
}

const logs: MatchLog<SiegeSetup, SiegeCommand, SiegeEvent>[] = [];
const states: SiegeState[] = [];
for (let i = 0; i < 12; i++) {
  const match = play(i, (m: SiegeMatch) => {
    if (states.length < 1500 && m.toLog().entries.length % 4 === 0) states.push(m.state);
  });
  logs.push(match.toLog());
}
const totalCommands = logs.reduce((n, l) => n + l.entries.length, 0);
rows.push(
  time("apply (re-applying logs)", "commands/s", () => totalCommands, () => {
    for (const log of logs) {
      let state = siege.setup(log.setup, log.seed).state;
      for (const entry of log.entries) {
        const r = siege.apply(state, entry.command, entry.seat);
        if (!r.ok) throw new Error(r.error.code);
        state = r.state;
      }
    }
  }),
);
let largestList = 0;
rows.push(
  time("legalCommands", "calls/s", () => states.length, () => {
    for (const s of states) for (const seat of siege.awaiting(s)) largestList = Math.max(largestList, siege.legalCommands(s, seat).length);
  }),
);
rows.push(
  time("viewFor (a1 + d1 + spectator)", "calls/s", () => states.length * 3, () => {
    for (const s of states) {
      siege.viewFor(s, seatViewer("a1"));
      siege.viewFor(s, seatViewer("d1"));
      siege.viewFor(s, spectator);
    }
  }),
);
rows.push(time("stateHash", "hashes/s", () => states.length, () => states.forEach((s) => stateHash(s))));

const average = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(12);
const stateBytes = average(states.map((s) => JSON.stringify(s).length));
const viewBytes = average(states.map((s) => JSON.stringify(siege.viewFor(s, seatViewer("d1"))).length));
const logBytes = average(logs.map((l) => JSON.stringify(l).length));

const hashRow = rows.find((r) => r.label === "stateHash") as Row;
console.log(`\nSiege benchmarks (node ${process.version}, ${logs.length} recorded matches)\n`);
printRows(rows, [
  ["legalCommands in bot matches", `${ms(inMatch.legalMs / inMatch.legalCalls)} ms per call (mean of ${inMatch.legalCalls} calls, ${IN_MATCH} seeded matches)`],
  ["apply in bot matches", `${ms(inMatch.applyMs / inMatch.applyCalls)} ms per call (mean of ${inMatch.applyCalls} calls)`],
  ["stateHash", `${ms(1000 / hashRow.rate)} ms per call`],
  ["commands per match", `${(totalCommands / logs.length).toFixed(1).padStart(12)} (average)`],
  ["largest legal-command list", `${String(largestList).padStart(12)} commands`],
  ["state size", `${kib(stateBytes)} KiB of JSON (average)`],
  ["defence projection size", `${kib(viewBytes)} KiB of JSON (average)`],
  ["match log size", `${kib(logBytes)} KiB of JSON (average)`],
]);
