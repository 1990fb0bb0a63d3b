/**
 * EMBER benchmarks: prints figures, asserts nothing. Run with `pnpm bench` at the top level.
 *
 * - full bot matches per second (setup to result, random bots, with legal-command enumeration);
 * - commands applied per second (re-applying recorded logs: `ember.apply` alone);
 * - legalCommands, viewFor and stateHash per second on states taken from real matches;
 * - size of a match state and of its log.
 */
import { autoplay, seatViewer, spectator, stateHash, type MatchLog } from "@fogwar/engine";
import { catalog, ember, emberBotPolicy, type EmberCommand, type EmberEvent, type EmberSetup, type EmberState } from "@fogwar/ember";
import { time, type Row } from "./measure";

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

console.log(`\nEMBER benchmarks (node ${process.version}, ${logs.length} recorded matches)\n`);
const width = Math.max(...rows.map((r) => r.label.length));
for (const r of rows) console.log(`  ${r.label.padEnd(width)}  ${r.rate.toFixed(r.rate < 100 ? 1 : 0).padStart(12)} ${r.unit}`);
console.log(`  ${"commands per match".padEnd(width)}  ${avgCommands.toFixed(1).padStart(12)} (average)`);
console.log(`  ${"state size".padEnd(width)}  ${(stateBytes / 1024).toFixed(1).padStart(12)} KiB of JSON (average)`);
console.log(`  ${"match log size".padEnd(width)}  ${(logBytes / 1024).toFixed(1).padStart(12)} KiB of JSON (average)`);
