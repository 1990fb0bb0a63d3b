/**
 * The shape of the rules code (the project's standards): no import cycles among the files of
 * packages/siege/src (type-only imports included), and no file of more than 400 lines.
 */
// This package compiles without Node's types (src must not use them); this test needs them.
/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

const SRC = join(__dirname, "../src");

/** Every .ts file under `dir`, relative to src. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith(".ts") ? [relative(SRC, path)] : [];
  });
}

const files = sources(SRC);
const texts = new Map(files.map((f) => [f, readFileSync(join(SRC, f), "utf8")]));

/** The src files a file imports or re-exports from (relative specifiers only). */
function importsOf(file: string): string[] {
  const out: string[] = [];
  for (const m of texts.get(file)!.matchAll(/(?:import|export)\s[^;]*?from\s+"(\.[^"]*)"/gs)) {
    const base = normalize(join(dirname(file), m[1]!));
    const found = [`${base}.ts`, join(base, "index.ts")].find((c) => texts.has(c));
    if (found) out.push(found);
  }
  return out;
}

/** The import cycles of the graph, each as the list of files around it. */
function cycles(): string[][] {
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const done = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (f: string): void => {
    if (stack.includes(f)) {
      found.push([...stack.slice(stack.indexOf(f)), f]);
      return;
    }
    if (done.has(f)) return;
    stack.push(f);
    for (const g of graph.get(f)!) visit(g);
    stack.pop();
    done.add(f);
  };
  for (const f of files) visit(f);
  return found;
}

describe("the rules code's shape", () => {
  test("the files import each other without a cycle", () => {
    expect(files).toContain("rules.ts");
    expect(importsOf("rules.ts")).toContain("shooting.ts");
    expect(cycles()).toEqual([]);
  });

  test("no file of the rules code is over 400 lines", () => {
    const long = files.map((f) => [f, texts.get(f)!.split("\n").length - 1] as const).filter(([, n]) => n > 400);
    expect(long).toEqual([]);
  });
});
