/**
 * No import cycles in any package (contributor guide, "Keep files small ... no import cycles"):
 * for every `packages/<name>/src`, the graph of its relative imports (value and type imports,
 * `export ... from`, `import()` and `require()`, read from each file's syntax tree) has no cycle.
 * Each cycle found is listed as its files in import order, so it can be broken where it closes.
 * The apps' sources (`apps/<name>/src`) are checked the same way. Generic over `packages/*` and
 * `apps/*`: a new package or app is checked without being named here.
 */
// This package compiles without Node's types (src must not use them); this test needs them.
/// <reference types="node" />
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const PACKAGES = resolve(__dirname, "../..");
const APPS = resolve(PACKAGES, "../apps");

/** Every TypeScript source file under `dir`, tests excluded. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The module specifiers a source text imports: import and export declarations, `import()` and `require()`. */
export function importSpecifiers(source: string, file = "source.ts"): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteralLike(node.arguments[0]!)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === "require")) found.push((node.arguments[0] as ts.StringLiteral).text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The file a relative specifier names, or null for a package import or a file outside `files`. */
function resolveRelative(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ""));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/**
 * The cycles of a directed graph: one per strongly connected component of two or more nodes (or a
 * node importing itself), each as a closed path through that component, starting at its first
 * node in sort order.
 */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);
  // A closed path through each component: breadth-first from its first node back to itself.
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    const parent = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const v = queue.shift()!;
      for (const w of graph.get(v) ?? []) {
        if (!members.has(w)) continue;
        if (w === start) {
          const path = [v];
          while (path[0] !== start) path.unshift(parent.get(path[0]!)!);
          return [...path, start];
        }
        if (!parent.has(w)) {
          parent.set(w, v);
          queue.push(w);
        }
      }
    }
    return [...component, component[0]!];
  });
}

/** The import graph of one package's sources: file -> files it imports. */
function importGraph(src: string): Map<string, string[]> {
  const files = sourceFiles(src);
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      importSpecifiers(readFileSync(file, "utf8"), file)
        .map((s) => resolveRelative(file, s, known))
        .filter((f): f is string => f !== null),
    ]),
  );
}

/** Every `<root>/<name>/src` folder. */
const sourceFolders = (root: string): string[] =>
  readdirSync(root)
    .map((name) => join(root, name, "src"))
    .filter((dir) => existsSync(dir) && statSync(dir).isDirectory());
const packageSources = sourceFolders(PACKAGES);
const appSources = sourceFolders(APPS);

describe("no import cycles in any package", () => {
  it("finds the packages' sources, the rulesets among them", () => {
    const names = packageSources.map((dir) => relative(PACKAGES, dir));
    expect(names).toEqual(expect.arrayContaining([join("engine", "src"), join("ember", "src")]));
    // A real graph: EMBER's rules import one another.
    const ember = importGraph(join(PACKAGES, "ember", "src"));
    expect([...ember.values()].reduce((n, deps) => n + deps.length, 0)).toBeGreaterThan(50);
  });

  it.each(packageSources.map((dir) => [relative(PACKAGES, dir), dir]))("%s has no import cycle", (_name, dir) => {
    const cycles = findCycles(importGraph(dir)).map((cycle) => cycle.map((f) => relative(dir, f)).join(" -> "));
    expect(cycles).toEqual([]);
  });
});

describe("no import cycles in any app", () => {
  it("finds the apps' sources, the server among them", () => {
    expect(appSources.map((dir) => relative(APPS, dir))).toEqual(expect.arrayContaining([join("server", "src"), join("web", "src")]));
  });

  it.each(appSources.map((dir) => [relative(APPS, dir), dir]))("%s has no import cycle", (_name, dir) => {
    const cycles = findCycles(importGraph(dir)).map((cycle) => cycle.map((f) => relative(dir, f)).join(" -> "));
    expect(cycles).toEqual([]);
  });
});

describe("the cycle finder itself", () => {
  it("reads every kind of import from the syntax tree, not from comments or strings", () => {
    const source = [
      'import { a } from "./a";',
      'import type { B } from "./b";',
      'export { c } from "./c";',
      'export * from "./d";',
      'const e = await import("./e");',
      'const f = require("./f");',
      'type G = import("./g").G;',
      '// import { h } from "./h";',
      'const text = "import { i } from \'./i\'";',
      'import "./j";',
    ].join("\n");
    expect(importSpecifiers(source)).toEqual(["./a", "./b", "./c", "./d", "./e", "./f", "./g", "./j"]);
  });

  it("finds a cycle through three files and a file importing itself, and none in a tree", () => {
    const cyclic = new Map([
      ["attack", ["concealment", "board"]],
      ["concealment", ["ew", "board"]],
      ["ew", ["attack"]],
      ["board", []],
      ["self", ["self"]],
    ]);
    expect(findCycles(cyclic)).toEqual([["attack", "concealment", "ew", "attack"], ["self", "self"]]);
    const tree = new Map([
      ["attack", ["targeting", "board"]],
      ["targeting", ["ew", "board"]],
      ["ew", ["board"]],
      ["board", []],
    ]);
    expect(findCycles(tree)).toEqual([]);
  });
});
