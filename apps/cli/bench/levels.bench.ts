/**
 * Bot levels benchmark: prints figures, asserts nothing. Run with `pnpm bench` at the top level, or
 * alone with `pnpm --filter @fogwar/cli exec tsx bench/levels.bench.ts [matches]`.
 *
 * For each ruleset, encounter or mission, and level (easy, normal, hard; ../src/levels.ts): seeded
 * matches of the server's bot at that level on one seat against the server's bot at "normal" on
 * the other (the TRPG: the enemies' level against the party's bot; Age of Sigmar, EMBER and Siege:
 * on each seat). Each line prints wins, draws and losses of the measured seat, its win rate with
 * a 95% (Wilson) interval, and its think time per move (wall milliseconds, mean and 95th
 * percentile). Every bot decides from its own seat's projection only.
 *
 * `LEVELS_BENCH_MATCHES` (or the first argument) sets the matches per line (default 24);
 * `LEVELS_BENCH_ONLY` plays only the lines whose key ("trpg/quarry/hard/e1") holds it (comma-
 * separated alternatives); `LEVELS_BENCH_WORKERS` the processes sharing the matches (default 2, at
 * most the machine's cores).
 */
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { cells, playCell, wilson, type Cell, type Played } from "../src/levels";

const MATCHES = Number(process.argv[2] ?? process.env.LEVELS_BENCH_MATCHES ?? 24);
const ONLY = (process.env.LEVELS_BENCH_ONLY ?? "").split(",").filter(Boolean);
const chosen = cells().filter((c) => ONLY.length === 0 || ONLY.some((o) => c.key.includes(o)));
const WORKER = process.env.LEVELS_BENCH_WORKER;

/** The jobs (cell index, match index) of worker `k` of `n`: every n-th, so each worker gets a share of every cell. */
const jobsOf = (k: number, n: number): [number, number][] => {
  const all: [number, number][] = chosen.flatMap((_, c) => Array.from({ length: MATCHES }, (_, i): [number, number] => [c, i]));
  return all.filter((_, j) => j % n === k);
};

if (WORKER) {
  // A worker: plays its share and writes one JSON line per match.
  const [k, n] = WORKER.split("/").map(Number) as [number, number];
  for (const [c, i] of jobsOf(k, n)) process.stdout.write(`${JSON.stringify(playCell(chosen[c]!, i))}\n`);
} else {
  const workers = Math.max(1, Math.min(Number(process.env.LEVELS_BENCH_WORKERS ?? 2), availableParallelism()));
  const started = performance.now();
  const results: Played[] = [];
  await Promise.all(
    Array.from({ length: workers }, (_, k) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), String(MATCHES)], {
          env: { ...process.env, LEVELS_BENCH_WORKER: `${k}/${workers}` },
          stdio: ["ignore", "pipe", "inherit"],
        });
        let buffer = "";
        child.stdout.on("data", (chunk: Buffer) => {
          buffer += chunk.toString();
          const lines = buffer.split("\n");
          buffer = lines.pop()!;
          for (const l of lines) if (l.trim()) results.push(JSON.parse(l) as Played);
        });
        child.on("error", reject);
        child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`worker ${k} exited with ${code}`))));
      }),
    ),
  );
  console.log(`\nBot levels: each level on one seat against the normal bot on the other (node ${process.version}, ${MATCHES} seeded matches per line, ${workers} processes, ${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
  let last = "";
  for (const cell of chosen) {
    const head = `${cell.ruleset} ${cell.part}`;
    if (head !== last) console.log(`  ${label(cell)}`);
    last = head;
    print(cell, results.filter((r) => r.key === cell.key));
  }
}

/** A line group's title: the ruleset and its encounter, mission or battlefield. */
function label(cell: Cell): string {
  const names: Record<string, string> = { trpg: "TRPG encounter", sigmar: "Age of Sigmar mission", ember: "EMBER battlefield", siege: "Siege mission" };
  return `${names[cell.ruleset] ?? cell.ruleset} ${cell.part}`;
}

/** Prints a cell's line: wins, draws, losses, win rate with its 95% interval, think time per move. */
function print(cell: Cell, played: readonly Played[]): void {
  const n = played.length;
  const won = played.filter((p) => p.outcome === "win").length;
  const drawn = played.filter((p) => p.outcome === "draw").length;
  const [lo, hi] = wilson(won, n);
  const think = played.flatMap((p) => p.think).sort((a, b) => a - b);
  const mean = think.reduce((a, b) => a + b, 0) / Math.max(1, think.length);
  const p95 = think[Math.min(think.length - 1, Math.floor(think.length * 0.95))] ?? 0;
  const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
  console.log(
    `    ${cell.level.padEnd(6)} as ${cell.side.padEnd(12)} ${String(won).padStart(3)} won ${String(drawn).padStart(3)} drawn ${String(n - won - drawn).padStart(3)} lost` +
      `   win rate ${pct(won / Math.max(1, n)).padStart(4)} (95% ${pct(lo)}-${pct(hi)})` +
      `   think ${mean.toFixed(1).padStart(7)} ms mean ${p95.toFixed(1).padStart(7)} ms p95 per move`,
  );
}
