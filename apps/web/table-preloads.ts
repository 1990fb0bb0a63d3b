/**
 * A Vite plugin that writes `table-preloads.json` into the build: for each table page, the
 * hashed script and style sheet files its first screen needs, so the server can name them in the
 * page's HTML (`<link rel="modulepreload">`, `<link rel="stylesheet">`) and the browser fetches
 * them alongside the entry instead of one after another. Shape: `{ "table": string[], "rulesets": { [rulesetId]: string[] } }`, file names
 * relative to the build folder (e.g. `assets/Table-CjfcoiqQ.js`, `assets/Table-B3xk.css`), each with its static imports.
 * `table` is the table route's code (every ruleset: the route, which connects, then the table's
 * body); `rulesets[id]` is that ruleset's table chunk.
 */
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Plugin } from "vite";

/** The modules whose chunks a table page needs: the route and its body, then each ruleset's table. */
export const TABLE_MODULES = {
  table: ["src/table/TableRoute.tsx", "src/table/TableBody.tsx"],
  rulesets: {
    ember: "src/rulesets/ember/EmberConnected.tsx",
    siege: "src/rulesets/siege/SiegeTable.tsx",
    trpg: "src/rulesets/trpg/TrpgTable.tsx",
    sigmar: "src/rulesets/sigmar/SigmarTable.tsx",
  },
} as const;

/** The shape of `table-preloads.json`. */
export interface TablePreloads {
  readonly table: readonly string[];
  readonly rulesets: Readonly<Record<string, readonly string[]>>;
}

interface ChunkLike {
  readonly type: "chunk" | "asset";
  readonly fileName: string;
  readonly facadeModuleId?: string | null;
  readonly imports?: readonly string[];
  /** Vite's note of the CSS files the chunk imports (its components' own styles). */
  readonly viteMetadata?: { readonly importedCss?: ReadonlySet<string> };
}

/**
 * The file of the chunk built from `module` (a path relative to the web app) with every chunk it
 * imports statically, in dependency order (imports first), each chunk's CSS files just before it.
 * @throws Error when no chunk was built from `module` (the module moved: update TABLE_MODULES).
 */
export function chunkClosure(bundle: Readonly<Record<string, ChunkLike>>, module: string): string[] {
  const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
  const root = chunks.find((c) => c.facadeModuleId?.replaceAll("\\", "/").endsWith(`/${module}`));
  if (!root) throw new Error(`table-preloads: no chunk is built from ${module}`);
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (chunk: ChunkLike) => {
    // Chunks may import each other (a cycle): each is visited once.
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports ?? []) {
      const next = byName.get(name);
      if (next) visit(next);
    }
    for (const css of chunk.viteMetadata?.importedCss ?? []) if (!out.includes(css)) out.push(css);
    out.push(chunk.fileName);
  };
  visit(root);
  return out;
}

/**
 * The plugin: writes `table-preloads.json` beside index.html (build only), once the bundle is
 * written: Vite drops the chunks that held only CSS (one style sheet: `cssCodeSplit: false`) after
 * the plugins' `generateBundle`, so a list made there named files that never reached the folder.
 */
export function tablePreloads(): Plugin {
  let root = process.cwd();
  return {
    name: "fogwar-table-preloads",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    writeBundle(options, bundle) {
      const chunks = bundle as unknown as Record<string, ChunkLike>;
      const preloads: TablePreloads = {
        table: [...new Set(TABLE_MODULES.table.flatMap((module) => chunkClosure(chunks, module)))],
        rulesets: Object.fromEntries(Object.entries(TABLE_MODULES.rulesets).map(([id, module]) => [id, chunkClosure(chunks, module)])),
      };
      writeFileSync(join(resolve(root, options.dir ?? "dist"), "table-preloads.json"), `${JSON.stringify(preloads, null, 2)}\n`);
    },
  };
}
