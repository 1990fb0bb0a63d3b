/**
 * `pnpm --filter @fogwar/bench run table [file]`: writes docs/operating.md's performance table from
 * a results file of the side-by-side bench (./results.ts): the file given (a path from the
 * repository's root), else the newest in apps/bench/results/.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { readResults, resultsDir, withTable, workspaceRoot } from "./results.js";

const root = workspaceRoot();
const RESULTS_DIR = resultsDir();
const doc = join(root, "docs", "operating.md");
const given = process.argv[2];
// The newest run by its own date (file names sort by day, then by commit).
const newest = readdirSync(RESULTS_DIR)
  .filter((f) => f.endsWith(".json"))
  .map((f) => ({ path: join(RESULTS_DIR, f), date: readResults(join(RESULTS_DIR, f)).date }))
  .sort((a, b) => a.date.localeCompare(b.date))
  .at(-1);
const file = given ? join(root, given) : newest?.path;
if (!file) {
  process.stderr.write("No results file: run `pnpm --filter @fogwar/bench run bench` first.\n");
  process.exit(1);
}
const name = relative(root, file);
writeFileSync(doc, withTable(readFileSync(doc, "utf8"), name, readResults(file)));
process.stdout.write(`docs/operating.md: the performance table now shows ${name}.\n`);
