#!/usr/bin/env node
/**
 * The quick start's entry point: works on a fresh machine with only Node.js (20+) and npm.
 * Installs the workspace with pnpm (through npx when pnpm is not installed) from the lockfile,
 * then hands over to pnpm scripts, which run on the Node 22 the workspace pins.
 *
 *   node scripts/bootstrap.mjs start            (npm start: the server, embedded database in ./data;
 *                                                 builds the web client first when apps/web/dist is
 *                                                 missing or older than its sources)
 *   node scripts/bootstrap.mjs test             (npm test)
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [task, ...args] = process.argv.slice(2);

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: "inherit", env: process.env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function hasPnpm() {
  const probe = spawnSync("pnpm", ["--version"], { encoding: "utf8" });
  return probe.status === 0 && /^1[0-9]\./.test(probe.stdout.trim());
}

const pnpm = hasPnpm() ? ["pnpm", []] : ["npx", ["--yes", "pnpm@12"]];
const runPnpm = (pnpmArgs) => run(pnpm[0], [...pnpm[1], ...pnpmArgs]);

if (!existsSync(join(root, "node_modules", ".modules.yaml"))) {
  console.log("fogwar: installing dependencies (first run only)...");
  const status = runPnpm(["install", "--frozen-lockfile"]);
  if (status !== 0) process.exit(status);
}

/** The newest modification time (ms) of the files under `path` (0 when it does not exist). */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry === "dist") continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Whether apps/web/dist is missing or older than the web client's sources (and the packages it bundles). */
function webBuildStale() {
  const built = join(root, "apps", "web", "dist", "index.html");
  if (!existsSync(built)) return true;
  const sources = [
    join(root, "apps", "web", "src"),
    join(root, "apps", "web", "index.html"),
    join(root, "apps", "web", "vite.config.ts"),
    join(root, "apps", "web", "package.json"),
    ...["protocol", "ember", "siege", "trpg", "engine"].flatMap((name) => [join(root, "packages", name, "src"), join(root, "packages", name, "data")]),
  ];
  const newest = Math.max(...sources.map(newestMtime));
  return newest > statSync(built).mtimeMs;
}

const tasks = {
  start: () => {
    if (process.env.FOGWAR_WEB_DIR === undefined && webBuildStale()) {
      console.log("fogwar: building the web client (apps/web/dist)...");
      const status = runPnpm(["run", "build:web"]);
      if (status !== 0) return status;
    }
    // The embedded database lives in the repository's data/ folder unless told otherwise.
    process.env.FOGWAR_DATA_DIR ??= join(root, "data");
    return runPnpm(["run", "serve", ...args]);
  },
  test: () => runPnpm(["run", "test:all", ...args]),
};
const chosen = tasks[task];
if (!chosen) {
  console.error(`usage: node scripts/bootstrap.mjs <${Object.keys(tasks).join("|")}> [args...]`);
  process.exit(2);
}
process.exit(chosen());
