/**
 * design.md principle 1: rulesets are pure. Scans every source file of the rules packages for
 * imports of server, database, UI or Node modules and for ambient time or randomness, and lists
 * each violation as file:line. The ESLint config enforces the same boundary in editors.
 */
// This package compiles without Node's types (src must not use them); this test needs them.
/// <reference types="node" />
import { readdirSync, readFileSync, existsSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative, resolve } from "node:path";

const RULES_PACKAGES = ["engine", "ember", "siege", "trpg", "rules-archive", "sigmar"];
const REPO = resolve(__dirname, "../../..");

interface Violation {
  readonly file: string;
  readonly line: number;
  readonly what: string;
}

const NODE_BUILTINS = new Set(builtinModules.filter((m) => !m.startsWith("_")));

/** Why an import specifier is forbidden in rules code, or null when it is allowed. */
function forbiddenImport(specifier: string): string | null {
  if (specifier.startsWith("node:")) return "Node built-in";
  const root = specifier.split("/")[0]!;
  if (NODE_BUILTINS.has(specifier) || NODE_BUILTINS.has(root)) return "Node built-in";
  if (specifier === "colyseus" || specifier.startsWith("colyseus/") || specifier.startsWith("@colyseus/")) return "Colyseus";
  if (/^drizzle-orm(\/|$)/.test(specifier) || specifier.startsWith("drizzle-kit")) return "drizzle";
  if (/^pg(-[\w-]+)?(\/|$)/.test(specifier)) return "PostgreSQL driver";
  if (/^express(\/|$)/.test(specifier)) return "express";
  if (/^react(-dom)?(\/|$)/.test(specifier)) return "React";
  return null;
}

/**
 * Blanks comments (and, when `blankStrings`, the contents of string and template literals) while
 * keeping every newline, so line numbers stay right. `${...}` inside templates stays code.
 */
function stripSource(source: string, blankStrings: boolean): string {
  let out = "";
  let i = 0;
  const templateDepth: number[] = []; // brace depth at which each open template's `${` started
  let braceDepth = 0;
  const blank = (text: string) => text.replace(/[^\n]/g, " ");
  while (i < source.length) {
    const ch = source[i]!;
    const next = source[i + 1];
    if (ch === "/" && next === "/") {
      const end = source.indexOf("\n", i);
      const stop = end === -1 ? source.length : end;
      out += blank(source.slice(i, stop));
      i = stop;
    } else if (ch === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += blank(source.slice(i, stop));
      i = stop;
    } else if (ch === '"' || ch === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== ch && source[j] !== "\n") j += source[j] === "\\" ? 2 : 1;
      const body = source.slice(i + 1, j);
      out += ch + (blankStrings ? blank(body) : body) + (source[j] ?? "");
      i = j + 1;
    } else if (ch === "`" || (ch === "}" && templateDepth.length > 0 && templateDepth[templateDepth.length - 1] === braceDepth)) {
      // the start of a template, or the `}` that closes a `${` and resumes its template
      if (ch === "}") templateDepth.pop();
      let j = i + 1;
      while (j < source.length && source[j] !== "`" && !(source[j] === "$" && source[j + 1] === "{")) {
        j += source[j] === "\\" ? 2 : 1;
      }
      const body = source.slice(i + 1, j);
      out += ch + (blankStrings ? blank(body) : body);
      if (source[j] === "$") {
        templateDepth.push(braceDepth);
        out += "${";
        i = j + 2;
      } else {
        out += source[j] ?? "";
        i = j + 1;
      }
    } else {
      if (ch === "{") braceDepth++;
      if (ch === "}") braceDepth--;
      out += ch;
      i++;
    }
  }
  return out;
}

const IMPORT_PATTERNS = [
  /\bimport\s+(?:type\s+)?[^"'`;]*?\bfrom\s*["']([^"']+)["']/g, // import x from "m", import type { x } from "m"
  /\bexport\s+(?:type\s+)?[^"'`;]*?\bfrom\s*["']([^"']+)["']/g, // export { x } from "m"
  /\bimport\s*["']([^"']+)["']/g, // import "m"
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g, // import("m")
  /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g, // require("m")
];

/** Ambient time and randomness, matched on code with comments and string contents blanked. */
const AMBIENT_PATTERNS: [RegExp, string][] = [
  [/\bMath\s*\.\s*random\b/g, "Math.random (use the engine's seeded Random)"],
  [/\bDate\s*\.\s*now\b/g, "Date.now (time enters as data on the command)"],
  [/\bnew\s+Date\b/g, "new Date (time enters as data on the command)"],
  [/\bperformance\s*\.\s*now\b/g, "performance.now (time enters as data on the command)"],
];
/** The same through computed access (`Math["random"]`), matched on code with strings kept. */
const COMPUTED_PATTERNS: [RegExp, string][] = [
  [/\bMath\s*\[\s*["'`]random["'`]\s*\]/g, "Math.random (use the engine's seeded Random)"],
  [/\bDate\s*\[\s*["'`]now["'`]\s*\]/g, "Date.now (time enters as data on the command)"],
  [/\bperformance\s*\[\s*["'`]now["'`]\s*\]/g, "performance.now (time enters as data on the command)"],
];

const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

/** Every purity violation in one source text. */
function scanSource(source: string, file: string): Violation[] {
  const violations: Violation[] = [];
  const code = stripSource(source, false);
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of code.matchAll(pattern)) {
      const reason = forbiddenImport(match[1]!);
      if (reason) violations.push({ file, line: lineOf(code, match.index), what: `imports "${match[1]}" (${reason})` });
    }
  }
  for (const [pattern, what] of COMPUTED_PATTERNS) {
    for (const match of code.matchAll(pattern)) violations.push({ file, line: lineOf(code, match.index), what });
  }
  const bare = stripSource(source, true);
  for (const [pattern, what] of AMBIENT_PATTERNS) {
    for (const match of bare.matchAll(pattern)) violations.push({ file, line: lineOf(bare, match.index), what });
  }
  return violations.sort((a, b) => a.line - b.line);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("rules packages are pure (design.md principle 1)", () => {
  const roots = RULES_PACKAGES.map((p) => join(REPO, "packages", p, "src")).filter(existsSync);

  it("finds the engine sources to scan, the test kit in src/testing included", () => {
    expect(roots).toContain(join(REPO, "packages", "engine", "src"));
    const files = roots.flatMap(sourceFiles).map((f) => relative(REPO, f));
    expect(files).toEqual(expect.arrayContaining(["packages/engine/src/rng.ts", "packages/engine/src/log.ts"]));
    // The test kit (`@fogwar/engine/testing`) runs in every ruleset's tests and is held to the same rule.
    expect(files).toEqual(expect.arrayContaining(["packages/engine/src/testing/index.ts", "packages/engine/src/testing/secrecy.ts", "packages/engine/src/testing/rules-doc.ts"]));
  });

  it("no rules source imports server, database, UI or Node modules, or uses ambient time or randomness", () => {
    const violations = roots
      .flatMap(sourceFiles)
      .flatMap((file) => scanSource(readFileSync(file, "utf8"), relative(REPO, file)))
      .map((v) => `${v.file}:${v.line}: ${v.what}`);
    expect(violations).toEqual([]);
  });
});

describe("the purity scanner itself", () => {
  const snippet = [
    'import { Room } from "@colyseus/core";', // 1
    'import colyseus from "colyseus";', // 2
    'import { eq } from "drizzle-orm";', // 3
    'import { pgTable } from "drizzle-orm/pg-core";', // 4
    'import { Pool } from "pg";', // 5
    'import express from "express";', // 6
    'import { useState } from "react";', // 7
    'import { readFileSync } from "node:fs";', // 8
    'import * as path from "path";', // 9
    'import { randomBytes } from "crypto";', // 10
    'import type { Stats } from "fs";', // 11
    'export { hostname } from "os";', // 12
    'const cp = require("child_process");', // 13
    'const fsp = await import("fs/promises");', // 14
    "const roll = Math.random();", // 15
    "const now = Date.now();", // 16
    "const today = new Date();", // 17
    "const t = performance.now();", // 18
    "const sneaky = Math['random']();", // 19
    'import "node:process";', // 20
    "const stamp = `at ${Date.now()}`;", // 21
  ].join("\n");

  it("catches every kind of violation, each on its own line", () => {
    const found = scanSource(snippet, "snippet.ts");
    expect(found.map((v) => v.line)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(found.every((v) => v.file === "snippet.ts")).toBe(true);
    expect(found[0]!.what).toMatch(/@colyseus\/core.*Colyseus/);
    expect(found[14]!.what).toMatch(/^Math\.random/);
    expect(found[16]!.what).toMatch(/^new Date/);
  });

  it("allows the engine's own dependencies, relative imports and look-alike names", () => {
    const clean = [
      'import { sha256 } from "@noble/hashes/sha2.js";',
      'import { uniformInt } from "pure-rand/distribution/uniformInt";',
      'import { Random } from "@fogwar/engine";',
      'import { z } from "zod";',
      'import type { Ruleset } from "../ruleset";',
      'import { pathOf } from "./pathfinding";',
      'import { reactTo } from "./reactions";',
      "const rng = new Random(state.rng); rng.int(1, 6);",
      "const mathRandomish = myMath.random; const dateNow = state.date.now;",
      "const updated = new DateRange(a, b);",
    ].join("\n");
    expect(scanSource(clean, "clean.ts")).toEqual([]);
  });

  it("ignores forbidden words in comments and string literals", () => {
    const text = [
      "// never call Math.random() or Date.now() here, nor import from \"fs\"",
      "/* import express from \"express\"; new Date() */",
      "/**",
      " * performance.now() is for benchmarks",
      " */",
      'const message = "do not use Math.random";',
      "const hint = 'new Date() is forbidden';",
      "const tpl = `Date.now() ${label} Math.random`;",
    ].join("\n");
    expect(scanSource(text, "comments.ts")).toEqual([]);
  });

  it("still sees code inside template substitutions and after strings containing comment markers", () => {
    const text = ['const url = "http://example.org"; const x = Math.random();', "const y = `${`${Date.now()}`}`;"].join("\n");
    expect(scanSource(text, "tricky.ts").map((v) => [v.line, v.what.split(" ")[0]])).toEqual([
      [1, "Math.random"],
      [2, "Date.now"],
    ]);
  });

  it("classifies import specifiers", () => {
    expect(forbiddenImport("node:crypto")).toBe("Node built-in");
    expect(forbiddenImport("fs/promises")).toBe("Node built-in");
    expect(forbiddenImport("worker_threads")).toBe("Node built-in");
    expect(forbiddenImport("@colyseus/schema")).toBe("Colyseus");
    expect(forbiddenImport("drizzle-orm/pglite")).toBe("drizzle");
    expect(forbiddenImport("pg-pool")).toBe("PostgreSQL driver");
    expect(forbiddenImport("react-dom/client")).toBe("React");
    expect(forbiddenImport("pure-rand")).toBeNull();
    expect(forbiddenImport("pgn-parser")).toBeNull();
    expect(forbiddenImport("expressive")).toBeNull();
    expect(forbiddenImport("@fogwar/engine")).toBeNull();
  });
});
