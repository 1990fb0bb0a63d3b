/**
 * Builds one frozen bundle: a self-contained ES module of a ruleset as its source stood in a
 * source tree (the working tree, or a commit extracted to a temporary folder), with the engine and
 * every library it imports inlined, so the bundle behaves the same whatever the workspace later
 * becomes. Used by `pnpm freeze-rules` (./freeze.ts) and by the archive's test that the current
 * version's frozen build is the current source.
 *
 * The bundle's only export is `bundle` (src/types.ts `FrozenBundle`): the ruleset object, its bot
 * policy, the engine's `RandomBot` and `autoplay` of that source, its sample data, and the
 * optional caster-feed and salt functions the ruleset's package exported then.
 */
import { build, type Plugin } from "esbuild";
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** The rulesets the archive freezes, and what their packages export under which names. */
export const ARCHIVED_RULESETS = {
  ember: { ruleset: "ember", botPolicy: "emberBotPolicy", optional: ["casterViewFor", "casterRedact"] },
  siege: { ruleset: "siege", botPolicy: "siegeBotPolicy", optional: ["casterViewFor", "casterRedact", "pickSalt"] },
  trpg: { ruleset: "trpg", botPolicy: "trpgBotPolicy", optional: ["casterViewFor", "casterRedact"] },
  sigmar: { ruleset: "sigmar", botPolicy: "sigmarBotPolicy", optional: ["casterViewFor", "casterRedact", "reserveSalt", "reserveEntry"] },
} as const;

export type ArchivedId = keyof typeof ARCHIVED_RULESETS;

export const isArchivedId = (id: string): id is ArchivedId => Object.hasOwn(ARCHIVED_RULESETS, id);

/** What a build produced: the module's text and the libraries inlined into it (name -> version). */
export interface BuiltBundle {
  readonly code: string;
  readonly libraries: Readonly<Record<string, string>>;
}

/** The names a package's index exports (`export { a, b as c } from ...` and `export const/function`). */
function exportedNames(indexSource: string): Set<string> {
  const names = new Set<string>();
  for (const m of indexSource.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of (m[1] ?? "").split(",")) {
      const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/).at(-1)?.trim();
      if (name) names.add(name);
    }
  }
  for (const m of indexSource.matchAll(/export\s+(?:const|function|class|let)\s+(\w+)/g)) names.add(m[1] as string);
  return names;
}

/** The entry module of a ruleset's bundle, naming only what its package exports at `root`. */
export function entrySource(id: ArchivedId, root: string): string {
  const spec = ARCHIVED_RULESETS[id];
  const exported = exportedNames(readFileSync(join(root, "packages", id, "src", "index.ts"), "utf8"));
  for (const required of [spec.ruleset, spec.botPolicy, "catalog"]) {
    if (!exported.has(required)) throw new Error(`packages/${id}/src/index.ts does not export ${required}`);
  }
  const optional = spec.optional.filter((name) => exported.has(name));
  return [
    `import { ${spec.ruleset} as ruleset, ${spec.botPolicy} as botPolicy, catalog${optional.map((n) => `, ${n}`).join("")} } from "@fogwar/${id}";`,
    `import { RandomBot, autoplay } from "@fogwar/engine";`,
    `export const bundle = { ruleset, botPolicy, RandomBot, autoplay, catalogData: catalog.data${optional.map((n) => `, ${n}`).join("")} };`,
    "",
  ].join("\n");
}

/** The package (`packages/<name>`) a file of the source tree belongs to. */
function packageOf(root: string, file: string): string | null {
  const parts = relative(root, file).split(sep);
  return parts[0] === "packages" && parts[1] ? parts[1] : null;
}

/** The name and version of the installed library holding `file` (the folder right under its last `node_modules`). */
function libraryOf(file: string): { name: string; version: string } {
  const marker = `${sep}node_modules${sep}`;
  const at = file.lastIndexOf(marker);
  const rest = file.slice(at + marker.length).split(sep);
  const name = rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] as string);
  const pkg = JSON.parse(readFileSync(join(file.slice(0, at + marker.length), name, "package.json"), "utf8")) as { version?: string };
  if (!pkg.version) throw new Error(`${name} has no version`);
  return { name, version: pkg.version };
}

/**
 * Resolves the workspace's own packages to their sources in `root`, and every other library from
 * the installed workspace (`workspace`), as the importing package would see it; records each
 * library's version.
 */
function resolver(root: string, workspace: string, libraries: Map<string, string>): Plugin {
  return {
    name: "frozen-sources",
    setup(b) {
      b.onResolve({ filter: /^@fogwar\// }, (args) => {
        const [, name, ...rest] = args.path.split("/");
        const sub = rest.join("/");
        return { path: join(root, "packages", name as string, "src", sub ? sub : "", "index.ts") };
      });
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === "workspace") return undefined;
        const importer = packageOf(root, args.importer);
        const resolveDir = importer ? join(workspace, "packages", importer) : args.resolveDir;
        const found = await b.resolve(args.path, { kind: args.kind, resolveDir, pluginData: "workspace" });
        if (found.errors.length > 0) return { errors: found.errors };
        if (found.path.includes(`${sep}node_modules${sep}`)) {
          const lib = libraryOf(found.path);
          libraries.set(lib.name, lib.version);
        }
        return found;
      });
    },
  };
}

/**
 * Bundles ruleset `id` from the sources under `root` (a repository's top folder). Libraries come
 * from `workspace`'s installation; the caller checks their versions against the source's lockfile.
 * Minified (the output depends on the sources and esbuild's version, not on where they lie).
 * @throws the build's errors.
 */
export async function buildBundle(id: ArchivedId, root: string, workspace: string): Promise<BuiltBundle> {
  const libraries = new Map<string, string>();
  const result = await build({
    stdin: { contents: entrySource(id, root), resolveDir: root, sourcefile: "frozen-entry.js", loader: "js" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    target: "es2022",
    minify: true,
    charset: "utf8",
    legalComments: "none",
    logLevel: "silent",
    plugins: [resolver(root, workspace, libraries)],
  });
  const out = result.outputFiles[0];
  if (!out) throw new Error("esbuild wrote no output");
  return { code: out.text, libraries: Object.fromEntries([...libraries].sort(([a], [b]) => a.localeCompare(b))) };
}

/**
 * The versions a pnpm lockfile pins for the direct dependencies of `packages/<pkg>` (lockfile
 * format 9: `importers:` then `  packages/<pkg>:` then `    dependencies:` then `      name:` with
 * `        version: x`).
 */
export function lockedVersions(lockfile: string, pkg: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = lockfile.split("\n");
  const start = lines.indexOf(`  packages/${pkg}:`);
  if (start < 0) return out;
  let name: string | null = null;
  for (const line of lines.slice(start + 1)) {
    if (/^ {0,2}\S/.test(line)) break;
    const dep = /^ {6}('?)([^':]+)\1:\s*$/.exec(line);
    if (dep) name = dep[2] as string;
    const version = /^ {8}version: ([^\s(]+)/.exec(line);
    if (version && name) out[name] = version[1] as string;
  }
  return out;
}
