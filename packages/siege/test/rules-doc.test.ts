/**
 * docs/rules/siege.md stays true to the tests: every test it names exists (the file under
 * packages/siege/test/, its describe blocks and the test, found by name in the file's syntax
 * tree), the Counts table matches the rows, and every row marked "Implemented and tested" names a
 * test. A test is named in a table row as `file › describe block › ... › test name`.
 */
// This package compiles without Node's types (src must not use them); this test needs them.
/// <reference types="node" />
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import ts from "typescript";

const DOC_PATH = resolve(__dirname, "../../../docs/rules/siege.md");
const DOC_LINES = readFileSync(DOC_PATH, "utf8").split("\n");

const STATUSES = ["Implemented and tested", "Implemented, not yet tested", "Data decision", "Later issue", "Not applicable"] as const;
type Status = (typeof STATUSES)[number];

interface Row {
  /** 1-based line number in the doc. */
  readonly line: number;
  readonly cells: string[];
}

interface Table {
  readonly header: string[];
  readonly rows: Row[];
}

const cellsOf = (line: string): string[] => line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());

/** Every markdown table of the doc: a header line, a separator line, then the rows. */
function tablesOf(lines: readonly string[]): Table[] {
  const tables: Table[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i]!.startsWith("|") && /^\|[\s|:-]+\|$/.test(lines[i + 1]?.trim() ?? "")) {
      const header = cellsOf(lines[i]!);
      const rows: Row[] = [];
      i += 2;
      while (i < lines.length && lines[i]!.startsWith("|")) {
        rows.push({ line: i + 1, cells: cellsOf(lines[i]!) });
        i++;
      }
      tables.push({ header, rows });
    } else i++;
  }
  return tables;
}

const TABLES = tablesOf(DOC_LINES);
/** The rule tables: one row per numbered seed rule, with its status. */
const RULE_TABLES = TABLES.filter((t) => t.header[0] === "§" && t.header.includes("Status") && t.header.includes("Tests and notes"));
const RULE_ROWS = RULE_TABLES.flatMap((t) => t.rows.map((row) => ({ ...row, status: row.cells[t.header.indexOf("Status")] ?? "" })));

/** The tests a row names: `file › describe › ... › test` in backticks. */
const testsNamed = (row: Row): string[][] =>
  [...row.cells.join(" | ").matchAll(/`([^`]+? › [^`]+?)`/g)].map((m) => m[1]!.split(" › ").map((part) => part.trim()));

// ---------------------------------------------------------------------------------------------
// The describe blocks and tests of a test file, from its syntax tree.

interface Block {
  readonly kind: "describe" | "test";
  readonly name: string;
  readonly children: Block[];
}

/** `describe`, `test`, `it`, with `.only`/`.each(...)`-style forms; `.skip` and `.todo` are not tests that run. */
function blockKind(callee: ts.Expression): Block["kind"] | null {
  let base = callee;
  const modifiers: string[] = [];
  for (;;) {
    if (ts.isCallExpression(base)) base = base.expression;
    else if (ts.isPropertyAccessExpression(base)) {
      modifiers.push(base.name.text);
      base = base.expression;
    } else break;
  }
  if (!ts.isIdentifier(base) || modifiers.some((m) => m === "skip" || m === "todo")) return null;
  if (base.text === "describe") return "describe";
  if (base.text === "test" || base.text === "it") return "test";
  return null;
}

const parsedFiles = new Map<string, Block[]>();

function blocksOf(path: string): Block[] {
  const known = parsedFiles.get(path);
  if (known) return known;
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const top: Block[] = [];
  const visit = (node: ts.Node, into: Block[]): void => {
    if (ts.isCallExpression(node)) {
      const kind = blockKind(node.expression);
      const title = node.arguments[0];
      if (kind && title && (ts.isStringLiteral(title) || ts.isNoSubstitutionTemplateLiteral(title))) {
        const block: Block = { kind, name: title.text, children: [] };
        into.push(block);
        node.arguments.slice(1).forEach((arg) => visit(arg, block.children));
        return;
      }
    }
    ts.forEachChild(node, (child) => visit(child, into));
  };
  visit(source, top);
  parsedFiles.set(path, top);
  return top;
}

/** Why `file › describe › ... › test` does not name a test, or null when it does. */
function missingTest(reference: string[]): string | null {
  const [file, ...names] = reference;
  if (!file || names.length < 2) return "needs a file, at least one describe block and a test name";
  const path = resolve(__dirname, file);
  if (!path.startsWith(__dirname) || !existsSync(path)) return `no file packages/siege/test/${file}`;
  let level = blocksOf(path);
  for (const [i, name] of names.entries()) {
    const kind = i === names.length - 1 ? "test" : "describe";
    const block = level.find((b) => b.kind === kind && b.name === name);
    if (!block) return `no ${kind} "${name}" ${i === 0 ? `in ${file}` : `in describe "${names[i - 1]}"`}`;
    level = block.children;
  }
  return null;
}

describe("docs/rules/siege.md, the Siege rules coverage map", () => {
  test("the doc has its rule tables and its Counts table", () => {
    expect(RULE_TABLES.length).toBeGreaterThanOrEqual(8);
    expect(RULE_ROWS.length).toBeGreaterThan(90);
    expect(TABLES.some((t) => t.header.join("|") === "Status|Rows")).toBe(true);
  });

  test("every test named in a table row exists: the file under packages/siege/test/, its describe blocks and the test, by name", () => {
    const problems: string[] = [];
    let named = 0;
    for (const row of TABLES.flatMap((t) => t.rows)) {
      for (const reference of testsNamed(row)) {
        named++;
        const problem = missingTest(reference);
        if (problem) problems.push(`line ${row.line}: \`${reference.join(" › ")}\`: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    expect(named).toBeGreaterThan(50);
  });

  test("every rule row has one of the five statuses, and the Counts table equals the rows counted per status", () => {
    const unknown = RULE_ROWS.filter((row) => !(STATUSES as readonly string[]).includes(row.status)).map((row) => `line ${row.line}: status "${row.status}"`);
    expect(unknown).toEqual([]);
    const counted = Object.fromEntries(STATUSES.map((s) => [s, RULE_ROWS.filter((row) => row.status === s).length])) as Record<Status, number>;
    const countsTable = TABLES.find((t) => t.header.join("|") === "Status|Rows")!;
    const stated = Object.fromEntries(countsTable.rows.map((row) => [row.cells[0]!.replace(/\*/g, ""), Number(row.cells[1]!.replace(/\*/g, ""))]));
    expect(stated).toEqual({ ...counted, Total: RULE_ROWS.length });
  });

  test("every row marked Implemented and tested names at least one test", () => {
    const bare = RULE_ROWS.filter((row) => row.status === "Implemented and tested" && testsNamed(row).length === 0).map(
      (row) => `line ${row.line}: ${row.cells[0]} ${row.cells[1]}`,
    );
    expect(bare).toEqual([]);
  });
});
