/**
 * The bench's results file and the table written from it. Each `pnpm bench` run of the
 * side-by-side benchmark writes `apps/bench/results/<date>-<commit>.json` ({@link BenchResults}):
 * when and on what it ran, every server's raw measurements and every figure with its ratios and
 * verdict. The performance table of docs/operating.md is written from one such file by
 * `pnpm --filter @fogwar/bench run table [file]` (./table.ts), between the markers
 * `<!-- bench-table: <file> -->` and `<!-- /bench-table -->`, never typed by hand; the bench's
 * test holds the two equal.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TargetResult } from "./phases.js";
import { evaluate, type FigureRow } from "./report.js";
import type { Settings, TargetName } from "./settings.js";
import { workspaceRoot } from "@fogwar/server/workspace";

/** What one run of the side-by-side bench leaves behind (version 1 of the file's shape). */
export interface BenchResults {
  readonly version: 1;
  /** When the run started (ISO 8601, UTC). */
  readonly date: string;
  /** The commit measured, and whether the working tree had changes beside it. */
  readonly commit: string;
  readonly dirty: boolean;
  readonly machine: { readonly cores: number; readonly model: string; readonly node: string; readonly platform: string };
  readonly settings: Settings;
  /** The load average (1, 5, 15 min) at the start and the end of the run; the whole run's seconds. */
  readonly loadStart: readonly number[];
  readonly loadEnd: readonly number[];
  readonly seconds: number;
  readonly results: readonly TargetResult[];
  readonly figures: readonly FigureRow[];
  /** Servers not measured, with why. */
  readonly skipped: Readonly<Record<string, string>>;
}


/** The workspace root (apps/server/src/workspace.ts). */
export { workspaceRoot };

/** The repository's folder of results files (apps/bench/results). */
export const resultsDir = (): string => join(workspaceRoot(), "apps", "bench", "results");

/** The commit checked out at `cwd` and whether its tree has changes ("unknown" outside git). */
export function gitState(cwd: string): { commit: string; dirty: boolean } {
  try {
    const commit = execFileSync("git", ["-C", cwd, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["-C", cwd, "status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).trim() !== "";
    return { commit, dirty };
  } catch {
    return { commit: "unknown", dirty: false };
  }
}

/**
 * Writes `results` as `<dir>/<YYYY-MM-DD>-<commit7>.json` (a second run of the same day and commit
 * gets its time appended) and returns the path.
 */
export function writeResults(results: BenchResults, dir = resultsDir()): string {
  mkdirSync(dir, { recursive: true });
  const day = results.date.slice(0, 10);
  const short = results.commit.slice(0, 7);
  let path = join(dir, `${day}-${short}.json`);
  if (existsSync(path)) path = join(dir, `${day}-${short}-${results.date.slice(11, 19).replace(/:/g, "")}.json`);
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
  return path;
}

/** Reads a results file. @throws Error when it is not a version 1 results file. */
export function readResults(path: string): BenchResults {
  const data = JSON.parse(readFileSync(path, "utf8")) as BenchResults;
  if (data.version !== 1 || !Array.isArray(data.figures) || !Array.isArray(data.results)) throw new Error(`${path} is not a bench results file (version 1)`);
  return data;
}

/** The rows of the docs table: a figure key and how the row is named. */
const TABLE_ROWS: readonly { key: string; name: string }[] = [
  { key: "cpu-paced", name: "server CPU per command, paced (ms)" },
  { key: "cpu-paced-with-db", name: "server + PostgreSQL CPU per command, paced (ms)" },
  { key: "trip-idle-p50", name: "round trip as felt, p50, idle server (ms)" },
  { key: "trip-paced-p99", name: "round trip as felt, p99, paced load (ms)" },
  { key: "loop-p99", name: "event-loop delay p99, paced load (ms)" },
  { key: "failed-joins", name: "failed simultaneous joins" },
  { key: "bytes-player", name: "bytes per command to a player" },
  { key: "idle-held", name: "idle matches held" },
  { key: "idle-heap", name: "heap per idle match (KiB)" },
  { key: "idle-rss", name: "RSS per idle match (KiB)" },
  { key: "idle-cpu", name: "CPU of the idle rooms (% of a core)" },
];

const COLUMNS: readonly { server: TargetName; name: string }[] = [
  { server: "fogwar-embedded", name: "embedded PGlite" },
  { server: "fogwar-postgres", name: "PostgreSQL" },
  { server: "floor-ember", name: "bare room playing EMBER" },
  { server: "bgio-ember", name: "boardgame.io playing EMBER" },
];

const MARK: Record<FigureRow["verdict"], string> = { met: " (met)", missed: " (missed)", "under load": " (under load)", "no target": "" };

/** A number as the table shows it: thousands separated, `digits` decimals. */
const show = (value: number, digits: number) => value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * The docs table of a results file (markdown lines): one row per figure, the target in words and
 * each server's value, the fogwar servers' with their verdict; "" where a server did not measure it.
 * Figures and verdicts are evaluated again from the file's raw measurements (./report.ts).
 */
export function docsTable(results: BenchResults): string[] {
  const figures = evaluate(results.results);
  const loads = results.results.flatMap((r) => r.phases.map((p) => [p.loadStart, p.loadEnd])).flat();
  const underLoad = results.results.flatMap((r) => r.phases).filter((p) => p.underLoad).length;
  const lines = [
    `Run of ${results.date.slice(0, 10)} at ${results.commit.slice(0, 7)}${results.dirty ? " (with uncommitted changes)" : ""}: ${results.machine.cores} cores (${results.machine.model}), Node ${results.machine.node}; load average ${show(Math.min(...loads), 2)}-${show(Math.max(...loads), 2)} over its phases, ${underLoad} of ${results.results.flatMap((r) => r.phases).length} phases taken under load.`,
    "",
    `| figure | target | ${COLUMNS.map((c) => c.name).join(" | ")} |`,
    `|---|---|${COLUMNS.map(() => "---").join("|")}|`,
  ];
  for (const row of TABLE_ROWS) {
    const cells = COLUMNS.map(({ server }) => {
      const figure = figures.find((f) => f.key === row.key && f.server === server);
      return figure ? `${show(figure.value, figure.digits)}${MARK[figure.verdict]}` : "";
    });
    const target = figures.find((f) => f.key === row.key && f.goal)?.goal?.text ?? "";
    lines.push(`| ${row.name} | ${target} | ${cells.join(" | ")} |`);
  }
  return lines;
}

/** The marker lines around the table in a document. */
export const TABLE_START = /<!-- bench-table: (\S+) -->\n/;
export const TABLE_END = "<!-- /bench-table -->";

/**
 * `doc` with the table between its markers replaced by {@link docsTable} of `results` read from
 * `file` (a path relative to the repository, named in the start marker).
 * @throws Error when the document has no markers.
 */
export function withTable(doc: string, file: string, results: BenchResults): string {
  const start = TABLE_START.exec(doc);
  const end = doc.indexOf(TABLE_END);
  if (!start || end < start.index) throw new Error(`no <!-- bench-table: file --> ... ${TABLE_END} markers`);
  return `${doc.slice(0, start.index)}<!-- bench-table: ${file} -->\n${docsTable(results).join("\n")}\n${doc.slice(end)}`;
}
