/**
 * The side-by-side server benchmark (`pnpm bench` at the top level, after the other benches):
 * the fogwar server (embedded database, and PostgreSQL when BENCH_DATABASE_URL is set), a bare
 * Colyseus room with a StateView (the floor) with a small state and playing EMBER, and
 * boardgame.io 0.50.2 with a small game and playing EMBER, one after the other, each in its own
 * process, driven by load drivers in their own processes. Prints every figure with
 * the ratios and the targets; asserts nothing. Exits 1 when a server does not start or a phase
 * fails. Settings: ./settings.ts; what each figure measures: ../README.md.
 */
import { cpus, loadavg } from "node:os";
import { relative } from "node:path";
import { Child } from "./ipc.js";
import { machineDescription } from "./machine.js";
import { measureTarget, type TargetResult } from "./phases.js";
import { evaluate, report } from "./report.js";
import { gitState, resultsDir, workspaceRoot, writeResults } from "./results.js";
import { describeSettings, settingsFromEnv, type TargetName } from "./settings.js";

const COMMANDS: Record<TargetName, string> = {
  floor: "the bare room's `cmd` message (move the sender's piece, change its private fields; patch, then `ack`), the two seats in turn",
  "floor-ember":
    "EMBER 'crossroads' (sample armies 0 and 2) in a bare Colyseus room: `apply`, the public projection and each seat's overlay in the fogwar room state's shape (StateView-filtered), patch, `accepted`; no store, log or events; commands chosen by the fogwar driver",
  bgio: "the small game's `act` move (the floor's change; applied on the server only), the two seats in turn",
  "bgio-ember":
    "EMBER 'crossroads' (sample armies 0 and 2) as a boardgame.io game: G the EMBER state, the move `command` the ruleset's `apply`, `playerView` its projection; each command chosen as fogwar's (the seeded random bot's pick among the seat's legal commands in its own projection); full state per update",
  "fogwar-embedded":
    "EMBER 'crossroads' (sample armies 0 and 2): each command the seeded random bot's pick among the seat's legal commands computed from its own decoded projection; a finished match is replaced by a spare opened before the measured window",
  "fogwar-postgres": "as fogwar, embedded",
};

const log = (line: string) => process.stdout.write(`${line}\n`);

// An interrupted run leaves no server or driver behind.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`Interrupted (${signal}): stopping the servers and drivers.`);
    void Child.stopAll().finally(() => process.exit(130));
  });
}

const settings = settingsFromEnv();
const started = performance.now();
const date = new Date().toISOString();
const loadStart = loadavg();
// The commit measured is the one checked out when the run starts (servers load its code then).
const measured = gitState(workspaceRoot());
log(`Side-by-side server benchmark: Node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(" ")} at start.`);
log("Servers and load drivers each run in their own process on this machine; absolute times vary with its load, ratios hold better.");
for (const line of describeSettings(settings)) log(`  ${line}`);
log("Commands measured:");
for (const name of settings.targets) log(`  ${name}: ${COMMANDS[name]}`);

const results: TargetResult[] = [];
const skipped: Record<string, string> = {};
let failed = false;
for (const name of settings.targets) {
  if (name === "fogwar-postgres" && !settings.databaseUrl) {
    log("  fogwar-postgres: skipped, BENCH_DATABASE_URL is not set");
    skipped[name] = "BENCH_DATABASE_URL not set";
    continue;
  }
  const result = await measureTarget(name, settings, COMMANDS[name], log);
  if (result.phases.length > 0 || !result.error) results.push(result);
  if (result.error) {
    failed = true;
    log(`  ${name}: FAILED: ${result.error}`);
    skipped[name] = result.phases.length > 0 ? `stopped after ${result.phases.length} phases: ${result.error.split("\n")[0]}` : "failed, see above";
  }
}

for (const line of report(results, skipped)) log(line);
log("");
const seconds = (performance.now() - started) / 1000;
log(`Whole run: ${seconds.toFixed(0)} s; load average at the end ${loadavg().map((l) => l.toFixed(2)).join(" ")}.`);
// The results file (./results.ts): the docs table is written from it, never by hand.
if (process.env.BENCH_RESULTS !== "0" && results.length > 0) {
  const root = workspaceRoot();
  const path = writeResults({ version: 1, date, ...measured, machine: machineDescription(), settings, loadStart, loadEnd: loadavg(), seconds, results, figures: evaluate(results), skipped });
  log(`Results: ${relative(root, path)} (\`pnpm --filter @fogwar/bench run table\` writes docs/operating.md's table from the newest; BENCH_RESULTS=0 writes none).`);
} else if (results.length > 0) log(`No results file written (BENCH_RESULTS=0); they go to ${resultsDir()} otherwise.`);
process.exit(failed ? 1 : 0);
