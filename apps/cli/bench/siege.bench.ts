/**
 * Siege benchmarks: prints figures, asserts nothing. Run with `pnpm bench` at the top level.
 *
 * - full bot matches per second (picks to result, random bots choosing among the legal commands),
 *   1 v 1 and 2 v 2 on the sample mission;
 * - commands applied per second (re-applying recorded logs: `siege.apply` alone);
 * - legalCommands, viewFor (attack + defence + spectator) and stateHash per second on states
 *   taken from real matches, and the largest legal-command list met;
 * - size of a match state, of its projections and of its log.
 */
import { autoplay, seatViewer, spectator, stateHash, type Match, type MatchLog } from "@fogwar/engine";
import { siege, siegeBotPolicy, type SiegeCommand, type SiegeEvent, type SiegeSetup, type SiegeState } from "@fogwar/siege";
import { time, type Row } from "./measure";

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

console.log(`\nSiege benchmarks (node ${process.version}, ${logs.length} recorded matches)\n`);
const width = Math.max(...rows.map((r) => r.label.length), "largest legal-command list".length);
for (const r of rows) console.log(`  ${r.label.padEnd(width)}  ${r.rate.toFixed(r.rate < 100 ? 1 : 0).padStart(12)} ${r.unit}`);
console.log(`  ${"commands per match".padEnd(width)}  ${(totalCommands / logs.length).toFixed(1).padStart(12)} (average)`);
console.log(`  ${"largest legal-command list".padEnd(width)}  ${String(largestList).padStart(12)} commands`);
console.log(`  ${"state size".padEnd(width)}  ${kib(stateBytes)} KiB of JSON (average)`);
console.log(`  ${"defence projection size".padEnd(width)}  ${kib(viewBytes)} KiB of JSON (average)`);
console.log(`  ${"match log size".padEnd(width)}  ${kib(logBytes)} KiB of JSON (average)`);
