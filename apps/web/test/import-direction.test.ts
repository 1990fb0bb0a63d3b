/**
 * The web app's floors: no import cycle among its sources, and no import that runs back up a
 * floor. Each `src/rulesets/<id>/` is a ruleset's adapter (its table, review, create form); the
 * shared code (the shells: lobby, table route, review page, net, help, and `src/rulesets/*.ts`,
 * the registry) must not import from any ruleset's folder (it finds rulesets through the
 * registry), and a ruleset must not import from another ruleset's folder. A ruleset may import
 * shared code. Imports are read from each file's syntax tree (value and type imports,
 * `export ... from`, `import()`, `require()`); tests are not checked.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

const SRC = resolve(__dirname, "../src");

/** Every source file under `dir` (tests and declarations excluded). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The relative module specifiers `source` imports, from its syntax tree. */
export function relativeImports(source: string, file: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    let spec: ts.Node | undefined;
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) spec = node.moduleSpecifier;
    else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === "require"))) spec = node.arguments[0];
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) spec = node.argument.literal;
    if (spec && ts.isStringLiteralLike(spec) && spec.text.startsWith(".")) found.push(spec.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The graph of `files` (paths relative to `root`) by their relative imports; `read` gives a file's text. */
export function graphOf(root: string, files: readonly string[], read: (file: string) => string): Map<string, string[]> {
  const known = new Set(files);
  const target = (from: string, spec: string): string | null => {
    const base = join(dirname(from), spec.replace(/\.js$/, ""));
    return [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find((c) => known.has(c)) ?? null;
  };
  return new Map(files.map((f) => [f, relativeImports(read(f), join(root, f)).flatMap((s) => target(f, s) ?? [])]));
}

/** The ruleset folder a file belongs to (`rulesets/<id>/...`), or null for shared code. */
const rulesetOf = (file: string): string | null => /^rulesets\/([^/]+)\//.exec(file.split(sep).join("/"))?.[1] ?? null;

/** Each import that runs back up a floor, as "from -> to". */
export function upwardImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return [...graph].flatMap(([from, tos]) => tos.filter((to) => rulesetOf(to) !== null && rulesetOf(to) !== rulesetOf(from)).map((to) => `${from} -> ${to}`));
}

/** One cycle per file that starts one (depth first), as its files in import order. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const done = new Set<string>();
  const found: string[][] = [];
  const walk = (file: string, path: string[]): void => {
    if (path.includes(file)) return void found.push([...path.slice(path.indexOf(file)), file]);
    if (done.has(file)) return;
    for (const next of graph.get(file) ?? []) walk(next, [...path, file]);
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) walk(file, []);
  return found;
}

const files = sources(SRC).map((f) => relative(SRC, f));
const graph = graphOf(SRC, files, (f) => readFileSync(join(SRC, f), "utf8"));

describe("the web app's import floors", () => {
  it("reads a real graph: the rulesets, the shells and the registry", () => {
    expect(files.filter((f) => rulesetOf(f) !== null).length).toBeGreaterThan(40);
    expect(graph.get(join("table", "TableRoute.tsx"))).toContain(join("rulesets", "registry.ts"));
  });

  it("has no import cycle", () => {
    expect(cycles(graph).map((c) => c.join(" -> "))).toEqual([]);
  });

  it("has no import from shared code (or another ruleset) into a ruleset's folder", () => {
    expect(upwardImports(graph)).toEqual([]);
  });
});

describe("the floor checker itself", () => {
  const planted = (texts: Record<string, string>) => graphOf("/x", Object.keys(texts), (f) => texts[f]!);

  it("finds a planted upward import, a planted import between rulesets, and a planted cycle", () => {
    const graph = planted({
      "lobby/LobbyPage.tsx": 'import { x } from "../rulesets/ember/model";\nconst f = () => import("../rulesets/registry");',
      "rulesets/registry.ts": 'import type { A } from "./adapter";',
      "rulesets/adapter.ts": "export type A = 1;",
      "rulesets/ember/model.ts": 'import type { A } from "../adapter";\nexport { y } from "../siege/words";',
      "rulesets/siege/words.ts": 'import { z } from "../../lobby/LobbyPage";',
    });
    expect(upwardImports(graph)).toEqual(["lobby/LobbyPage.tsx -> rulesets/ember/model.ts", "rulesets/ember/model.ts -> rulesets/siege/words.ts"]);
    expect(cycles(graph).map((c) => c.join(" -> "))).toEqual(["lobby/LobbyPage.tsx -> rulesets/ember/model.ts -> rulesets/siege/words.ts -> lobby/LobbyPage.tsx"]);
  });

  it("reads imports from the syntax tree, not from comments or strings", () => {
    const source = ['import type { B } from "./b";', 'const e = await import("./e");', "// import { h } from './h';", 'const s = "import { i } from \'./i\'";', 'import "react";'].join("\n");
    expect(relativeImports(source, "f.ts")).toEqual(["./b", "./e"]);
  });
});
