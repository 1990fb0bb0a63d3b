/**
 * `pnpm freeze-rules <ruleset> [--commit <rev>]`: freezes a rules version of a ruleset.
 *
 * Without `--commit` it builds the working tree's source, which is the current version: run it
 * after a version bump (the test of the archive fails until the new version is frozen), and again
 * after a change that cannot alter a replay (a refactor: the same test says the current version's
 * frozen build no longer is its source). With `--commit` it builds the source of that commit
 * (extracted with `git archive` into a temporary folder): how older versions were frozen.
 *
 * It writes `frozen/<version>.js` (the bundle, ./build.ts) and its declaration, plays the
 * version's replay fixture with the new bundle when it has none (`fixtures/<version>.json`,
 * ./fixtures.ts), and records the version in `archive.json` and `src/published.ts`. A published
 * version's build never changes, except the current version's when its fixture still replays.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { replayFixture, type ReplayFixture } from "../src/fixtures.js";
import type { FrozenBundle } from "../src/types.js";
import { ARCHIVED_RULESETS, buildBundle, isArchivedId, lockedVersions, type ArchivedId } from "./build.js";
import { fixtureText, makeFixture } from "./fixtures.js";
import { publishedSource, readArchive, sortArchive, type ArchiveEntry } from "./manifest.js";

/** The package's folder, and the repository's. */
const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");
const WORKSPACE = join(PACKAGE_DIR, "..", "..");

const git = (...args: string[]): string => execFileSync("git", ["-C", WORKSPACE, ...args], { encoding: "utf8" }).trim();

/** The current package's rules version of a ruleset. */
async function currentVersion(id: ArchivedId): Promise<string> {
  const pkg = (await import(`@fogwar/${id}`)) as Record<string, { rulesVersion: string }>;
  const ruleset = pkg[ARCHIVED_RULESETS[id].ruleset];
  if (!ruleset) throw new Error(`@fogwar/${id} exports no ${ARCHIVED_RULESETS[id].ruleset}`);
  return ruleset.rulesVersion;
}

/** Imports a bundle's text (written to a temporary file). */
async function importBundle(code: string): Promise<FrozenBundle> {
  const dir = mkdtempSync(join(tmpdir(), "fogwar-bundle-"));
  const file = join(dir, "bundle.js");
  writeFileSync(file, code);
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  try {
    return ((await import(pathToFileURL(file).href)) as { bundle: FrozenBundle }).bundle;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The source tree to build: the working tree, or `commit` extracted to a temporary folder. */
function sourceTree(id: ArchivedId, commit: string | undefined): { root: string; from: string; cleanup: () => void } {
  if (!commit) {
    const head = git("rev-parse", "HEAD");
    const dirty = git("status", "--porcelain", "--", "packages/engine", `packages/${id}`) !== "";
    return { root: WORKSPACE, from: dirty ? `working tree at ${head}` : head, cleanup: () => undefined };
  }
  const full = git("rev-parse", "--verify", `${commit}^{commit}`);
  const root = mkdtempSync(join(tmpdir(), "fogwar-freeze-"));
  const tar = join(root, "source.tar");
  git("archive", "-o", tar, full, "packages/engine", `packages/${id}`, "pnpm-lock.yaml");
  execFileSync("tar", ["-x", "-f", tar, "-C", root]);
  return { root, from: full, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** Checks that every library inlined is the version the source's lockfile pinned. @throws on a difference */
function checkLibraries(id: ArchivedId, root: string, libraries: Readonly<Record<string, string>>): void {
  const lockfile = readFileSync(join(root, "pnpm-lock.yaml"), "utf8");
  const pinned = { ...lockedVersions(lockfile, "engine"), ...lockedVersions(lockfile, id) };
  for (const [name, version] of Object.entries(libraries)) {
    const want = pinned[name];
    if (want !== undefined && want !== version) {
      throw new Error(`${name}: the source's lockfile pins ${want}, the workspace has ${version} installed; a frozen build must inline the version its rules ran with (install it in the workspace, freeze, then restore)`);
    }
  }
}

async function main(argv: readonly string[]): Promise<void> {
  const [id, ...rest] = argv.filter((a) => a !== "--");
  const commitAt = rest.indexOf("--commit");
  const commit = commitAt >= 0 ? rest[commitAt + 1] : undefined;
  if (!id || !isArchivedId(id) || (commitAt >= 0 && !commit)) {
    throw new Error(`usage: pnpm freeze-rules <${Object.keys(ARCHIVED_RULESETS).join("|")}> [--commit <rev>]`);
  }
  const tree = sourceTree(id, commit);
  let built;
  try {
    built = await buildBundle(id, tree.root, WORKSPACE);
    checkLibraries(id, tree.root, built.libraries);
  } finally {
    tree.cleanup();
  }
  const bundle = await importBundle(built.code);
  const version = bundle.ruleset.rulesVersion;
  if (bundle.ruleset.id !== id) throw new Error(`the bundle's ruleset is ${bundle.ruleset.id}, not ${id}`);
  const sha256 = createHash("sha256").update(built.code).digest("hex");
  const archive = readArchive(PACKAGE_DIR);
  const known = archive.find((e) => e.version === version);
  const fixtureFile = join(PACKAGE_DIR, "fixtures", `${version}.json`);
  const current = await currentVersion(id);

  if (known?.sha256 === sha256) {
    console.log(`${version}: already frozen, unchanged (${known.from})`);
    return;
  }
  if (known && version !== current) {
    throw new Error(`${version} is a published version whose frozen build differs from this one; a published version's build never changes`);
  }
  if (existsSync(fixtureFile)) {
    const fixture = JSON.parse(readFileSync(fixtureFile, "utf8")) as ReplayFixture;
    const replayed = replayFixture(bundle.ruleset, fixture);
    if (replayed.problems.length > 0) {
      throw new Error(`the new build of ${version} does not replay its fixture (${replayed.problems[0]}): the rules changed, so RULES_VERSION needs a bump`);
    }
  } else {
    writeFileSync(fixtureFile, fixtureText(makeFixture(id, bundle)));
    console.log(`${version}: fixture written (fixtures/${version}.json)`);
  }

  writeFileSync(join(PACKAGE_DIR, "frozen", `${version}.js`), built.code);
  writeFileSync(
    join(PACKAGE_DIR, "frozen", `${version}.d.ts`),
    `// Generated by pnpm freeze-rules: the frozen build of ${version} (./${version}.js).\nimport type { FrozenBundle } from "../src/types.js";\nexport declare const bundle: FrozenBundle;\n`,
  );
  const entry: ArchiveEntry = { ruleset: id, version, from: tree.from, bundle: `frozen/${version}.js`, bytes: Buffer.byteLength(built.code), sha256, libraries: built.libraries, fixture: `fixtures/${version}.json` };
  const next = sortArchive([...archive.filter((e) => e.version !== version), entry]);
  writeFileSync(join(PACKAGE_DIR, "archive.json"), `${JSON.stringify(next, null, 2)}\n`);
  writeFileSync(join(PACKAGE_DIR, "src", "published.ts"), publishedSource(next));
  console.log(`${version}: ${known ? "frozen again" : "frozen"} from ${tree.from} (${entry.bytes} bytes)`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`freeze-rules: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
