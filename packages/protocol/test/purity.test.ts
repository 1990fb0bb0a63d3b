/**
 * The protocol is imported by the browser client too: its sources import nothing but zod and
 * each other (no node:, no Colyseus, no server code) and use no Node globals.
 */
// This package compiles without Node's types (src must not use them); this test needs them.
/// <reference types="node" />
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const SRC = resolve(__dirname, "../src");
const ALLOWED = /^(zod|\.\.?\/.*)$/;

const files = readdirSync(SRC, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));

describe("protocol purity", () => {
  it("has sources", () => {
    expect(files).toContain("index.ts");
  });

  it.each(files)("%s imports only zod and its own modules", (file) => {
    const source = readFileSync(join(SRC, file), "utf8");
    const specifiers = [...source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["']([^"']+)["']/g)].map((m) => m[1]);
    expect(specifiers.filter((s) => !ALLOWED.test(s ?? ""))).toEqual([]);
  });

  it.each(files)("%s uses no Node globals", (file) => {
    const code = readFileSync(join(SRC, file), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/\/\/.*$/gm, "");
    expect(code.match(/\b(process|Buffer|__dirname|__filename|require|setImmediate)\b/g) ?? []).toEqual([]);
  });
});
