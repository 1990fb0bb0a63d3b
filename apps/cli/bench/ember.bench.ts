/**
 * EMBER benchmarks: prints figures, asserts nothing. Run with `pnpm bench` at the top level.
 *
 * - full bot matches per second (setup to result, random bots, with legal-command enumeration);
 * - inside seeded bot matches: mean milliseconds per `legalCommands` call and per `apply` call;
 * - commands applied per second (re-applying recorded logs: `ember.apply` alone);
 * - legalCommands, viewFor and stateHash per second on states taken from real matches (and
 *   milliseconds per stateHash);
 * - size of a match state and of its log.
 */
import { autoplay, seatViewer, spectator, stateHash, type MatchLog } from "@fogwar/engine";
import { catalog, ember, emberBotPolicy, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState } from "@fogwar/ember";
import { ms, printRows, time, timedRuleset, type InMatchTimes, type Row } from "./measure";

const armies = catalog.data.armies;
const setupFor = (i: number): EmberSetup => {
  const standard = i % 2 === 1;
  const pick = (k: number) => armies[((i + k) % 3) * 2 + (standard ? 1 : 0)]!;
  return { scenario: standard ? "foundry" : "crossroads", seats: ["p1", "p2"], armies: { p1: pick(0), p2: pick(1) } };
};


const rows: Row[] = [];

// Full matches.
let matchIndex = 0;
rows.push(
  time("bot matches", "matches/s", () => 1, () => {
    const i = matchIndex++;
    autoplay(ember, setupFor(i), `bench-${i}`, `bot-${i}`, { policy: emberBotPolicy });
  }),
);

// legalCommands and apply timed call by call inside seeded bot matches (after a warm-up set).
const IN_MATCH = 60;
const inMatch: InMatchTimes = { legalMs: 0, legalCalls: 0, applyMs: 0, applyCalls: 0 };
const timedEmber = timedRuleset(ember, inMatch);
for (let i = 0; i < 20; i++) autoplay(ember, setupFor(i), `warm-${i}`, `bot-${i}`, { policy: emberBotPolicy });
for (let i = 0; i < IN_MATCH; i++) autoplay(timedEmber, setupFor(i), `in-match-${i}`, `bot-${i}`, { policy: emberBotPolicy });

// Recorded logs, for apply-only and per-state measurements.
const logs: MatchLog<EmberSetup, EmberCommand, EmberEvent>[] = [];
const states: EmberState[] = [];
for (let i = 0; i < 40; i++) {
  const match = autoplay(ember, setupFor(i), `log-${i}`, `bot-${i}`, {
    policy: emberBotPolicy,
    onCommand: (m) => {
      if (states.length < 2000 && m.toLog().entries.length % 3 === 0) states.push(m.state);
    },
  });
  logs.push(match.toLog());
}
const totalCommands = logs.reduce((n, l) => n + l.entries.length, 0);
rows.push(
  time("apply (re-applying logs)", "commands/s", () => totalCommands, () => {
    for (const log of logs) {
      let state = ember.setup(log.setup, log.seed).state;
      for (const entry of log.entries) {
        const r = ember.apply(state, entry.command, entry.seat);
        if (!r.ok) throw new Error(r.error.code);
        state = r.state;
      }
    }
  }),
);
rows.push(
  time("legalCommands", "calls/s", () => states.length, () => {
    for (const s of states) for (const seat of ember.awaiting(s)) ember.legalCommands(s, seat);
  }),
);
rows.push(
  time("viewFor (p1 + spectator)", "calls/s", () => states.length * 2, () => {
    for (const s of states) {
      ember.viewFor(s, seatViewer("p1"));
      ember.viewFor(s, spectator);
    }
  }),
);
rows.push(time("stateHash", "hashes/s", () => states.length, () => states.forEach((s) => stateHash(s))));

const avgCommands = totalCommands / logs.length;
const stateBytes = states.reduce((n, s) => n + JSON.stringify(s).length, 0) / states.length;
const logBytes = logs.reduce((n, l) => n + JSON.stringify(l).length, 0) / logs.length;

const hashRow = rows.find((r) => r.label === "stateHash") as Row;
console.log(`\nEMBER benchmarks (node ${process.version}, ${logs.length} recorded matches)\n`);
printRows(rows, [
  ["legalCommands in bot matches", `${ms(inMatch.legalMs / inMatch.legalCalls)} ms per call (mean of ${inMatch.legalCalls} calls, ${IN_MATCH} seeded matches)`],
  ["apply in bot matches", `${ms(inMatch.applyMs / inMatch.applyCalls)} ms per call (mean of ${inMatch.applyCalls} calls)`],
  ["stateHash", `${ms(1000 / hashRow.rate)} ms per call`],
  ["commands per match", `${avgCommands.toFixed(1).padStart(12)} (average)`],
  ["state size", `${(stateBytes / 1024).toFixed(1).padStart(12)} KiB of JSON (average)`],
  ["match log size", `${(logBytes / 1024).toFixed(1).padStart(12)} KiB of JSON (average)`],
]);
